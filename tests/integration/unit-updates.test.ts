/**
 * Unit updates of spec 000 §7 (PUT v2/units/{id}/..., v0 storeandforward_quality, units/{id}/
 * network/capping, current user, settingsConfiguration add, v0 group unit settings, internal
 * inventory-unit details) through the real HTTP surface, on real SQLite and PostgreSQL, with the
 * real simulator: success and the device's reaction, the validation rules with the spec's words,
 * licences, 401 / 403 / 404, optimistic concurrency (409 on a stale version, concurrent updates of
 * different settings both land), UNIT_OFFLINE, the unit.configuration event, and that a rejected
 * update changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, unitUpdateEndpoints, type RealtimeEvent, type UnitConfiguration, type UnitDetail } from '@fleet/contracts';
import { eventually, FAST_TIMINGS, providers, startTestStack, type TestStack } from '../support/stack.js';

const TIMINGS = { ...FAST_TIMINGS, rebootMs: [400, 500], settingApplyMs: [150, 250], linkToggleMs: [150, 200] } as const;

type UpdateId = keyof typeof unitUpdateEndpoints;

/** A valid call per update (unit LU800-0001 unless the path says otherwise), and a role that may not make it. */
const VALID: Record<UpdateId, { body: unknown; forbidden: string | null; unitInBody?: boolean; group?: boolean }> = {
  updateUnitDelay: { body: { delayMs: 3000 }, forbidden: 'luc_read' },
  updateUnitDatabridge: { body: { enabled: true }, forbidden: 'luc_read' },
  updateUnitVideoReturn: { body: { enabled: true }, forbidden: 'luc_read' },
  updateUnitFilenamePrefix: { body: { filenamePrefix: 'cam' }, forbidden: 'luc_read' },
  updateUnitNtpTimecode: { body: { enabled: false }, forbidden: 'luc_read' },
  updateUnitTransmissionMode: { body: { transmissionMode: 'live' }, forbidden: 'luc_read' },
  updateUnitFixedInternetDelay: { body: { delayMs: 2000 }, forbidden: 'luc_read' },
  updateUnitIpInputStream: { body: { enabled: false, protocol: 'srt', port: 9000 }, forbidden: 'luc_read' },
  updateUnitIpPipe: { body: { enabled: false }, forbidden: 'luc_read' },
  updateUnitMultipleCamera: { body: { numberOfFeeds: 2, channelSelectionMode: 'automatic', cameras: [] }, forbidden: 'luc_read' },
  updateUnitMultipleCameraChannel: { body: { channelId: 'MMH-0001-CH1' }, forbidden: 'luc_read' },
  updateUnitMultipleCameraMode: { body: { mode: 'highQuality' }, forbidden: 'luc_read' },
  updateUnitSingleCamera: { body: { resolution: 1080, maxBandwidthMbps: 8 }, forbidden: 'luc_read' },
  updateUnitOperationalMode: { body: { workingMode: 'video' }, forbidden: 'luc_read' },
  updateUnitSwitcherMode: { body: { mode: 'switcher', highQualityChannel: 'MMH-0001-CH1' }, forbidden: 'luc_read' },
  updateUnitSwitcherHighQualityChannel: { body: { channelId: 'MMH-0001-CH3' }, forbidden: 'luc_read' },
  updateUnitSwitcherProxyChannel: { body: { channelId: 'MMH-0001-CH4' }, forbidden: 'luc_read' },
  updateUnitSwitcherSdiInput: { body: { inputSdi: 1 }, forbidden: 'luc_read' },
  updateUnitAlertsConfiguration: { body: { mode: 'automatic' }, forbidden: 'luc_read' },
  updateUnitBwLimitation: { body: { totalKbps: null, cellularKbps: null }, forbidden: 'luc_regular' },
  updateUnitIntercom: { body: { intercom: 2, mode: 'targetChannel', targetChannelId: 'MMH-0001-CH1' }, forbidden: 'luc_read' },
  updateUnitIntercomAudioJacks: { body: { jacks: [{ jack: 2, intercom: 2, volume: 50 }] }, forbidden: 'luc_read' },
  updateUnitInterfacesConfig: { body: { port: 2, roamingAllowed: false }, forbidden: 'luc_read' },
  updateUnitSelectedVrChannel: { body: { vrChannelId: null }, forbidden: 'luc_read' },
  updateUnitFetchlogsEnhanced: { body: { enabled: false }, forbidden: 'luc_read' },
  updateUnitStoreAndForwardQuality: { body: { quality: 'standard_h264' }, forbidden: 'luc_read' },
  updateUnitNetworkCapping: { body: { option: 'disabled' }, forbidden: 'luc_regular' },
  // Every user edits their own details: no role is refused.
  updateCurrentUser: { body: { lastName: 'Doe' }, forbidden: null },
  addSettingsConfiguration: { body: { outputChannel: null, multiChannel: false }, forbidden: 'luc_read', unitInBody: true },
  updateGroupUnitSettings: { body: { delayMs: 2000 }, forbidden: 'luc_regular', group: true },
  updateInventoryUnitDetails: { body: { inventoryId: 'inv-global', ownership: 'lease' }, forbidden: 'luc_admin', unitInBody: true },
};

/** Who may make each call in the success sweep. */
const CALLER: Partial<Record<UpdateId, string>> = {
  updateUnitBwLimitation: 'luc_admin',
  updateUnitNetworkCapping: 'luc_admin',
  updateGroupUnitSettings: 'luc_admin',
  updateInventoryUnitDetails: 'staff',
};

describe.each(providers())('unit updates on %s', (provider) => {
  let s: TestStack;
  const cookies: Record<string, string> = {};
  const events: RealtimeEvent[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulatorTimings: TIMINGS });
    for (const role of ['luc_regular', 'luc_read', 'super_user', 'luc_admin', 'staff', 'luc_partner']) cookies[role] = await s.login(role);
    const hub = s.app.services.hub;
    const publish = hub.publish.bind(hub);
    hub.publish = (topics, event) => {
      events.push(event);
      publish(topics, event);
    };
    // Licences of LU800-0001 (multi camera, video return, databridge services enabled; the
    // capabilities come from the seed). Units without them are refused below.
    for (const serviceName of ['multi-camera', 'video-return', 'databridge']) {
      await s.app.services.db.service.deleteMany({ where: { unitId: 'LU800-0001', serviceName } });
      await s.app.services.db.service.create({ data: { unitId: 'LU800-0001', serviceName, serviceStatus: 'enabled', usageKind: 'na' } });
    }
    // The units' channels: LU800-0001 and LU800-0003 send to hub MMH-0001, DRONE-0001 to the ingest server.
    await eventually(async () =>
      ['LU800-0001', 'LU800-0002', 'LU800-0003', 'DRONE-0001', 'LULITE-0001', 'LUSMART-0001', 'PTP-0001', 'SOLO-0001', 'LU300-0001'].every(
        (id) => s.app.services.index.statusOf(id) === 'idle' && (s.app.services.telemetry.get(id)?.modems.length ?? 0) > 0,
      ),
    );
    for (const [unit, channelId] of [
      ['LU800-0001', 'MMH-0001-CH1'],
      ['LU800-0003', 'MMH-0001-CH2'],
      ['DRONE-0001', 'ING-0001-CH1'],
    ] as const) {
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/devices/${unit}/commands/setVirtualChannel`,
        headers: { cookie: cookies.luc_regular! },
        payload: { channelId },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => s?.close());

  const put = (url: string, body: unknown, role: string | null = 'luc_regular') =>
    s.app.inject({ method: 'PUT', url: `/api${url}`, headers: role ? { cookie: cookies[role]! } : {}, payload: body as object });
  const unit = (id: string, path: string, body: unknown, role: string | null = 'luc_regular') => put(`/v2/units/${id}/${path}`, body, role);
  const row = (id: string) => s.app.services.db.unit.findUniqueOrThrow({ where: { id } });
  const configOf = (id: string) => s.app.services.configuration.configurationOf(id);
  const detail = async (id: string): Promise<UnitDetail> =>
    (await s.app.inject({ method: 'GET', url: `/api/v2/units/${id}`, headers: { cookie: cookies.super_user! } })).json();
  const device = (id: string) => {
    const d = s.sim?.device(id);
    if (!d) throw new Error(`no simulated device ${id}`);
    return d;
  };
  type Res = Awaited<ReturnType<typeof put>>;
  /**
   * A refused call: its status, and the unit row (version, configuration, columns) untouched. What the
   * device reports meanwhile (telemetry, status, applications, tally, its last reboot) is left out: a
   * streaming unit reports on its own.
   */
  async function refused(id: string, call: () => Promise<Res>, status: number): Promise<Res> {
    const before = await row(id);
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    const after = await row(id);
    const { updatedAt: _a, telemetry: _t, lastReboot: _l, status: _s, applications: _p, tally: _y, ...b } = before;
    const { updatedAt: _a2, telemetry: _t2, lastReboot: _l2, status: _s2, applications: _p2, tally: _y2, ...a } = after;
    expect(a).toEqual(b);
    return res;
  }
  const fields = (res: Res) => res.json().error.fields as { path: string; message: string }[];
  const busyUnit = () =>
    eventually(async () => {
      for (const id of ['SOLO-0001', 'LU300-0001', 'LU800-0002']) {
        const d = await detail(id);
        if (d.status === 'idle' && d.cameraConnected && d.licenseValid) return d.uniqueId;
      }
      return null;
    });

  it('answers 401 without a session, 403 to a role that may not call it, 404 for unknown or foreign units and groups', async () => {
    for (const [id, v] of Object.entries(VALID) as [UpdateId, (typeof VALID)[UpdateId]][]) {
      const def = catalogue[id];
      const target = v.group ? 'grp-newsroom' : 'LU800-0001';
      const url = def.path.replace('{id}', target);
      const body = v.unitInBody ? { id: 'LU800-0001', ...(v.body as object) } : v.body;
      expect((await put(url, body, null)).statusCode, id).toBe(401);
      if (v.forbidden) {
        const res = await put(url, body, v.forbidden);
        expect(res.statusCode, id).toBe(403);
        expect(res.json().error.code, id).toBe('FORBIDDEN');
      }
      if (id === 'updateCurrentUser') continue;
      const caller = CALLER[id] ?? 'luc_regular';
      for (const missing of v.group ? ['grp-nope', 'grp-metro-live'] : ['NO-SUCH-UNIT', 'LU800-0005']) {
        if (caller === 'staff' && missing === 'LU800-0005') continue; // support staff see every unit
        const otherUrl = v.unitInBody ? url : def.path.replace('{id}', missing);
        const otherBody = v.unitInBody ? { id: missing, ...(v.body as object) } : v.body;
        const res = await put(otherUrl, otherBody, caller);
        expect(res.statusCode, `${id} ${missing}`).toBe(404);
      }
    }
  });

  it('every unit update answers the unit configuration, bumps the version and announces unit.configuration', async () => {
    for (const [id, v] of Object.entries(VALID) as [UpdateId, (typeof VALID)[UpdateId]][]) {
      if (v.group || id === 'updateCurrentUser' || id === 'updateInventoryUnitDetails') continue;
      const before = await row('LU800-0001');
      const at = events.length;
      const url = catalogue[id].path.replace('{id}', 'LU800-0001');
      const body = v.unitInBody ? { id: 'LU800-0001', ...(v.body as object) } : v.body;
      const res = await put(url, body, CALLER[id] ?? 'luc_regular');
      expect(res.statusCode, `${id} ${res.body}`).toBe(200);
      const config: UnitConfiguration = res.json();
      expect(config.unitUniqueId).toBe('LU800-0001');
      expect(config.version, id).toBeGreaterThan(before.version);
      const ev = events.slice(at).find((e) => e.type === 'unit.configuration' && e.unitId === 'LU800-0001');
      expect(ev, id).toBeDefined();
      expect(
        events.slice(at).some((e) => e.type === 'unit.updated' && e.unit.uniqueId === 'LU800-0001' && e.unit.version === config.version),
        id,
      ).toBe(true);
    }
  });

  it('delay: bounds by mode, unit type and version; on the fly only 0.9 s or higher; stale version 409', async () => {
    const ok = await unit('LU800-0001', 'delay', { delayMs: 2500 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ delay: 2500, delayMode: 'normal', forcesWiredLink: false });
    expect(device('LU800-0001').settings.configuration.delay).toEqual({ delayMs: 2500, mode: 'normal' });
    const low = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 500 }), 400);
    expect(fields(low)).toEqual([{ path: 'body.delayMs', message: 'Must be 1000 or more' }]);
    const sub = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 1500, mode: 'subSecond' }), 400);
    expect(fields(sub)).toEqual([{ path: 'body.delayMs', message: 'Must be 1000 or less' }]);
    const out = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 30000 }), 400);
    expect(fields(out)).toEqual([{ path: 'body.delayMs', message: 'Must be 20000 or less' }]);
    // Lite and smart units cannot go below 0.8 s (packages/domain getDelayBounds).
    const lite = await refused('LULITE-0001', () => unit('LULITE-0001', 'delay', { delayMs: 500, mode: 'subSecond' }), 400);
    expect(fields(lite)).toEqual([{ path: 'body.delayMs', message: 'Must be 800 or more' }]);
    const fine = await unit('LULITE-0001', 'delay', { delayMs: 850, mode: 'subSecond' });
    expect(fine.json()).toMatchObject({ delay: 850, delayMode: 'subSecond', forcesWiredLink: false });
    const stale = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 4000, version: ok.json().version - 1 }), 409);
    expect(stale.json().error.code).toBe('CONFLICT');
    const current = await unit('LU800-0001', 'delay', { delayMs: 4000, version: ok.json().version });
    expect(current.statusCode).toBe(200);
    // While streaming: on the fly only 0.9 s or higher.
    const id = await busyUnit();
    expect((await unit(id, 'delay', { delayMs: 3000 })).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'POST', url: `/api/v2/units/${id}/stream`, headers: { cookie: cookies.luc_regular! } })).statusCode).toBe(200);
    await eventually(async () => (await detail(id)).status === 'streaming');
    const fly = await refused(id, () => unit(id, 'delay', { delayMs: 850, mode: 'subSecond' }), 400);
    expect(fields(fly)).toEqual([{ path: 'body.delayMs', message: 'Delay can be changed on the fly only for 0.9 s or higher' }]);
    expect((await unit(id, 'delay', { delayMs: 950, mode: 'subSecond' })).statusCode).toBe(200);
    // Bandwidth limits and capping cannot be configured on a busy unit; the mode cannot change either.
    const bw = await refused(id, () => unit(id, 'bwLimitation', { totalKbps: 5000, cellularKbps: null }, 'luc_admin'), 400);
    expect(fields(bw)).toEqual([{ path: 'body', message: 'Bandwidth Limit Capping cannot be configured for a busy unit' }]);
    const cap = await refused(id, () => put(`/units/${id}/network/capping`, { option: '3.6' }, 'luc_admin'), 400);
    expect(fields(cap)).toEqual([{ path: 'body', message: 'Bandwidth Limit Capping cannot be configured for a busy unit' }]);
    const mode = await refused(id, () => unit(id, 'operationalMode', { workingMode: 'video_smr' }), 409);
    expect(mode.json().error).toEqual({ code: 'UNIT_BUSY', message: 'Unit is busy' });
    expect((await s.app.inject({ method: 'DELETE', url: `/api/v2/units/${id}/stream`, headers: { cookie: cookies.luc_regular! } })).statusCode).toBe(200);
    await eventually(async () => (await detail(id)).status === 'idle');
  });

  it('transmission mode: Store & Forward needs an SD card; multi-camera modes need the licence', async () => {
    const ok = await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'storeAndForward' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().transmissionMode).toBe('storeAndForward');
    expect((await detail('LU800-0001')).transmissionMode).toBe('storeAndForward');
    const noSd = await refused('LU800-0002', () => unit('LU800-0002', 'transmissionMode', { transmissionMode: 'storeAndForward' }), 400);
    expect(fields(noSd)).toEqual([{ path: 'body.transmissionMode', message: 'Store & Forward is not available: the unit has no SD card' }]);
    const noMc = await refused('LU300-0001', () => unit('LU300-0001', 'transmissionMode', { transmissionMode: 'multiHq' }), 402);
    expect(noMc.json().error).toEqual({ code: 'NO_MULTI_CAMERA_LICENSE', message: 'No Multi Camera license' });
    expect((await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'fieldSwitcher' })).statusCode).toBe(200);
    expect((await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'live' })).statusCode).toBe(200);
    const bad = await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'carrierPigeon' });
    expect(fields(bad)).toEqual([{ path: 'body.transmissionMode', message: 'Invalid field' }]);
  });

  it('file name prefix: allowed characters, at most 32, unique on the same multimedia hub', async () => {
    const ok = await unit('LU800-0001', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().filenamePrefix).toBe('news-desk_{1}');
    expect((await detail('LU800-0001')).filenamePrefix).toBe('news-desk_{1}');
    // LU800-0003 sends to the same hub (MMH-0001).
    const clash = await refused('LU800-0003', () => unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' }), 400);
    expect(clash.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The resulting file name must be unique on the same multimedia hub',
      fields: [{ path: 'body.filenamePrefix', message: 'The resulting file name must be unique on the same multimedia hub' }],
    });
    // DRONE-0001 sends to another server: the same prefix is fine there.
    expect((await unit('DRONE-0001', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' })).statusCode).toBe(200);
    const chars = await refused('LU800-0003', () => unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'bad prefix;' }), 400);
    expect(fields(chars)).toEqual([{ path: 'body.filenamePrefix', message: 'Must match the pattern' }]);
    const long = await refused('LU800-0003', () => unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'x'.repeat(33) }), 400);
    expect(fields(long)).toEqual([{ path: 'body.filenamePrefix', message: 'Must have at most 32 characters' }]);
    const cleared = await unit('LU800-0001', 'configuration/filenamePrefix', { filenamePrefix: '' });
    expect(cleared.json().filenamePrefix).toBeNull();
    expect((await unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' })).statusCode).toBe(200);
  });

  it('licensed features: databridge, video return, multi camera and switcher need their licence', async () => {
    const db = await unit('LU800-0001', 'databridge', { enabled: true, bridgeMode: 'layer3' });
    expect(db.statusCode, db.body).toBe(200);
    expect(db.json().databridge).toEqual({ enabled: true, bridgeMode: 'layer3' });
    const noDb = await refused('LULITE-0001', () => unit('LULITE-0001', 'databridge', { enabled: true }), 402);
    expect(noDb.json().error).toEqual({ code: 'DATABRIDGE_LICENSE_DISABLED', message: 'Databridge license not enabled' });
    const vr = await unit('LU800-0001', 'videoreturn', { enabled: true, output: 'hdmi' });
    expect(vr.json().videoReturn).toMatchObject({ enabled: true, output: 'hdmi' });
    const noVr = await refused('LULITE-0001', () => unit('LULITE-0001', 'videoreturn', { enabled: true }), 402);
    expect(noVr.json().error).toEqual({ code: 'NO_VIDEO_RETURN_LICENSE', message: 'No Video Return licenses' });
    const sel = await unit('LU800-0001', 'vrChannels/selected', { vrChannelId: 'VRC-0001' });
    expect(sel.json().videoReturn.selectedVrChannelId).toBe('VRC-0001');
    const foreignVr = await refused('LU800-0001', () => unit('LU800-0001', 'vrChannels/selected', { vrChannelId: 'VRC-0004' }), 400);
    expect(fields(foreignVr)).toEqual([{ path: 'body.vrChannelId', message: 'Invalid field' }]);
    expect((await refused('LULITE-0001', () => unit('LULITE-0001', 'vrChannels/selected', { vrChannelId: 'VRC-0001' }), 402)).json().error.code).toBe(
      'NO_VIDEO_RETURN_LICENSE',
    );
    // The service alone is not enough: LU300 has no multi camera hardware.
    const noMc = await refused('LU300-0001', () => unit('LU300-0001', 'multiplecamera/mode', { mode: 'switcher' }), 402);
    expect(noMc.json().error.message).toBe('No Multi Camera license');
    expect((await refused('LU300-0001', () => unit('LU300-0001', 'switchermode/sdiinput', { inputSdi: 1 }), 402)).json().error.code).toBe(
      'NO_MULTI_CAMERA_LICENSE',
    );
  });

  it('multi camera: up to 4 cameras, labels at most 12 characters, priorities 1 to 9, channels of the unit', async () => {
    const body = {
      numberOfFeeds: 3,
      channelSelectionMode: 'custom',
      customSelectedChannels: ['MMH-0001-CH1', 'MMH-0001-CH2'],
      cameras: [
        { label: 'Wide', priority: 1 },
        { label: 'Close-up', priority: 2 },
        { label: 'Crowd-Cam-12', priority: 9 },
      ],
      maxBandwidthMbps: 12,
    };
    const ok = await unit('LU800-0001', 'multiplecamera', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().multiCamera).toMatchObject({ numberOfFeeds: 3, channelSelectionMode: 'custom', cameras: body.cameras, maxBandwidthMbps: 12 });
    expect(ok.json().multiCameraLabels).toEqual(['Wide', 'Close-up', 'Crowd-Cam-12']);
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ ...body, cameras: [{ label: 'Thirteen-char', priority: 1 }] }, [{ path: 'body.cameras.0.label', message: 'Must have at most 12 characters' }]],
      [{ ...body, cameras: [{ label: 'A', priority: 10 }] }, [{ path: 'body.cameras.0.priority', message: 'Must be 9 or less' }]],
      [{ ...body, cameras: [{ label: 'A', priority: 0 }] }, [{ path: 'body.cameras.0.priority', message: 'Must be 1 or more' }]],
      [{ ...body, numberOfFeeds: 5 }, [{ path: 'body.numberOfFeeds', message: 'Must be 4 or less' }]],
      [
        { ...body, numberOfFeeds: 4, cameras: Array.from({ length: 5 }, (_, i) => ({ label: `C${i}`, priority: 1 })) },
        [{ path: 'body.cameras', message: 'Maximum number of elements reached' }],
      ],
      [{ ...body, customSelectedChannels: [] }, [{ path: 'body.customSelectedChannels', message: 'This field is required' }]],
      [{ ...body, maxBandwidthMbps: 16 }, [{ path: 'body.maxBandwidthMbps', message: 'Must be 15 or less' }]],
      [{ ...body, customSelectedChannels: ['MMH-0001-CH1', 'MMH-0002-CH1'] }, [{ path: 'body.customSelectedChannels.1', message: 'Invalid field' }]],
    ];
    for (const [b, expected] of cases) expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'multiplecamera', b), 400))).toEqual(expected);
    const ch = await unit('LU800-0001', 'multiplecamera/channel', { channelId: 'MMH-0001-CH3' });
    expect(ch.json().multiCamera.channel).toBe('MMH-0001-CH3');
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'multiplecamera/channel', { channelId: 'NOPE' }), 400))).toEqual([
      { path: 'body.channelId', message: 'Invalid field' },
    ]);
    const mode = await unit('LU800-0001', 'multiplecamera/mode', { mode: 'switcherAndProxy' });
    expect(mode.json().multiCamera.mode).toBe('switcherAndProxy');
    expect(fields(await unit('LU800-0001', 'multiplecamera/mode', { mode: 'lowQuality' }))).toEqual([{ path: 'body.mode', message: 'Invalid field' }]);
  });

  it('single camera: 2160 needs PRO-4K (resolution conflict); at most 20 Mbps', async () => {
    const ok = await unit('LU800-0001', 'singlecamera', { resolution: 2160, colourDepth: 10, maxBandwidthMbps: 20 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().singleCamera).toEqual({ resolution: 2160, colourDepth: 10, maxBandwidthMbps: 20 });
    const no4k = await refused('LU800-0002', () => unit('LU800-0002', 'singlecamera', { resolution: 2160, maxBandwidthMbps: 10 }), 402);
    expect(no4k.json().error).toEqual({ code: 'PRO_4K_LICENSE_MISSING', message: 'PRO-4K licence missing' });
    expect((await unit('LU800-0002', 'singlecamera', { resolution: 1080, maxBandwidthMbps: 10 })).statusCode).toBe(200);
    expect(fields(await unit('LU800-0002', 'singlecamera', { resolution: 1080, maxBandwidthMbps: 21 }))).toEqual([
      { path: 'body.maxBandwidthMbps', message: 'Must be 20 or less' },
    ]);
    expect(fields(await unit('LU800-0002', 'singlecamera', { resolution: 1440, maxBandwidthMbps: 8 }))).toEqual([
      { path: 'body.resolution', message: 'Invalid field' },
    ]);
  });

  it('switcher mode: high quality and proxy channels distinct, SDI input 1–4', async () => {
    const ok = await unit('LU800-0001', 'switchermode', {
      mode: 'switcherAndProxy',
      highQualityChannel: 'MMH-0001-CH1',
      proxyChannel: 'MMH-0001-CH2',
      inputSdi: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().switcher).toEqual({ mode: 'switcherAndProxy', highQualityChannel: 'MMH-0001-CH1', proxyChannel: 'MMH-0001-CH2', inputSdi: 2 });
    const same = await refused(
      'LU800-0001',
      () => unit('LU800-0001', 'switchermode', { mode: 'switcherAndProxy', highQualityChannel: 'MMH-0001-CH1', proxyChannel: 'MMH-0001-CH1', inputSdi: 2 }),
      400,
    );
    expect(fields(same)).toEqual([{ path: 'body.proxyChannel', message: 'The proxy channel must be different from the high quality channel' }]);
    const noProxy = await refused(
      'LU800-0001',
      () => unit('LU800-0001', 'switchermode', { mode: 'switcherAndProxy', highQualityChannel: 'MMH-0001-CH1' }),
      400,
    );
    expect(fields(noProxy)).toEqual([
      { path: 'body.proxyChannel', message: 'This field is required' },
      { path: 'body.inputSdi', message: 'This field is required' },
    ]);
    const hq = await refused('LU800-0001', () => unit('LU800-0001', 'switchermode/highqualitychannel', { channelId: 'MMH-0001-CH2' }), 400);
    expect(fields(hq)).toEqual([{ path: 'body.channelId', message: 'The proxy channel must be different from the high quality channel' }]);
    expect((await unit('LU800-0001', 'switchermode/proxychannel', { channelId: 'MMH-0001-CH3' })).json().switcher.proxyChannel).toBe('MMH-0001-CH3');
    expect((await unit('LU800-0001', 'switchermode/highqualitychannel', { channelId: 'MMH-0001-CH2' })).json().switcher.highQualityChannel).toBe(
      'MMH-0001-CH2',
    );
    expect((await unit('LU800-0001', 'switchermode/sdiinput', { inputSdi: 4 })).json().switcher.inputSdi).toBe(4);
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'switchermode/sdiinput', { inputSdi: 5 }), 400))).toEqual([
      { path: 'body.inputSdi', message: 'Must be 4 or less' },
    ]);
  });

  it('operational mode: applied by the device over a few seconds (changeAvicMode); databridge modes need the licence', async () => {
    const ok = await unit('LU800-0001', 'operationalMode', { workingMode: 'databridge' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().workingMode).toBe('databridge');
    expect(device('LU800-0001').applications.changeAvicMode).toEqual({ state: 'running' });
    await eventually(async () => device('LU800-0001').applications.changeAvicMode === undefined);
    expect((await detail('LU800-0001')).workingMode).toBe('databridge');
    const noLicence = await refused('LULITE-0001', () => unit('LULITE-0001', 'operationalMode', { workingMode: 'databridge_smr' }), 402);
    expect(noLicence.json().error.message).toBe('Databridge license not enabled');
    expect((await unit('LU800-0001', 'operationalMode', { workingMode: 'video' })).statusCode).toBe(200);
  });

  it('IP pipe: the device connects (connecting → connected) and disconnects; a server of the unit’s inventories; units without IP pipe refused', async () => {
    const ok = await unit('LU800-0001', 'ippipe', { enabled: true, serverId: 'MMH-0001', port: 5000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().ipPipe).toMatchObject({ enabled: true, serverId: 'MMH-0001', port: 5000 });
    expect(['connecting', 'connected']).toContain(ok.json().ipPipe.state);
    await eventually(async () => (await configOf('LU800-0001')).ipPipe.state === 'connected');
    expect((await detail('LU800-0001')).applications.l2ControlPipe?.state).toBe('running');
    const off = await unit('LU800-0001', 'ippipe', { enabled: false });
    expect(off.json().ipPipe.state).toBe('disconnecting');
    await eventually(async () => (await configOf('LU800-0001')).ipPipe.state === 'not_connected');
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'ippipe', { enabled: true }), 400))).toEqual([
      { path: 'body.serverId', message: 'This field is required' },
    ]);
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'ippipe', { enabled: true, serverId: 'MMH-0002' }), 400))).toEqual([
      { path: 'body.serverId', message: 'Invalid field' },
    ]);
    expect(fields(await unit('LU800-0001', 'ippipe', { enabled: true, serverId: 'MMH-0001', port: 0 }))).toEqual([
      { path: 'body.port', message: 'Must be 1 or more' },
    ]);
    const lite = await refused('LULITE-0001', () => unit('LULITE-0001', 'ippipe', { enabled: true, serverId: 'MMH-0001' }), 403);
    expect(lite.json().error.code).toBe('FEATURE_DISABLED');
  });

  it('NTP timecode, fixed-internet delay, IP input stream, enhanced logs, store-and-forward quality', async () => {
    expect((await unit('LU800-0001', 'ntpTimecode', { enabled: true, server: 'pool.ntp.org' })).json().ntpTimecode).toEqual({
      enabled: true,
      server: 'pool.ntp.org',
    });
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'ntpTimecode', { enabled: true }), 400))).toEqual([
      { path: 'body.server', message: 'This field is required' },
    ]);
    expect((await unit('LU800-0001', 'fixedInternetDelay', { delayMs: 1200 })).json().fixedInternetDelay).toBe(1200);
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'fixedInternetDelay', { delayMs: 300 }), 400))).toEqual([
      { path: 'body.delayMs', message: 'Must be 400 or more' },
    ]);
    const ip = await unit('LU800-0001', 'ipInputStream', { enabled: true, protocol: 'srt', port: 9000, latencyMs: 500, passphrase: 'abcdef123456' });
    expect(ip.statusCode, ip.body).toBe(200);
    expect(ip.json().ipInput).toEqual({ enabled: true, protocol: 'srt', port: 9000, latencyMs: 500, hasPassphrase: true });
    expect(ip.body).not.toContain('abcdef123456');
    expect(device('LU800-0001').settings.configuration.ipInput).toMatchObject({ passphrase: 'abcdef123456' });
    expect(
      fields(
        await refused(
          'LU800-0001',
          () => unit('LU800-0001', 'ipInputStream', { enabled: true, protocol: 'rtmp', port: 1935, passphrase: 'abcdef123456' }),
          400,
        ),
      ),
    ).toEqual([{ path: 'body.passphrase', message: 'Invalid field' }]);
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'ipInputStream', { enabled: true, protocol: 'srt', port: 70000 }), 400))).toEqual([
      { path: 'body.port', message: 'Must be 65535 or less' },
    ]);
    expect(
      fields(await refused('LU800-0001', () => unit('LU800-0001', 'ipInputStream', { enabled: true, protocol: 'srt', port: 9000, passphrase: 'short' }), 400)),
    ).toEqual([{ path: 'body.passphrase', message: 'Must be between 10 and 64 characters' }]);
    const rtmp = await unit('LU800-0001', 'ipInputStream', { enabled: true, protocol: 'rtmp', port: 1935 });
    expect(rtmp.json().ipInput).toEqual({ enabled: true, protocol: 'rtmp', port: 1935, latencyMs: null, hasPassphrase: false });
    expect((await unit('LU800-0001', 'fetchlogs/enhanced', { enabled: true })).json().fetchlogs).toEqual({ enhanced: true });
    expect(fields(await unit('LU800-0001', 'fetchlogs/enhanced', {}))).toEqual([{ path: 'body.enabled', message: 'This field is required' }]);
    const sf = await put('/v0/units/LU800-0001/storeandforward_quality', { quality: 'low_h265' });
    expect(sf.json().storeAndForwardVideoQualityV2).toBe('low_h265');
    expect((await detail('LU800-0001')).storeAndForwardVideoQuality).toBe('low_h265');
    expect(fields(await refused('LU800-0001', () => put('/v0/units/LU800-0001/storeandforward_quality', { quality: 'best' }), 400))).toEqual([
      { path: 'body.quality', message: 'Invalid field' },
    ]);
  });

  it('alerts configuration: manual with its mailing list (e-mail format), group of the unit, automatic from the last group', async () => {
    const manual = await unit('LU800-0003', 'alerts/configuration', {
      mode: 'manual',
      alerts: { battery: { enabled: false, level: 'warning' } },
      recipients: [{ email: 'desk@example.com' }, { alertType: 'battery', email: 'tech@example.com' }],
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().alerts).toMatchObject({
      mode: 'manual',
      groupId: null,
      alerts: { battery: { enabled: false, level: 'warning' } },
      recipients: [
        { alertType: 'all', email: 'desk@example.com', verified: false },
        { alertType: 'battery', email: 'tech@example.com', verified: false },
      ],
    });
    const badEmail = await refused(
      'LU800-0003',
      () => unit('LU800-0003', 'alerts/configuration', { mode: 'manual', recipients: [{ email: 'not-an-email' }] }),
      400,
    );
    expect(fields(badEmail)).toEqual([{ path: 'body.recipients.0.email', message: 'Invalid email format' }]);
    const dup = await refused(
      'LU800-0003',
      () => unit('LU800-0003', 'alerts/configuration', { mode: 'manual', recipients: [{ email: 'a@example.com' }, { email: 'A@example.com' }] }),
      400,
    );
    expect(fields(dup)).toEqual([{ path: 'body.recipients.1.email', message: 'This field must be unique' }]);
    expect(await s.app.services.db.alertEmailRecipient.count({ where: { alertConfiguration: { unitId: 'LU800-0003' } } })).toBe(2);
    const group = await unit('LU800-0003', 'alerts/configuration', { mode: 'group', groupId: 'grp-field-crews' });
    expect(group.json().alerts).toMatchObject({ mode: 'group', groupId: 'grp-field-crews' });
    expect(fields(await refused('LU800-0003', () => unit('LU800-0003', 'alerts/configuration', { mode: 'group', groupId: 'grp-newsroom' }), 400))).toEqual([
      { path: 'body.groupId', message: 'Invalid field' },
    ]);
    expect(fields(await refused('LU800-0003', () => unit('LU800-0003', 'alerts/configuration', { mode: 'group' }), 400))).toEqual([
      { path: 'body.groupId', message: 'This field is required' },
    ]);
    expect(fields(await refused('LU800-0003', () => unit('LU800-0003', 'alerts/configuration', { mode: 'automatic', recipients: [] }), 400))).toEqual([
      { path: 'body.recipients', message: 'Invalid field' },
    ]);
    const auto = await unit('LU800-0003', 'alerts/configuration', { mode: 'automatic' });
    expect(auto.json().alerts).toMatchObject({ mode: 'automatic', groupId: 'grp-field-crews' });
    expect((await row('LU800-0003')).alertsConfigMode).toBe('automatic');
    // Back to manual: the unit's own mailing list was kept.
    expect((await unit('LU800-0003', 'alerts/configuration', { mode: 'manual' })).json().alerts.recipients).toHaveLength(2);
  });

  it('bandwidth limits: cellular not above total, priority ordering, smart units 1000–20000 kbps; network capping by cap option', async () => {
    const ok = await unit(
      'LU800-0001',
      'bwLimitation',
      {
        totalKbps: 5000,
        cellularKbps: 3000,
        priorityLimits: [
          { priority: 1, kbps: 4000 },
          { priority: 2, kbps: 2000 },
        ],
      },
      'luc_admin',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().bandwidth).toEqual({
      total: 5000,
      cellular: 3000,
      priorityLimits: [
        { priority: 1, kbps: 4000 },
        { priority: 2, kbps: 2000 },
      ],
    });
    expect(ok.json().network.capping).toEqual({ option: 'custom', mbps: 3 });
    const above = await refused('LU800-0001', () => unit('LU800-0001', 'bwLimitation', { totalKbps: 5000, cellularKbps: 6000 }, 'luc_admin'), 400);
    expect(fields(above)).toEqual([{ path: 'body.cellularKbps', message: 'Max Cellular Capping cannot be higher than Max Total Capping' }]);
    const order = await refused(
      'LU800-0001',
      () =>
        unit(
          'LU800-0001',
          'bwLimitation',
          {
            totalKbps: 5000,
            cellularKbps: null,
            priorityLimits: [
              { priority: 1, kbps: 1000 },
              { priority: 2, kbps: 2000 },
            ],
          },
          'luc_admin',
        ),
      400,
    );
    expect(fields(order)).toEqual([
      { path: 'body.priorityLimits.0.kbps', message: 'A priority limit must be lower than the total and higher than the limits of lower priorities' },
    ]);
    const smart = await refused('LUSMART-0001', () => unit('LUSMART-0001', 'bwLimitation', { totalKbps: 500, cellularKbps: null }, 'luc_admin'), 400);
    expect(fields(smart)).toEqual([{ path: 'body.totalKbps', message: 'Must be 1000 or more' }]);
    expect((await unit('LUSMART-0001', 'bwLimitation', { totalKbps: 0, cellularKbps: 20000 }, 'luc_admin')).statusCode).toBe(200);
    expect(fields(await unit('LUSMART-0001', 'bwLimitation', { totalKbps: 20001, cellularKbps: null }, 'luc_admin'))).toEqual([
      { path: 'body.totalKbps', message: 'Must be 20000 or less' },
    ]);
    expect(device('LU800-0001').settings.configuration.bandwidth).toMatchObject({ total: 5000, cellular: 3000 });

    const cap = await put('/units/LU800-0001/network/capping', { option: '4.2' }, 'luc_admin');
    expect(cap.statusCode, cap.body).toBe(200);
    expect(cap.json().network.capping).toEqual({ option: '4.2', mbps: 4.2 });
    expect(cap.json().bandwidth.cellular).toBe(4200);
    const capAbove = await refused('LU800-0001', () => put('/units/LU800-0001/network/capping', { option: '5.5' }, 'luc_admin'), 400);
    expect(fields(capAbove)).toEqual([{ path: 'body.option', message: 'Max Cellular Capping cannot be higher than Max Total Capping' }]);
    const custom = await refused('LU800-0001', () => put('/units/LU800-0001/network/capping', { option: 'custom' }, 'luc_admin'), 400);
    expect(fields(custom)).toEqual([{ path: 'body.customMbps', message: 'This field is required' }]);
    expect((await put('/units/LU800-0001/network/capping', { option: 'custom', customMbps: 2.5 }, 'luc_admin')).json().network.capping).toEqual({
      option: 'custom',
      mbps: 2.5,
    });
    expect((await put('/units/LU800-0001/network/capping', { option: 'disabled' }, 'luc_admin')).json().bandwidth.cellular).toBeNull();
    expect(fields(await put('/units/LU800-0001/network/capping', { option: '9.9' }, 'luc_admin'))).toEqual([{ path: 'body.option', message: 'Invalid field' }]);
  });

  it('intercom: the audio room must be on the server the unit transmits to; audio jacks', async () => {
    const ok = await unit('LU800-0001', 'intercom', { intercom: 1, mode: 'audioRoom', audioRoomId: 'aud-0001', destinationAccount: 'desk' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().intercoms[0]).toEqual({ mode: 'audioRoom', audioRoomId: 'aud-0001', targetChannelId: null, destinationAccount: 'desk' });
    // DRONE-0001 transmits to the ingest server, LU800-0002 to no server.
    for (const id of ['DRONE-0001', 'LU800-0002']) {
      const res = await refused(id, () => unit(id, 'intercom', { intercom: 1, mode: 'audioRoom', audioRoomId: 'aud-0001' }), 409);
      expect(res.json().error).toEqual({ code: 'INTERCOM_SERVER_MISMATCH', message: 'Intercom server missing or different from the audio room' });
    }
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'intercom', { intercom: 1, mode: 'audioRoom' }), 400))).toEqual([
      { path: 'body.audioRoomId', message: 'This field is required' },
    ]);
    expect(
      fields(await refused('LU800-0001', () => unit('LU800-0001', 'intercom', { intercom: 3, mode: 'targetChannel', targetChannelId: 'MMH-0001-CH1' }), 400)),
    ).toEqual([{ path: 'body.intercom', message: 'Invalid field' }]);
    const target = await unit('LU800-0001', 'intercom', { intercom: 2, mode: 'targetChannel', targetChannelId: 'MMH-0001-CH3' });
    expect(target.json().intercoms).toEqual([
      { mode: 'audioRoom', audioRoomId: 'aud-0001', targetChannelId: null, destinationAccount: 'desk' },
      { mode: 'targetChannel', audioRoomId: null, targetChannelId: 'MMH-0001-CH3', destinationAccount: null },
    ]);
    expect(
      (await refused('XTND-0001', () => unit('XTND-0001', 'intercom', { intercom: 1, mode: 'targetChannel', targetChannelId: 'MMH-0001-CH1' }), 403)).json()
        .error.code,
    ).toBe('FEATURE_DISABLED');
    const jacks = await unit('LU800-0001', 'intercom/audiojacks', { jacks: [{ jack: 1, intercom: 1, volume: 80 }] });
    // Jack 2 was set by the sweep above: a jack not named keeps its setting.
    expect(jacks.json().audioJacks).toEqual([
      { jack: 1, intercom: 1, volume: 80, muted: false },
      { jack: 2, intercom: 2, volume: 50, muted: false },
    ]);
    expect(
      fields(await refused('LU800-0001', () => unit('LU800-0001', 'intercom/audiojacks', { jacks: [{ jack: 1, intercom: 1, volume: 101 }] }), 400)),
    ).toEqual([{ path: 'body.jacks.0.volume', message: 'Must be 100 or less' }]);
    expect(
      fields(
        await refused(
          'LU800-0001',
          () =>
            unit('LU800-0001', 'intercom/audiojacks', {
              jacks: [
                { jack: 1, intercom: 1, volume: 1 },
                { jack: 1, intercom: 2, volume: 1 },
              ],
            }),
          400,
        ),
      ),
    ).toEqual([{ path: 'body.jacks.1.jack', message: 'This field must be unique' }]);
  });

  it('interfaces: cellular settings on modems, addressing on Ethernet, IP and subnet checks, the last interface stays', async () => {
    const cell = await unit('LU800-0001', 'interfaces/config', {
      port: 1,
      networkMode: '4G',
      roamingAllowed: true,
      apns: [{ slot: 1, apn: 'internet', username: 'u', password: 'secret-apn', authProtocol: 'CHAP' }],
    });
    expect(cell.statusCode, cell.body).toBe(200);
    expect(cell.json().interfaces.find((i: { port: number }) => i.port === 1)).toMatchObject({
      networkMode: '4G',
      roamingAllowed: true,
      apns: [{ slot: 1, apn: 'internet', username: 'u', authProtocol: 'CHAP' }],
    });
    expect(cell.body).not.toContain('secret-apn');
    const lan = await unit('LU800-0001', 'interfaces/config', { port: 8, ipMode: 'static', ip: '10.0.0.5', subnetMask: '255.255.255.0', gateway: '10.0.0.1' });
    expect(lan.json().interfaces.find((i: { port: number }) => i.port === 8)).toMatchObject({
      ipMode: 'static',
      ip: '10.0.0.5',
      subnetMask: '255.255.255.0',
      gateway: '10.0.0.1',
    });
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ port: 8, ipMode: 'static', ip: '300.1.1.1', subnetMask: '255.255.255.0' }, [{ path: 'body.ip', message: 'Invalid IP field' }]],
      [{ port: 8, ipMode: 'static', ip: '10.0.0.5', subnetMask: '255.0.255.0' }, [{ path: 'body.subnetMask', message: 'Invalid Subnet Mask field' }]],
      [
        { port: 8, ipMode: 'static' },
        [
          { path: 'body.ip', message: 'This field is required' },
          { path: 'body.subnetMask', message: 'This field is required' },
        ],
      ],
      [{ port: 1, ip: '10.0.0.5' }, [{ path: 'body.ip', message: 'Invalid field' }]],
      [{ port: 8, networkMode: '4G' }, [{ path: 'body.networkMode', message: 'Invalid field' }]],
      [{ port: 40, roamingAllowed: true }, [{ path: 'body.port', message: 'Invalid field' }]],
      [{ port: 1, apns: [{ slot: 5, apn: 'x' }] }, [{ path: 'body.apns.0.slot', message: 'Must be 4 or less' }]],
      [{ port: 1, apns: [{ slot: 1, apn: 'x', authProtocol: 'MSCHAP' }] }, [{ path: 'body.apns.0.authProtocol', message: 'Invalid field' }]],
    ];
    for (const [b, expected] of cases) expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'interfaces/config', b), 400))).toEqual(expected);
    // PTP-0001: Ethernet (port 1) and one modem (port 2), both connected: at least two must stay.
    for (const port of [1, 2]) {
      const last = await refused('PTP-0001', () => unit('PTP-0001', 'interfaces/config', { port, enabled: false }), 409);
      expect(last.json().error.code).toBe('LAST_INTERFACE');
    }
    expect(device('PTP-0001').links.map((l) => l.enabled)).toEqual([true, true]);
    // LU800-0001 has eight links: one may be disabled, and enabled again.
    const off = await unit('LU800-0001', 'interfaces/config', { port: 6, enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(device('LU800-0001').links[5]!.enabled).toBe(false);
    await eventually(async () => s.app.services.telemetry.get('LU800-0001')?.modems.find((m) => m.port === 6)?.enabled === false);
    expect((await unit('LU800-0001', 'interfaces/config', { port: 6, enabled: true })).statusCode).toBe(200);
  });

  it('settings configuration: output channel of the unit’s inventories, multi channel', async () => {
    const ok = await put('/settingsConfiguration/add', { id: 'LU800-0001', outputChannel: 'MMH-0001-CH2', multiChannel: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings).toEqual({ outputChannel: 'MMH-0001-CH2', multiChannel: true, machineUid: 'LU800-0001' });
    expect(
      fields(
        await refused('LU800-0001', () => put('/settingsConfiguration/add', { id: 'LU800-0001', outputChannel: 'MMH-0002-CH1', multiChannel: true }), 400),
      ),
    ).toEqual([{ path: 'body.outputChannel', message: 'Invalid field' }]);
    expect(fields(await put('/settingsConfiguration/add', { id: 'LU800-0001', outputChannel: null }))).toEqual([
      { path: 'body.multiChannel', message: 'This field is required' },
    ]);
  });

  it('concurrent updates of different settings of one unit all land; a stale version answers 409 and changes nothing', async () => {
    const before = await row('LUSMART-0001');
    const results = await Promise.all([
      unit('LUSMART-0001', 'ntpTimecode', { enabled: true, server: 'time.example.net' }),
      unit('LUSMART-0001', 'fetchlogs/enhanced', { enabled: true }),
      unit('LUSMART-0001', 'fixedInternetDelay', { delayMs: 2222 }),
      unit('LUSMART-0001', 'delay', { delayMs: 4444 }),
      unit('LUSMART-0001', 'intercom/audiojacks', { jacks: [{ jack: 2, intercom: null, volume: 10 }] }),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const after = await configOf('LUSMART-0001');
    expect(after).toMatchObject({
      ntpTimecode: { enabled: true, server: 'time.example.net' },
      fetchlogs: { enhanced: true },
      fixedInternetDelay: 2222,
      delay: 4444,
      audioJacks: [{ jack: 2, intercom: null, volume: 10, muted: false }],
      version: before.version + 5,
    });
    const stale = await refused('LUSMART-0001', () => unit('LUSMART-0001', 'ntpTimecode', { enabled: false, version: before.version }), 409);
    expect(stale.json().error).toEqual({ code: 'CONFLICT', message: 'The item was changed by someone else, please reload and try again' });
  });

  it('settings pushed to the device need the unit reachable (UNIT_OFFLINE); core-only settings do not', async () => {
    const reboot = await s.app.inject({
      method: 'POST',
      url: '/api/devices/SOLO-0001/commands/reboot',
      headers: { cookie: cookies.luc_regular! },
      payload: {},
    });
    expect(reboot.statusCode).toBe(200);
    const res = await refused('SOLO-0001', () => unit('SOLO-0001', 'delay', { delayMs: 3000 }), 409);
    expect(res.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
    expect((await unit('SOLO-0001', 'alerts/configuration', { mode: 'automatic' })).statusCode).toBe(200);
    await eventually(async () => s.app.services.index.statusOf('SOLO-0001') === 'idle');
  });

  it('current user: own names, e-mail and label with the spec 001 rules', async () => {
    const me = await put('/users/current', { firstName: 'Alice', lastName: 'Ng', userLabel: 'Field producer' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ username: 'luc_regular', firstName: 'Alice', lastName: 'Ng', userLabel: 'Field producer' });
    const got = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: cookies.luc_regular! } })).json();
    expect(got).toMatchObject({ firstName: 'Alice', lastName: 'Ng', userLabel: 'Field producer' });
    const user = () => s.app.services.db.user.findUniqueOrThrow({ where: { username: 'luc_regular' } });
    const before = await user();
    const cases: [unknown, number, { path: string; message: string }[]][] = [
      [{ firstName: 'alice' }, 400, [{ path: 'body.firstName', message: 'First name must start with an uppercase letter' }]],
      [{ firstName: 'A' }, 400, [{ path: 'body.firstName', message: 'Must be between 2 and 255 characters' }]],
      [{ lastName: 'x'.repeat(256) }, 400, [{ path: 'body.lastName', message: 'Must be between 2 and 255 characters' }]],
      [{ email: 'nope' }, 400, [{ path: 'body.email', message: 'Invalid email format' }]],
      [{ userLabel: 'x'.repeat(31) }, 400, [{ path: 'body.userLabel', message: 'Must have at most 30 characters' }]],
      [{ email: 'luc.admin@demo.example.com' }, 409, [{ path: 'body.email', message: 'Email used by another user' }]],
      [{ lastName: 'Stale', version: before.version - 1 }, 409, []],
    ];
    for (const [body, status, expected] of cases) {
      const res = await put('/users/current', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (expected.length > 0) expect(fields(res)).toEqual(expected);
    }
    const after = await user();
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect((await put('/users/current', { email: 'alice.ng@example.com', version: before.version })).json().email).toBe('alice.ng@example.com');
    // Read-only users edit their own details too.
    expect((await put('/users/current', { userLabel: null }, 'luc_read')).statusCode).toBe(200);
  });

  it('group unit settings: merged into the group’s defaults; only groups the caller sees; stale version 409', async () => {
    const ok = await put('/v0/groups/grp-newsroom/unitSettings', { delayMs: 2500, audioBitrateKbps: 192, totalKbps: 8000, cellularKbps: 4000 }, 'luc_admin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      groupId: 'grp-newsroom',
      settings: { delayMs: 2500, transmissionMode: 'live', audioBitrateKbps: 192, totalKbps: 8000, cellularKbps: 4000 },
    });
    const group = () => s.app.services.db.group.findUniqueOrThrow({ where: { id: 'grp-newsroom' } });
    const before = await group();
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{}, [{ path: 'body', message: 'This field is required' }]],
      [{ totalKbps: 1000, cellularKbps: 2000 }, [{ path: 'body.cellularKbps', message: 'Max Cellular Capping cannot be higher than Max Total Capping' }]],
      [{ delayMs: 500 }, [{ path: 'body.delayMs', message: 'Must be 1000 or more' }]],
      [{ transmissionMode: 'teleport' }, [{ path: 'body.transmissionMode', message: 'Invalid field' }]],
    ];
    for (const [b, expected] of cases) {
      const res = await put('/v0/groups/grp-newsroom/unitSettings', b, 'luc_admin');
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(expected);
    }
    expect((await put('/v0/groups/grp-newsroom/unitSettings', { delayMs: 3000, version: before.version - 1 }, 'luc_admin')).statusCode).toBe(409);
    expect((await group()).version).toBe(before.version);
    expect((await group()).defaultConfiguration).toEqual(before.defaultConfiguration);
    // luc_partner has the manage role but only the first inventory's groups.
    expect((await put('/v0/groups/grp-football/unitSettings', { delayMs: 3000 }, 'luc_partner')).statusCode).toBe(404);
    expect((await put('/v0/groups/grp-football/unitSettings', { delayMs: 3000 }, 'super_user')).statusCode).toBe(200);
  });

  it('inventory-unit details: support staff set ownership and usage profile of a unit in one of its inventories', async () => {
    const ok = await put(
      '/internal/inventory-unit-details',
      { id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'rent', usageProfileId: 'usp-news-data' },
      'staff',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const r = await row('LU800-0002');
    expect(ok.json()).toEqual({ uniqueId: 'LU800-0002', inventoryId: 'inv-global', ownership: 'rent', usageProfileId: 'usp-news-data', version: r.version });
    expect((await detail('LU800-0002')).ownership).toBe('rent');
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ id: 'LU800-0002', inventoryId: 'inv-metro', ownership: 'lease' }, [{ path: 'body.inventoryId', message: 'Invalid field' }]],
      [{ id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'stolen' }, [{ path: 'body.ownership', message: 'Invalid field' }]],
      [
        { id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'lease', usageProfileId: 'usp-nope' },
        [{ path: 'body.usageProfileId', message: 'Invalid field' }],
      ],
    ];
    for (const [b, expected] of cases)
      expect(fields(await refused('LU800-0002', () => put('/internal/inventory-unit-details', b, 'staff'), 400))).toEqual(expected);
    expect(
      (
        await refused(
          'LU800-0002',
          () => put('/internal/inventory-unit-details', { id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'lease', version: r.version - 1 }, 'staff'),
          409,
        )
      ).json().error.code,
    ).toBe('CONFLICT');
  });
});
