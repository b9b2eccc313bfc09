/**
 * A sandbox in the browser: the console opened at its base signs in there, shows that sandbox's
 * units and its name and time left in the header, and sends no request outside its base; a stream
 * started in it stays in it. The Simulator panel on the stack lists the worker's sandbox and makes,
 * links and removes another. Each worker has its own sandbox (./sandbox.ts).
 */
import { createSandboxes, signInToMock } from '@fleet/client';
import { expect, test } from './sandbox';
import { leaseUnit, PASSWORD, releaseUnits } from './support';

test.afterEach(releaseUnits);

test('the console at a sandbox’s base signs in there, shows its fleet and its name, and asks nothing outside it', async ({ page, sandbox, baseURL }) => {
  const origin = new URL(sandbox.url).origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && !url.pathname.startsWith(`${sandbox.base}/`)) outside.push(`${request.method()} ${url.pathname}`);
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${sandbox.url}/login`);
  await page.getByTestId('login-username').fill('luc_regular');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`${sandbox.base}/list`), { timeout: 30_000 });
  await expect(page.locator('[data-testid^="unit-row-"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sandbox-badge-wide')).toContainText(sandbox.name);
  await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-subscribed', 'true', { timeout: 30_000 });

  // A stream started in the sandbox: its unit streams there, not on the stack.
  const inSandbox = page.request;
  const units = (await (await inSandbox.get(`${sandbox.url}/api/devices/fetch`)).json()) as {
    uniqueId: string;
    status: string;
    cameraConnected: boolean;
    typeGroup: string;
  }[];
  // One that can stream (a valid video licence); leased: no other spec streams the stack's unit of that id
  // meanwhile, so its state on the stack is this test's to read.
  const canStream: string[] = [];
  for (const u of units.filter((x) => x.status === 'idle' && x.cameraConnected && x.typeGroup === 'fieldUnits')) {
    const detail = (await (await inSandbox.get(`${sandbox.url}/api/v2/units/${u.uniqueId}`)).json()) as { licenseValid: boolean };
    if (detail.licenseValid) canStream.push(u.uniqueId);
  }
  const unitId = await leaseUnit(async () => canStream);
  const started = await inSandbox.post(`${sandbox.url}/api/v2/units/${unitId}/stream`);
  expect(started.ok(), `${unitId}: ${await started.text()}`).toBe(true);
  await expect(page.getByTestId(`unit-row-${unitId}`)).toContainText(/streaming/i, { timeout: 30_000 });
  const stackCookie = await signInToMock(baseURL!, 'luc_regular', PASSWORD);
  const onStack = (await (await fetch(`${baseURL}/api/v2/units/${unitId}`, { headers: { cookie: stackCookie } })).json()) as { status: string };
  expect(onStack.status).not.toBe('streaming');
  expect(outside).toEqual([]);
});

test('the Simulator panel on the stack lists the sandboxes, makes one, copies its link and removes it', async ({ page, sandbox, baseURL, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.request.post('/mock/auth/login', { data: { username: 'super_user', password: PASSWORD } });
  await page.goto('/simulator');
  await expect(page.getByTestId(`sandbox-row-${sandbox.id}`)).toBeVisible({ timeout: 30_000 });

  const name = `Panel-made ${Date.now()}`;
  await page.getByTestId('sandbox-create-name').fill(name);
  await page.getByTestId('sandbox-create-submit').click();
  const row = page.locator('[data-testid^="sandbox-row-"]').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const id = (await row.getAttribute('data-testid'))!.replace('sandbox-row-', '');
  await expect(page.getByTestId(`sandbox-open-${id}`)).toHaveAttribute('href', new RegExp(`/sandboxes/${id}/$`));
  await page.getByTestId(`sandbox-copy-${id}`).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL!).origin}/sandboxes/${id}/`);

  await page.getByTestId(`sandbox-remove-${id}`).click();
  await page.getByTestId('sandbox-delete-confirm').click();
  await expect(row).toHaveCount(0);
  const staff = createSandboxes({ baseUrl: baseURL!, headers: { cookie: await signInToMock(baseURL!, 'super_user', PASSWORD) } });
  expect((await staff.list()).map((s) => s.id)).not.toContain(id);
  expect((await fetch(`${baseURL}/sandboxes/${id}/runtime-config.json`)).status).toBe(404);
});
