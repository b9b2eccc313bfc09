/**
 * The unit actions of the detail header (/list?unit=<id>): rename / comment (PUT devices/update),
 * a rename over a change made elsewhere, a unit's services, and reboot with its confirmation —
 * against the real stack and simulator; names and statuses arrive live on /ws without a reload. The
 * name and comment rules, the core's uniqueness message and the Actions menu of a read-only user are
 * asserted by the component tests (RenameModal.test.tsx, UnitActionModals.test.tsx).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, leaseUnit, releaseUnits, signIn } from './support';

/** Seeded units of luc_regular's group (packages/db seed.ts). */
const UNIT = 'LU800-0002';
const OTHER_UNIT = 'LU800-0001';
/**
 * Rebooted here and used by no other spec: a reboot takes a unit away for seconds, which other
 * specs running at the same time must never see (LU800-0001 is streamed and configured by them).
 */
const REBOOT_UNIT = 'LUSMART-0001';

// Lazy chunks on a loaded machine: headroom above the usual 15–30 s.
test.describe.configure({ timeout: 90_000 });

test.afterEach(releaseUnits);

async function unitOf(api: APIRequestContext, id: string): Promise<{ name: string; comment: string; version: number; status: string }> {
  const res = await api.get(`api/v2/units/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { name: string; comment: string; version: number; status: string };
}

async function openDetail(page: Page, id: string) {
  await page.goto(`list?unit=${id}&ignoreRouteDefault=1`);
  await expect(page.getByTestId('unit-detail-name')).toBeVisible({ timeout: 30_000 });
}

/** Marks the loaded document; the mark is gone after a reload. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as Record<string, boolean>).__unitActionsMark = true;
  });
  return () => page.evaluate(() => (window as unknown as Record<string, boolean>).__unitActionsMark === true);
}

async function openRename(page: Page) {
  await page.getByTestId('unit-actions-menu').click();
  await page.getByTestId('unit-actions-rename').click();
  await expect(page.getByTestId('unit-rename')).toBeVisible({ timeout: 30_000 });
}

test('a regular user renames a unit: header and list show the new name without a reload', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'luc_regular');
  await openDetail(page, UNIT);
  const stillLoaded = await markDocument(page);
  await openRename(page);

  // Untouched, the form follows the unit live: a rename made elsewhere shows in the field and the header.
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  const before = await unitOf(api, UNIT);
  const elsewhere = `Elsewhere-${Date.now() % 100000}`;
  const res = await api.put('api/devices/update', { data: { id: UNIT, name: elsewhere, comment: before.comment } });
  expect(res.ok()).toBe(true);
  await expect(page.getByTestId('unit-rename-name')).toHaveValue(elsewhere);
  await expect(page.getByTestId('unit-detail-name')).toHaveText(elsewhere);

  const name = `Renamed_${Date.now() % 100000}`;
  await page.getByTestId('unit-rename-name').fill(name);
  await page.getByTestId('unit-rename-comment').fill('Roof camera');
  await page.getByTestId('unit-rename-save').click();
  await expect(page.getByTestId('unit-rename')).toHaveCount(0);
  await expect(page.getByTestId('toasts')).toContainText(`Unit renamed to ${name}`);
  await expect(page.getByTestId('unit-detail-name')).toHaveText(name);
  await expect(page.getByTestId(`unit-name-${UNIT}`)).toHaveText(name);
  expect(await stillLoaded()).toBe(true);
  const after = await unitOf(api, UNIT);
  expect(after).toMatchObject({ name, comment: 'Roof camera' });
  await api.dispose();
});

test('a rename over a change made elsewhere is refused as a conflict and the current values are reloaded', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'luc_regular');
  await openDetail(page, UNIT);
  await openRename(page);
  await page.getByTestId('unit-rename-name').fill(`Mine_${Date.now() % 100000}`);

  const api = await apiAs(playwright, baseURL, 'luc_regular');
  const theirs = `Theirs_${Date.now() % 100000}`;
  const res = await api.put('api/devices/update', { data: { id: UNIT, name: theirs, comment: 'changed elsewhere' } });
  expect(res.ok()).toBe(true);
  await api.dispose();
  // The header follows at once; the edited form keeps the user's value until they save.
  await expect(page.getByTestId('unit-detail-name')).toHaveText(theirs);

  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/devices/update'));
  await page.getByTestId('unit-rename-save').click();
  expect((await answer).status()).toBe(409);
  await expect(page.getByTestId('unit-rename-conflict')).toContainText('changed by someone else');
  await expect(page.getByTestId('unit-rename-name')).toHaveValue(theirs);
  await expect(page.getByTestId('unit-rename-comment')).toHaveValue('changed elsewhere');
});

test('a manager adds a service to a unit and removes it again', async ({ page }) => {
  await signIn(page, 'luc_admin');
  await openDetail(page, OTHER_UNIT);
  await page.getByTestId('unit-actions-menu').click();
  await page.getByTestId('unit-actions-services').click();
  await expect(page.getByTestId('unit-services')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('unit-service-add-select').click();
  const option = page.getByRole('option').first();
  const service = (await option.textContent())?.trim() ?? '';
  expect(service).not.toBe('');
  await option.click();
  const added = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/v2/units/${OTHER_UNIT}/services`));
  await page.getByTestId('unit-service-add').click();
  expect((await added).status()).toBeLessThan(300);
  await expect(page.getByTestId(`unit-service-${service}`)).toHaveAttribute('data-enabled', 'true');
  await expect(page.getByTestId('toasts')).toContainText(`Service ${service} added`);

  await page.getByTestId(`unit-service-remove-${service}`).click();
  await expect(page.getByTestId('unit-service-remove-confirm')).toContainText(service);
  await page.getByTestId('unit-service-remove-ok').click();
  await expect(page.getByTestId(`unit-service-${service}`)).toHaveCount(0);
  await expect(page.getByTestId('toasts')).toContainText(`Service ${service} removed`);
});

test('reboot asks for a confirmation naming the unit; the request succeeds and the status changes live', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'luc_regular');
  // Up and reachable (a smart unit may be streaming on its own: a reboot takes it down all the same).
  await expect.poll(async () => (await unitOf(api, REBOOT_UNIT)).status, { timeout: 45_000 }).not.toBe('offline');
  const { name } = await unitOf(api, REBOOT_UNIT);
  await api.dispose();

  await signIn(page, 'luc_regular');
  await openDetail(page, REBOOT_UNIT);
  const stillLoaded = await markDocument(page);
  await expect(page.getByTestId('unit-detail-status')).not.toHaveAttribute('data-status', 'offline');
  // Record every status the header shows: the unit may come back before a slow machine looks.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>).__statuses = seen;
    const note = () => {
      const value = document.querySelector('[data-testid="unit-detail-status"]')?.getAttribute('data-status') ?? null;
      if (value !== null && seen.at(-1) !== value) seen.push(value);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });

  await page.getByTestId('unit-actions-menu').click();
  await page.getByTestId('unit-actions-reboot').click();
  await expect(page.getByTestId('unit-confirm-reboot')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unit-confirm-text')).toContainText(name);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/devices/${REBOOT_UNIT}/commands/reboot`));
  await page.getByTestId('unit-confirm-ok').click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId('unit-confirm-reboot')).toHaveCount(0);
  await expect(page.getByTestId('toasts')).toContainText(`Reboot sent to ${name}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as Record<string, string[]>).__statuses ?? []), { timeout: 30_000 }).toContain('offline');
  expect(await stillLoaded()).toBe(true);
});

test('remove pairing asks for a confirmation naming the unit and reports the result', async ({ page }) => {
  await signIn(page, 'luc_regular');
  await openDetail(page, UNIT);
  const name = (await page.getByTestId('unit-detail-name').textContent())?.trim() ?? '';
  await page.getByTestId('unit-actions-menu').click();
  await page.getByTestId('unit-actions-removePairing').click();
  await expect(page.getByTestId('unit-confirm-removePairing')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unit-confirm-text')).toContainText(name);
  // Cancel sends nothing; confirming sends the DELETE.
  await page.getByTestId('unit-confirm-cancel').click();
  await expect(page.getByTestId('unit-confirm-removePairing')).toHaveCount(0);
  await page.getByTestId('unit-actions-menu').click();
  await page.getByTestId('unit-actions-removePairing').click();
  const answer = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes(`/v2/units/${UNIT}/pairing`));
  await page.getByTestId('unit-confirm-ok').click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId('toasts')).toContainText(`Pairing of ${name} removed`);
});

test('stopping a stream on air asks first, naming the unit and the channel; keeping it changes nothing, confirming stops it', async ({ page }) => {
  await signIn(page, 'luc_regular');
  type Listed = { uniqueId: string; name: string; status: string; cameraConnected: boolean; licenseValid: boolean; typeGroup: string; applications: object };
  type Channel = { channelId: string; channelName: string; serverName: string; type: string; status: string; online: boolean };
  // A free output channel this user may use: streaming to it puts the unit on air (tally program).
  const channels = ((await (await page.request.get('api/channels/fetch')).json()) as { channels: Channel[] }).channels;
  const output = channels.find((c) => c.type === 'output' && c.status === 'idle' && c.online);
  expect(output, 'an idle output channel of luc_regular').toBeDefined();
  const channel = output as Channel;
  const id = await leaseUnit(async () => {
    const units = (await (await page.request.get('api/devices/fetch')).json()) as Listed[];
    return units
      .filter((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.typeGroup === 'fieldUnits' && Object.keys(u.applications).length === 0)
      .map((u) => u.uniqueId);
  }, 'an idle unit with a camera');
  const start = await page.request.post(`api/v2/units/${id}/stream`, { data: { channelId: channel.channelId } });
  expect(start.ok(), await start.text()).toBe(true);
  try {
    await expect.poll(async () => (await unitOf(page.request, id)).status, { timeout: 30_000 }).toBe('streaming');
    await expect
      .poll(async () => ((await (await page.request.get(`api/v2/units/${id}`)).json()) as { tally: string | null }).tally, { timeout: 30_000 })
      .toBe('program');
    const { name } = await unitOf(page.request, id);

    await page.goto(`list?unit=${id}`);
    const stop = page.getByTestId(`unit-stop-${id}`);
    await expect(stop).toBeEnabled({ timeout: 30_000 });
    await stop.click();
    const text = page.getByTestId('stop-on-air-text');
    // Named by the unit's and the channel's names (and hub), not by the channel's id.
    await expect(text).toContainText(name);
    await expect(text).toContainText(channel.channelName);
    await expect(text).toContainText(channel.serverName);
    if (channel.channelName !== channel.channelId) await expect(text).not.toContainText(channel.channelId);
    await page.getByTestId('stop-on-air-cancel').click();
    await expect(text).toBeHidden();
    // Kept on air: no stop was sent.
    expect((await unitOf(page.request, id)).status).toBe('streaming');
    await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('streaming');

    await stop.click();
    await page.getByTestId('stop-on-air-ok').click();
    await expect(page.getByTestId(`unit-status-${id}`)).toHaveText('idle', { timeout: 30_000 });
  } finally {
    await page.request.delete(`api/v2/units/${id}/stream`);
  }
});
