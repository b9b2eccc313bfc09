/**
 * Unit reads of spec 000 §7 ("Unit reads (GET)") through the real HTTP surface, on real SQLite and
 * real PostgreSQL with the real simulator: answers built from stored and live state, the
 * validation rules with the spec's words, object scope (404), sessions (401) and roles (403).
 *
 * Stored state that other areas' calls would write (alerts, configuration values, application
 * configuration rows) is put in place here through the database, then read back through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  DEFAULT_ALERT_SETTINGS,
  LIMITS,
  TIMINGS,
  unitReadEndpoints,
  type AdminUnitPage,
  type EndpointId,
  type UnitSummary,
} from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack } from '../support/stack.js';

type Res = Awaited<ReturnType<TestStack['app']['inject']>>;

/** A unit with no device behind it (never reports): stored state only. */
const NODEV = 'TESTNODEV-0001';
/** A unit in Metro-TV's inventory but also in group Newsroom: visible to luc_regular by group only. */
const CROSS = 'TESTCROSS-0001';
const HIDDEN = 'LU800-0005';
const LU800 = 'LU800-0001';

describe.each(providers())('unit reads on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let read: string;
  let superUser: string;
  let admin: string;
  let curator: string;
  let partner: string;

  const get = (url: string, cookie?: string): Promise<Res> => s.app.inject({ method: 'GET', url: `/api${url}`, headers: cookie ? { cookie } : {} });
  const ok = async (url: string, cookie: string) => {
    const res = await get(url, cookie);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const expectError = (res: Res, status: number, code: string, fields?: { path: string; message: string }[]) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.error.code).toBe(code);
    if (fields) expect(body.error.fields).toEqual(fields);
  };
  const db = () => s.app.services.db;

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [regular, read, superUser, admin, curator, partner] = await Promise.all([
      s.login('luc_regular'),
      s.login('luc_read'),
      s.login('super_user'),
      s.login('luc_admin'),
      s.login('luc_curator'),
      s.login('luc_partner'),
    ]);
    const base = {
      comment: '',
      status: 'offline',
      swVersion: '8.5',
      sharing: false,
      license: { valid: true, kind: 'days', pro: false, fourK: false, raHours: 1, rlHours: 2 },
      capabilities: { intercom: true },
      services: [],
      configuration: {},
      telemetry: {},
    };
    await db().unit.create({
      data: {
        ...base,
        id: NODEV,
        name: 'Test-NoDevice',
        productType: 'LU-Smart',
        typeGroup: 'smartUnits',
        serialNumber: 'TESTSER-1',
        latitude: 48.1,
        longitude: 11.5,
        address: 'Marienplatz 1',
      },
    });
    await db().unitInventory.create({ data: { unitId: NODEV, inventoryId: 'inv-global' } });
    await db().unitGroup.create({ data: { unitId: NODEV, groupId: 'grp-newsroom' } });
    await db().unit.create({ data: { ...base, id: CROSS, name: 'Test-Cross', productType: 'LU800', typeGroup: 'fieldUnits', serialNumber: 'TESTSER-2' } });
    await db().unitInventory.create({ data: { unitId: CROSS, inventoryId: 'inv-metro' } });
    await db().unitGroup.create({ data: { unitId: CROSS, groupId: 'grp-newsroom' } });
    // Wait for the simulator's first telemetry of the unit most tests read.
    await eventually(async () => (s.app.services.telemetry.get(LU800)?.modems.length ?? 0) > 0);
  });
  afterAll(async () => s?.close());

  // ── cross-cutting ─────────────────────────────────────────────────────────────────────────

  const ids = Object.keys(unitReadEndpoints) as (keyof typeof unitReadEndpoints)[];
  /** Query strings that make a call valid, where it has required query fields. */
  const REQUIRED_QUERY: Partial<Record<EndpointId, string>> = {
    getUnitPossibleAlertsConfiguration: '?mode=automatic',
    fetchFeatures: '?groupId=grp-newsroom',
    fetchSettingsConfiguration: `?machineUid=${LU800}`,
  };
  const urlOf = (id: EndpointId, unitId: string) => buildPath(catalogue[id].path, { id: unitId, n: 1 }) + (REQUIRED_QUERY[id] ?? '');

  it('answers 401 to every read without a session', async () => {
    for (const id of ids) {
      const res = await get(urlOf(id, LU800));
      expect(res.statusCode, id).toBe(401);
      expect(res.json().error.code, id).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 404 (the catalogue NOT_FOUND) for unknown units and for units outside the caller’s inventories and groups', async () => {
    for (const id of ids) {
      const def = catalogue[id];
      if (def.scope !== 'unit') continue;
      const who = def.roles.includes('luc_regular') ? regular : admin;
      for (const unitId of [HIDDEN, 'NO-SUCH-UNIT']) {
        const res = await get(urlOf(id, unitId), who);
        expectError(res, 404, 'NOT_FOUND');
        expect(res.json().error.message, id).toBe('Items cannot be displayed. Please contact support');
      }
    }
  });

  it('refuses admin reads to non-admin roles (403) and the client configuration to limited roles', async () => {
    for (const id of ids) {
      const def = catalogue[id];
      if (def.roles.includes('luc_regular')) continue;
      const res = await get(urlOf(id, LU800), id === 'getClientConfiguration' ? curator : regular);
      expectError(res, 403, 'FORBIDDEN');
    }
    expectError(await get('/client/configuration', curator), 403, 'FORBIDDEN');
    expectError(await get('/v2/admin/units', read), 403, 'FORBIDDEN');
  });

  it('changes nothing when it answers (rejected and accepted reads alike)', async () => {
    const before = await db().unit.findUnique({ where: { id: LU800 } });
    await get(`/v2/units/${LU800}/storages/files?path=relative`, regular);
    await get(`/v2/units/${LU800}/alerts/possibleconfiguration?mode=nope`, regular);
    await get(`/v2/units/${LU800}/configurationV2`, regular);
    const after = await db().unit.findUnique({ where: { id: LU800 } });
    expect(after?.version).toBe(before?.version);
    expect(after?.configuration).toEqual(before?.configuration);
  });

  // ── devices/* ────────────────────────────────────────────────────────────────────────────

  it('devices/fetch_by_id answers the unit as devices/fetch lists it', async () => {
    const list: UnitSummary[] = await ok('/devices/fetch', regular);
    const one: UnitSummary = await ok(`/devices/fetch_by_id/${LU800}`, regular);
    const listed = list.find((u) => u.uniqueId === LU800)!;
    expect(one).toMatchObject({ uniqueId: LU800, name: listed.name, type: listed.type, typeGroup: listed.typeGroup, inventoryIds: listed.inventoryIds });
    // Visible by group only is visible.
    expect((await ok(`/devices/fetch_by_id/${CROSS}`, regular)).uniqueId).toBe(CROSS);
  });

  it('devices/{id}/location answers the live position, else the stored address', async () => {
    const live = await ok(`/devices/${LU800}/location`, regular);
    expect(live.live).toBe(true);
    expect(live.location).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
    // The simulated unit reports from where it is stored as being (its seeded position, in the city of its name).
    const stored = await db().unit.findUniqueOrThrow({ where: { id: LU800 }, select: { latitude: true, longitude: true, address: true } });
    expect(Math.abs(live.location.lat - stored.latitude!)).toBeLessThan(0.1);
    expect(Math.abs(live.location.lng - stored.longitude!)).toBeLessThan(0.1);
    expect(live.location.address).toBe(stored.address);
    expect(await ok(`/devices/${NODEV}/location`, regular)).toEqual({
      uniqueId: NODEV,
      live: false,
      location: { lat: 48.1, lng: 11.5, address: 'Marienplatz 1' },
    });
  });

  it('devices/{id}/modems answers the reported links with their UI state', async () => {
    const m = await ok(`/devices/${LU800}/modems`, regular);
    expect(m.modems.length).toBe(8); // a field unit: 6 cellular modems, Wi-Fi, Ethernet
    for (const x of m.modems) {
      expect(x.uiState).toBe(!x.enabled ? 'disabled' : x.connected ? 'connected' : 'not_connected');
    }
    const live = m.modems.filter((x: { connected: boolean; enabled: boolean }) => x.connected && x.enabled);
    expect(m.connectedCount).toBe(live.length);
    expect(m.totalUplinkKbps).toBeCloseTo(live.reduce((a: number, x: { uplinkKbps: number }) => a + x.uplinkKbps, 0));
    expect(await ok(`/devices/${NODEV}/modems`, regular)).toEqual({ uniqueId: NODEV, modems: [], connectedCount: 0, totalUplinkKbps: 0 });
  });

  it('devices/fetch_coords answers a marker per visible unit with a position, optionally of one group', async () => {
    const coords: { uniqueId: string; location: { lat: number } }[] = await ok('/devices/fetch_coords', regular);
    const ids = coords.map((c) => c.uniqueId);
    expect(ids).toContain(LU800);
    expect(ids).toContain(NODEV);
    expect(ids).not.toContain(HIDDEN);
    const all: { uniqueId: string }[] = await ok('/devices/fetch_coords', superUser);
    expect(all.map((c) => c.uniqueId)).toContain(HIDDEN);
    const studio: { uniqueId: string }[] = await ok('/devices/fetch_coords?group=grp-studio', regular);
    const studioUnits = (await db().unitGroup.findMany({ where: { groupId: 'grp-studio' } })).map((g) => g.unitId).sort();
    expect(studio.map((c) => c.uniqueId).sort()).toEqual(studioUnits);
    expectError(await get('/devices/fetch_coords?group=', regular), 400, 'VALIDATION_FAILED', [{ path: 'query.group', message: 'This field is required' }]);
    expectError(await get('/devices/fetch_coords?bogus=1', regular), 400, 'VALIDATION_FAILED', [{ path: 'query', message: 'Invalid field' }]);
  });

  // ── v2/units/{id}/* ──────────────────────────────────────────────────────────────────────

  it('v2/units/enhanced/{id} answers the detail with configuration and capabilities, refreshed every 60 s', async () => {
    const e = await ok(`/v2/units/enhanced/${LU800}`, read);
    const detail = await ok(`/v2/units/${LU800}`, read);
    expect(e).toMatchObject({ uniqueId: LU800, name: detail.name, serialNumber: detail.serialNumber, capabilities: detail.capabilities });
    expect(e.refreshIntervalMs).toBe(TIMINGS.enhancedUnitRefreshMs);
    expect(e.configuration.unitUniqueId).toBe(LU800);
    expect(e.configuration.version).toBe(detail.version);
  });

  it('v2/units/{id}/services answers the unit’s services; enabled when the status is ENABLED', async () => {
    const list: { id: string; serviceName: string; serviceStatus: string; enabled: boolean }[] = await ok(`/v2/units/${LU800}/services`, regular);
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
    const c = await ok(`/v2/units/${unit}/configurationV2`, regular);
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
    expect((await ok(`/v2/units/enhanced/${unit}`, regular)).configuration).toEqual(c);
  });

  it('v2/units/{id}/capabilities answers { capabilities } as stored', async () => {
    const row = await db().unit.findUniqueOrThrow({ where: { id: LU800 } });
    expect(await ok(`/v2/units/${LU800}/capabilities`, read)).toEqual({ capabilities: row.capabilities });
    expect((await ok(`/v2/units/${LU800}/capabilities`, read)).capabilities.sdCard).toBe(true);
  });

  it('v2/units/{id}/storages answers the SD card with the use of its files; a unit without SD card or files has none', async () => {
    const st = await ok(`/v2/units/${LU800}/storages`, regular);
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
    expect(await ok(`/v2/units/${NODEV}/storages`, regular)).toEqual({ uniqueId: NODEV, storages: [] });
    // Capacity as the device last reported it.
    await db().unit.update({ where: { id: LU800 }, data: { telemetry: { storages: [{ rootDirectory: '/media/sd', totalBytes: 64e9, freeBytes: 10e9 }] } } });
    expect((await ok(`/v2/units/${LU800}/storages`, regular)).storages[0]).toMatchObject({ totalBytes: 64e9, freeBytes: 10e9 });
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
    expect(await ok(`/v2/units/${NODEV}/storages`, regular)).toEqual({
      uniqueId: NODEV,
      storages: [{ id: 'internal', name: 'Internal', rootDirectory: '/internal', totalBytes: 8000, freeBytes: 6000, usedBytes: 2000, fileCount: 1 }],
    });
    expect((await ok(`/v2/units/${NODEV}/storages/files?path=/internal/record`, regular)).files.map((f: { fileId: string }) => f.fileId)).toEqual([
      'fil-test-internal',
    ]);
  });

  it('v2/units/{id}/storages/files lists files, optionally under a path (none there: empty), with the path rules', async () => {
    const all = await ok(`/v2/units/${LU800}/storages/files`, regular);
    expect(all.path).toBeNull();
    expect(all.files).toHaveLength(3);
    const uploaded = all.files.find((f: { kind: string }) => f.kind === 'uploaded');
    expect(uploaded.status).toMatch(/^(uploaded|pending|failed)$/);
    expect(all.files.filter((f: { kind: string; status: unknown }) => f.kind === 'recorded' && f.status === null)).toHaveLength(2);
    expect(all.files[0]).toMatchObject({ rootDirectory: '/media/sd', sizeBytes: expect.any(Number), isTransferring: false });
    expect((await ok(`/v2/units/${LU800}/storages/files?path=/media/sd`, regular)).files).toHaveLength(3);
    expect((await ok(`/v2/units/${LU800}/storages/files?path=/media/sd/`, regular)).files).toHaveLength(3);
    expect((await ok(`/v2/units/${LU800}/storages/files?path=/media/sd/sub`, regular)).files).toHaveLength(0);
    const one = all.files[0] as { path: string };
    expect((await ok(`/v2/units/${LU800}/storages/files?path=${encodeURIComponent(one.path)}`, regular)).files).toHaveLength(1);
    expect(await ok(`/v2/units/${LU800}/storages/files?path=/elsewhere`, regular)).toEqual({ uniqueId: LU800, path: '/elsewhere', files: [] });
    expectError(await get(`/v2/units/${LU800}/storages/files?path=media/sd`, regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.path', message: 'Must match the pattern' },
    ]);
    expectError(await get(`/v2/units/${LU800}/storages/files?path=/media/sd/../etc`, regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.path', message: 'Invalid field' },
    ]);
    expectError(await get(`/v2/units/${LU800}/storages/files?path=/${'x'.repeat(1024)}`, regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.path', message: 'Must have at most 1024 characters' },
    ]);
  });

  it('v2/units/{id}/sipAccount answers the account on the inventory’s SIP server, a stored one, or null', async () => {
    const row = await db().unit.findUniqueOrThrow({ where: { id: LU800 } });
    const inv = await db().inventory.findUniqueOrThrow({ where: { id: 'inv-global' } });
    expect(await ok(`/v2/units/${LU800}/sipAccount`, regular)).toEqual({
      uniqueId: LU800,
      sipAccount: { username: 'lu800-0001', server: inv.sipServer, displayName: row.name, enabled: true },
    });
    expect(await ok('/v2/units/XTND-0001/sipAccount', regular)).toEqual({ uniqueId: 'XTND-0001', sipAccount: null }); // no intercom
    await db().unit.update({
      where: { id: 'LU800-0003' },
      data: { configuration: { sipAccount: { username: 'desk-7', server: 'sip.example.org', displayName: 'Desk 7', enabled: false } } },
    });
    expect((await ok('/v2/units/LU800-0003/sipAccount', regular)).sipAccount).toEqual({
      username: 'desk-7',
      server: 'sip.example.org',
      displayName: 'Desk 7',
      enabled: false,
    });
  });

  it('v2/units/{id}/alerts/configuration resolves the unit’s mode: automatic, group, manual', async () => {
    const auto = await ok(`/v2/units/${LU800}/alerts/configuration`, regular);
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
    expect(await ok('/v2/units/DRONE-0001/alerts/configuration', regular)).toMatchObject({ mode: 'group', groupId: 'grp-field-crews', source: 'group' });
    const manual = await ok('/v2/units/LU800-0003/alerts/configuration', regular);
    expect(manual).toMatchObject({ mode: 'manual', groupId: null, source: 'unit', recipients: [] });
    // Automatic = the last group the unit joined.
    await db().unitGroup.update({
      where: { unitId_groupId: { unitId: 'LU300-0001', groupId: 'grp-newsroom' } },
      data: { createdAt: new Date(Date.now() + 60_000) },
    });
    expect((await ok('/v2/units/LU300-0001/alerts/configuration', regular)).groupId).toBe('grp-newsroom');
    // A group without its own configuration inherits its inventory's.
    await db().alertConfiguration.update({ where: { id: 'alc-inv-global' }, data: { soundSettings: { critical: false, warning: true } } });
    await db().alertConfiguration.delete({ where: { id: 'alc-grp-field-crews' } });
    expect(await ok('/v2/units/DRONE-0001/alerts/configuration', regular)).toMatchObject({
      mode: 'group',
      groupId: 'grp-field-crews',
      source: 'inventory',
      soundSettings: { critical: false, warning: true },
    });
  });

  it('v2/units/{id}/alerts/possibleconfiguration previews a mode, with the query rules', async () => {
    const u = 'LU300-0001';
    expect(await ok(`/v2/units/${u}/alerts/possibleconfiguration?mode=group&groupId=grp-studio`, regular)).toMatchObject({
      mode: 'group',
      groupId: 'grp-studio',
      source: 'group',
    });
    expect(await ok(`/v2/units/${u}/alerts/possibleconfiguration?mode=manual`, regular)).toMatchObject({ mode: 'manual', groupId: null });
    expect(await ok(`/v2/units/${u}/alerts/possibleconfiguration?mode=automatic`, regular)).toMatchObject({ mode: 'automatic', source: 'group' });
    const field = (path: string, message: string) => [{ path, message }];
    expectError(await get(`/v2/units/${u}/alerts/possibleconfiguration`, regular), 400, 'VALIDATION_FAILED', field('query.mode', 'This field is required'));
    expectError(
      await get(`/v2/units/${u}/alerts/possibleconfiguration?mode=sometimes`, regular),
      400,
      'VALIDATION_FAILED',
      field('query.mode', 'Invalid field'),
    );
    expectError(
      await get(`/v2/units/${u}/alerts/possibleconfiguration?mode=group`, regular),
      400,
      'VALIDATION_FAILED',
      field('query.groupId', 'This field is required'),
    );
    expectError(
      await get(`/v2/units/${u}/alerts/possibleconfiguration?mode=group&groupId=grp-field-crews`, regular),
      400,
      'VALIDATION_FAILED',
      field('query.groupId', 'Invalid field'),
    );
    // Nothing was saved by a preview.
    expect((await ok(`/v2/units/${u}/alerts/configuration`, regular)).mode).toBe('automatic');
  });

  it('v2/units/{id}/bwLimitation/total and /cellular answer the caps, their option, and whether they may be configured', async () => {
    const u = 'LU800-0002'; // configured above: total 6200 kbps, no cellular cap
    expect(await ok(`/v2/units/${u}/bwLimitation/total`, regular)).toEqual({
      uniqueId: u,
      kind: 'total',
      limitKbps: 6200,
      option: '6.2',
      priorityLimits: [],
      configurable: true,
    });
    expect(await ok(`/v2/units/${u}/bwLimitation/cellular`, regular)).toEqual({
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
    expect(await ok(`/v2/units/${NODEV}/bwLimitation/total`, regular)).toMatchObject({
      limitKbps: 7000,
      option: 'custom',
      priorityLimits: [{ priority: 1, kbps: 4000 }],
    });
    expect(await ok(`/v2/units/${NODEV}/bwLimitation/cellular`, regular)).toMatchObject({ limitKbps: 5000, option: 'custom' });
  });

  it('bwLimitation is not configurable while the unit is busy (streaming)', async () => {
    const unit = await eventually(async () => {
      const list: UnitSummary[] = (await get('/devices/fetch', regular)).json();
      return list.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.uniqueId !== LU800);
    });
    const start = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular } });
    expect(start.statusCode, start.body).toBe(200);
    await eventually(async () => (await ok(`/v2/units/${unit.uniqueId}/bwLimitation/total`, regular)).configurable === false);
    const apps = await ok(`/v2/admin/units/${unit.uniqueId}/applications`, admin);
    expect(apps).toMatchObject({ uniqueId: unit.uniqueId, status: 'streaming', busy: true, streaming: true });
    expect(apps.applications.video).toBeDefined();
    await s.app.inject({ method: 'DELETE', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular } });
    await eventually(async () => (await ok(`/v2/units/${unit.uniqueId}/bwLimitation/cellular`, regular)).configurable === true);
  });

  it('v2/units/{id}/dbgateway/selected answers the selected gateway or null', async () => {
    expect(await ok(`/v2/units/${LU800}/dbgateway/selected`, regular)).toEqual({
      uniqueId: LU800,
      gateway: { id: 'dbg-0001', name: 'DBG-Frankfurt', host: 'dbg1.example.net', port: 7000, status: 'online', inventoryId: 'inv-global' },
    });
    expect(await ok('/v2/units/LU800-0002/dbgateway/selected', regular)).toEqual({ uniqueId: 'LU800-0002', gateway: null });
  });

  it('v2/units/{id}/settings/pairingCode answers the mode and the stored code', async () => {
    expect(await ok(`/v2/units/${LU800}/settings/pairingCode`, regular)).toEqual({ uniqueId: LU800, enabled: false, code: null, expiresAt: null });
    await db().unit.update({ where: { id: 'LUSMART-0001' }, data: { configuration: { pairingCodeMode: true, pairingCode: '482913' } } });
    expect(await ok('/v2/units/LUSMART-0001/settings/pairingCode', regular)).toEqual({
      uniqueId: 'LUSMART-0001',
      enabled: true,
      code: '482913',
      expiresAt: null,
    });
  });

  it('v2/units/{id}/interfaces/modem/{n}/config answers cellular modem n, 404 for another n, with the parameter rules', async () => {
    const c = await ok(`/v2/units/${LU800}/interfaces/modem/1/config`, regular);
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
    const two = await ok(`/v2/units/${LU800}/interfaces/modem/2/config`, regular);
    expect(two).toMatchObject({ port: 2, networkMode: '4G', roamingAllowed: true, activeSim: 'B' });
    expect(two.apns[1]).toEqual({ slot: 2, apn: 'internet.example', username: 'u', authProtocol: 'CHAP' });
    expect(two.apns[0]).toEqual({ slot: 1, apn: '', username: '', authProtocol: 'none' });
    expectError(await get(`/v2/units/${LU800}/interfaces/modem/7/config`, regular), 404, 'NOT_FOUND'); // port 7 is Wi-Fi
    expectError(await get(`/v2/units/${LU800}/interfaces/modem/42/config`, regular), 404, 'NOT_FOUND');
    expectError(await get(`/v2/units/${NODEV}/interfaces/modem/1/config`, regular), 404, 'NOT_FOUND'); // never reported
    const bad = (n: string, message: string) =>
      get(`/v2/units/${LU800}/interfaces/modem/${n}/config`, regular).then((r) => expectError(r, 400, 'VALIDATION_FAILED', [{ path: 'params.n', message }]));
    await bad('0', 'Must be 1 or more');
    await bad('abc', 'Must be a number');
    await bad('1.5', 'Must be an integer');
  });

  it('v2/units/{id}/groups answers the unit’s groups the caller can see', async () => {
    expect(await ok('/v2/units/LU300-0001/groups', regular)).toEqual([
      { id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv-global', inventoryName: 'Global-News' },
      { id: 'grp-studio', name: 'Studio', inventoryId: 'inv-global', inventoryName: 'Global-News' },
    ]);
    expect((await ok(`/v2/units/${HIDDEN}/groups`, superUser)).map((g: { id: string }) => g.id)).toEqual(['grp-metro-live']);
  });

  // ── admin ────────────────────────────────────────────────────────────────────────────────

  it('v2/admin/units pages, searches and sorts; non-global admins see their inventories only', async () => {
    const all: AdminUnitPage = await ok('/v2/admin/units', superUser);
    const total = await db().unit.count();
    expect(all).toMatchObject({ total, offset: 0, limit: LIMITS.unitSearchDefaultPageSize });
    expect(all.items).toHaveLength(Math.min(total, LIMITS.unitSearchDefaultPageSize));
    const byUid: AdminUnitPage = await ok('/v2/admin/units?sortBy=uniqueId&sortDir=desc&limit=1000', superUser);
    const uids = byUid.items.map((u) => u.uniqueId);
    expect(uids).toEqual([...uids].sort().reverse());
    const page: AdminUnitPage = await ok('/v2/admin/units?sortBy=uniqueId&sortDir=desc&limit=5&offset=5', superUser);
    expect(page.items.map((u) => u.uniqueId)).toEqual(uids.slice(5, 10));
    expect(page).toMatchObject({ total, offset: 5, limit: 5 });
    const lu800: AdminUnitPage = await ok('/v2/admin/units?searchKey=uniqueId&searchValue=lu800&sortBy=uniqueId', superUser);
    expect(lu800.items.map((u) => u.uniqueId)).toEqual(['LU800-0001', 'LU800-0002', 'LU800-0003', 'LU800-0004', 'LU800-0005']);
    const named: AdminUnitPage = await ok(`/v2/admin/units?searchValue=${encodeURIComponent('test-nodevice')}`, superUser);
    expect(named.items.map((u) => u.uniqueId)).toEqual([NODEV]);
    const mine: AdminUnitPage = await ok('/v2/admin/units?limit=1000', admin);
    const globalUnits = (await db().unitInventory.findMany({ where: { inventoryId: 'inv-global' } })).map((x) => x.unitId);
    expect(mine.total).toBe(globalUnits.length);
    expect(mine.items.map((u) => u.uniqueId).sort()).toEqual(globalUnits.sort());
    expect(mine.items.map((u) => u.uniqueId)).not.toContain(CROSS); // in a group of theirs, not an inventory
    const field = (path: string, message: string) => [{ path, message }];
    expectError(await get('/v2/admin/units?sortBy=password', admin), 400, 'VALIDATION_FAILED', field('query.sortBy', 'Invalid field'));
    expectError(await get('/v2/admin/units?searchKey=license&searchValue=x', admin), 400, 'VALIDATION_FAILED', field('query.searchKey', 'Invalid field'));
    expectError(await get('/v2/admin/units?sortDir=up', admin), 400, 'VALIDATION_FAILED', field('query.sortDir', 'Invalid field'));
    expectError(await get('/v2/admin/units?limit=0', admin), 400, 'VALIDATION_FAILED', field('query.limit', 'Must be 1 or more'));
    expectError(
      await get(`/v2/admin/units?limit=${LIMITS.pageSizeMax + 1}`, admin),
      400,
      'VALIDATION_FAILED',
      field('query.limit', `Must be ${LIMITS.pageSizeMax} or less`),
    );
    expectError(await get('/v2/admin/units?offset=-1', admin), 400, 'VALIDATION_FAILED', field('query.offset', 'Must be 0 or more'));
    expectError(await get('/v2/admin/units?limit=many', admin), 400, 'VALIDATION_FAILED', field('query.limit', 'Must be a number'));
    expectError(await get('/v2/admin/units?offset=1.5', admin), 400, 'VALIDATION_FAILED', field('query.offset', 'Must be an integer'));
    expectError(await get('/v2/admin/units?offset=1e12', admin), 400, 'VALIDATION_FAILED', field('query.offset', 'Must be 2147483647 or less'));
    expect(await ok('/v2/admin/units?offset=2147483647', admin)).toMatchObject({ items: [], offset: 2147483647 });
    expectError(await get('/v2/admin/units?limit=1&limit=2', admin), 400, 'VALIDATION_FAILED', field('query.limit', 'Must be a number'));
    expectError(
      await get(`/v2/admin/units?searchValue=${'x'.repeat(256)}`, admin),
      400,
      'VALIDATION_FAILED',
      field('query.searchValue', 'Must be no more than 255 characters'),
    );
  });

  it('v2/admin/inventories/{id}/units lists one inventory’s units, with excludeProducts', async () => {
    const sports: AdminUnitPage = await ok('/v2/admin/inventories/inv-global-sports/units?sortBy=uniqueId', superUser);
    expect(sports.items.map((u) => u.uniqueId)).toEqual(['LU600H264-0002', 'LU800-0004', 'LULITE-0002', 'PTMP-0002', 'XTND-0002']);
    const noX: AdminUnitPage = await ok('/v2/admin/inventories/inv-global-sports/units?excludeProducts=Xtender,LU-Lite', superUser);
    expect(noX.total).toBe(3);
    const page: AdminUnitPage = await ok('/v2/admin/inventories/inv-global/units?limit=2', admin);
    expect(page).toMatchObject({ limit: 2, offset: 0 });
    expect(page.items).toHaveLength(2);
    expectError(await get('/v2/admin/inventories/inv-metro/units', admin), 404, 'NOT_FOUND');
    expectError(await get('/v2/admin/inventories/NO-SUCH/units', superUser), 404, 'NOT_FOUND');
    expectError(await get('/v2/admin/inventories/inv-global/units?sortBy=secret', admin), 400, 'VALIDATION_FAILED', [
      { path: 'query.sortBy', message: 'Invalid field' },
    ]);
    expectError(await get('/v2/admin/inventories/inv-global/units', regular), 403, 'FORBIDDEN');
  });

  it('v2/admin/units/{id} and its inventories answer the admin view; group-only visibility is not enough for admins', async () => {
    const d = await ok(`/v2/admin/units/${HIDDEN}`, superUser);
    expect(d).toMatchObject({
      uniqueId: HIDDEN,
      inventories: [{ id: 'inv-metro', name: 'Metro-TV', region: 'us-east', parentId: null }],
      alertsConfigMode: 'automatic',
    });
    expect(d.groups.map((g: { id: string }) => g.id)).toEqual(['grp-metro-live']);
    expect(d.databridgeGatewayId).toBeNull();
    expect((await ok(`/v2/admin/units/${LU800}`, admin)).databridgeGatewayId).toBe('dbg-0001');
    expect(await ok(`/v2/admin/units/${LU800}/inventories`, admin)).toEqual([{ id: 'inv-global', name: 'Global-News', region: 'eu-west', parentId: null }]);
    // luc_regular sees CROSS through group Newsroom; luc_admin's admin view needs one of their inventories.
    expect((await ok(`/v2/units/${CROSS}`, admin)).uniqueId).toBe(CROSS);
    for (const path of ['', '/inventories', '/groups', '/groups/ofInventories', '/dbgateway', '/applications']) {
      expectError(await get(`/v2/admin/units/${CROSS}${path}`, admin), 404, 'NOT_FOUND');
    }
    expect((await ok(`/v2/admin/units/${CROSS}/inventories`, superUser)).map((i: { id: string }) => i.id)).toEqual(['inv-metro']);
  });

  it('v2/admin/units/{id}/groups and groups/ofInventories page the unit’s groups and the candidates', async () => {
    const g = await ok('/v2/admin/units/LU300-0001/groups', admin);
    expect(g).toMatchObject({ total: 2, offset: 0, limit: LIMITS.unitSearchDefaultPageSize });
    expect(g.items.map((x: { id: string; associated: boolean }) => [x.id, x.associated])).toEqual([
      ['grp-newsroom', true],
      ['grp-studio', true],
    ]);
    const cand = await ok('/v2/admin/units/LU300-0001/groups/ofInventories?sortBy=name&sortDir=desc', admin);
    expect(cand.items.map((x: { name: string; associated: boolean }) => [x.name, x.associated])).toEqual([
      ['Studio', true],
      ['Newsroom', true],
      ['Field-Crews', false],
    ]);
    const searched = await ok('/v2/admin/units/LU300-0001/groups/ofInventories?searchKey=name&searchValue=field', admin);
    expect(searched.items.map((x: { id: string }) => x.id)).toEqual(['grp-field-crews']);
    const paged = await ok('/v2/admin/units/LU300-0001/groups/ofInventories?limit=1&offset=1', admin);
    expect(paged).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(paged.items[0].name).toBe('Newsroom');
    expectError(await get('/v2/admin/units/LU300-0001/groups?searchKey=inventory', admin), 400, 'VALIDATION_FAILED', [
      { path: 'query.searchKey', message: 'Invalid field' },
    ]);
    expectError(await get('/v2/admin/units/LU300-0001/groups/ofInventories?limit=0', admin), 400, 'VALIDATION_FAILED', [
      { path: 'query.limit', message: 'Must be 1 or more' },
    ]);
  });

  it('v2/admin/units/{id}/dbgateway answers the selected gateway and those the unit may use', async () => {
    const gw = { id: 'dbg-0001', name: 'DBG-Frankfurt', host: 'dbg1.example.net', port: 7000, status: 'online', inventoryId: 'inv-global' };
    expect(await ok(`/v2/admin/units/${LU800}/dbgateway`, admin)).toEqual({ uniqueId: LU800, selected: gw, available: [gw] });
    expect(await ok(`/v2/admin/units/${HIDDEN}/dbgateway`, superUser)).toEqual({ uniqueId: HIDDEN, selected: null, available: [] });
  });

  it('v2/admin/smartunit/{id} answers an LU-Smart unit’s settings, 404 for other units', async () => {
    await db().invitation.create({ data: { groupId: 'grp-newsroom', planType: 'ADHOC_SMART', period: '1d', code: 'INV-TEST-1', unitId: NODEV } });
    const sm = await ok(`/v2/admin/smartunit/${NODEV}`, admin);
    expect(sm).toMatchObject({
      uniqueId: NODEV,
      productType: 'LU-Smart',
      status: 'offline',
      country: 'usa',
      bandwidthLimitKbps: LIMITS.smartUnitBandwidthDefaultKbps,
      bandwidthLimitBounds: { defaultKbps: 0, minKbps: 1000, maxKbps: 20000 },
      inventories: [{ id: 'inv-global', name: 'Global-News' }],
      invitation: { planType: 'ADHOC_SMART', groupId: 'grp-newsroom', expiresAt: null },
    });
    await db().unit.update({ where: { id: 'LUSMART-0002' }, data: { configuration: { smart: { country: 'deu', bandwidthLimitKbps: 5000 } } } });
    expect(await ok('/v2/admin/smartunit/LUSMART-0002', admin)).toMatchObject({ country: 'deu', bandwidthLimitKbps: 5000, invitation: null });
    expectError(await get(`/v2/admin/smartunit/${LU800}`, admin), 404, 'NOT_FOUND');
  });

  it('v2/admin/units/{id}/applications answers an idle unit’s (empty) activities', async () => {
    const idle = await eventually(async () => {
      const a = await ok('/v2/admin/units/PTP-0001/applications', superUser);
      return a.status === 'idle' ? a : null;
    });
    expect(idle).toEqual({ uniqueId: 'PTP-0001', status: 'idle', applications: {}, busy: false, streaming: false });
    expect(await ok(`/v2/admin/units/${NODEV}/applications`, admin)).toEqual({
      uniqueId: NODEV,
      status: 'offline',
      applications: {},
      busy: false,
      streaming: false,
    });
  });

  // ── caller-level reads ───────────────────────────────────────────────────────────────────

  it('alerts/active answers the active alerts of the caller’s units, newest first', async () => {
    const t = Date.now();
    await db().alert.createMany({
      data: [
        { id: 'alr-test-1', type: 'battery', level: 'critical', message: 'Battery 8%', unitId: LU800, value: 8, raisedAt: new Date(t - 1000) },
        { id: 'alr-test-2', type: 'cameraDisconnected', level: 'warning', message: 'Camera not connected', unitId: 'LU300-0001', raisedAt: new Date(t - 500) },
        { id: 'alr-test-3', type: 'battery', level: 'warning', message: 'old', unitId: LU800, active: false, raisedAt: new Date(t - 100) },
        { id: 'alr-test-4', type: 'bitrateDrop', level: 'warning', message: 'Bitrate drop', unitId: HIDDEN, raisedAt: new Date(t) },
      ],
    });
    // Only the alerts made here (the simulator's devices may raise others meanwhile).
    const mine = (await ok('/alerts/active', regular)).filter((a: { id: string }) => a.id.startsWith('alr-test-'));
    expect(mine.map((a: { id: string }) => a.id)).toEqual(['alr-test-2', 'alr-test-1']);
    expect(mine[1]).toEqual({
      id: 'alr-test-1',
      unitId: LU800,
      unitName: (await db().unit.findUniqueOrThrow({ where: { id: LU800 } })).name,
      type: 'battery',
      level: 'critical',
      message: 'Battery 8%',
      value: 8,
      acknowledged: false,
      raisedAt: new Date(t - 1000).toISOString(),
    });
    const ours = (list: { id: string }[]) => list.map((a) => a.id).filter((id) => id.startsWith('alr-test-'));
    expect(ours(await ok('/alerts/active', superUser))).toEqual(['alr-test-4', 'alr-test-2', 'alr-test-1']);
    expect(ours(await ok('/alerts/active?group=grp-studio', regular))).toEqual(['alr-test-2']);
    expectError(await get('/alerts/active?group=', regular), 400, 'VALIDATION_FAILED', [{ path: 'query.group', message: 'This field is required' }]);
  });

  it('alerts/configuration/default answers the spec’s default settings and the per-type defaults', async () => {
    const d = await ok('/alerts/configuration/default', read);
    expect(d).toEqual({
      modes: ['automatic', 'group', 'manual'],
      defaultMode: 'automatic',
      settings: DEFAULT_ALERT_SETTINGS,
      soundSettings: { critical: true, warning: false },
      alerts: expect.objectContaining({
        battery: expect.objectContaining({ enabled: true, level: 'critical' }),
        cameraDisconnected: expect.objectContaining({ level: 'warning' }),
      }),
    });
    expect(Object.keys(d.alerts).sort()).toEqual(['battery', 'bitrateDrop', 'cameraDisconnected', 'serverCpu', 'serverStorage']);
  });

  it('client/configuration answers chat support, websocket library, feature flags and polling; 403 without console access', async () => {
    const c = await ok('/client/configuration', regular);
    expect(c).toEqual({
      chatSupport: { enabled: false, scriptUrl: null },
      wsLibrary: s.config.WS_LIBRARY, // one value with the user props and the /ws hello
      features: { ExternalPreview: true }, // the current group (Newsroom) of luc_regular
      pollIntervalMs: TIMINGS.pollIntervalMs,
      pollInitialDelayMs: { min: TIMINGS.pollInitialDelayMinMs, max: TIMINGS.pollInitialDelayMaxMs },
      enhancedUnitRefreshMs: TIMINGS.enhancedUnitRefreshMs,
      wsSubscriptionBatchSize: TIMINGS.wsSubscriptionBatchSize,
    });
    await db().applicationConfiguration.update({
      where: { key: 'chatSupport' },
      data: { value: { enabled: true, scriptUrl: 'https://chat.example.com/widget.js' } },
    });
    await db().applicationConfiguration.create({ data: { key: 'features', value: { NewMultiview: true, ExternalPreview: false } } });
    const c2 = await ok('/client/configuration', regular);
    expect(c2.chatSupport).toEqual({ enabled: true, scriptUrl: 'https://chat.example.com/widget.js' });
    expect(c2.features).toEqual({ NewMultiview: true, ExternalPreview: true });
    for (const role of ['luc_curator', 'luc_vr_viewer', 'luc_ingest', 'luc_application']) {
      expectError(await get('/client/configuration', await s.login(role)), 403, 'FORBIDDEN');
    }
    expect((await get('/client/configuration', partner)).statusCode).toBe(200);
  });

  it('groups/light_fetch answers the groups the caller can see', async () => {
    expect(await ok('/groups/light_fetch', regular)).toEqual([
      { id: 'grp-field-crews', name: 'Field-Crews', inventoryId: 'inv-global' },
      { id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv-global' },
      { id: 'grp-studio', name: 'Studio', inventoryId: 'inv-global' },
    ]);
    expect(await ok('/groups/light_fetch', superUser)).toHaveLength(await db().group.count());
  });

  it('fetch_features answers one visible group’s feature flags', async () => {
    expect(await ok('/fetch_features?groupId=grp-newsroom', regular)).toEqual({ groupId: 'grp-newsroom', features: { ExternalPreview: true } });
    expect(await ok('/fetch_features?groupId=grp-metro-live', superUser)).toEqual({ groupId: 'grp-metro-live', features: { ExternalPreview: false } });
    expectError(await get('/fetch_features?groupId=grp-metro-live', regular), 404, 'NOT_FOUND');
    expectError(await get('/fetch_features?groupId=nope', superUser), 404, 'NOT_FOUND');
    expectError(await get('/fetch_features', regular), 400, 'VALIDATION_FAILED', [{ path: 'query.groupId', message: 'This field is required' }]);
  });

  it('user/contact answers the caller’s contact; without an e-mail no support case can be opened', async () => {
    const me = await ok('/user/contact', regular);
    expect(me).toMatchObject({
      userId: 'usr-luc_regular',
      email: 'luc.regular@demo.example.com',
      phone: expect.any(String),
      company: null,
      canOpenSupportCase: true,
    });
    expect(await ok('/user/contact', partner)).toMatchObject({ userId: 'usr-luc_partner', email: null, canOpenSupportCase: false });
  });

  it('application_urls answers the switcher: the console, and the products the deployment configured', async () => {
    expect(await ok('/application_urls', read)).toEqual({
      applications: [
        { id: 'console', name: 'Console', url: '/', available: true },
        { id: 'videoReturnPortal', name: 'Video Return Portal', url: null, available: false },
        { id: 'matrix', name: 'Matrix', url: null, available: false },
      ],
    });
    await db().applicationConfiguration.create({ data: { key: 'applicationUrls', value: { videoReturnPortal: 'https://vr.example.com/' } } });
    expect((await ok('/application_urls', read)).applications[1]).toEqual({
      id: 'videoReturnPortal',
      name: 'Video Return Portal',
      url: 'https://vr.example.com/',
      available: true,
    });
  });

  it('settingsConfiguration/fetch answers a visible unit’s settings configuration', async () => {
    expect(await ok(`/settingsConfiguration/fetch?machineUid=${LU800}`, regular)).toEqual({ machineUid: LU800, outputChannel: null, multiChannel: false });
    await db().unit.update({
      where: { id: 'SOLO-0001' },
      data: { configuration: { settings: { outputChannel: 'MMH-0001-CH2', multiChannel: true, machineUid: 'SOLO-0001' } } },
    });
    expect(await ok('/settingsConfiguration/fetch?machineUid=SOLO-0001', regular)).toEqual({
      machineUid: 'SOLO-0001',
      outputChannel: 'MMH-0001-CH2',
      multiChannel: true,
    });
    expectError(await get(`/settingsConfiguration/fetch?machineUid=${HIDDEN}`, regular), 404, 'NOT_FOUND');
    expectError(await get('/settingsConfiguration/fetch?machineUid=NO-SUCH', regular), 404, 'NOT_FOUND');
    expectError(await get('/settingsConfiguration/fetch', regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.machineUid', message: 'This field is required' },
    ]);
  });
});
