/**
 * Unit reads of spec 000 §7 ("Unit reads (GET)"), one unit's reads (devices/* and v2/units/{id}/*),
 * through the real HTTP surface, on real SQLite and real PostgreSQL with the real simulator: answers
 * built from stored and live state and the validation rules with the spec's words.
 *
 * Stored state that other areas' calls would write (alerts, configuration values, application
 * configuration rows) is put in place here through the database, then read back through the API.
 * The stack and the helpers: tests/support/unit-reads.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, LIMITS, TIMINGS, type UnitSummary } from '@fleet/contracts';
import { eventually, providers } from '../support/stack.js';
import { CROSS, HIDDEN, LU800, NODEV, unitReadsStack } from '../support/unit-reads.js';

describe.each(providers())('unit reads on %s', (provider) => {
  const { ctx, cookies, get, ok, expectError, db } = unitReadsStack(provider);

  // ── devices/* ────────────────────────────────────────────────────────────────────────────

  it('devices/fetch_by_id answers the unit as devices/fetch lists it', async () => {
    const list: UnitSummary[] = await ok('/devices/fetch', cookies.regular);
    const one: UnitSummary = await ok(`/devices/fetch_by_id/${LU800}`, cookies.regular);
    const listed = list.find((u) => u.uniqueId === LU800)!;
    expect(one).toMatchObject({ uniqueId: LU800, name: listed.name, type: listed.type, typeGroup: listed.typeGroup, inventoryIds: listed.inventoryIds });
    // Visible by group only is visible.
    expect((await ok(`/devices/fetch_by_id/${CROSS}`, cookies.regular)).uniqueId).toBe(CROSS);
  });

  it('devices/{id}/location answers the live position, else the stored address', async () => {
    const live = await ok(`/devices/${LU800}/location`, cookies.regular);
    expect(live.live).toBe(true);
    expect(live.location).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
    // The simulated unit reports from where it is stored as being (its seeded position, in the city of its name).
    const stored = await db().unit.findUniqueOrThrow({ where: { id: LU800 }, select: { latitude: true, longitude: true, address: true } });
    expect(Math.abs(live.location.lat - stored.latitude!)).toBeLessThan(0.1);
    expect(Math.abs(live.location.lng - stored.longitude!)).toBeLessThan(0.1);
    expect(live.location.address).toBe(stored.address);
    expect(await ok(`/devices/${NODEV}/location`, cookies.regular)).toEqual({
      uniqueId: NODEV,
      live: false,
      location: { lat: 48.1, lng: 11.5, address: 'Marienplatz 1' },
    });
  });

  it('devices/{id}/modems answers the reported links with their UI state', async () => {
    const m = await ok(`/devices/${LU800}/modems`, cookies.regular);
    expect(m.modems.length).toBe(8); // a field unit: 6 cellular modems, Wi-Fi, Ethernet
    for (const x of m.modems) {
      expect(x.uiState).toBe(!x.enabled ? 'disabled' : x.connected ? 'connected' : 'not_connected');
    }
    const live = m.modems.filter((x: { connected: boolean; enabled: boolean }) => x.connected && x.enabled);
    expect(m.connectedCount).toBe(live.length);
    expect(m.totalUplinkKbps).toBeCloseTo(live.reduce((a: number, x: { uplinkKbps: number }) => a + x.uplinkKbps, 0));
    expect(await ok(`/devices/${NODEV}/modems`, cookies.regular)).toEqual({ uniqueId: NODEV, modems: [], connectedCount: 0, totalUplinkKbps: 0 });
  });

  it('devices/fetch_coords answers a marker per visible unit with a position, optionally of one group', async () => {
    const coords: { uniqueId: string; location: { lat: number } }[] = await ok('/devices/fetch_coords', cookies.regular);
    const ids = coords.map((c) => c.uniqueId);
    expect(ids).toContain(LU800);
    expect(ids).toContain(NODEV);
    expect(ids).not.toContain(HIDDEN);
    const all: { uniqueId: string }[] = await ok('/devices/fetch_coords', cookies.superUser);
    expect(all.map((c) => c.uniqueId)).toContain(HIDDEN);
    const studio: { uniqueId: string }[] = await ok('/devices/fetch_coords?group=grp-studio', cookies.regular);
    const studioUnits = (await db().unitGroup.findMany({ where: { groupId: 'grp-studio' } })).map((g) => g.unitId).sort();
    expect(studio.map((c) => c.uniqueId).sort()).toEqual(studioUnits);
    expectError(await get('/devices/fetch_coords?group=', cookies.regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.group', message: 'This field is required' },
    ]);
    expectError(await get('/devices/fetch_coords?bogus=1', cookies.regular), 400, 'VALIDATION_FAILED', [{ path: 'query', message: 'Invalid field' }]);
  });

  // ── v2/units/{id}/* ──────────────────────────────────────────────────────────────────────

  it('v2/units/enhanced/{id} answers the detail with configuration and capabilities, refreshed every 60 s', async () => {
    const e = await ok(`/v2/units/enhanced/${LU800}`, cookies.read);
    const detail = await ok(`/v2/units/${LU800}`, cookies.read);
    expect(e).toMatchObject({ uniqueId: LU800, name: detail.name, serialNumber: detail.serialNumber, capabilities: detail.capabilities });
    expect(e.refreshIntervalMs).toBe(TIMINGS.enhancedUnitRefreshMs);
    expect(e.configuration.unitUniqueId).toBe(LU800);
    expect(e.configuration.version).toBe(detail.version);
  });

  it('v2/units/{id}/services answers the unit’s services; enabled when the status is ENABLED', async () => {
    const list: { id: string; serviceName: string; serviceStatus: string; enabled: boolean }[] = await ok(`/v2/units/${LU800}/services`, cookies.regular);
    const rows = await db().service.findMany({ where: { unitId: LU800 } });
    expect(list.map((x) => x.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const x of list) expect(x.enabled).toBe(x.serviceStatus.toUpperCase() === 'ENABLED');
    expect(list.some((x) => x.serviceName === 'sla')).toBe(true);
  });

  it('v2/units/{id}/configurationV2 answers the configuration fields, stored values and defaults (as the updates answer it)', async () => {
    const unit = 'LU800-0002';
    const row = await db().unit.findUniqueOrThrow({ where: { id: unit } });
    const stored = { ...(row.configuration as object), delay: 2500, virtualChannelName: 'VC-1', bandwidth: { total: 6200, cellular: null } };
    await db().unit.update({ where: { id: unit }, data: { configuration: stored } });
    const c = await ok(`/v2/units/${unit}/configurationV2`, cookies.regular);
    expect(c).toMatchObject({
      unitUniqueId: unit,
      version: row.version,
      delay: 2500,
      virtualChannelName: 'VC-1',
      bandwidth: { total: 6200, cellular: null },
      storeAndForwardVideoQualityV2: row.storeAndForwardVideoQuality,
      pairingCodeMode: false,
      forceScanNow: false,
      multiCameraLabels: ['CAM-1', 'CAM-2', 'CAM-3', 'CAM-4'],
      transmissionMode: 'live',
      workingMode: 'video',
      settings: { outputChannel: null, multiChannel: false },
    });
    expect(c.alerts).toMatchObject({ mode: 'automatic', groupId: 'grp-newsroom' });
    expect(c.intercoms).toHaveLength(2);
    // The enhanced unit info carries the same configuration.
    expect((await ok(`/v2/units/enhanced/${unit}`, cookies.regular)).configuration).toEqual(c);
  });

  it('v2/units/{id}/capabilities answers { capabilities } as stored', async () => {
    const row = await db().unit.findUniqueOrThrow({ where: { id: LU800 } });
    expect(await ok(`/v2/units/${LU800}/capabilities`, cookies.read)).toEqual({ capabilities: row.capabilities });
    expect((await ok(`/v2/units/${LU800}/capabilities`, cookies.read)).capabilities.sdCard).toBe(true);
  });

  it('v2/units/{id}/storages answers the SD card with the use of its files; a unit without SD card or files has none', async () => {
    const st = await ok(`/v2/units/${LU800}/storages`, cookies.regular);
    const files = await db().file.findMany({ where: { unitId: LU800 } });
    expect(st).toEqual({
      uniqueId: LU800,
      storages: [
        {
          id: 'sd',
          name: 'SD card',
          rootDirectory: '/media/sd',
          totalBytes: null,
          freeBytes: null,
          usedBytes: files.reduce((a, f) => a + Number(f.sizeBytes), 0),
          fileCount: files.length,
        },
      ],
    });
    expect(await ok(`/v2/units/${NODEV}/storages`, cookies.regular)).toEqual({ uniqueId: NODEV, storages: [] });
    // Capacity as the device last reported it.
    await db().unit.update({ where: { id: LU800 }, data: { telemetry: { storages: [{ rootDirectory: '/media/sd', totalBytes: 64e9, freeBytes: 10e9 }] } } });
    expect((await ok(`/v2/units/${LU800}/storages`, cookies.regular)).storages[0]).toMatchObject({ totalBytes: 64e9, freeBytes: 10e9 });
    // As a device reports them (storage ids; files whose rootDirectory is the storage id); an absent SD card is none.
    await db().unit.update({
      where: { id: NODEV },
      data: {
        telemetry: {
          storages: [
            { id: 'sd', name: 'SD card', present: false, totalBytes: 0, usedBytes: 0 },
            { id: 'internal', name: 'Internal', present: true, totalBytes: 8000, usedBytes: 2000 },
          ],
        },
      },
    });
    await db().file.create({
      data: {
        id: 'fil-test-internal',
        unitId: NODEV,
        fileName: 'a_part1.3gp',
        path: '/internal/record/a_part1.3gp',
        rootDirectory: 'internal',
        sizeBytes: BigInt(500),
      },
    });
    expect(await ok(`/v2/units/${NODEV}/storages`, cookies.regular)).toEqual({
      uniqueId: NODEV,
      storages: [{ id: 'internal', name: 'Internal', rootDirectory: '/internal', totalBytes: 8000, freeBytes: 6000, usedBytes: 2000, fileCount: 1 }],
    });
    expect((await ok(`/v2/units/${NODEV}/storages/files?path=/internal/record`, cookies.regular)).files.map((f: { fileId: string }) => f.fileId)).toEqual([
      'fil-test-internal',
    ]);
  });

  it('v2/units/{id}/storages/files lists files, optionally under a path (none there: empty), with the path rules', async () => {
    const all = await ok(`/v2/units/${LU800}/storages/files`, cookies.regular);
    expect(all.path).toBeNull();
    expect(all.files).toHaveLength(3);
    const uploaded = all.files.find((f: { kind: string }) => f.kind === 'uploaded');
    expect(uploaded.status).toMatch(/^(uploaded|pending|failed)$/);
    expect(all.files.filter((f: { kind: string; status: unknown }) => f.kind === 'recorded' && f.status === null)).toHaveLength(2);
    expect(all.files[0]).toMatchObject({ rootDirectory: '/media/sd', sizeBytes: expect.any(Number), isTransferring: false });
    expect((await ok(`/v2/units/${LU800}/storages/files?path=/media/sd`, cookies.regular)).files).toHaveLength(3);
    expect((await ok(`/v2/units/${LU800}/storages/files?path=/media/sd/`, cookies.regular)).files).toHaveLength(3);
    expect((await ok(`/v2/units/${LU800}/storages/files?path=/media/sd/sub`, cookies.regular)).files).toHaveLength(0);
    const one = all.files[0] as { path: string };
    expect((await ok(`/v2/units/${LU800}/storages/files?path=${encodeURIComponent(one.path)}`, cookies.regular)).files).toHaveLength(1);
    expect(await ok(`/v2/units/${LU800}/storages/files?path=/elsewhere`, cookies.regular)).toEqual({ uniqueId: LU800, path: '/elsewhere', files: [] });
    expectError(await get(`/v2/units/${LU800}/storages/files?path=media/sd`, cookies.regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.path', message: 'Must match the pattern' },
    ]);
    expectError(await get(`/v2/units/${LU800}/storages/files?path=/media/sd/../etc`, cookies.regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.path', message: 'Must match the pattern' },
    ]);
    expectError(await get(`/v2/units/${LU800}/storages/files?path=/${'x'.repeat(1024)}`, cookies.regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.path', message: 'Must have at most 1024 characters' },
    ]);
  });

  it('v2/units/{id}/sipAccount answers the account on the inventory’s SIP server, a stored one, or null', async () => {
    const row = await db().unit.findUniqueOrThrow({ where: { id: LU800 } });
    const inv = await db().inventory.findUniqueOrThrow({ where: { id: 'inv-global' } });
    expect(await ok(`/v2/units/${LU800}/sipAccount`, cookies.regular)).toEqual({
      uniqueId: LU800,
      sipAccount: { username: 'lu800-0001', server: inv.sipServer, displayName: row.name, enabled: true },
    });
    expect(await ok('/v2/units/XTND-0001/sipAccount', cookies.regular)).toEqual({ uniqueId: 'XTND-0001', sipAccount: null }); // no intercom
    await db().unit.update({
      where: { id: 'LU800-0003' },
      data: { configuration: { sipAccount: { username: 'desk-7', server: 'sip.example.org', displayName: 'Desk 7', enabled: false } } },
    });
    expect((await ok('/v2/units/LU800-0003/sipAccount', cookies.regular)).sipAccount).toEqual({
      username: 'desk-7',
      server: 'sip.example.org',
      displayName: 'Desk 7',
      enabled: false,
    });
  });

  it('v2/units/{id}/alerts/configuration resolves the unit’s mode: automatic, group, manual', async () => {
    const auto = await ok(`/v2/units/${LU800}/alerts/configuration`, cookies.regular);
    expect(auto).toMatchObject({
      uniqueId: LU800,
      mode: 'automatic',
      groupId: 'grp-newsroom',
      source: 'group',
      settings: DEFAULT_ALERT_SETTINGS,
      soundSettings: { critical: true, warning: false },
    });
    expect(auto.alerts.battery).toEqual({ enabled: true, level: 'critical', thresholds: { warning: 30, critical: 10 } });
    expect(auto.recipients).toEqual([{ alertType: 'all', email: 'luc.regular@demo.example.com', verified: true }]);
    expect(await ok('/v2/units/DRONE-0001/alerts/configuration', cookies.regular)).toMatchObject({
      mode: 'group',
      groupId: 'grp-field-crews',
      source: 'group',
    });
    const manual = await ok('/v2/units/LU800-0003/alerts/configuration', cookies.regular);
    expect(manual).toMatchObject({ mode: 'manual', groupId: null, source: 'unit', recipients: [] });
    // Automatic = the last group the unit joined.
    await db().unitGroup.update({
      where: { unitId_groupId: { unitId: 'LU300-0001', groupId: 'grp-newsroom' } },
      data: { createdAt: new Date(Date.now() + 60_000) },
    });
    expect((await ok('/v2/units/LU300-0001/alerts/configuration', cookies.regular)).groupId).toBe('grp-newsroom');
    // A group without its own configuration inherits its inventory's.
    await db().alertConfiguration.update({ where: { id: 'alc-inv-global' }, data: { soundSettings: { critical: false, warning: true } } });
    await db().alertConfiguration.delete({ where: { id: 'alc-grp-field-crews' } });
    expect(await ok('/v2/units/DRONE-0001/alerts/configuration', cookies.regular)).toMatchObject({
      mode: 'group',
      groupId: 'grp-field-crews',
      source: 'inventory',
      soundSettings: { critical: false, warning: true },
    });
  });

  it('v2/units/{id}/alerts/possibleconfiguration previews a mode, with the query rules', async () => {
    const u = 'LU300-0001';
    expect(await ok(`/v2/units/${u}/alerts/possibleconfiguration?mode=group&groupId=grp-studio`, cookies.regular)).toMatchObject({
      mode: 'group',
      groupId: 'grp-studio',
      source: 'group',
    });
    expect(await ok(`/v2/units/${u}/alerts/possibleconfiguration?mode=manual`, cookies.regular)).toMatchObject({ mode: 'manual', groupId: null });
    expect(await ok(`/v2/units/${u}/alerts/possibleconfiguration?mode=automatic`, cookies.regular)).toMatchObject({ mode: 'automatic', source: 'group' });
    const field = (path: string, message: string) => [{ path, message }];
    expectError(
      await get(`/v2/units/${u}/alerts/possibleconfiguration`, cookies.regular),
      400,
      'VALIDATION_FAILED',
      field('query.mode', 'This field is required'),
    );
    expectError(
      await get(`/v2/units/${u}/alerts/possibleconfiguration?mode=sometimes`, cookies.regular),
      400,
      'VALIDATION_FAILED',
      field('query.mode', 'Invalid field'),
    );
    expectError(
      await get(`/v2/units/${u}/alerts/possibleconfiguration?mode=group`, cookies.regular),
      400,
      'VALIDATION_FAILED',
      field('query.groupId', 'This field is required'),
    );
    expectError(
      await get(`/v2/units/${u}/alerts/possibleconfiguration?mode=group&groupId=grp-field-crews`, cookies.regular),
      400,
      'VALIDATION_FAILED',
      field('query.groupId', 'Invalid field: not in the group'),
    );
    // Nothing was saved by a preview.
    expect((await ok(`/v2/units/${u}/alerts/configuration`, cookies.regular)).mode).toBe('automatic');
  });

  it('v2/units/{id}/bwLimitation/total and /cellular answer the caps, their option, and whether they may be configured', async () => {
    const u = 'LU800-0002'; // configured above: total 6200 kbps, no cellular cap
    expect(await ok(`/v2/units/${u}/bwLimitation/total`, cookies.regular)).toEqual({
      uniqueId: u,
      kind: 'total',
      limitKbps: 6200,
      option: '6.2',
      priorityLimits: [],
      configurable: true,
    });
    expect(await ok(`/v2/units/${u}/bwLimitation/cellular`, cookies.regular)).toEqual({
      uniqueId: u,
      kind: 'cellular',
      limitKbps: null,
      option: 'disabled',
      priorityLimits: [],
      configurable: true,
    });
    await db().unit.update({
      where: { id: NODEV },
      data: { configuration: { bandwidth: { totalKbps: 7000, cellularKbps: 5000, priorityLimits: [{ priority: 1, kbps: 4000 }] } } },
    });
    expect(await ok(`/v2/units/${NODEV}/bwLimitation/total`, cookies.regular)).toMatchObject({
      limitKbps: 7000,
      option: 'custom',
      priorityLimits: [{ priority: 1, kbps: 4000 }],
    });
    expect(await ok(`/v2/units/${NODEV}/bwLimitation/cellular`, cookies.regular)).toMatchObject({ limitKbps: 5000, option: 'custom' });
  });

  it('bwLimitation is not configurable while the unit is busy (streaming)', async () => {
    const unit = await eventually(async () => {
      const list: UnitSummary[] = (await get('/devices/fetch', cookies.regular)).json();
      return list.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.uniqueId !== LU800);
    });
    const start = await ctx.s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: cookies.regular } });
    expect(start.statusCode, start.body).toBe(200);
    await eventually(async () => (await ok(`/v2/units/${unit.uniqueId}/bwLimitation/total`, cookies.regular)).configurable === false);
    const apps = await ok(`/v2/admin/units/${unit.uniqueId}/applications`, cookies.admin);
    expect(apps).toMatchObject({ uniqueId: unit.uniqueId, status: 'streaming', busy: true, streaming: true });
    expect(apps.applications.video).toBeDefined();
    await ctx.s.app.inject({ method: 'DELETE', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: cookies.regular } });
    await eventually(async () => (await ok(`/v2/units/${unit.uniqueId}/bwLimitation/cellular`, cookies.regular)).configurable === true);
  });

  it('v2/units/{id}/dbgateway/selected answers the selected gateway or null', async () => {
    expect(await ok(`/v2/units/${LU800}/dbgateway/selected`, cookies.regular)).toEqual({
      uniqueId: LU800,
      gateway: { id: 'dbg-0001', name: 'DBG-Frankfurt', host: 'dbg1.example.net', port: 7000, status: 'online', inventoryId: 'inv-global' },
    });
    expect(await ok('/v2/units/LU800-0002/dbgateway/selected', cookies.regular)).toEqual({ uniqueId: 'LU800-0002', gateway: null });
  });

  it('v2/units/{id}/settings/pairingCode answers the mode and the stored code', async () => {
    expect(await ok(`/v2/units/${LU800}/settings/pairingCode`, cookies.regular)).toEqual({ uniqueId: LU800, enabled: false, code: null, expiresAt: null });
    await db().unit.update({ where: { id: 'LUSMART-0001' }, data: { configuration: { pairingCodeMode: true, pairingCode: '482913' } } });
    expect(await ok('/v2/units/LUSMART-0001/settings/pairingCode', cookies.regular)).toEqual({
      uniqueId: 'LUSMART-0001',
      enabled: true,
      code: '482913',
      expiresAt: null,
    });
  });

  it('v2/units/{id}/interfaces/modem/{n}/config answers cellular modem n, 404 for another n, with the parameter rules', async () => {
    const c = await ok(`/v2/units/${LU800}/interfaces/modem/1/config`, cookies.regular);
    expect(c).toMatchObject({ uniqueId: LU800, port: 1, modemId: `${LU800}-m1`, name: 'Modem 1', networkMode: '3G/4G/5G', roamingAllowed: false });
    expect(c.apns).toEqual([1, 2, 3, 4].map((slot) => ({ slot, apn: '', username: '', authProtocol: 'none' })));
    expect(c.apns).toHaveLength(LIMITS.apnSlots);
    const row = await db().unit.findUniqueOrThrow({ where: { id: LU800 } });
    await db().unit.update({
      where: { id: LU800 },
      data: {
        configuration: {
          ...(row.configuration as object),
          network: {
            interfaces: {
              2: { networkMode: '4G', roamingAllowed: true, activeSim: 'B', apns: [{ slot: 2, apn: 'internet.example', username: 'u', authProtocol: 'CHAP' }] },
            },
          },
        },
      },
    });
    const two = await ok(`/v2/units/${LU800}/interfaces/modem/2/config`, cookies.regular);
    expect(two).toMatchObject({ port: 2, networkMode: '4G', roamingAllowed: true, activeSim: 'B' });
    expect(two.apns[1]).toEqual({ slot: 2, apn: 'internet.example', username: 'u', authProtocol: 'CHAP' });
    expect(two.apns[0]).toEqual({ slot: 1, apn: '', username: '', authProtocol: 'none' });
    expectError(await get(`/v2/units/${LU800}/interfaces/modem/7/config`, cookies.regular), 404, 'NOT_FOUND'); // port 7 is Wi-Fi
    expectError(await get(`/v2/units/${LU800}/interfaces/modem/42/config`, cookies.regular), 404, 'NOT_FOUND');
    expectError(await get(`/v2/units/${NODEV}/interfaces/modem/1/config`, cookies.regular), 404, 'NOT_FOUND'); // never reported
    const bad = (n: string, message: string) =>
      get(`/v2/units/${LU800}/interfaces/modem/${n}/config`, cookies.regular).then((r) =>
        expectError(r, 400, 'VALIDATION_FAILED', [{ path: 'params.n', message }]),
      );
    await bad('0', 'Must be 1 or more');
    await bad('abc', 'Must be a number');
    await bad('1.5', 'Must be an integer');
  });

  it('v2/units/{id}/groups answers the unit’s groups the caller can see', async () => {
    expect(await ok('/v2/units/LU300-0001/groups', cookies.regular)).toEqual([
      { id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv-global', inventoryName: 'Global-News' },
      { id: 'grp-studio', name: 'Studio', inventoryId: 'inv-global', inventoryName: 'Global-News' },
    ]);
    expect((await ok(`/v2/units/${HIDDEN}/groups`, cookies.superUser)).map((g: { id: string }) => g.id)).toEqual(['grp-metro-live']);
  });
});
