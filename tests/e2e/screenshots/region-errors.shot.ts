/**
 * What a person sees when a part of a page cannot be drawn from an answer of the core (a region's error:
 * apps/console/README.md, "Against a core that is not ours"): the mock's contract-drift chaos breaks
 * required fields of one call (strict drift), and the page that reads it is taken at 1440 × 900,
 * 1280 × 720 and 390 × 844, light and dark, in English and Chinese. For looking at, not for the README:
 * written to .tmp/screenshots/region-errors (SCREENSHOTS_DIR to write elsewhere).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { apiAs, login } from '../support';

const dir = process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dirname, '../../../.tmp/screenshots/region-errors');

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
] as const;

/** Pages and the call whose answers lose their required fields there. */
const CASES = [{ name: 'groups', path: '/groups?ignoreRouteDefault=1', callId: 'fetchGroups' }] as const;

async function setLanguage(api: APIRequestContext, language: 'en' | 'zh'): Promise<void> {
  const current = (await (await api.get('/api/userPreferences')).json()) as Record<string, unknown>;
  expect((await api.put('/api/userPreferences', { data: { ...current, language } })).ok()).toBe(true);
}

async function shoot(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('region-error').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

test('a region that cannot be drawn says so in its place, at three sizes, light and dark, in English and Chinese', async ({ page, playwright, baseURL }) => {
  test.setTimeout(300_000);
  const admin = await apiAs(playwright, baseURL, 'super_user');
  const user = await apiAs(playwright, baseURL, 'luc_admin');
  const rules: string[] = [];
  try {
    for (const c of CASES) {
      const added = await admin.post('/mock/trpc/chaos.add', {
        data: { surface: 'http', match: { callId: c.callId }, effect: { kind: 'drift', modes: ['omitOptional'], strict: true, rate: 1 }, seed: 3 },
      });
      expect(added.ok(), await added.text()).toBe(true);
      rules.push(((await added.json()) as { result: { data: { id: string } } }).result.data.id);
    }
    await login(page, 'luc_admin');
    for (const language of ['en', 'zh'] as const) {
      await setLanguage(user, language);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          for (const c of CASES) {
            await page.goto(c.path);
            await shoot(page, `${c.name}-${viewport.width}x${viewport.height}-${scheme}-${language}`);
          }
        }
      }
    }
  } finally {
    for (const id of rules) await admin.post('/mock/trpc/chaos.remove', { data: { id } });
    await setLanguage(user, 'en');
    await admin.dispose();
    await user.dispose();
  }
});
