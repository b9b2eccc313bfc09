/**
 * Unit reads of spec 000 §7 ("Unit reads (GET)") through the real HTTP surface, on real SQLite and
 * real PostgreSQL with the real simulator: what every read shares (sessions (401), object scope
 * (404), roles (403), nothing changed), the admin reads (v2/admin/units and an admin unit's parts)
 * and the caller's own reads (alerts, client configuration, groups, contact, application URLs).
 *
 * Stored state that other areas' calls would write (alerts, configuration values, application
 * configuration rows) is put in place here through the database, then read back through the API.
 * The stack and the helpers: tests/support/unit-reads.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildPath, catalogue, DEFAULT_ALERT_SETTINGS, LIMITS, TIMINGS, unitReadEndpoints, type AdminUnitPage, type EndpointId } from '@fleet/contracts';
import { eventually, providers } from '../support/stack.js';
import { CROSS, HIDDEN, LU800, NODEV, unitReadsStack } from '../support/unit-reads.js';

describe.each(providers())('unit reads on %s', (provider) => {
  const { ctx, cookies, get, ok, expectError, db } = unitReadsStack(provider);

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
      const who = def.roles.includes('luc_regular') ? cookies.regular : cookies.admin;
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
      const res = await get(urlOf(id, LU800), id === 'getClientConfiguration' ? cookies.curator : cookies.regular);
      expectError(res, 403, 'FORBIDDEN');
    }
    expectError(await get('/client/configuration', cookies.curator), 403, 'FORBIDDEN');
    expectError(await get('/v2/admin/units', cookies.read), 403, 'FORBIDDEN');
  });

  it('changes nothing when it answers (rejected and accepted reads alike)', async () => {
    const before = await db().unit.findUnique({ where: { id: LU800 } });
    await get(`/v2/units/${LU800}/storages/files?path=relative`, cookies.regular);
    await get(`/v2/units/${LU800}/alerts/possibleconfiguration?mode=nope`, cookies.regular);
    await get(`/v2/units/${LU800}/configurationV2`, cookies.regular);
    const after = await db().unit.findUnique({ where: { id: LU800 } });
    expect(after?.version).toBe(before?.version);
    expect(after?.configuration).toEqual(before?.configuration);
  });

  // ── admin ────────────────────────────────────────────────────────────────────────────────

  it('v2/admin/units pages, searches and sorts; non-global admins see their inventories only', async () => {
    const all: AdminUnitPage = await ok('/v2/admin/units', cookies.superUser);
    const total = await db().unit.count();
    expect(all).toMatchObject({ total, offset: 0, limit: LIMITS.unitSearchDefaultPageSize });
    expect(all.items).toHaveLength(Math.min(total, LIMITS.unitSearchDefaultPageSize));
    const byUid: AdminUnitPage = await ok('/v2/admin/units?sortBy=uniqueId&sortDir=desc&limit=1000', cookies.superUser);
    const uids = byUid.items.map((u) => u.uniqueId);
    expect(uids).toEqual([...uids].sort().reverse());
    const page: AdminUnitPage = await ok('/v2/admin/units?sortBy=uniqueId&sortDir=desc&limit=5&offset=5', cookies.superUser);
    expect(page.items.map((u) => u.uniqueId)).toEqual(uids.slice(5, 10));
    expect(page).toMatchObject({ total, offset: 5, limit: 5 });
    const lu800: AdminUnitPage = await ok('/v2/admin/units?searchKey=uniqueId&searchValue=lu800&sortBy=uniqueId', cookies.superUser);
    expect(lu800.items.map((u) => u.uniqueId)).toEqual(['LU800-0001', 'LU800-0002', 'LU800-0003', 'LU800-0004', 'LU800-0005']);
    const named: AdminUnitPage = await ok(`/v2/admin/units?searchValue=${encodeURIComponent('test-nodevice')}`, cookies.superUser);
    expect(named.items.map((u) => u.uniqueId)).toEqual([NODEV]);
    const mine: AdminUnitPage = await ok('/v2/admin/units?limit=1000', cookies.admin);
    const globalUnits = (await db().unitInventory.findMany({ where: { inventoryId: 'inv-global' } })).map((x) => x.unitId);
    expect(mine.total).toBe(globalUnits.length);
    expect(mine.items.map((u) => u.uniqueId).sort()).toEqual(globalUnits.sort());
    expect(mine.items.map((u) => u.uniqueId)).not.toContain(CROSS); // in a group of theirs, not an inventory
    const field = (path: string, message: string) => [{ path, message }];
    expectError(await get('/v2/admin/units?sortBy=password', cookies.admin), 400, 'VALIDATION_FAILED', field('query.sortBy', 'Invalid field'));
    expectError(
      await get('/v2/admin/units?searchKey=license&searchValue=x', cookies.admin),
      400,
      'VALIDATION_FAILED',
      field('query.searchKey', 'Invalid field'),
    );
    expectError(await get('/v2/admin/units?sortDir=up', cookies.admin), 400, 'VALIDATION_FAILED', field('query.sortDir', 'Invalid field'));
    expectError(await get('/v2/admin/units?limit=0', cookies.admin), 400, 'VALIDATION_FAILED', field('query.limit', 'Must be 1 or more'));
    expectError(
      await get(`/v2/admin/units?limit=${LIMITS.pageSizeMax + 1}`, cookies.admin),
      400,
      'VALIDATION_FAILED',
      field('query.limit', `Must be ${LIMITS.pageSizeMax} or less`),
    );
    expectError(await get('/v2/admin/units?offset=-1', cookies.admin), 400, 'VALIDATION_FAILED', field('query.offset', 'Must be 0 or more'));
    expectError(await get('/v2/admin/units?limit=many', cookies.admin), 400, 'VALIDATION_FAILED', field('query.limit', 'Must be a number'));
    expectError(await get('/v2/admin/units?offset=1.5', cookies.admin), 400, 'VALIDATION_FAILED', field('query.offset', 'Must be an integer'));
    expectError(
      await get('/v2/admin/units?offset=1000000000000', cookies.admin),
      400,
      'VALIDATION_FAILED',
      field('query.offset', 'Must be 2147483647 or less'),
    );
    // A number is written in decimal: not what Number() would make of other text (an exponent, hexadecimal, blanks, nothing).
    for (const text of ['1e12', '0x10', '%205', ''])
      expectError(await get(`/v2/admin/units?offset=${text}`, cookies.admin), 400, 'VALIDATION_FAILED', field('query.offset', 'Must be a number'));
    expect(await ok('/v2/admin/units?offset=2147483647', cookies.admin)).toMatchObject({ items: [], offset: 2147483647 });
    expectError(await get('/v2/admin/units?limit=1&limit=2', cookies.admin), 400, 'VALIDATION_FAILED', field('query.limit', 'Must be a number'));
    expectError(
      await get(`/v2/admin/units?searchValue=${'x'.repeat(256)}`, cookies.admin),
      400,
      'VALIDATION_FAILED',
      field('query.searchValue', 'Must be no more than 255 characters'),
    );
  });

  it('v2/admin/inventories/{id}/units lists one inventory’s units, with excludeProducts', async () => {
    const sports: AdminUnitPage = await ok('/v2/admin/inventories/inv-global-sports/units?sortBy=uniqueId', cookies.superUser);
    expect(sports.items.map((u) => u.uniqueId)).toEqual(['LU600H264-0002', 'LU800-0004', 'LULITE-0002', 'PTMP-0002', 'XTND-0002']);
    const noX: AdminUnitPage = await ok('/v2/admin/inventories/inv-global-sports/units?excludeProducts=Xtender,LU-Lite', cookies.superUser);
    expect(noX.total).toBe(3);
    const page: AdminUnitPage = await ok('/v2/admin/inventories/inv-global/units?limit=2', cookies.admin);
    expect(page).toMatchObject({ limit: 2, offset: 0 });
    expect(page.items).toHaveLength(2);
    expectError(await get('/v2/admin/inventories/inv-metro/units', cookies.admin), 404, 'NOT_FOUND');
    expectError(await get('/v2/admin/inventories/NO-SUCH/units', cookies.superUser), 404, 'NOT_FOUND');
    expectError(await get('/v2/admin/inventories/inv-global/units?sortBy=secret', cookies.admin), 400, 'VALIDATION_FAILED', [
      { path: 'query.sortBy', message: 'Invalid field' },
    ]);
    expectError(await get('/v2/admin/inventories/inv-global/units', cookies.regular), 403, 'FORBIDDEN');
  });

  it('v2/admin/units/{id} and its inventories answer the admin view; group-only visibility is not enough for admins', async () => {
    const d = await ok(`/v2/admin/units/${HIDDEN}`, cookies.superUser);
    expect(d).toMatchObject({
      uniqueId: HIDDEN,
      inventories: [{ id: 'inv-metro', name: 'Metro-TV', region: 'us-east', parentId: null }],
      alertsConfigMode: 'automatic',
    });
    expect(d.groups.map((g: { id: string }) => g.id)).toEqual(['grp-metro-live']);
    expect(d.databridgeGatewayId).toBeNull();
    expect((await ok(`/v2/admin/units/${LU800}`, cookies.admin)).databridgeGatewayId).toBe('dbg-0001');
    expect(await ok(`/v2/admin/units/${LU800}/inventories`, cookies.admin)).toEqual([
      { id: 'inv-global', name: 'Global-News', region: 'eu-west', parentId: null },
    ]);
    // luc_regular sees CROSS through group Newsroom; luc_admin's admin view needs one of their inventories.
    expect((await ok(`/v2/units/${CROSS}`, cookies.admin)).uniqueId).toBe(CROSS);
    for (const path of ['', '/inventories', '/groups', '/groups/ofInventories', '/dbgateway', '/applications']) {
      expectError(await get(`/v2/admin/units/${CROSS}${path}`, cookies.admin), 404, 'NOT_FOUND');
    }
    expect((await ok(`/v2/admin/units/${CROSS}/inventories`, cookies.superUser)).map((i: { id: string }) => i.id)).toEqual(['inv-metro']);
  });

  it('v2/admin/units/{id}/groups and groups/ofInventories page the unit’s groups and the candidates', async () => {
    const g = await ok('/v2/admin/units/LU300-0001/groups', cookies.admin);
    expect(g).toMatchObject({ total: 2, offset: 0, limit: LIMITS.unitSearchDefaultPageSize });
    expect(g.items.map((x: { id: string; associated: boolean }) => [x.id, x.associated])).toEqual([
      ['grp-newsroom', true],
      ['grp-studio', true],
    ]);
    const cand = await ok('/v2/admin/units/LU300-0001/groups/ofInventories?sortBy=name&sortDir=desc', cookies.admin);
    expect(cand.items.map((x: { name: string; associated: boolean }) => [x.name, x.associated])).toEqual([
      ['Studio', true],
      ['Newsroom', true],
      ['Field-Crews', false],
    ]);
    const searched = await ok('/v2/admin/units/LU300-0001/groups/ofInventories?searchKey=name&searchValue=field', cookies.admin);
    expect(searched.items.map((x: { id: string }) => x.id)).toEqual(['grp-field-crews']);
    const paged = await ok('/v2/admin/units/LU300-0001/groups/ofInventories?limit=1&offset=1', cookies.admin);
    expect(paged).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(paged.items[0].name).toBe('Newsroom');
    expectError(await get('/v2/admin/units/LU300-0001/groups?searchKey=inventory', cookies.admin), 400, 'VALIDATION_FAILED', [
      { path: 'query.searchKey', message: 'Invalid field' },
    ]);
    expectError(await get('/v2/admin/units/LU300-0001/groups/ofInventories?limit=0', cookies.admin), 400, 'VALIDATION_FAILED', [
      { path: 'query.limit', message: 'Must be 1 or more' },
    ]);
  });

  it('v2/admin/units/{id}/dbgateway answers the selected gateway and those the unit may use', async () => {
    const gw = { id: 'dbg-0001', name: 'DBG-Frankfurt', host: 'dbg1.example.net', port: 7000, status: 'online', inventoryId: 'inv-global' };
    expect(await ok(`/v2/admin/units/${LU800}/dbgateway`, cookies.admin)).toEqual({ uniqueId: LU800, selected: gw, available: [gw] });
    expect(await ok(`/v2/admin/units/${HIDDEN}/dbgateway`, cookies.superUser)).toEqual({ uniqueId: HIDDEN, selected: null, available: [] });
  });

  it('v2/admin/smartunit/{id} answers an LU-Smart unit’s settings, 404 for other units', async () => {
    await db().invitation.create({ data: { groupId: 'grp-newsroom', planType: 'ADHOC_SMART', period: '1d', code: 'INV-TEST-1', unitId: NODEV } });
    const sm = await ok(`/v2/admin/smartunit/${NODEV}`, cookies.admin);
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
    expect(await ok('/v2/admin/smartunit/LUSMART-0002', cookies.admin)).toMatchObject({ country: 'deu', bandwidthLimitKbps: 5000, invitation: null });
    expectError(await get(`/v2/admin/smartunit/${LU800}`, cookies.admin), 404, 'NOT_FOUND');
  });

  it('v2/admin/units/{id}/applications answers an idle unit’s (empty) activities', async () => {
    const idle = await eventually(async () => {
      const a = await ok('/v2/admin/units/PTP-0001/applications', cookies.superUser);
      return a.status === 'idle' ? a : null;
    });
    expect(idle).toEqual({ uniqueId: 'PTP-0001', status: 'idle', applications: {}, busy: false, streaming: false });
    expect(await ok(`/v2/admin/units/${NODEV}/applications`, cookies.admin)).toEqual({
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
    const mine = (await ok('/alerts/active', cookies.regular)).filter((a: { id: string }) => a.id.startsWith('alr-test-'));
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
    expect(ours(await ok('/alerts/active', cookies.superUser))).toEqual(['alr-test-4', 'alr-test-2', 'alr-test-1']);
    expect(ours(await ok('/alerts/active?group=grp-studio', cookies.regular))).toEqual(['alr-test-2']);
    expectError(await get('/alerts/active?group=', cookies.regular), 400, 'VALIDATION_FAILED', [{ path: 'query.group', message: 'This field is required' }]);
  });

  it('alerts/configuration/default answers the spec’s default settings and the per-type defaults', async () => {
    const d = await ok('/alerts/configuration/default', cookies.read);
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
    const c = await ok('/client/configuration', cookies.regular);
    expect(c).toEqual({
      chatSupport: { enabled: false, scriptUrl: null },
      wsLibrary: ctx.s.config.WS_LIBRARY, // one value with the user props and the /ws hello
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
    const c2 = await ok('/client/configuration', cookies.regular);
    expect(c2.chatSupport).toEqual({ enabled: true, scriptUrl: 'https://chat.example.com/widget.js' });
    expect(c2.features).toEqual({ NewMultiview: true, ExternalPreview: true });
    for (const role of ['luc_curator', 'luc_vr_viewer', 'luc_ingest', 'luc_application']) {
      expectError(await get('/client/configuration', await ctx.s.login(role)), 403, 'FORBIDDEN');
    }
    expect((await get('/client/configuration', cookies.partner)).statusCode).toBe(200);
  });

  it('groups/light_fetch answers the groups the caller can see', async () => {
    expect(await ok('/groups/light_fetch', cookies.regular)).toEqual([
      { id: 'grp-field-crews', name: 'Field-Crews', inventoryId: 'inv-global' },
      { id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv-global' },
      { id: 'grp-studio', name: 'Studio', inventoryId: 'inv-global' },
    ]);
    expect(await ok('/groups/light_fetch', cookies.superUser)).toHaveLength(await db().group.count());
  });

  it('fetch_features answers one visible group’s feature flags', async () => {
    expect(await ok('/fetch_features?groupId=grp-newsroom', cookies.regular)).toEqual({ groupId: 'grp-newsroom', features: { ExternalPreview: true } });
    expect(await ok('/fetch_features?groupId=grp-metro-live', cookies.superUser)).toEqual({ groupId: 'grp-metro-live', features: { ExternalPreview: false } });
    expectError(await get('/fetch_features?groupId=grp-metro-live', cookies.regular), 404, 'NOT_FOUND');
    expectError(await get('/fetch_features?groupId=nope', cookies.superUser), 404, 'NOT_FOUND');
    expectError(await get('/fetch_features', cookies.regular), 400, 'VALIDATION_FAILED', [{ path: 'query.groupId', message: 'This field is required' }]);
  });

  it('user/contact answers the caller’s contact; without an e-mail no support case can be opened', async () => {
    const me = await ok('/user/contact', cookies.regular);
    expect(me).toMatchObject({
      userId: 'usr-luc_regular',
      email: 'luc.regular@demo.example.com',
      phone: expect.any(String),
      company: null,
      canOpenSupportCase: true,
    });
    expect(await ok('/user/contact', cookies.partner)).toMatchObject({ userId: 'usr-luc_partner', email: null, canOpenSupportCase: false });
  });

  it('application_urls answers the switcher: the console, and the products the deployment configured', async () => {
    expect(await ok('/application_urls', cookies.read)).toEqual({
      applications: [
        { id: 'console', name: 'Console', url: '/', available: true },
        { id: 'videoReturnPortal', name: 'Video Return Portal', url: null, available: false },
        { id: 'matrix', name: 'Matrix', url: null, available: false },
      ],
    });
    await db().applicationConfiguration.create({ data: { key: 'applicationUrls', value: { videoReturnPortal: 'https://vr.example.com/' } } });
    expect((await ok('/application_urls', cookies.read)).applications[1]).toEqual({
      id: 'videoReturnPortal',
      name: 'Video Return Portal',
      url: 'https://vr.example.com/',
      available: true,
    });
  });

  it('settingsConfiguration/fetch answers a visible unit’s settings configuration', async () => {
    expect(await ok(`/settingsConfiguration/fetch?machineUid=${LU800}`, cookies.regular)).toEqual({
      machineUid: LU800,
      outputChannel: null,
      multiChannel: false,
    });
    await db().unit.update({
      where: { id: 'SOLO-0001' },
      data: { configuration: { settings: { outputChannel: 'MMH-0001-CH2', multiChannel: true, machineUid: 'SOLO-0001' } } },
    });
    expect(await ok('/settingsConfiguration/fetch?machineUid=SOLO-0001', cookies.regular)).toEqual({
      machineUid: 'SOLO-0001',
      outputChannel: 'MMH-0001-CH2',
      multiChannel: true,
    });
    expectError(await get(`/settingsConfiguration/fetch?machineUid=${HIDDEN}`, cookies.regular), 404, 'NOT_FOUND');
    expectError(await get('/settingsConfiguration/fetch?machineUid=NO-SUCH', cookies.regular), 404, 'NOT_FOUND');
    expectError(await get('/settingsConfiguration/fetch', cookies.regular), 400, 'VALIDATION_FAILED', [
      { path: 'query.machineUid', message: 'This field is required' },
    ]);
  });
});
