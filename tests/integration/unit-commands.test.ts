/**
 * POST devices/{id}/commands/{command} (spec 000 §7 "Commands") through the real HTTP surface, on
 * real SQLite and PostgreSQL, with the real simulator attached: every command kind's success and
 * device reaction, its validation rules with the spec's words, 401 / 403 / 404, UNIT_OFFLINE, and
 * that a rejected command changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_COMMANDS, type Modem, type RealtimeEvent, type UnitCommand, type UnitDetail } from '@fleet/contracts';
import type { UnitSettings } from '@fleet/simulator';
import { eventually, FAST_TIMINGS, providers, startTestStack, type TestStack } from '../support/stack.js';

/** Command and configuration timings of the simulator, short enough for tests. */
const TIMINGS = {
  ...FAST_TIMINGS,
  rebootMs: [300, 400],
  linkToggleMs: [150, 200],
  networkScanMs: [250, 300],
  operatorSwitchMs: [150, 200],
  speedTestMs: 700,
  settingApplyMs: [150, 250],
} as const;

/** A valid body per command kind, on a unit luc_regular controls (for the 401/403/404 sweep). */
const VALID: Record<UnitCommand, unknown> = {
  setVirtualChannel: { channelId: 'MMH-0001-CH1' },
  stopStreaming: {},
  reboot: {},
  metadata: { fields: [{ key: 'venue', value: 'Stadium' }] },
  linkConfiguration: { modemId: 'LU800-0001-m1', enabled: true },
  wifiQuery: {},
  wifiConnect: { ssid: 'Newsroom', security: 'open' },
  wifiDisconnect: {},
  cellularScan: { modemId: 'LU800-0001-m1' },
  cellularSelect: { modemId: 'LU800-0001-m1', network: 'automatic' },
  activeSim: { modemId: 'LU800-0001-m1', sim: 'A' },
  audioParameters: { input: 'sdi', channels: 2 },
  audioBitrate: { bitrateKbps: 128 },
  ifbDelay: { delayMs: 100 },
  ifbAlwaysOn: { enabled: false },
  ancillaryData: { enabled: false },
  shootingMode: { mode: 'standard' },
  storeAndForwardQuality: { quality: 'standard_h264' },
  encoder: { codec: 'h264' },
  cancelFileUpload: { files: ['nothing.mp4'] },
  speedTest: { channelId: 'MMH-0001-CH1' },
  videoComplexity: { level: 'medium' },
};

describe.each(providers())('unit commands on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let read: string;
  let superUser: string;
  const events: RealtimeEvent[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulatorTimings: TIMINGS });
    [regular, read, superUser] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('super_user')]);
    const hub = s.app.services.hub;
    const publish = hub.publish.bind(hub);
    hub.publish = (topics, event) => {
      events.push(event);
      publish(topics, event);
    };
    // Every unit used below is up (the simulator boots them in a few ms).
    await eventually(async () => {
      const ids = ['LU800-0001', 'LU800-0003', 'SOLO-0001', 'LULITE-0001', 'LUSMART-0002', 'PTP-0001', 'DRONE-0001'];
      return ids.every((id) => s.app.services.index.statusOf(id) === 'idle' && (s.app.services.telemetry.get(id)?.modems.length ?? 0) > 0);
    });
  });
  afterAll(async () => s?.close());

  const cmd = (unit: string, kind: string, body?: unknown, cookie: string | null = regular) =>
    s.app.inject({
      method: 'POST',
      url: `/api/devices/${unit}/commands/${kind}`,
      headers: cookie ? { cookie } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const detail = async (id: string): Promise<UnitDetail> =>
    (await s.app.inject({ method: 'GET', url: `/api/v2/units/${id}`, headers: { cookie: superUser } })).json();
  const row = (id: string) => s.app.services.db.unit.findUniqueOrThrow({ where: { id } });
  const modems = (id: string): Modem[] => s.app.services.telemetry.get(id)?.modems ?? [];
  const device = (id: string) => {
    const d = s.sim?.device(id);
    if (!d) throw new Error(`no simulated device ${id}`);
    return d;
  };
  /**
   * Runs `fn` with the simulator's clock held still: a state a device keeps for a bounded simulated
   * time (a modem re-registering after an operator switch) is checked before it can end, however
   * long the machine takes to answer the command.
   */
  async function timeHeld<T>(fn: () => Promise<T>): Promise<T> {
    const clock = s.sim!.clock;
    const mode = clock.mode();
    clock.setMode({ kind: 'stepped' });
    try {
      return await fn();
    } finally {
      clock.setMode(mode);
    }
  }
  const resultEvent = (unitId: string, command: UnitCommand, after: number) =>
    eventually(async () =>
      events
        .slice(after)
        .find(
          (e): e is Extract<RealtimeEvent, { type: 'unit.commandResult' }> => e.type === 'unit.commandResult' && e.unitId === unitId && e.command === command,
        ),
    );
  /** Runs a refused call and checks the unit row did not change. */
  async function unchanged(id: string, call: () => ReturnType<typeof cmd>, status: number) {
    const before = await row(id);
    const res = await call();
    expect(res.statusCode).toBe(status);
    const after = await row(id);
    expect({ v: after.version, c: after.configuration, ch: after.selectedChannelId, q: after.storeAndForwardVideoQuality }).toEqual({
      v: before.version,
      c: before.configuration,
      ch: before.selectedChannelId,
      q: before.storeAndForwardVideoQuality,
    });
    return res;
  }

  it('declares every command kind of the spec, each answering 401 without a session, 403 to read-only users and 404 for unknown or foreign units', async () => {
    expect(Object.keys(VALID).sort()).toEqual([...UNIT_COMMANDS].sort());
    for (const kind of UNIT_COMMANDS) {
      const none = await cmd('LU800-0001', kind, VALID[kind], null);
      expect(none.statusCode, kind).toBe(401);
      const ro = await cmd('LU800-0001', kind, VALID[kind], read);
      expect(ro.statusCode, kind).toBe(403);
      expect(ro.json().error.code).toBe('FORBIDDEN');
      expect((await cmd('NO-SUCH-UNIT', kind, VALID[kind])).statusCode, kind).toBe(404);
      // LU800-0005 is outside luc_regular's inventories: answered like a missing unit.
      const foreign = await cmd('LU800-0005', kind, VALID[kind]);
      expect(foreign.statusCode, kind).toBe(404);
      expect(foreign.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('set virtual channel: selects a channel of the unit’s inventories, stores it, tells the device', async () => {
    const at = events.length;
    const res = await cmd('LU800-0001', 'setVirtualChannel', { channelId: 'MMH-0001-CH1' });
    expect(res.statusCode, res.body).toBe(200);
    const channel = await s.app.services.db.channel.findUniqueOrThrow({ where: { id: 'MMH-0001-CH1' } });
    expect(res.json()).toEqual({
      uniqueId: 'LU800-0001',
      command: 'setVirtualChannel',
      accepted: true,
      channelId: 'MMH-0001-CH1',
      virtualChannelName: channel.name,
    });
    expect((await detail('LU800-0001')).selectedChannel.channelId).toBe('MMH-0001-CH1');
    // The device selects it (retried when an attempt fails, spec 000 §4).
    await eventually(async () => device('LU800-0001').snapshot().selection?.channelId === 'MMH-0001-CH1');
    const ev = events.slice(at).find((e) => e.type === 'unit.configuration' && e.unitId === 'LU800-0001');
    expect(ev).toMatchObject({ setting: 'virtualChannel', configuration: { selectedChannelId: 'MMH-0001-CH1', virtualChannelName: channel.name } });
  });

  it('set virtual channel: unknown, foreign or missing channel is refused with the spec’s words and changes nothing', async () => {
    for (const [body, message] of [
      [{ channelId: 'NOPE' }, 'Invalid field'],
      [{ channelId: 'MMH-0002-CH1' }, 'Invalid field'],
      [{}, 'This field is required'],
    ] as const) {
      const res = await unchanged('LU800-0001', () => cmd('LU800-0001', 'setVirtualChannel', body), 400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.channelId', message }] });
    }
    const extra = await cmd('LU800-0001', 'setVirtualChannel', { channelId: 'MMH-0001-CH1', other: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('metadata: stored and sent; a semicolon is refused ("Metadata fields cannot contain a semicolon")', async () => {
    const fields = [
      { key: 'venue', value: 'Olympic Stadium' },
      { key: 'crew', value: 'B' },
    ];
    const ok = await cmd('LU800-0001', 'metadata', { fields });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ uniqueId: 'LU800-0001', command: 'metadata', accepted: true });
    expect(device('LU800-0001').settings.metadata).toEqual(fields);
    expect((await row('LU800-0001')).configuration).toMatchObject({ metadata: fields });
    const bad = await unchanged('LU800-0001', () => cmd('LU800-0001', 'metadata', { fields: [{ key: 'a', value: 'x;y' }] }), 400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.fields.0.value', message: 'Metadata fields cannot contain a semicolon' }]);
    const badKey = await cmd('LU800-0001', 'metadata', { fields: [{ key: 'a;b', value: 'x' }] });
    expect(badKey.json().error.fields).toEqual([{ path: 'body.fields.0.key', message: 'Metadata fields cannot contain a semicolon' }]);
    const empty = await cmd('LU800-0001', 'metadata', { fields: [] });
    expect(empty.json().error.fields).toEqual([{ path: 'body.fields', message: 'This field is required' }]);
  });

  it('link configuration: disables a link while two others stay connected; of exactly two connected neither can be disabled; enabling reconnects', async () => {
    // LU800-0001 has eight links: one may go.
    const off = await cmd('LU800-0001', 'linkConfiguration', { modemId: 'LU800-0001-m6', enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(device('LU800-0001').links[5]!.enabled).toBe(false);
    await eventually(async () => modems('LU800-0001').find((m) => m.id === 'LU800-0001-m6')?.enabled === false);
    // PTP-0001 has Ethernet (m1, never drops) and one modem (m2): at least two must stay connected.
    for (const modemId of ['PTP-0001-m1', 'PTP-0001-m2']) {
      const last = await unchanged('PTP-0001', () => cmd('PTP-0001', 'linkConfiguration', { modemId, enabled: false }), 409);
      expect(last.json().error).toMatchObject({
        code: 'LAST_INTERFACE',
        message: 'At least two interfaces must stay connected; the last one cannot be disabled',
      });
    }
    expect(device('PTP-0001').links.map((l) => l.enabled)).toEqual([true, true]);
    // Cellular scan with one interface connected is refused too (spec 000 §5): the modem loses its network.
    s.sim!.inject({ unitId: 'PTP-0001', fault: { type: 'modemFail', modem: 2 } });
    await eventually(async () => modems('PTP-0001').find((m) => m.id === 'PTP-0001-m2')?.connected === false);
    const scan = await cmd('PTP-0001', 'cellularScan', { modemId: 'PTP-0001-m2' });
    expect(scan.statusCode).toBe(409);
    expect(scan.json().error).toMatchObject({ code: 'CELLULAR_SCAN_ONE_MODEM', message: 'Cellular scan is not allowed when only one modem is connected' });
    s.sim!.inject({ unitId: 'PTP-0001', fault: { type: 'modemRecover', modem: 2 } });
    const unknown = await cmd('PTP-0001', 'linkConfiguration', { modemId: 'PTP-0001-m9', enabled: false });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('INTERFACE_NOT_PRESENT');
    const on = await cmd('LU800-0001', 'linkConfiguration', { modemId: 'LU800-0001-m6', enabled: true });
    expect(on.statusCode).toBe(200);
    await eventually(async () => {
      const m = modems('LU800-0001').find((x) => x.id === 'LU800-0001-m6');
      return m?.enabled && m.connected;
    });
    await eventually(async () => modems('PTP-0001').find((m) => m.id === 'PTP-0001-m2')?.connected === true);
    const badBody = await cmd('PTP-0001', 'linkConfiguration', { modemId: 'PTP-0001-m2' });
    expect(badBody.json().error.fields).toEqual([{ path: 'body.enabled', message: 'This field is required' }]);
  });

  it('cellular scan: immediate ack, operators after the scan as unit.commandResult; LAN refused ("Scan not supported for this modem")', async () => {
    const at = events.length;
    await timeHeld(async () => {
      const res = await cmd('LU800-0003', 'cellularScan', { modemId: 'LU800-0003-m1' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        uniqueId: 'LU800-0003',
        command: 'cellularScan',
        accepted: true,
        modemId: 'LU800-0003-m1',
        expectedDurationMs: { min: 60_000, max: 120_000 },
      });
      // The scanning modem is off the air while it scans.
      expect(device('LU800-0003').links[0]!.connected).toBe(false);
    });
    const done = await resultEvent('LU800-0003', 'cellularScan', at);
    expect(done).toMatchObject({ outcome: 'completed', code: null, message: null, result: { modemId: 'LU800-0003-m1' } });
    expect(Array.isArray((done.result as { operators: unknown[] }).operators)).toBe(true);
    await eventually(async () => (record((await row('LU800-0003')).telemetry).cellularNetworksUpdated ? true : null));
    const lan = await cmd('LU800-0003', 'cellularScan', { modemId: 'LU800-0003-m8' });
    expect(lan.statusCode).toBe(422);
    expect(lan.json().error).toEqual({ code: 'SCAN_NOT_SUPPORTED', message: 'Scan not supported for this modem' });
    const wifi = await cmd('LU800-0003', 'cellularScan', { modemId: 'LU800-0003-m7' });
    expect(wifi.json().error.code).toBe('SCAN_NOT_SUPPORTED');
  });

  it('cellular scan failures: a modem still reconnecting fails at once, a modem disabled during the scan reports "Scan failed, please try again"', async () => {
    expect((await cmd('LU800-0003', 'linkConfiguration', { modemId: 'LU800-0003-m2', enabled: false })).statusCode).toBe(200);
    expect((await cmd('LU800-0003', 'linkConfiguration', { modemId: 'LU800-0003-m2', enabled: true })).statusCode).toBe(200);
    const now = await cmd('LU800-0003', 'cellularScan', { modemId: 'LU800-0003-m2' });
    expect(now.statusCode).toBe(502);
    expect(now.json().error).toEqual({ code: 'SCAN_FAILED', message: 'Scan failed, please try again' });
    const at = events.length;
    expect((await cmd('LU800-0003', 'cellularScan', { modemId: 'LU800-0003-m3' })).statusCode).toBe(200);
    expect((await cmd('LU800-0003', 'linkConfiguration', { modemId: 'LU800-0003-m3', enabled: false })).statusCode).toBe(200);
    const failed = await resultEvent('LU800-0003', 'cellularScan', at);
    expect(failed).toMatchObject({ outcome: 'failed', code: 'SCAN_FAILED', message: 'Scan failed, please try again' });
    expect((await cmd('LU800-0003', 'linkConfiguration', { modemId: 'LU800-0003-m3', enabled: true })).statusCode).toBe(200);
  });

  it('cellular select and active SIM: the modem re-registers; stored per modem; non-cellular links refused', async () => {
    await timeHeld(async () => {
      const sel = await cmd('LU800-0003', 'cellularSelect', { modemId: 'LU800-0003-m4', network: { mcc: '262', mnc: '01' } });
      expect(sel.statusCode, sel.body).toBe(200);
      expect(device('LU800-0003').links[3]!.connected).toBe(false);
    });
    expect(record(record((await row('LU800-0003')).configuration).cellular)['LU800-0003-m4']).toEqual({ network: { mcc: '262', mnc: '01' } });
    await eventually(async () => device('LU800-0003').links[3]!.connected);
    const badMcc = await cmd('LU800-0003', 'cellularSelect', { modemId: 'LU800-0003-m4', network: { mcc: 'ab1', mnc: '01' } });
    expect(badMcc.json().error.fields).toEqual([{ path: 'body.network.mcc', message: 'Must only contain numeric characters' }]);
    const lan = await cmd('LU800-0003', 'cellularSelect', { modemId: 'LU800-0003-m8', network: 'automatic' });
    expect(lan.statusCode).toBe(422);

    const current = device('LU800-0003').links[4]!.activeSim;
    const other = current === 'A' ? 'B' : 'A';
    const sim = await cmd('LU800-0003', 'activeSim', { modemId: 'LU800-0003-m5', sim: other });
    expect(sim.statusCode).toBe(200);
    await eventually(async () => modems('LU800-0003').find((m) => m.id === 'LU800-0003-m5')?.activeSim === other);
    const badSim = await cmd('LU800-0003', 'activeSim', { modemId: 'LU800-0003-m5', sim: 'C' });
    expect(badSim.json().error.fields).toEqual([{ path: 'body.sim', message: 'Invalid field' }]);
    expect((await cmd('LU800-0003', 'activeSim', { modemId: 'LU800-0003-m7', sim: 'A' })).statusCode).toBe(422);
  });

  it('wifi query, connect and disconnect act on the unit’s Wi-Fi link', async () => {
    const q = await cmd('LULITE-0001', 'wifiQuery');
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ uniqueId: 'LULITE-0001', command: 'wifiQuery', accepted: true });
    expect(Array.isArray(q.json().networks)).toBe(true);
    const join = await cmd('LULITE-0001', 'wifiConnect', { ssid: 'OB-Van', security: 'wpa2', password: 'correct-horse' });
    expect(join.statusCode, join.body).toBe(200);
    expect(record((await row('LULITE-0001')).configuration).wifi).toEqual({ ssid: 'OB-Van', security: 'wpa2' });
    expect(JSON.stringify((await row('LULITE-0001')).configuration)).not.toContain('correct-horse');
    await eventually(async () => {
      const nets = (await cmd('LULITE-0001', 'wifiQuery')).json().networks as { ssid: string; connected: boolean }[];
      return nets.some((n) => n.ssid === 'OB-Van' && n.connected);
    });
    const noPass = await cmd('LULITE-0001', 'wifiConnect', { ssid: 'OB-Van', security: 'wpa2' });
    expect(noPass.json().error.fields).toEqual([{ path: 'body.password', message: 'This field is required' }]);
    const shortPass = await cmd('LULITE-0001', 'wifiConnect', { ssid: 'OB-Van', security: 'wpa2', password: 'short' });
    expect(shortPass.json().error.fields).toEqual([{ path: 'body.password', message: 'Must be between 8 and 63 characters' }]);
    const longSsid = await cmd('LULITE-0001', 'wifiConnect', { ssid: 'x'.repeat(33), security: 'open' });
    expect(longSsid.json().error.fields).toEqual([{ path: 'body.ssid', message: 'Must have at most 32 characters' }]);
    const off = await cmd('LULITE-0001', 'wifiDisconnect');
    expect(off.statusCode).toBe(200);
    expect(device('LULITE-0001').links[2]!.connected).toBe(false);
    // A unit without Wi-Fi.
    const none = await cmd('PTP-0001', 'wifiQuery');
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toEqual({ code: 'INTERFACE_NOT_PRESENT', message: 'The unit has no such interface' });
  });

  it('wifi disconnect: refused when Wi-Fi is one of the last two connected interfaces', async () => {
    // LUSMART-0002: one modem (m1) and Wi-Fi (m2), both connected: at least two must stay.
    const res = await cmd('LUSMART-0002', 'wifiDisconnect');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LAST_INTERFACE');
    expect(device('LUSMART-0002').links[1]!.connected).toBe(true);
  });

  it('audio parameters and bitrate: stored in the configuration; channels 4 and above only from SDI; the spec’s bitrates only', async () => {
    const ok = await cmd('LU800-0001', 'audioParameters', { input: 'sdi', channels: 8, gainDb: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    const hdmi = await unchanged('LU800-0001', () => cmd('LU800-0001', 'audioParameters', { input: 'hdmi', channels: 4 }), 400);
    expect(hdmi.json().error.fields).toEqual([{ path: 'body.channels', message: 'Audio channels 4 and above are available on the SDI input only' }]);
    expect((await cmd('LU800-0001', 'audioParameters', { input: 'hdmi', channels: 2 })).statusCode).toBe(200);
    const tooMany = await cmd('LU800-0001', 'audioParameters', { input: 'sdi', channels: 17 });
    expect(tooMany.json().error.fields).toEqual([{ path: 'body.channels', message: 'Must be 16 or less' }]);
    expect((await cmd('LU800-0001', 'audioBitrate', { bitrateKbps: 192 })).statusCode).toBe(200);
    expect(record((await row('LU800-0001')).configuration).audio).toMatchObject({ input: 'hdmi', channels: 2, bitrateKbps: 192 });
    expect(device('LU800-0001').settings.audio).toMatchObject({ input: 'hdmi', channels: 2, bitrateKbps: 192 });
    const bad = await unchanged('LU800-0001', () => cmd('LU800-0001', 'audioBitrate', { bitrateKbps: 100 }), 400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.bitrateKbps', message: 'Invalid field' }]);
  });

  it('IFB delay and always-on, ancillary data, shooting mode, video complexity, encoder: stored and applied by the device', async () => {
    const calls: [string, unknown, keyof UnitSettings, unknown][] = [
      ['ifbDelay', { delayMs: 400 }, 'ifbDelayMs', 400],
      ['ifbAlwaysOn', { enabled: true }, 'ifbAlwaysOn', true],
      ['ancillaryData', { enabled: true, types: ['cc708', 'timecode'] }, 'ancillaryData', { enabled: true, types: ['cc708', 'timecode'] }],
      ['shootingMode', { mode: 'sports' }, 'shootingMode', 'sports'],
      ['videoComplexity', { level: 'high' }, 'videoComplexity', 'high'],
      ['encoder', { codec: 'hevc', colourDepth: 10 }, 'encoder', { codec: 'hevc', colourDepth: 10 }],
    ];
    for (const [kind, body, key, applied] of calls) {
      const res = await cmd('LU800-0001', kind, body);
      expect(res.statusCode, `${kind} ${res.body}`).toBe(200);
      expect(device('LU800-0001').settings[key], kind).toEqual(applied);
    }
    expect((await row('LU800-0001')).configuration).toMatchObject({
      ifb: { delayMs: 400, alwaysOn: true },
      ancillaryData: { enabled: true, types: ['cc708', 'timecode'] },
      shootingMode: 'sports',
      videoComplexity: 'high',
      encoder: { codec: 'hevc', colourDepth: 10 },
    });
    for (const [kind, body, field, message] of [
      ['ifbDelay', { delayMs: 2001 }, 'body.delayMs', 'Must be 2000 or less'],
      ['ifbDelay', { delayMs: 1.5 }, 'body.delayMs', 'Must be an integer'],
      ['ifbAlwaysOn', { enabled: 'yes' }, 'body.enabled', 'Invalid field'],
      ['ancillaryData', { enabled: true, types: ['teletext'] }, 'body.types.0', 'Invalid field'],
      ['shootingMode', { mode: 'night' }, 'body.mode', 'Invalid field'],
      ['videoComplexity', { level: 'extreme' }, 'body.level', 'Invalid field'],
      ['encoder', { codec: 'h264', colourDepth: 12 }, 'body.colourDepth', 'Invalid field'],
    ] as const) {
      const res = await unchanged('LU800-0001', () => cmd('LU800-0001', kind, body), 400);
      expect(res.json().error.fields, kind).toEqual([{ path: field, message }]);
    }
    // HEVC needs a unit that has it.
    const lite = await cmd('LULITE-0001', 'encoder', { codec: 'hevc' });
    expect(lite.statusCode).toBe(403);
    expect(lite.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Feature disabled' });
  });

  it('store-and-forward quality: the device records with it and the unit shows it', async () => {
    const res = await cmd('LU800-0001', 'storeAndForwardQuality', { quality: 'high_h265' });
    expect(res.statusCode).toBe(200);
    expect((await detail('LU800-0001')).storeAndForwardVideoQuality).toBe('high_h265');
    expect(device('LU800-0001').settings.storeAndForwardQuality).toBe('high_h265');
    const bad = await unchanged('LU800-0001', () => cmd('LU800-0001', 'storeAndForwardQuality', { quality: 'ultra' }), 400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.quality', message: 'Invalid field' }]);
  });

  it('cancel file upload: pending and running uploads of those names end as failed; unknown names are ignored', async () => {
    const file = await s.app.services.db.file.findFirstOrThrow({ where: { unitId: 'LU800-0001', kind: 'uploaded' } });
    await s.app.services.db.file.update({ where: { id: file.id }, data: { status: 'pending' } });
    const res = await cmd('LU800-0001', 'cancelFileUpload', { files: [file.fileName, 'not-there.mp4'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uniqueId: 'LU800-0001', command: 'cancelFileUpload', accepted: true, cancelled: [file.fileName] });
    expect((await s.app.services.db.file.findUniqueOrThrow({ where: { id: file.id } })).status).toBe('failed');
    expect(device('LU800-0001').settings.cancelledUploads).toEqual([file.fileName, 'not-there.mp4']);
    const again = await cmd('LU800-0001', 'cancelFileUpload', { files: [file.fileName] });
    expect(again.json().cancelled).toEqual([]);
    const empty = await cmd('LU800-0001', 'cancelFileUpload', { files: [] });
    expect(empty.json().error.fields).toEqual([{ path: 'body.files', message: 'This field is required' }]);
    const missing = await cmd('LU800-0001', 'cancelFileUpload', {});
    expect(missing.json().error.fields).toEqual([{ path: 'body.files', message: 'This field is required' }]);
  });

  it('speed test: status speedtest while it runs, then back to idle with the measured rates; timeout is the spec’s 10', async () => {
    const at = events.length;
    const res = await cmd('DRONE-0001', 'speedTest', { channelId: 'MMH-0001-CH1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uniqueId: 'DRONE-0001', command: 'speedTest', accepted: true, channelId: 'MMH-0001-CH1', timeout: 10 });
    await eventually(async () => (await detail('DRONE-0001')).status === 'speedtest');
    // A second test (or anything else) while it runs: the unit is busy.
    const busy = await cmd('DRONE-0001', 'speedTest', { channelId: 'MMH-0001-CH1' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toEqual({ code: 'UNIT_BUSY', message: 'Unit is busy' });
    const done = await resultEvent('DRONE-0001', 'speedTest', at);
    expect(done).toMatchObject({ outcome: 'completed', code: null, result: { channelId: 'MMH-0001-CH1' } });
    expect((done.result as { uplinkKbps: number }).uplinkKbps).toBeGreaterThan(0);
    await eventually(async () => (await detail('DRONE-0001')).status === 'idle');
    await eventually(async () => (record((await row('DRONE-0001')).telemetry).speedTestCompleted ? true : null));
    const badTimeout = await cmd('DRONE-0001', 'speedTest', { channelId: 'MMH-0001-CH1', timeout: 5 });
    expect(badTimeout.json().error.fields).toEqual([{ path: 'body.timeout', message: 'Invalid field' }]);
  });

  it('speed test needs channel version 7.5.1 or higher, a channel, and a unit that can run one', async () => {
    await s.app.services.db.channel.update({ where: { id: 'MMH-0001-CH4' }, data: { swVersion: '7.4.9' } });
    const old = await unchanged('DRONE-0001', () => cmd('DRONE-0001', 'speedTest', { channelId: 'MMH-0001-CH4' }), 400);
    expect(old.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Speed test needs channel version 7.5.1 or higher',
      fields: [{ path: 'body.channelId', message: 'Speed test needs channel version 7.5.1 or higher' }],
    });
    expect(device('DRONE-0001').applications.video).toBeUndefined();
    // No channel given and none selected.
    const none = await cmd('DRONE-0001', 'speedTest', {});
    expect(none.json().error.fields).toEqual([{ path: 'body.channelId', message: 'This field is required' }]);
    const lite = await cmd('LULITE-0001', 'speedTest', { channelId: 'MMH-0001-CH1' });
    expect(lite.statusCode).toBe(403);
    expect(lite.json().error.code).toBe('FEATURE_DISABLED');
  });

  it('speed test: a channel change cuts it short ("Channel changed, repeat speed test"); stop streaming cancels it ("Test cancelled")', async () => {
    let at = events.length;
    expect((await cmd('DRONE-0001', 'speedTest', { channelId: 'MMH-0001-CH1' })).statusCode).toBe(200);
    expect((await cmd('DRONE-0001', 'setVirtualChannel', { channelId: 'MMH-0001-CH2' })).statusCode).toBe(200);
    const changed = await resultEvent('DRONE-0001', 'speedTest', at);
    expect(changed).toMatchObject({ outcome: 'cancelled', code: 'CHANNEL_CHANGED_SPEED_TEST', message: 'Channel changed, repeat speed test', result: null });
    await eventually(async () => (await detail('DRONE-0001')).status === 'idle');
    at = events.length;
    // Without a channel the test goes to the selected one (now MMH-0001-CH2).
    const started = await cmd('DRONE-0001', 'speedTest', {});
    expect(started.json().channelId).toBe('MMH-0001-CH2');
    expect((await cmd('DRONE-0001', 'stopStreaming')).statusCode).toBe(200);
    const cancelled = await resultEvent('DRONE-0001', 'speedTest', at);
    expect(cancelled).toMatchObject({ outcome: 'cancelled', code: 'TEST_CANCELLED', message: 'Test cancelled' });
    await eventually(async () => (await detail('DRONE-0001')).status === 'idle');
  });

  it('stop streaming: every streaming activity of the unit stops', async () => {
    const unit = await eventually(async () => {
      for (const id of ['SOLO-0001', 'LU800-0003', 'LU300-0001', 'LULITE-0001']) {
        const d = await detail(id);
        if (d.status === 'idle' && d.cameraConnected && d.licenseValid) return d;
      }
      return null;
    });
    const start = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular } });
    expect(start.statusCode, start.body).toBe(200);
    await eventually(async () => (await detail(unit.uniqueId)).status === 'streaming');
    const stop = await cmd(unit.uniqueId, 'stopStreaming');
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ uniqueId: unit.uniqueId, command: 'stopStreaming', accepted: true });
    await eventually(async () => (await detail(unit.uniqueId)).status === 'idle');
    const body = await cmd(unit.uniqueId, 'stopStreaming', { now: true });
    expect(body.statusCode).toBe(400);
  });

  it('reboot: offline at once, back after a few seconds; commands to the offline unit answer UNIT_OFFLINE', async () => {
    const before = await row('SOLO-0001');
    const res = await cmd('SOLO-0001', 'reboot');
    expect(res.statusCode, res.body).toBe(200);
    expect(device('SOLO-0001').online).toBe(false);
    const offline = await cmd('SOLO-0001', 'metadata', { fields: [{ key: 'a', value: 'b' }] });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
    await eventually(async () => (await detail('SOLO-0001')).status === 'offline');
    const again = await cmd('SOLO-0001', 'reboot');
    expect(again.json().error.code).toBe('UNIT_OFFLINE');
    expect(record((await row('SOLO-0001')).configuration).metadata).toEqual(record(before.configuration).metadata);
    await eventually(async () => (await detail('SOLO-0001')).status === 'idle');
    expect((await row('SOLO-0001')).lastReboot!.getTime()).toBeGreaterThan(before.lastReboot?.getTime() ?? 0);
  });

  it('stop streaming and DELETE v2/units/{id}/stream end a stream alike: the channel is idle again and the unit off air', async () => {
    /** The channel's status as the core recorded it from the device (control plane `core.channel`). */
    const channelStatus = async (channelId: string): Promise<string | null> => {
      const input = encodeURIComponent(JSON.stringify({ channelId }));
      const res = await s.app.inject({ method: 'GET', url: `/mock/trpc/core.channel?input=${input}`, headers: { cookie: superUser } });
      return (res.json() as { result: { data: { status: string | null } } }).result.data.status;
    };
    const stops = {
      'DELETE stream': (id: string) => s.app.inject({ method: 'DELETE', url: `/api/v2/units/${id}/stream`, headers: { cookie: regular } }),
      stopStreaming: (id: string) => cmd(id, 'stopStreaming'),
    };
    for (const [how, stop] of Object.entries(stops)) {
      const unit = await eventually(async () => {
        for (const id of ['LU800-0003', 'SOLO-0001', 'LU300-0001', 'LULITE-0001']) {
          const d = await detail(id);
          if (d.status === 'idle' && d.cameraConnected && d.licenseValid) return d;
        }
        return null;
      });
      // An output channel of the unit's hub that nothing uses: streaming to it puts the unit on air.
      const channelId = await eventually(async () => {
        const outputs = await s.app.services.db.channel.findMany({
          where: { serverId: 'MMH-0001', type: { in: ['output', 'distributor'] } },
          orderBy: { id: 'asc' },
        });
        for (const c of outputs) if ((await channelStatus(c.id)) === 'idle') return c.id;
        return null;
      });
      const start = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular }, payload: { channelId } });
      expect(start.statusCode, `${how}: ${start.body}`).toBe(200);
      await eventually(async () => (await channelStatus(channelId)) === 'collecting' && (await detail(unit.uniqueId)).tally === 'program');

      const res = await stop(unit.uniqueId);
      expect(res.statusCode, `${how}: ${res.body}`).toBe(200);
      // The answers keep their shapes.
      if (how === 'stopStreaming') expect(res.json()).toEqual({ uniqueId: unit.uniqueId, command: 'stopStreaming', accepted: true });
      else expect(res.json()).toMatchObject({ uniqueId: unit.uniqueId, action: 'stop', accepted: true });
      await eventually(async () => (await detail(unit.uniqueId)).status === 'idle');
      const released = await eventually(async () => (await channelStatus(channelId)) === 'idle').then(
        () => true,
        () => false,
      );
      expect(released, `${how}: channel ${channelId} is idle again`).toBe(true);
      const offAir = await eventually(async () => (await detail(unit.uniqueId)).tally === null).then(
        () => true,
        () => false,
      );
      expect(offAir, `${how}: tally off`).toBe(true);
    }
  });
});

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
