/**
 * The notification centre and the toasts under a live fleet, in a sandbox of its own (playwright.config.ts):
 * with the lively demo running (turned on for this file when the sandbox does not run it), the header's bell counts what
 * the fleet does, its list filters by kind and severity and names units by name (never an id), and
 * it survives a change of page; a critical alert of the unit in view is a toast, and at 1440 × 900
 * and 1280 × 720 no toast lies over any control of the unit list with a unit's detail open or of the
 * map. Toasts are looked at as they are, every time one shows.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, leaseUnit, login, openInApp, releaseUnits } from './support';

/** What a toast must not cover (the console's own list of controls: toast/ToastProvider.tsx CONTROL_SELECTOR). */
const CONTROLS =
  'button, a[href], input, select, textarea, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="combobox"], [role="slider"], [role="radio"], [role="menuitem"], [role="link"], .leaflet-marker-icon';

/** The visible toasts and, for each, the controls it lies over (described). */
async function toastsOverControls(page: Page): Promise<{ toasts: number; overlaps: string[] }> {
  return page.evaluate((selector) => {
    const shown = (e: Element) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    };
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')].filter(shown).map((e) => e.getBoundingClientRect());
    const controls = [...document.querySelectorAll(selector)].filter((e) => !e.closest('[data-testid="toasts"]') && shown(e));
    const overlaps: string[] = [];
    for (const t of toasts) {
      for (const c of controls) {
        const r = c.getBoundingClientRect();
        if (t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom) {
          // Where each was, and where the stack was told to be: what a failure needs to be understood.
          const at = (b: DOMRect) => `${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)}`;
          const stack = document.querySelector('[data-testid="toasts"]');
          overlaps.push(
            `${c.tagName.toLowerCase()}[${c.getAttribute('data-testid') ?? c.getAttribute('aria-label') ?? c.textContent?.slice(0, 30)}] at ${at(r)} under a toast at ${at(t)} (stack top ${stack?.getAttribute('data-top') ?? '?'})`,
          );
        }
      }
    }
    return { toasts: toasts.length, overlaps };
  }, CONTROLS);
}

let admin: APIRequestContext;
let restorePreset: string | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, workerBaseURL }) => {
  admin = await apiAs(playwright, workerBaseURL, 'super_user');
  const status = (await (await admin.get('mock/trpc/demo.status')).json()) as { result: { data: { preset: string | null } } };
  const preset = status.result.data.preset;
  if (preset !== 'lively') {
    expect((await admin.post('mock/trpc/demo.set', { data: { preset: 'lively', reset: false } })).ok()).toBe(true);
    restorePreset = preset ?? 'off';
  }
});

test.afterAll(async () => {
  if (restorePreset !== null) await admin.post('mock/trpc/demo.set', { data: { preset: restorePreset, reset: false } });
  await admin.dispose();
});

test.afterEach(() => releaseUnits());

const unreadOf = async (page: Page) => Number(await page.getByTestId('centre-badge').getAttribute('data-unread'));

test('the bell counts the fleet’s events; the list filters them by kind and severity, names units, and stays across pages', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'luc_regular');
  await page.goto('list?ignoreRouteDefault=1');
  await expect(page.locator('[data-testid^="unit-row-"]').first()).toBeVisible({ timeout: 30_000 });
  const listed = async () => (await (await page.request.get('api/devices/fetch')).json()) as { uniqueId: string; status: string }[];
  const ids = (await listed()).map((u) => u.uniqueId);
  // The lively fleet moves; besides, two units of ours go off and come back: two entries whatever the fleet's luck
  // (a unit's going off and coming back are one entry, its latest status).
  const idle = async () => (await listed()).filter((u) => u.status === 'idle').map((u) => u.uniqueId);
  const ours = [await leaseUnit(idle, 'an online unit'), await leaseUnit(idle, 'another online unit')];
  const power = async (on: boolean) => {
    for (const unit of ours) expect((await admin.post('mock/trpc/fault.inject', { data: { unitId: unit, fault: { type: 'power', on } } })).ok()).toBe(true);
  };
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-subscribed', 'true', { timeout: 30_000 });
  try {
    await power(false);
    // Entries come, and no fleet event is a toast.
    await expect.poll(() => unreadOf(page), { timeout: 30_000 }).toBeGreaterThan(1);
  } finally {
    await power(true);
  }
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await page.getByTestId('centre-bell').click();
  const drawer = page.getByTestId('notification-centre');
  await expect(drawer.getByTestId('centre-entry').first()).toBeVisible();
  const texts = await drawer.getByTestId('centre-entry-text').allTextContents();
  for (const text of texts) for (const id of ids) expect(text, 'an entry names its unit, not its id').not.toContain(id);
  // axe-core on the centre open over the live list (WCAG 2 A and AA): no serious or critical violation.
  const axe = await new AxeBuilder({ page }).include('[data-testid="centre-drawer"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
  expect(serious, serious.join('\n')).toEqual([]);
  // Newest first.
  const times = await drawer.locator('[data-testid="centre-entry"] time').evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  // A filter by severity: every entry shown is of it; "Mark all read" reads what the filter shows at once.
  await drawer.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Info', exact: true }).click();
  const severities = async () => new Set(await drawer.getByTestId('centre-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-severity'))));
  await expect.poll(severities).toEqual(new Set(['info']));
  await drawer.getByTestId('centre-mark-all').click();
  await expect(drawer.locator('[data-testid="centre-entry"][data-read="false"][data-severity="info"]')).toHaveCount(0);
  // Picked again, the option is let go.
  await drawer.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Info', exact: true }).click();
  await expect(drawer.getByRole('combobox', { name: 'Severity' })).toHaveValue('');

  // A filter by kind, from the keyboard: the first kind (Online); every entry shown is of it.
  await drawer.getByRole('combobox', { name: 'Kind' }).focus();
  await page.keyboard.press('ArrowDown');
  // Enter picks the option the list has made active. Opening from the keyboard, Mantine's combobox
  // settles the active option's index in two zero-delay timers (the first sets it to "none"), and the
  // browser lets input run between timers: an Enter sent in that gap on a loaded machine is ignored.
  // A person is never that fast; the test waits for the page's timers queued so far to have run.
  await expect(drawer.getByRole('combobox', { name: 'Kind' })).toHaveAttribute('aria-activedescendant', /.+/);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('combobox', { name: 'Kind' })).toHaveValue('Online');
  const kinds = async () => [...new Set(await drawer.getByTestId('centre-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))))];
  await expect.poll(async () => (await kinds()).every((kind) => kind === 'online')).toBe(true);

  // Escape closes the list; the centre stays what it was across a change of page.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const before = await unreadOf(page);
  await openInApp(page, '/map', page.getByTestId('unit-map'));
  expect(await unreadOf(page)).toBeGreaterThanOrEqual(Math.min(before, 500));
  await page.getByTestId('centre-bell').click();
  await expect(page.getByTestId('centre-summary')).toContainText('notifications');
  expect(await page.getByTestId('centre-entry').count()).toBeGreaterThan(0);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`at ${viewport.width} × ${viewport.height}, a critical alert of the unit in view is a toast that covers no control`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, 'luc_regular');
    const units = (await (await page.request.get('api/devices/fetch')).json()) as { uniqueId: string; name: string; status: string; typeGroup: string }[];
    // A field unit: it runs on a battery.
    const unit = await leaseUnit(
      async () => units.filter((u) => u.status !== 'offline' && u.typeGroup === 'fieldUnits').map((u) => u.uniqueId),
      'a field unit',
    );
    const name = units.find((u) => u.uniqueId === unit)!.name;
    const battery = async (percentage: number) =>
      expect((await admin.post('mock/trpc/fault.inject', { data: { unitId: unit, fault: { type: 'battery', percentage, charging: false } } })).ok()).toBe(true);
    const batteryAlerted = async () =>
      ((await (await page.request.get('api/devices/fetch')).json()) as { uniqueId: string; alerts: { type: string }[] }[])
        .find((u) => u.uniqueId === unit)
        ?.alerts.some((a) => a.type === 'battery') ?? false;
    try {
      for (const path of [`/list?unit=${unit}`, `/map?unit=${unit}`]) {
        // A full battery first, and its alert (the last round's, or the lively demo's drain) cleared in the core: the
        // low battery below is then a new alert, whatever reports the unit sent in between.
        await battery(80);
        await expect.poll(batteryAlerted, { message: 'the battery alert cleared', timeout: 20_000 }).toBe(false);
        if (path.startsWith('/list')) {
          await page.goto(`${path.slice(1)}&ignoreRouteDefault=1`);
          await expect(page.getByTestId('unit-detail-status')).toBeVisible({ timeout: 30_000 });
        } else {
          await openInApp(page, path, page.getByTestId('unit-map'));
        }
        // The alert comes over /ws: it is raised once the core has acknowledged the console's subscriptions.
        await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-subscribed', 'true', { timeout: 30_000 });
        await battery(3);
        const toast = page.getByTestId('toast').filter({ hasText: name });
        await expect(toast).toBeVisible({ timeout: 20_000 });
        await expect(toast).toHaveAttribute('data-variant', 'error');
        const seen = await toastsOverControls(page);
        expect(seen.toasts).toBeLessThanOrEqual(3);
        // The alert also changes the page under the toast (a counter's number grows, a badge comes): the stack is
        // placed again within a quarter of a second of a change (toast/ToastProvider.tsx), clear of the controls.
        await expect.poll(async () => (await toastsOverControls(page)).overlaps, { message: `${path}: toasts over controls`, timeout: 5000 }).toEqual([]);
      }
    } finally {
      await battery(80);
    }
  });
}
