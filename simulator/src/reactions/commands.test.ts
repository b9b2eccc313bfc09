import { describe, expect, it } from 'vitest';
import { harness, TEST_TIMINGS, unitSpec } from '../testing/harness.js';

const start = TEST_TIMINGS.streamStartMs[1];
const stop = TEST_TIMINGS.streamStopMs[1];

describe('command reactions (POST devices/{id}/commands/{command})', () => {
  it('refuses a body that is not the command’s, and anything while the unit is off', () => {
    const h = harness();
    expect(h.command('metadata', { fields: [{ key: 'a', value: 'x;y' }] })).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
    expect(h.command('linkConfiguration', { modemId: 'U1-m1' })).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
    h.device.setPower(false);
    expect(h.command('metadata', { fields: [{ key: 'a', value: 'b' }] })).toEqual({ ok: false, error: 'UNIT_OFFLINE' });
    expect(h.device.settings.metadata).toBeNull();
  });

  describe('set virtual channel', () => {
    it('selects the channel in one attempt; an unknown or unlicensed one ends External', () => {
      const h = harness();
      expect(h.command('setVirtualChannel', { channelId: 'CH-OUT' }).ok).toBe(true);
      expect(h.device.snapshot().selection).toEqual({ channelId: 'CH-OUT', external: false, attempts: 1 });
      h.command('setVirtualChannel', { channelId: 'NOPE' });
      h.command('setVirtualChannel', { channelId: 'CH-NOLIC' });
      expect(h.events('channelSelection').map((e) => [e.channelId, e.ok, e.external])).toEqual([
        ['CH-OUT', true, false],
        ['NOPE', true, true],
        ['CH-NOLIC', true, true],
      ]);
      expect(h.device.snapshot().selection).toMatchObject({ channelId: 'CH-NOLIC', external: true });
    });

    it('cuts a running speed test short when the channel changes ("Channel changed, repeat speed test"), not when it stays', () => {
      const h = harness();
      h.command('setVirtualChannel', { channelId: 'CH-PREVIEW' });
      h.command('speedTest', {});
      h.advance(start);
      h.command('setVirtualChannel', { channelId: 'CH-PREVIEW' });
      expect(h.device.applications.video?.state).toBe('speedtest');
      h.command('setVirtualChannel', { channelId: 'CH-OUT' });
      expect(h.events('speedTest').at(-1)).toMatchObject({ state: 'cancelled', error: 'CHANNEL_CHANGED_SPEED_TEST', uplinkKbps: null });
      expect(h.device.applications.video?.state).toBe('disconnecting');
    });

    it('retries while the channel’s server is off (7 attempts at most), and a newer selection stops an older one’s retries', () => {
      const h = harness();
      h.world.server('MMH-2')!.setPower(false);
      h.command('setVirtualChannel', { channelId: 'CH-2' });
      h.advance(3 * TEST_TIMINGS.channelRetryMs);
      h.command('setVirtualChannel', { channelId: 'CH-OUT' });
      h.advance(10 * TEST_TIMINGS.channelRetryMs);
      expect(h.events('channelSelection').map((e) => e.channelId)).toEqual(['CH-OUT']);
      h.command('setVirtualChannel', { channelId: 'CH-2' });
      h.advance(10 * TEST_TIMINGS.channelRetryMs);
      expect(h.events('channelSelection').at(-1)).toMatchObject({ channelId: 'CH-2', ok: false, attempts: 7 });
      expect(h.device.snapshot().selection?.channelId).toBe('CH-OUT');
    });
  });

  describe('stop streaming', () => {
    it('ends the stream like DELETE v2/units/{id}/stream: the channel is idle again and the tally off, with the same messages', () => {
      const run = (how: 'command' | 'delete') => {
        const h = harness();
        expect(h.startStream('CH-OUT').ok).toBe(true);
        h.advance(start);
        expect(h.channel('CH-OUT')?.status).toBe('collecting');
        expect(h.events('tally').at(-1)?.tally).toBe('program');
        expect(how === 'command' ? h.command('stopStreaming') : h.stopStream()).toEqual({ ok: true });
        expect(h.device.applications.video?.state).toBe('disconnecting');
        h.advance(stop);
        expect(h.device.applications.video).toBeUndefined();
        expect(h.channel('CH-OUT')).toMatchObject({ status: 'idle', allocatedTo: null });
        expect(h.events('channelState').at(-1)).toMatchObject({ channelId: 'CH-OUT', status: 'idle', allocatedToUnitUid: null });
        expect(h.events('tally').at(-1)?.tally).toBe('off');
        return h.sent;
      };
      expect(run('command')).toEqual(run('delete'));
    });

    it('stops every streaming application and cancels a running speed test ("Test cancelled")', () => {
      const h = harness();
      h.action('startMultiCamera', { numberOfFeeds: 2, channelIds: [], resolution: null });
      h.advance(start);
      h.command('stopStreaming');
      expect(h.device.applications.multiCamera?.state).toBe('disconnecting');
      h.advance(stop);
      expect(h.device.applications).toEqual({});

      h.command('speedTest', {});
      h.advance(start);
      expect(h.stopStream().ok).toBe(true);
      expect(h.events('speedTest').at(-1)).toMatchObject({ state: 'cancelled', error: 'TEST_CANCELLED' });
      h.advance(stop);
      expect(h.device.applications).toEqual({});
      // Nothing to stop: accepted, nothing reported.
      const before = h.sent.length;
      expect(h.command('stopStreaming')).toEqual({ ok: true });
      expect(h.sent.length).toBe(before);
    });
  });

  it('reboot: off at once (a speed test cancelled, a scan failed), back after the reboot time', () => {
    const h = harness();
    h.command('cellularScan', { modemId: 'U1-m2' });
    h.command('speedTest', {});
    expect(h.command('reboot')).toEqual({ ok: true });
    expect(h.device.online).toBe(false);
    expect(h.events('speedTest').at(-1)).toMatchObject({ state: 'cancelled', error: 'TEST_CANCELLED' });
    expect(h.events('cellularScan').at(-1)).toMatchObject({ modemId: 'U1-m2', state: 'failed', error: 'SCAN_FAILED' });
    expect(h.device.links[1]!.connected).toBe(true);
    expect(h.command('reboot')).toEqual({ ok: false, error: 'UNIT_OFFLINE' });
    h.advance(TEST_TIMINGS.rebootMs[1] - 1);
    expect(h.device.online).toBe(false);
    h.advance(1);
    expect(h.device.online).toBe(true);
  });

  it('metadata, audio, IFB, ancillary data, shooting mode, quality, complexity, encoder: applied as named settings', () => {
    const h = harness();
    const fields = [{ key: 'venue', value: 'Stadium' }];
    expect(h.command('metadata', { fields }).ok).toBe(true);
    expect(h.command('audioParameters', { input: 'sdi', channels: 8 }).ok).toBe(true);
    expect(h.command('audioBitrate', { bitrateKbps: 192 }).ok).toBe(true);
    expect(h.command('audioParameters', { input: 'hdmi', channels: 4 })).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
    h.command('ifbDelay', { delayMs: 400 });
    h.command('ifbAlwaysOn', { enabled: true });
    h.command('ancillaryData', { enabled: true, types: ['timecode'] });
    h.command('shootingMode', { mode: 'sports' });
    h.command('storeAndForwardQuality', { quality: 'high_h265' });
    h.command('videoComplexity', { level: 'high' });
    h.command('encoder', { codec: 'hevc', colourDepth: 10 });
    expect(h.device.settings).toMatchObject({
      metadata: fields,
      audio: { input: 'sdi', channels: 8, bitrateKbps: 192 },
      ifbDelayMs: 400,
      ifbAlwaysOn: true,
      ancillaryData: { enabled: true, types: ['timecode'] },
      shootingMode: 'sports',
      storeAndForwardQuality: 'high_h265',
      videoComplexity: 'high',
      encoder: { codec: 'hevc', colourDepth: 10 },
    });
    const lite = harness({ spec: unitSpec('L1', { typeGroup: 'liteUnits', capabilities: {} }) });
    expect(lite.command('encoder', { codec: 'hevc' })).toEqual({ ok: false, error: 'FEATURE_DISABLED' });
    expect(lite.device.settings.encoder).toBeNull();
  });

  it('store-and-forward quality: recordings use it (H.265 profiles record .mkv)', () => {
    const h = harness();
    h.command('storeAndForwardQuality', { quality: 'high_h265' });
    h.fault({ type: 'record', start: true });
    h.advance(start + TEST_TIMINGS.storage.partMs + TEST_TIMINGS.telemetryIntervalMs);
    const recorded = h.events('file').filter((e) => e.transfer === 'recorded');
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((e) => e.fileName.endsWith('.mkv'))).toBe(true);
  });

  describe('links', () => {
    it('link configuration: disables a link; the last connected interface stays; enabling reconnects after the toggle time', () => {
      const h = harness();
      expect(h.command('linkConfiguration', { modemId: 'U1-m2', enabled: false })).toEqual({ ok: true });
      expect(h.device.links[1]!.enabled).toBe(false);
      expect(h.command('linkConfiguration', { modemId: 'U1-m9', enabled: false })).toEqual({ ok: false, error: 'INTERFACE_NOT_PRESENT' });
      h.command('linkConfiguration', { modemId: 'U1-m2', enabled: true });
      expect(h.device.links[1]).toMatchObject({ enabled: true, connected: false });
      h.advance(TEST_TIMINGS.linkToggleMs[1]);
      expect(h.device.links[1]!.connected).toBe(true);
      // A point-to-point unit whose modem is off: Ethernet is the last interface.
      const ptp = harness({ spec: unitSpec('P1', { typeGroup: 'ptpUnits' }) });
      ptp.fault({ type: 'modemEnable', modem: 2, enabled: false });
      expect(ptp.command('linkConfiguration', { modemId: 'P1-m1', enabled: false })).toEqual({ ok: false, error: 'LAST_INTERFACE' });
      expect(ptp.device.links[0]!.enabled).toBe(true);
    });

    it('wifi query, connect and disconnect; the last interface stays; no Wi-Fi on the unit answers INTERFACE_NOT_PRESENT', () => {
      const h = harness();
      const query = () => {
        const r = h.command('wifiQuery');
        return r.ok ? (r.result as { networks: { ssid: string; connected: boolean }[] }).networks : [];
      };
      expect(query()).toEqual(query()); // the same networks in range whenever it looks
      expect(h.command('wifiConnect', { ssid: 'OB-Van', security: 'wpa2', password: 'correct-horse' })).toEqual({ ok: true });
      expect(h.device.settings.wifi).toEqual({ ssid: 'OB-Van', security: 'wpa2' });
      expect(JSON.stringify(h.device.snapshot())).not.toContain('correct-horse');
      h.advance(TEST_TIMINGS.linkToggleMs[1]);
      expect(query().find((n) => n.ssid === 'OB-Van')?.connected).toBe(true);
      expect(h.command('wifiDisconnect')).toEqual({ ok: true });
      expect(h.device.links[6]!.connected).toBe(false);
      expect(h.device.settings.wifi).toEqual({ ssid: null, security: null });
      // A smart unit whose modem is off: Wi-Fi is the last interface.
      const smart = harness({ spec: unitSpec('S1', { typeGroup: 'smartUnits' }) });
      smart.fault({ type: 'modemEnable', modem: 1, enabled: false });
      expect(smart.command('wifiDisconnect')).toEqual({ ok: false, error: 'LAST_INTERFACE' });
      expect(smart.device.links[1]!.connected).toBe(true);
      const ptp = harness({ spec: unitSpec('P1', { typeGroup: 'ptpUnits' }) });
      expect(ptp.command('wifiQuery')).toEqual({ ok: false, error: 'INTERFACE_NOT_PRESENT' });
    });

    it('cellular scan: the modem is off the air for the scan, then the operators; LAN, a silent modem and one interface are refused', () => {
      const h = harness();
      expect(h.command('cellularScan', { modemId: 'U1-m8' })).toEqual({ ok: false, error: 'SCAN_NOT_SUPPORTED' });
      expect(h.command('cellularScan', { modemId: 'U1-m1' })).toEqual({ ok: true });
      expect(h.device.links[0]!.connected).toBe(false);
      expect(h.command('cellularScan', { modemId: 'U1-m1' })).toEqual({ ok: true }); // already scanning
      expect(h.device.snapshot().scans).toEqual(['U1-m1']);
      h.advance(TEST_TIMINGS.networkScanMs[1]);
      const done = h.events('cellularScan').at(-1)!;
      expect(done).toMatchObject({ modemId: 'U1-m1', state: 'completed', error: null });
      expect(done.operators.length).toBeGreaterThan(0);
      expect(h.device.links[0]!.connected).toBe(true);
      // A modem reconnecting after being enabled is not on the air: the scan fails at once.
      h.command('linkConfiguration', { modemId: 'U1-m2', enabled: false });
      h.command('linkConfiguration', { modemId: 'U1-m2', enabled: true });
      expect(h.command('cellularScan', { modemId: 'U1-m2' })).toEqual({ ok: false, error: 'SCAN_FAILED' });
      // The scanFailure fault: the scan runs and fails.
      h.fault({ type: 'scanFailure', on: true });
      h.command('cellularScan', { modemId: 'U1-m3' });
      h.advance(TEST_TIMINGS.networkScanMs[1]);
      expect(h.events('cellularScan').at(-1)).toMatchObject({ modemId: 'U1-m3', state: 'failed', error: 'SCAN_FAILED' });
      const ptp = harness({ spec: unitSpec('P1', { typeGroup: 'ptpUnits' }) });
      ptp.fault({ type: 'modemEnable', modem: 1, enabled: false });
      expect(ptp.command('cellularScan', { modemId: 'P1-m2' })).toEqual({ ok: false, error: 'CELLULAR_SCAN_ONE_MODEM' });
    });

    it('cellular select and active SIM: the modem re-registers; stored per modem; other links refused', () => {
      const h = harness();
      expect(h.command('cellularSelect', { modemId: 'U1-m4', network: { mcc: '262', mnc: '01' } })).toEqual({ ok: true });
      expect(h.device.settings.cellular).toEqual({ 'U1-m4': { mcc: '262', mnc: '01' } });
      expect(h.device.links[3]!.connected).toBe(false);
      h.advance(TEST_TIMINGS.operatorSwitchMs[1]);
      expect(h.device.links[3]!.connected).toBe(true);
      expect(h.command('cellularSelect', { modemId: 'U1-m7', network: 'automatic' })).toEqual({ ok: false, error: 'INTERFACE_NOT_PRESENT' });
      const other = h.device.links[4]!.activeSim === 'A' ? 'B' : 'A';
      expect(h.command('activeSim', { modemId: 'U1-m5', sim: other })).toEqual({ ok: true });
      expect(h.device.links[4]).toMatchObject({ activeSim: other, connected: false });
      h.advance(TEST_TIMINGS.linkToggleMs[1]);
      expect(h.device.links[4]!.connected).toBe(true);
      expect(h.command('activeSim', { modemId: 'U1-m8', sim: 'A' })).toEqual({ ok: false, error: 'INTERFACE_NOT_PRESENT' });
    });
  });

  it('cancel file upload: the named files leave the upload queue', () => {
    const h = harness();
    const file = (fileId: string) => ({ fileId, fileName: `${fileId}.mp4`, path: `/sd/${fileId}.mp4`, sizeBytes: 1000 });
    h.action('uploadFiles', { files: [file('f1'), file('f2')], channelId: null });
    expect(h.command('cancelFileUpload', { files: ['f2.mp4'], fileIds: ['f2'] })).toEqual({ ok: true });
    expect(h.device.settings.cancelledUploads).toEqual(['f2.mp4']);
    expect(h.device.snapshot().uploads).toEqual(['f1']);
  });

  describe('speed test', () => {
    it('runs in the speedtest state for the test time, then reports the links’ rates; the unit is busy meanwhile', () => {
      const h = harness();
      expect(h.command('speedTest', { channelId: 'CH-PREVIEW' })).toEqual({ ok: true });
      expect(h.device.applications.video?.state).toBe('connecting');
      h.advance(start);
      expect(h.device.applications.video?.state).toBe('speedtest');
      expect(h.events('speedTest')).toEqual([expect.objectContaining({ state: 'running' })]);
      expect(h.command('speedTest', { channelId: 'CH-PREVIEW' })).toEqual({ ok: false, error: 'UNIT_BUSY' });
      expect(h.startStream()).toEqual({ ok: false, error: 'UNIT_BUSY' }); // video is taken by the test: no stream starts
      h.advance(TEST_TIMINGS.speedTestMs);
      const done = h.events('speedTest').at(-1)!;
      expect(done).toMatchObject({ state: 'completed', error: null });
      expect(done.uplinkKbps).toBeGreaterThan(1000);
      expect(done.downlinkKbps).toBeGreaterThan(done.uplinkKbps!);
      h.advance(stop);
      expect(h.device.applications).toEqual({});
      expect(h.appStates('video').filter((s, i, a) => s !== a[i - 1])).toEqual([null, 'connecting', 'speedtest', 'disconnecting', null]);
    });

    it('lasts at most its timeout (spec 000 §9: 10 s)', () => {
      const h = harness({ timings: { speedTestMs: 60_000 } });
      h.command('speedTest', {});
      h.advance(start + 10_000);
      expect(h.events('speedTest').at(-1)?.state).toBe('completed');
    });

    it('needs a channel at 7.5.1 or higher and an idle unit', () => {
      const h = harness();
      expect(h.command('speedTest', { channelId: 'CH-OLD' })).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
      h.startStream();
      expect(h.command('speedTest', { channelId: 'CH-PREVIEW' })).toEqual({ ok: false, error: 'UNIT_BUSY' });
      expect(h.events('speedTest')).toEqual([]);
    });
  });
});
