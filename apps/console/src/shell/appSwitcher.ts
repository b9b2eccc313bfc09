/**
 * The application switcher's entries (spec 000 §2 "An application switcher offers the main
 * console, a video-return portal and a matrix product"), from GET application_urls. Pure, so the
 * rules are tested without a DOM:
 * - a product without a URL is not offered (the deployment has not configured it);
 * - the console opens in the same tab (it is this application), the other products in a new tab
 *   so the console keeps its state.
 */
import type { ApplicationUrls } from '@fleet/contracts';

export type ApplicationId = ApplicationUrls['applications'][number]['id'];

/** The offered entries in the core's order (console, video-return portal, matrix); `newTab` for every product but the console. */
export function switcherEntries(urls: ApplicationUrls | undefined) {
  if (!urls) return [];
  return urls.applications.flatMap((app) =>
    app.available && app.url !== null && app.url.trim() !== '' ? [{ id: app.id, url: app.url, newTab: app.id !== 'console' }] : [],
  );
}

/** The URL of one product, or null when it is not offered (e.g. the Limited Access page's portal link). */
export function applicationUrl(urls: ApplicationUrls | undefined, id: ApplicationId): string | null {
  return switcherEntries(urls).find((entry) => entry.id === id)?.url ?? null;
}
