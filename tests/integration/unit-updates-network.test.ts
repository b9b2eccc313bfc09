/**
 * Unit updates of spec 000 §7, the links and sound (PUT v2/units/{id}/ippipe, ntpTimecode,
 * fixedInternetDelay, ipInputStream, fetchlogs/enhanced, v0 storeandforward_quality, bwLimitation,
 * units/{id}/network/capping, intercom and its audio jacks, interfaces/config) through the real HTTP
 * surface, on real SQLite and PostgreSQL, with the real simulator; first every unit update's answer,
 * version and unit.configuration event. Success and the device's reaction, the validation rules with
 * the spec's words, and that a rejected update changes nothing. The stack and the helpers:
 * tests/support/unit-updates.ts.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, type UnitConfiguration } from '@fleet/contracts';
import { eventually, providers } from '../support/stack.js';
import { CALLER, unitUpdatesStack, VALID, type UpdateId } from '../support/unit-updates.js';

describe.each(providers())('unit updates on %s', (provider) => {
  const { ctx, events, put, unit, row, configOf, detail, device, refused, fields } = unitUpdatesStack(provider);

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

  it('IP pipe: the device connects (connecting → connected) and disconnects; a server of the unit’s inventories; units without IP pipe refused', async () => {
    const ok = await unit('LU800-0001', 'ippipe', { enabled: true, serverId: 'MMH-0001', port: 5000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().ipPipe).toMatchObject({ enabled: true, serverId: 'MMH-0001', port: 5000 });
    expect(['connecting', 'connected']).toContain(ok.json().ipPipe.state);
    await eventually(async () => (await configOf('LU800-0001')).ipPipe.state === 'connected');
    expect((await detail('LU800-0001')).applications.l2ControlPipe?.state).toBe('running');
    const off = await unit('LU800-0001', 'ippipe', { enabled: false });
    // The answer's state is the device's last report: still connected when its next report (going
    // down) has not come yet, so only the setting is checked here; the pipe then goes down.
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().ipPipe).toMatchObject({ enabled: false });
    await eventually(async () => (await configOf('LU800-0001')).ipPipe.state === 'not_connected');
    expect((await detail('LU800-0001')).applications.l2ControlPipe).toBeUndefined();
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'ippipe', { enabled: true }), 400))).toEqual([
      { path: 'body.serverId', message: 'This field is required' },
    ]);
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'ippipe', { enabled: true, serverId: 'MMH-0002' }), 400))).toEqual([
      { path: 'body.serverId', message: "Invalid field: not in the unit's inventories" },
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
    ).toEqual([{ path: 'body.passphrase', message: 'Invalid field: not taken in this mode' }]);
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
      [{ port: 1, ip: '10.0.0.5' }, [{ path: 'body.ip', message: "Invalid field: not a setting of this modem's kind" }]],
      [{ port: 8, networkMode: '4G' }, [{ path: 'body.networkMode', message: "Invalid field: not a setting of this modem's kind" }]],
      [{ port: 40, roamingAllowed: true }, [{ path: 'body.port', message: 'Invalid field: no modem on this port' }]],
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
    await eventually(async () => ctx.s.app.services.telemetry.get('LU800-0001')?.modems.find((m) => m.port === 6)?.enabled === false);
    expect((await unit('LU800-0001', 'interfaces/config', { port: 6, enabled: true })).statusCode).toBe(200);
  });
});
