/**
 * /devices (spec 001 §2 "devices and servers", §3 Server, §7 Servers) in Chromium against the
 * real stack with the simulator: an admin's servers listed by inventory and kept current over /ws,
 * a reset instance seen offline then online (on a new public address and cloud instance) with no
 * reload, a hub's device id, run state and tally hardware unplugged live, and a comment edited in
 * one console seen in a second one with no reload and persisting over a reload (the §5 genlock range
 * and a read-only user's detail are asserted by the component tests in
 * apps/console/src/features/devices/ServerDrawerRules.test.tsx); LU-Link (spec 001 §7
 * Point-to-point): a link's stream started and stopped, and a link made between two units, seen and
 * deleted.
 */
import type { Page } from '@playwright/test';
import { apiAs, recordAttribute, recorded, secondConsole, signIn, trackNavigations, reloadInPlace } from './support';
import { expect, sandboxApi, signInAt, stepClock, test, test as sandboxTest } from './sandbox';

/** Servers of luc_admin's inventory (Global-News). */
const HUB = 'MMH-0001';
const VR = 'VRS-0001';
const INGEST = 'ING-0001';

const rows = (page: Page) => page.locator('[data-testid^="server-row-"]');

async function openDevices(page: Page, query = ''): Promise<void> {
  // The menu entry sits in a collapsed group; the address is the spec's route (the saved route is not followed).
  await page.goto(`devices?ignoreRouteDefault=1${query}`);
  await expect(page.getByTestId('devices-page')).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

async function openServer(page: Page, id: string): Promise<void> {
  await page.getByTestId(`server-name-${id}`).click();
  await expect(page.getByTestId('server-detail')).toHaveAttribute('data-server-id', id);
  await expect(page.getByTestId('server-panel-overview')).toBeVisible({ timeout: 30_000 });
}

test('an admin sees the seeded servers of their inventory, kept current over /ws', async ({ page, playwright, baseURL }) => {
  const operator = await apiAs(playwright, baseURL, 'super_user');
  await signIn(page, 'luc_admin');
  await openDevices(page);
  for (const id of [HUB, VR, INGEST]) await expect(page.getByTestId(`server-row-${id}`)).toBeVisible();
  // MMH-0002 belongs to another inventory.
  await expect(page.getByTestId('server-row-MMH-0002')).toHaveCount(0);
  await expect(page.getByTestId(`server-row-${HUB}`)).toHaveAttribute('data-type', 'mmh_server');

  // A change made elsewhere reaches the row with no reload (server.changed).
  const navigations = trackNavigations(page);
  const comment = `rack-${Date.now()}`;
  const res = await operator.put(`api/servers/${VR}/comment`, { data: { comment } });
  expect(res.ok()).toBe(true);
  await expect(page.getByTestId(`server-comment-${VR}`)).toHaveText(comment);
  expect(navigations).toEqual([]);
  await operator.dispose();
});

test('a comment edited in one console shows in a second one, in its list and its open detail, with no reload, and persists over a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'luc_admin');
  await openDevices(page, `&server=${HUB}`);
  await expect(page.getByTestId('server-panel-overview')).toBeVisible({ timeout: 30_000 });
  const input = page.getByTestId('server-comment-input');
  const original = await input.inputValue();
  const other = await secondConsole(browser, baseURL, 'luc_read');
  try {
    await openDevices(other.page, `&server=${HUB}`);
    await expect(other.page.getByTestId('server-comment-input')).toHaveValue(original, { timeout: 30_000 });
    const navigations = trackNavigations(other.page);

    const comment = `Seen elsewhere ${Date.now()}`;
    await input.fill(comment);
    await page.getByTestId('channel-apply-server-comment').click();
    await expect(page.getByText(`Server ${await page.getByTestId(`server-name-${HUB}`).textContent()} saved`)).toBeVisible();
    await expect(page.getByTestId(`server-comment-${HUB}`)).toHaveText(comment);
    await expect(other.page.getByTestId(`server-comment-${HUB}`)).toHaveText(comment);
    await expect(other.page.getByTestId('server-comment-input')).toHaveValue(comment);
    expect(navigations).toEqual([]);

    await reloadInPlace(page);
    await expect(page.getByTestId(`server-comment-${HUB}`)).toHaveText(comment, { timeout: 30_000 });
    // The drawer is part of the address: it is open again with the stored comment.
    await expect(page.getByTestId('server-comment-input')).toHaveValue(comment, { timeout: 30_000 });
  } finally {
    // The comment it had, seen by the second console too.
    expect((await page.request.put(`api/servers/${HUB}/comment`, { data: { comment: original } })).ok()).toBe(true);
    await expect(other.page.getByTestId('server-comment-input')).toHaveValue(original);
    await other.close();
  }
});

test('reset instance: the server shows offline, then online again on a new public address, with no reload', async ({ page }) => {
  await signIn(page, 'luc_admin');
  await openDevices(page);
  await expect(page.getByTestId(`server-status-${INGEST}`)).toHaveAttribute('data-status', 'online', { timeout: 30_000 });
  await openServer(page, INGEST);
  const navigations = trackNavigations(page);
  // The addresses the server reported coming up: a new instance comes back on another public one.
  const publicIp = page.getByTestId('server-ip-public');
  await expect(publicIp).toBeVisible({ timeout: 30_000 });
  const before = (await publicIp.textContent()) ?? '';
  // …and on a new cloud instance (spec 001 §3 cloud instance).
  const cloud = page.getByTestId('server-detail-cloud');
  await expect(cloud).toContainText(/i-[0-9a-f]{17}/, { timeout: 30_000 });
  const cloudBefore = (await cloud.textContent()) ?? '';
  await expect(page.getByTestId('server-capabilities')).toContainText('ingest');
  // Record every status the row shows: the offline spell may be short.
  await recordAttribute(page, `server-status-${INGEST}`, 'data-status');
  await page.getByTestId('server-reset-button').click();
  await page.getByTestId('server-reset-confirm').click();
  await expect.poll(async () => recorded(page), { timeout: 45_000 }).toMatch(/offline.*,online$/);
  await expect(page.getByTestId(`server-row-${INGEST}`)).toHaveAttribute('data-status', 'online');
  await expect(page.getByTestId('server-detail-status')).toHaveAttribute('data-status', 'online');
  await expect(publicIp).not.toHaveText(before);
  await expect(cloud).not.toHaveText(cloudBefore);
  await expect(cloud).toContainText(/i-[0-9a-f]{17}/);
  expect(navigations).toEqual([]);
});

test('a hub shows its device id, that it runs, and its tally hardware unplugged and back, with no reload', async ({ page, playwright, baseURL }) => {
  const operator = await apiAs(playwright, baseURL, 'super_user');
  const tally = async (connected: boolean) =>
    expect((await operator.post('mock/trpc/fault.inject', { data: { serverId: HUB, fault: { type: 'interfaceHw', hw: 'tally', connected } } })).ok()).toBe(
      true,
    );
  await signIn(page, 'luc_admin');
  await openDevices(page);
  await expect(page.getByTestId(`server-status-${HUB}`)).toHaveAttribute('data-status', 'online', { timeout: 30_000 });
  await openServer(page, HUB);
  const navigations = trackNavigations(page);
  await expect(page.getByTestId('server-detail-device-id')).toHaveText(/^LU-SRV-[0-9A-F]{12}$/, { timeout: 30_000 });
  await expect(page.getByTestId('server-detail-state')).toHaveText('Running');
  await expect(page.getByTestId('server-detail-audio')).toHaveText('Connected');
  const hw = page.getByTestId('server-detail-tally');
  await expect(hw).toHaveText('Connected');
  try {
    await tally(false);
    await expect(hw).toHaveText('Disconnected');
  } finally {
    await tally(true);
  }
  await expect(hw).toHaveText('Connected');
  await operator.dispose();
  expect(navigations).toEqual([]);
});

test('a change to a server that does not answer shows "Configuration not sent, retry" and changes nothing', async ({ page, playwright, baseURL }) => {
  const operator = await apiAs(playwright, baseURL, 'super_user');
  await signIn(page, 'luc_admin');
  await openDevices(page, `&server=${VR}&serverTab=configuration`);
  const port = page.getByTestId('server-config-webrtcPort');
  await expect(port).toBeVisible({ timeout: 30_000 });
  const before = await port.inputValue();
  const off = await operator.post('mock/trpc/fault.inject', { data: { serverId: VR, fault: { type: 'serverPower', on: false } } });
  expect(off.ok()).toBe(true);
  try {
    await expect(page.getByTestId(`server-row-${VR}`)).toHaveAttribute('data-status', 'offline');
    await port.fill(before === '9100' ? '9101' : '9100');
    await page.getByTestId('channel-apply-server-config').click();
    await expect(page.getByTestId('channel-failure-server-config')).toHaveText('Configuration not sent, retry');
    const stored = (await (await operator.get(`api/vrservers/${VR}/configuration`)).json()) as { webrtcPort: number | null };
    expect(stored.webrtcPort === null ? '' : String(stored.webrtcPort)).toBe(before);
  } finally {
    await operator.post('mock/trpc/fault.inject', { data: { serverId: VR, fault: { type: 'serverPower', on: true } } });
    await operator.dispose();
  }
});

sandboxTest.describe('in a sandbox of its own, on a stepped clock', () => {
  // A fleet of the test's own whose time the test moves itself: what it waits for comes when it steps the clock,
  // however busy the machine is.
  sandboxTest.use({ sandboxInput: { seed: 1, clock: 'stepped' } });

  sandboxTest('LU-Link: a link opened by its id shows its machines and groups, and its stream starts and stops', async ({ page, ownSandbox }) => {
    const operator = await sandboxApi(ownSandbox, 'super_user');
    // The fleet comes up (its devices boot in simulated time).
    await stepClock(operator, 60_000);
    await signInAt(page, ownSandbox, 'luc_admin');
    await page.goto(`${ownSandbox.url}/devices?ignoreRouteDefault=1&tab=luLink`);
    await expect(page.getByTestId('lulink-tab')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('lulink-id').fill('p2p-0002');
    await page.getByTestId('lulink-open').click();
    const link = page.getByTestId('lulink-p2p-0002');
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('lulink-machine-LU800-0001')).toBeVisible();
    await expect(page.getByTestId('lulink-group-grp-studio')).toHaveAttribute('data-selected', 'true');
    // The link's unit offers it once known.
    await expect(page.getByTestId('lulink-known-p2p-0002')).toBeVisible();

    await page.getByTestId('lulink-start').click();
    await expect(link).toHaveAttribute('data-status', 'streaming');
    await expect(page.getByTestId('lulink-status')).toHaveText('Streaming');
    await page.getByTestId('lulink-stop').click();
    await expect(link).toHaveAttribute('data-status', 'idle');
    await expect(page.getByTestId('lulink-start')).toBeVisible();
    await operator.dispose();
  });
  sandboxTest('the IP pipe shows connecting, then connected, live after its settings are applied', async ({ page, ownSandbox }) => {
    const operator = await sandboxApi(ownSandbox, 'super_user');
    // The hub comes up (it boots in simulated time).
    await stepClock(operator, 60_000);
    await signInAt(page, ownSandbox, 'luc_admin');
    await page.goto(`${ownSandbox.url}/devices?ignoreRouteDefault=1&server=${HUB}&serverTab=ipPipe`);
    const state = page.getByTestId('server-ippipe-state');
    await expect(state).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('server-ippipe-enabled').check();
    await page.getByTestId('server-ippipe-port').fill('5000');
    await page.getByTestId('server-ippipe-servers').fill('pipe-1.example.net');
    await page.getByTestId('channel-apply-server-ippipe').click();
    // The clock stands still: the pipe shows connecting until the fleet's time moves (1 to 3 s of it), then connected.
    await expect(state).toHaveAttribute('data-state', 'connecting');
    await stepClock(operator, 5_000);
    await expect(state).toHaveAttribute('data-state', 'connected');
    await expect(state).toHaveText('Connected');
    await operator.dispose();
  });
});

/** Units no other spec names: the master and the machine of the link the journey below makes. */
const LINK_MASTER = 'PTP-0001';
const LINK_MACHINE = 'LULITE-0001';

test('LU-Link: a point-to-point link made on a unit shows with its machine, and is deleted after a confirmation', async ({ page }) => {
  await signIn(page, 'luc_admin');
  await page.goto(`devices?ignoreRouteDefault=1&tab=luLink&unit=${LINK_MASTER}`);
  await expect(page.getByTestId('lulink-tab')).toBeVisible({ timeout: 30_000 });
  const name = `E2E-link-${Date.now()}`;
  let id: string | null = null;
  try {
    await page.getByTestId('lulink-new').click();
    // The modal's root is a wrapper of no size: its fields show that it is open.
    const modal = page.getByTestId('lulink-form-modal');
    await expect(modal.getByTestId('lulink-form-name')).toBeVisible();
    await modal.getByTestId('lulink-form-name').fill(name);
    await expect(modal.getByTestId('lulink-form-kind')).toHaveValue('Point-to-point');
    await modal.getByTestId('lulink-form-machines').click();
    // Unit names are the seed's; the option ends with the unit's id.
    await page.getByRole('option', { name: new RegExp(`\\(${LINK_MACHINE}\\)$`) }).click();
    // The master is not offered as its own machine.
    await expect(page.getByRole('option', { name: new RegExp(`\\(${LINK_MASTER}\\)$`) })).toHaveCount(0);
    await modal.getByTestId('lulink-form-name').click();
    await modal.getByTestId('lulink-form-save').click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByText(`Link ${name} created`)).toBeVisible();

    // The new link is open (its id in the address) and offered for its unit.
    await expect(page).toHaveURL(/[?&]link=[^&]+/);
    id = new URL(page.url()).searchParams.get('link');
    const link = page.getByTestId(`lulink-${id}`);
    await expect(link).toBeVisible();
    await expect(link.getByRole('heading')).toHaveText(name);
    await expect(link).toHaveAttribute('data-status', 'idle');
    await expect(page.getByTestId(`lulink-machine-${LINK_MACHINE}`)).toBeVisible();
    await expect(page.getByTestId(`lulink-known-${id}`)).toHaveText(name);

    await page.getByTestId('lulink-delete').click();
    await page.getByTestId('lulink-delete-confirm').click();
    await expect(page.getByText(`Link ${name} deleted`)).toBeVisible();
    await expect(link).toHaveCount(0);
    await expect(page.getByTestId(`lulink-known-${id}`)).toHaveCount(0);
    expect((await page.request.get(`api/v2/p2p/${id}`)).status()).toBe(404);
    id = null;
  } finally {
    // A link left by a failure is deleted all the same.
    if (id !== null) await page.request.delete(`api/v2/p2p/${id}`);
  }
});
