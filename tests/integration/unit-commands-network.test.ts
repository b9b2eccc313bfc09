/**
 * POST devices/{id}/commands/{command} (spec 000 §7 "Commands"), the links and the network: link
 * configuration, cellular scan, select and active SIM, Wi-Fi query, connect and disconnect, and the
 * speed test, through the real HTTP surface, on real SQLite and PostgreSQL, with the real simulator
 * attached: each command's success and device reaction, its validation rules with the spec's words,
 * and that a rejected command changes nothing. The stack and the helpers: tests/support/unit-commands.ts.
 */
import { describe, expect, it } from 'vitest';
import { eventually, providers } from '../support/stack.js';
import { record, unitCommandsStack } from '../support/unit-commands.js';

describe.each(providers())('unit commands on %s', (provider) => {
  const { ctx, events, cmd, detail, row, modems, device, timeHeld, resultEvent, unchanged } = unitCommandsStack(provider);

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
    ctx.s.sim!.inject({ unitId: 'PTP-0001', fault: { type: 'modemFail', modem: 2 } });
    await eventually(async () => modems('PTP-0001').find((m) => m.id === 'PTP-0001-m2')?.connected === false);
    const scan = await cmd('PTP-0001', 'cellularScan', { modemId: 'PTP-0001-m2' });
    expect(scan.statusCode).toBe(409);
    expect(scan.json().error).toMatchObject({ code: 'CELLULAR_SCAN_ONE_MODEM', message: 'Cellular scan is not allowed when only one modem is connected' });
    ctx.s.sim!.inject({ unitId: 'PTP-0001', fault: { type: 'modemRecover', modem: 2 } });
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
    await ctx.s.app.services.db.channel.update({ where: { id: 'MMH-0001-CH4' }, data: { swVersion: '7.4.9' } });
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
});
