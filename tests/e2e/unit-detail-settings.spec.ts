/**
 * The unit detail's settings, against the real stack and the simulator: audio jacks
 * (intercom/audiojacks), the multi camera channel's validation, video return on the unit
 * (videoreturn), the admin's databridge gateway picker (admin dbgateway). Values set through REST
 * by another request follow without a reload. What a read-only user sees is asserted by the
 * component tests (apps/console/src/features/unit-detail/UnitDetailRules.test.tsx).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, leaseUnit, login, releaseUnits, signIn } from './support';
import detailEn from '../../apps/console/src/i18n/areas/unitDetail.en.json' with { type: 'json' };
import en from '../../apps/console/src/i18n/en.json' with { type: 'json' };

test.afterEach(releaseUnits);

/** Seeded: in inv-global with the databridge gateway dbg-0001 (DBG-Frankfurt) selected. */
const GATEWAY_UNIT = 'LU800-0001';
const GATEWAY_ID = 'dbg-0001';

interface ListedUnit {
  uniqueId: string;
  status: string;
  typeGroup: string;
  cameraConnected: boolean;
  licenseValid: boolean;
  inventoryIds: string[];
  applications: Record<string, unknown>;
}

/** Seeded: the inventory with the social media destination std-0001 (YouTube-Main) and no CDN destination. */
const SOCIAL_INVENTORY = 'inv-global';
const SOCIAL_DESTINATION = 'std-0001';

interface DetailRead {
  capabilities: Record<string, boolean>;
  services: { serviceName: string; serviceStatus: string }[];
}

/**
 * An online field unit the signed-in user sees (the simulator brings them online after start),
 * held for the test (support.ts leaseUnit).
 */
async function onlineFieldUnit(page: Page): Promise<string> {
  return leaseUnit(async () => {
    const res = await page.request.get('api/devices/fetch');
    if (!res.ok()) return [];
    const units = (await res.json()) as ListedUnit[];
    return units.filter((u) => u.typeGroup === 'fieldUnits' && u.status !== 'offline').map((u) => u.uniqueId);
  }, 'an online field unit no other spec holds');
}

async function openTab(page: Page, id: string, tab: string) {
  await page.goto(`list?unit=${id}&tab=${tab}&ignoreRouteDefault=1`);
  await expect(page.getByTestId('unit-detail')).toHaveAttribute('data-unit-id', id);
  await expect(page.getByTestId('unit-detail')).toHaveAttribute('data-tab', tab);
}

test('a regular user sets an audio jack volume, sees the limits in the spec wording, and follows a change made elsewhere', async ({ page }) => {
  await login(page, 'luc_regular');
  const id = await onlineFieldUnit(page);
  await openTab(page, id, 'intercom');
  const jack = page.getByTestId('unit-detail-jack-1');
  const volume = page.getByTestId('unit-detail-jack-1-volume');
  await expect(volume).toBeVisible();
  const before = Number(await jack.getAttribute('data-volume'));
  const wanted = before === 37 ? 38 : 37;

  // Spec 000 §5 wording from the body schema (volume 0..100).
  await volume.fill('150');
  await page.getByTestId('unit-detail-jacks-save').click();
  await expect(page.getByTestId('unit-detail-jacks')).toContainText(en.forms.validation.maxValue.replace('{{n}}', '100'));

  await volume.fill(String(wanted));
  await page.getByTestId('unit-detail-jacks-save').click();
  await expect(jack).toHaveAttribute('data-volume', String(wanted));
  await expect(volume).toHaveValue(String(wanted));
  await expect(page.getByTestId('unit-detail-jacks')).not.toContainText(en.forms.validation.maxValue.replace('{{n}}', '100'));

  // Another request changes the jack: the `unit.configuration` event brings it into the untouched form.
  const other = wanted + 11;
  const res = await page.request.put(`api/v2/units/${encodeURIComponent(id)}/intercom/audiojacks`, {
    data: { jacks: [{ jack: 1, intercom: 1, volume: other, muted: true }] },
  });
  expect(res.ok()).toBe(true);
  await expect(jack).toHaveAttribute('data-volume', String(other));
  await expect(volume).toHaveValue(String(other));
  await expect(page.getByTestId('unit-detail-jack-1-muted')).toBeChecked();

  // Multi Camera tab: the channel of the feeds is chosen from the channel picker, required.
  await page.getByTestId('unit-detail-tab-multiCamera').click();
  await page.getByTestId('unit-detail-multicamera-channel-input').fill('');
  await page.getByTestId('unit-detail-multicamera-channel-apply').click();
  await expect(page.getByTestId('unit-detail-multicamera-channel')).toContainText(en.forms.validation.required);
});

test('video return on the unit: applied with a licence', async ({ page, playwright, baseURL }) => {
  await login(page, 'luc_regular');
  // A field unit of the user's with the video return service, once online. The seed's draws move
  // when seed rows are added, so when no unit of the user's has the service, an admin grants it to
  // one for this test and takes it back.
  const fleet = (await (await page.request.get('api/devices/fetch')).json()) as ListedUnit[];
  const details = await Promise.all(
    fleet
      .filter((u) => u.typeGroup === 'fieldUnits')
      .map(async (u) => ({ id: u.uniqueId, read: (await (await page.request.get(`api/v2/units/${encodeURIComponent(u.uniqueId)}`)).json()) as DetailRead })),
  );
  const capable = (d: { read: DetailRead }) => d.read.capabilities.videoReturn === true;
  const hasService = (d: { read: DetailRead }) => d.read.services.some((s) => s.serviceName === 'video-return' && s.serviceStatus.toLowerCase() === 'enabled');
  let licensed = details.find((d) => capable(d) && hasService(d))?.id;
  const admin = await apiAs(playwright, baseURL, 'super_user');
  let granted: string | undefined;
  if (licensed === undefined) {
    const candidate = details.find((d) => capable(d))?.id;
    expect(candidate, 'a field unit able to take video return').toBeDefined();
    const res = await admin.post(`api/v2/units/${encodeURIComponent(candidate!)}/services`, { data: { serviceName: 'video-return' } });
    expect(res.ok(), await res.text()).toBe(true);
    granted = licensed = candidate;
  }

  try {
    await expect
      .poll(async () => ((await (await page.request.get(`api/v2/units/${encodeURIComponent(licensed!)}`)).json()) as { status: string }).status, {
        timeout: 45_000,
      })
      .not.toBe('offline');
    await openTab(page, licensed!, 'videoReturn');
    const value = page.getByTestId('unit-detail-videoreturn-setting-value');
    const output = (await value.getAttribute('data-output')) === 'hdmi' ? 'sdi' : 'hdmi';
    await page.getByTestId('unit-detail-videoreturn-output').getByText(detailEn.videoReturn.outputs[output]).click();
    await expect(value).toHaveAttribute('data-output', output);
    const enabled = (await value.getAttribute('data-enabled')) === 'true';
    // Mantine's switch input is visually hidden: the click goes to it directly.
    await page.getByTestId('unit-detail-videoreturn-enabled').dispatchEvent('click');
    await expect(value).toHaveAttribute('data-enabled', String(!enabled));
  } finally {
    if (granted !== undefined) await admin.delete(`api/v2/units/${encodeURIComponent(granted)}/services/video-return`);
    await admin.dispose();
  }
});

/** The first seeded field unit licensed for `feature` (its capability and its enabled service), once online. */
async function licensedOnlineFieldUnit(page: Page, feature: { capability: string; service: string }): Promise<string> {
  const fleet = (await (await page.request.get('api/devices/fetch')).json()) as ListedUnit[];
  const details = await Promise.all(
    fleet
      .filter((u) => u.typeGroup === 'fieldUnits')
      .map(async (u) => ({ id: u.uniqueId, read: (await (await page.request.get(`api/v2/units/${encodeURIComponent(u.uniqueId)}`)).json()) as DetailRead })),
  );
  const found = details.find(
    ({ read }) =>
      read.capabilities[feature.capability] === true &&
      read.services.some((s) => s.serviceName === feature.service && s.serviceStatus.toLowerCase() === 'enabled'),
  );
  expect(found, `a seeded field unit with the ${feature.service} service`).toBeDefined();
  const id = found!.id;
  await expect
    .poll(async () => ((await (await page.request.get(`api/v2/units/${encodeURIComponent(id)}`)).json()) as { status: string }).status, { timeout: 45_000 })
    .not.toBe('offline');
  return id;
}

test('the databridge setting is saved with its own message', async ({ page }) => {
  await login(page, 'luc_regular');
  const id = await licensedOnlineFieldUnit(page, { capability: 'databridge', service: 'databridge' });
  await openTab(page, id, 'databridge');
  const setting = page.getByTestId('unit-detail-databridge-setting');
  await expect(setting).toBeVisible();
  const enabled = await setting.isChecked();
  const toasts = page.getByTestId('toasts');
  // Mantine's switch input is visually hidden: the click goes to it directly.
  await setting.dispatchEvent('click');
  await expect(setting).toBeChecked({ checked: !enabled });
  await expect(toasts).toContainText(detailEn.databridge.settingSaved);
  await expect(toasts).not.toContainText(detailEn.multiCamera.saved);
  // Put the unit's setting back as it was.
  await setting.dispatchEvent('click');
  await expect(setting).toBeChecked({ checked: enabled });
});

test('an admin picks and clears the databridge gateway; a regular user only sees it', async ({ page }) => {
  await signIn(page, 'luc_admin');
  await openTab(page, GATEWAY_UNIT, 'databridge');
  const selected = page.getByTestId('unit-detail-databridge-gateway');
  await expect(page.getByTestId('unit-detail-databridge-picker')).toBeVisible();
  await expect(selected).toHaveAttribute('data-gateway', GATEWAY_ID);
  await page.getByTestId('unit-detail-databridge-picker-clear').click();
  await expect(selected).toHaveAttribute('data-gateway', '');
  await expect(selected).toHaveText(detailEn.databridge.noGateway);
  await page.getByTestId('unit-detail-databridge-picker-select').click();
  await page.getByRole('option', { name: /DBG-Frankfurt/ }).click();
  await page.getByTestId('unit-detail-databridge-picker-apply').click();
  await expect(selected).toHaveAttribute('data-gateway', GATEWAY_ID);

  // Changed by another request: the unit's new version (unit.updated) brings the gateway in without a reload.
  const path = `api/v2/admin/units/${encodeURIComponent(GATEWAY_UNIT)}/dbgateway`;
  expect((await page.request.delete(path)).ok()).toBe(true);
  await expect(selected).toHaveAttribute('data-gateway', '');
  expect((await page.request.put(path, { data: { gatewayId: GATEWAY_ID } })).ok()).toBe(true);
  await expect(selected).toHaveAttribute('data-gateway', GATEWAY_ID);

  await page.context().clearCookies();
  await signIn(page, 'luc_regular');
  await openTab(page, GATEWAY_UNIT, 'databridge');
  await expect(page.getByTestId('unit-detail-databridge-gateway')).toHaveAttribute('data-gateway', GATEWAY_ID);
  await expect(page.getByTestId('unit-detail-databridge-picker')).toHaveCount(0);
});

test('a regular user forwards the live stream to social media; the CDN refusal and the end of the stream show live', async ({ page }) => {
  await login(page, 'luc_regular');
  const id = await leaseUnit(async () => {
    const res = await page.request.get('api/devices/fetch');
    if (!res.ok()) return [];
    const units = (await res.json()) as ListedUnit[];
    return units
      .filter(
        (u) =>
          u.status === 'idle' &&
          u.cameraConnected &&
          u.licenseValid &&
          u.typeGroup === 'fieldUnits' &&
          u.inventoryIds.includes(SOCIAL_INVENTORY) &&
          Object.keys(u.applications).length === 0,
      )
      .map((u) => u.uniqueId)
      .reverse();
  }, 'an idle unit with a camera in the inventory with a social media destination');
  await openTab(page, id, 'camera');
  const social = page.getByTestId('unit-detail-forward-social_media-state');
  await expect(social).toHaveAttribute('data-state', 'off');
  await expect(page.getByTestId('unit-detail-forward-social_media-blocked')).toHaveText(en.apiErrors.UNIT_NOT_STREAMING);

  const started = await page.request.post(`api/v2/units/${encodeURIComponent(id)}/stream`, { data: {} });
  expect(started.ok()).toBe(true);
  await expect(page.getByTestId('unit-detail-status')).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });

  await page.getByTestId('unit-detail-forward-social_media-start').click();
  await expect(social).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('unit-detail-forward-social_media-destination-active')).toHaveText(
    detailEn.camera.forward.destinationActive.replace('{{destination}}', SOCIAL_DESTINATION),
  );

  // No CDN destination in the unit's inventories: the core's field error shows under the destination.
  await page.getByTestId('unit-detail-forward-cdn-start').click();
  await expect(page.getByTestId('unit-detail-forward-cdn')).toContainText(en.forms.validation.required);
  await expect(page.getByTestId('unit-detail-forward-cdn-state')).toHaveAttribute('data-state', 'off');

  // The stream stops elsewhere: the forwarding ends without a reload.
  const stopped = await page.request.delete(`api/v2/units/${encodeURIComponent(id)}/stream`);
  expect(stopped.ok()).toBe(true);
  await expect(social).toHaveAttribute('data-state', 'off', { timeout: 20_000 });
  await expect(page.getByTestId('unit-detail-forward-social_media-blocked')).toHaveText(en.apiErrors.UNIT_NOT_STREAMING);
});

test('an administrator chooses the intercom’s audio room by name from the unit’s inventory; a room without the intercom flag is refused with the reason', async ({
  page,
}) => {
  await signIn(page, 'luc_admin');
  const id = await leaseUnit(async () => {
    const res = await page.request.get('api/devices/fetch');
    if (!res.ok()) return [];
    const units = (await res.json()) as ListedUnit[];
    return units.filter((u) => u.typeGroup === 'fieldUnits' && u.inventoryIds.includes('inv-global')).map((u) => u.uniqueId);
  }, 'a field unit of the inventory with the seeded audio rooms');
  const url = `api/v2/units/${encodeURIComponent(id)}/intercom`;
  const before = (await (await page.request.get(`api/v2/units/${encodeURIComponent(id)}/configurationV2`)).json()) as {
    intercoms: { mode: 'audioRoom' | 'targetChannel'; audioRoomId: string | null; targetChannelId: string | null; destinationAccount: string | null }[];
  };
  const first = before.intercoms[0];
  try {
    await openTab(page, id, 'intercom');
    await page.getByTestId('unit-detail-intercom-1-mode').getByText(detailEn.intercom.modes.audioRoom).click();
    const room = page.getByTestId('unit-detail-intercom-1-room');
    await room.click();
    // Seeded in inv-global: Newsroom-IFB (intercom) and Sports-Desk (no intercom flag).
    const sports = page.getByTestId('unit-detail-intercom-1-room-option').filter({ hasText: 'Sports-Desk' });
    await expect(sports).toContainText('Not an intercom room');
    await room.fill('Newsroom');
    await page.getByTestId('unit-detail-intercom-1-room-option').filter({ hasText: 'Newsroom-IFB' }).click();
    await expect(room).toHaveValue('Newsroom-IFB');
    // What is sent is the room's id (the core may still refuse the room for the unit's intercom server, and says so).
    const sent = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith(url));
    await page.getByTestId('unit-detail-intercom-1-save').click();
    expect((await sent).postDataJSON()).toMatchObject({ intercom: 1, mode: 'audioRoom', audioRoomId: 'aud-0001' });
  } finally {
    if (first !== undefined) await page.request.put(url, { data: { intercom: 1, ...first } });
  }
});
