/**
 * The unit dialogs of spec 000 §2 that follow the unit (speed test, upload progress, send logs),
 * opened from the unit detail's URL (`/list?unit=<id>&dialog=<name>`), against the real stack with
 * the simulator: what the unit does arrives live through /ws without a reload. The dialogs'
 * refusals, validation messages, the AI session and guest invite dialogs and the read-only view are
 * the component tests of apps/console/src/features/dialogs/UnitDialogs.test.tsx.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { leaseUnit, PASSWORD, releaseUnits, signIn } from './support';
import { expect, sandboxApi, signInAt, stepClock, test, test as sandboxTest } from './sandbox';
import type { UnitDetail, UnitStorageFiles, UnitSummary } from '@fleet/contracts';

/** luc_regular's first unit: field unit, SD card with recorded files, speed test capable. */
const UNIT = 'LU800-0001';
/** A channel of the unit's inventory. */
const CHANNEL = 'MMH-0001-CH1';

/** A REST client logged in as this user (another request context than the page's). */
async function api(baseURL: string, username: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('mock/auth/login', { data: { username, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

test.afterEach(releaseUnits);

async function unitOf(ctx: APIRequestContext, id: string): Promise<UnitDetail> {
  const res = await ctx.get(`api/v2/units/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as UnitDetail;
}

/** Follow full-page navigations: a live update must not reload the page. */
function watchNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  return navigations;
}

/**
 * An idle field unit of the newsroom group that passes `fits` (polled: the simulator brings units
 * online after start), leased for the test (support.ts: no other spec picking an idle unit takes it
 * meanwhile, and the units other specs drive by name come last), put on CHANNEL through REST.
 */
async function idleUnitOnChannel(ctx: APIRequestContext, fits: (unit: UnitDetail) => boolean = () => true): Promise<string> {
  const units = (await (await ctx.get('api/devices/fetch')).json()) as UnitSummary[];
  const unitId = await leaseUnit(async () => {
    const idle: string[] = [];
    for (const u of units.filter((x) => x.typeGroup === 'fieldUnits' && x.groupIds.includes('grp-newsroom'))) {
      const d = await unitOf(ctx, u.uniqueId);
      if (d.status === 'idle' && fits(d)) idle.push(u.uniqueId);
    }
    return idle;
  }, 'an idle field unit of the newsroom');
  const sel = await ctx.post(`api/devices/${unitId}/commands/setVirtualChannel`, { data: { channelId: CHANNEL } });
  expect(sel.ok(), await sel.text()).toBe(true);
  await expect.poll(async () => (await unitOf(ctx, unitId)).selectedChannel.channelId, { timeout: 20_000 }).toBe(CHANNEL);
  return unitId;
}

async function openDialog(page: Page, unitId: string, dialog: string) {
  await page.goto(`list?unit=${unitId}&dialog=${dialog}&ignoreRouteDefault=1`);
  await expect(page.getByTestId(`dialog-${dialog}`)).toBeVisible();
}

test('speed test: runs and its result arrives live', async ({ page, baseURL }) => {
  const ctx = await api(baseURL!, 'luc_regular');
  // An idle speed-test unit with a selected channel.
  const unitId = await idleUnitOnChannel(ctx, (d) => d.capabilities.speedTest === true && d.licenseValid);

  await signIn(page, 'luc_regular');
  await openDialog(page, unitId, 'speedTest');
  const navigations = watchNavigations(page);
  await expect(page.getByTestId('speed-test-channel')).toHaveText(CHANNEL);
  await expect(page.getByTestId('speed-test-start')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('speed-test-start').click();
  await expect(page.getByTestId('speed-test-running')).toBeVisible();
  // The outcome comes as unit.commandResult on /ws (the test takes up to 10 s).
  await expect(page.getByTestId('speed-test-result')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('speed-test-uplink')).toHaveText(/^\d+(\.\d)? (kbps|Mbps)$/);
  await expect(page.getByTestId('speed-test-downlink')).toHaveText(/^\d+(\.\d)? (kbps|Mbps)$/);
  expect(navigations).toEqual([]);
  await ctx.dispose();
});

test('upload progress: an upload appears and moves live; a pending one is cancelled', async ({ page, baseURL }) => {
  const ctx = await api(baseURL!, 'luc_regular');
  await expect.poll(async () => (await unitOf(ctx, UNIT)).status !== 'offline', { timeout: 30_000 }).toBe(true);
  const listing = (await (await ctx.get(`api/v2/units/${UNIT}/storages/files`)).json()) as UnitStorageFiles;
  const recorded = listing.files.filter((f) => f.kind === 'recorded').map((f) => f.path);
  expect(recorded.length).toBeGreaterThanOrEqual(2);
  // An entry of the upload list the unit is not working on (the seeded fleet has one), else the
  // second file of the upload below, which waits behind the first.
  const idlePending = listing.files.find((f) => f.kind === 'uploaded' && f.status === 'pending');

  await signIn(page, 'luc_regular');
  await openDialog(page, UNIT, 'uploadProgress');
  const navigations = watchNavigations(page);

  // Started in another request context while the dialog stays open.
  const up = await ctx.post(`api/v2/units/${UNIT}/storages/files/upload`, { data: { paths: recorded.slice(0, 2) } });
  expect(up.ok(), await up.text()).toBe(true);
  const [first, second] = ((await up.json()) as { files: { fileId: string; fileName: string }[] }).files;
  const firstRow = page.getByTestId(`upload-row-${first!.fileId}`);
  await expect(firstRow).toBeVisible();
  const target = idlePending ?? second!;
  const targetRow = page.getByTestId(`upload-row-${target.fileId}`);
  await expect(targetRow).toHaveAttribute('data-status', 'pending');
  await page.getByTestId(`upload-select-${target.fileId}`).check();
  await page.getByTestId('upload-cancel').click();
  await expect(page.getByTestId('upload-cancel-notice')).toHaveText(`Upload cancelled: ${target.fileName}`);
  await expect(targetRow).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId(`upload-status-${target.fileId}`)).toHaveText('Failed');
  // The first one moves: its progress grows while the dialog stays open.
  await expect.poll(async () => Number(await firstRow.getAttribute('data-progress')), { timeout: 30_000 }).toBeGreaterThan(0);
  // The first one finishes without a reload.
  await expect(firstRow).toHaveAttribute('data-status', 'uploaded', { timeout: 30_000 });
  await expect(page.getByTestId(`upload-progress-${first!.fileId}`)).toHaveText('100%');
  expect(navigations).toEqual([]);
  await ctx.dispose();
});

sandboxTest.describe('in a sandbox of its own, on a stepped clock', () => {
  // A unit sends its logs for 20 s of simulated time: the test moves that time itself, so the Stop button is
  // there to press however slow the machine, and no other spec's sending holds the hub meanwhile.
  sandboxTest.use({ sandboxInput: { seed: 1, clock: 'stepped' } });

  sandboxTest(
    'send logs: the channel chosen by its shown name; while the unit sends logs a Stop button stops it, and the dialog follows live',
    async ({ page, ownSandbox }) => {
      const operator = await sandboxApi(ownSandbox, 'super_user');
      // The fleet comes up (its devices boot in simulated time).
      await stepClock(operator, 60_000);
      const ctx = await sandboxApi(ownSandbox, 'luc_regular');
      const unitOfSandbox = async (id: string) => (await (await ctx.get(`api/v2/units/${id}`)).json()) as UnitDetail;
      // An idle field unit of the newsroom, put on CHANNEL.
      const units = (await (await ctx.get('api/devices/fetch')).json()) as UnitSummary[];
      const unitId = units.find((u) => u.typeGroup === 'fieldUnits' && u.groupIds.includes('grp-newsroom') && u.status === 'idle')?.uniqueId;
      expect(unitId, 'an idle field unit of the newsroom').toBeDefined();
      const sel = await ctx.post(`api/devices/${unitId}/commands/setVirtualChannel`, { data: { channelId: CHANNEL } });
      expect(sel.ok(), await sel.text()).toBe(true);
      await stepClock(operator, 10_000);
      expect((await unitOfSandbox(unitId!)).selectedChannel.channelId).toBe(CHANNEL);

      await signInAt(page, ownSandbox, 'luc_regular');
      await page.goto(`${ownSandbox.url}/list?unit=${unitId}&dialog=sendLogs&ignoreRouteDefault=1`);
      await expect(page.getByTestId('dialog-sendLogs')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-subscribed', 'true', { timeout: 30_000 });
      const navigations = watchNavigations(page);
      await expect(page.getByTestId('send-logs-active')).toHaveCount(0);
      await expect(page.getByTestId('send-logs-send')).toBeEnabled();
      // The dialog offers the channel the logs go through, by the name the pages show, defaulting to
      // the unit's selected one; the user finds it again by typing that name.
      const channels = (await (await ctx.get('api/channels/fetch')).json()) as { channels: { channelId: string; channelName: string; serverName: string }[] };
      const shown = channels.channels.find((c) => c.channelId === CHANNEL);
      expect(shown).toBeDefined();
      const picker = page.getByTestId('send-logs-channel');
      await expect(picker).toHaveValue(`${shown!.channelName} · ${shown!.serverName}`);
      await picker.click();
      await picker.fill(shown!.channelName);
      await page.getByRole('option').filter({ hasText: shown!.serverName }).filter({ hasText: shown!.channelName }).first().click();
      await expect(picker).toHaveValue(`${shown!.channelName} · ${shown!.serverName}`);
      await page.getByTestId('send-logs-description').fill('Stream drops every few minutes');
      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/units/${unitId}/fetchlogs/stream`));
      await page.getByTestId('send-logs-send').click();
      expect((await sent).postDataJSON()).toMatchObject({ channelId: CHANNEL });
      await expect(page.getByTestId('send-logs-sent')).toBeVisible();
      // The unit starts sending (a few seconds of its time); its fetchlogs activity arrives through /ws: the Stop button appears.
      await stepClock(operator, 5_000);
      await expect(page.getByTestId('send-logs-active')).toHaveAttribute('data-state', 'sending');
      await page.getByTestId('send-logs-stop').click();
      // It winds down and disappears without a reload.
      await stepClock(operator, 5_000);
      await expect(page.getByTestId('send-logs-active')).toHaveCount(0);
      expect((await unitOfSandbox(unitId!)).applications.fetchlogs ?? null).toBeNull();
      expect(navigations).toEqual([]);
      await ctx.dispose();
      await operator.dispose();
    },
  );
});
