/**
 * The application switcher's entries (spec 000 §2 "An application switcher offers the main
 * console, a video-return portal and a matrix product"), from GET application_urls. Pure, so the
 * rules are tested without a DOM:
 * - the switcher lists all three products; one without a URL is shown disabled, as not configured
 *   ({@link switcherMenu}); elsewhere (customer portal, Limited Access) it is not offered
 *   ({@link switcherEntries});
 * - the console opens in the same tab (it is this application), the other products in a new tab
 *   so the console keeps its state.
 */
import { APPLICATION_IDS } from '@fleet/contracts';
import type { ApplicationUrls } from '@fleet/contracts';

export type ApplicationId = ApplicationUrls['applications'][number]['id'];

/** The offered entries in the core's order (console, video-return portal, matrix); `newTab` for every product but the console. */
export function switcherEntries(urls: ApplicationUrls | undefined) {
  if (!urls) return [];
  // An application whose URL the answer left out (or null, or blank) is not configured.
  return (urls.applications ?? []).flatMap((app) =>
    app.available && typeof app.url === 'string' && app.url.trim() !== '' ? [{ id: app.id, url: app.url, newTab: app.id !== 'console' }] : [],
  );
}

/** One product of the switcher: its URL when configured, else disabled (`url` null). */
export type SwitcherItem = { readonly id: ApplicationId; readonly url: string; readonly newTab: boolean } | { readonly id: ApplicationId; readonly url: null };

/**
 * The switcher's three products in the spec's order, whatever the answer lists: each configured
 * one with its URL, the others disabled. The console is this application: reachable at `/` even
 * before the answer arrives or when the core names no URL for it.
 */
export function switcherMenu(urls: ApplicationUrls | undefined): SwitcherItem[] {
  const offered = switcherEntries(urls);
  return APPLICATION_IDS.map((id): SwitcherItem => {
    const entry = offered.find((e) => e.id === id);
    if (entry) return entry;
    return id === 'console' ? { id, url: '/', newTab: false } : { id, url: null };
  });
}

/** The URL of one product, or null when it is not offered (e.g. the Limited Access page's portal link). */
export function applicationUrl(urls: ApplicationUrls | undefined, id: ApplicationId): string | null {
  return switcherEntries(urls).find((entry) => entry.id === id)?.url ?? null;
}
