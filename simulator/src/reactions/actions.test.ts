import { describe, expect, it } from 'vitest';
import { harness, TEST_TIMINGS, unitSpec } from '../testing/harness.js';

const start = TEST_TIMINGS.streamStartMs[1];
const stop = TEST_TIMINGS.streamStopMs[1];
const noLicences = unitSpec('N1', {
  capabilities: { sdCard: false, multiCamera: false, databridge: false, videoReturn: false, intercom: false, ipPipe: false },
});
const multiCamera = { numberOfFeeds: 2, channelIds: [], resolution: null };
const switcher = (mode: 'switcher' | 'switcherAndProxy') => ({ mode, highQualityChannelId: null, proxyChannelId: null, inputSdi: null, resolution: null });
const file = (fileId: string) => ({ fileId, fileName: `${fileId}.mp4`, path: `/sd/${fileId}.mp4`, sizeBytes: 1000 });

describe('action reactions (unit actions)', () => {
  it('refuses an unknown action (FEATURE_DISABLED) and a payload that is not the action’s (VALIDATION_FAILED)', () => {
    const h = harness();
    expect(h.action('teleport' as never)).toEqual({ ok: false, error: 'FEATURE_DISABLED' });
    expect(h.action('startVideoReturn', {})).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
    expect(h.device.applications).toEqual({});
  });

  it('multi camera and switchers: connecting → running, disconnecting → gone; licence, camera and one switcher mode at a time', () => {
    const h = harness();
    expect(h.action('startMultiCamera', multiCamera)).toEqual({ ok: true });
    expect(h.device.applications.multiCamera?.state).toBe('connecting');
    h.advance(start);
    expect(h.device.applications.multiCamera?.state).toBe('running');
    h.action('stopMultiCamera');
    expect(h.device.applications.multiCamera?.state).toBe('disconnecting');
    h.advance(stop);
    expect(h.device.applications.multiCamera).toBeUndefined();

    expect(h.action('startSwitcher', switcher('switcher'))).toEqual({ ok: true });
    expect(h.action('startSwitcher', switcher('switcherAndProxy'))).toEqual({ ok: false, error: 'UNIT_BUSY' });
    h.action('stopSwitcher');
    h.advance(stop);
    expect(h.device.applications).toEqual({});

    expect(harness({ spec: noLicences }).action('startMultiCamera', multiCamera)).toEqual({ ok: false, error: 'NO_MULTI_CAMERA_LICENSE' });
    expect(harness({ camera: false }).action('startSwitcher', switcher('switcher'))).toEqual({ ok: false, error: 'CAMERA_NOT_CONNECTED' });
  });

  it('databridge and video return stop through stopping; video return takes the channel asked for and gives it back', () => {
    const h = harness();
    h.action('startDatabridge', { gatewayId: 'g1', host: 'db.example.net', port: null });
    h.advance(start);
    h.action('stopDatabridge');
    expect(h.device.applications.databridge?.state).toBe('stopping');

    h.action('startVideoReturn', { vrChannelId: 'VR-2' });
    h.advance(start);
    expect(h.events('vrChannelState').at(-1)).toMatchObject({ vrChannelId: 'VR-2', status: 'collecting' });
    h.action('stopVideoReturn');
    expect(h.device.applications.videoReturn?.state).toBe('stopping');
    h.advance(stop);
    expect(h.device.applications).toEqual({});
    expect(h.events('vrChannelState').at(-1)).toMatchObject({ vrChannelId: 'VR-2', status: 'inputConnected' });

    const n = harness({ spec: noLicences });
    expect(n.action('startDatabridge', { gatewayId: 'g1', host: 'db.example.net', port: null })).toEqual({ ok: false, error: 'DATABRIDGE_LICENSE_DISABLED' });
    expect(n.action('startVideoReturn', { vrChannelId: 'VR-1' })).toEqual({ ok: false, error: 'NO_VIDEO_RETURN_LICENSE' });
    expect(n.device.applications).toEqual({});
  });

  it('IP pipe: connected when the server answers, failed when it does not; a failed pipe is cleared at once', () => {
    const h = harness();
    h.action('connectIpPipe', { serverId: 'MMH-1', serverOnline: false });
    h.advance(start);
    expect(h.device.applications.l2ControlPipe?.state).toBe('failed');
    h.action('disconnectIpPipe');
    expect(h.device.applications.l2ControlPipe).toBeUndefined();
    h.action('connectIpPipe', { serverId: 'MMH-1', serverOnline: true });
    h.advance(start);
    expect(h.device.applications.l2ControlPipe?.state).toBe('running');
    h.action('disconnectIpPipe');
    expect(h.device.applications.l2ControlPipe?.state).toBe('disconnecting');
    expect(harness({ spec: noLicences }).action('connectIpPipe', { serverId: 'MMH-1', serverOnline: true })).toEqual({ ok: false, error: 'FEATURE_DISABLED' });
  });

  it('intercom: two sessions; a session open in the other mode is busy; an activity stops when no session needs it', () => {
    const h = harness();
    const open = (session: number, mode: 'audioRoom' | 'targetChannel') =>
      h.action('startIntercom', { session, mode, audioRoomId: null, channelId: null, serverId: 'MMH-1' });
    expect(open(1, 'audioRoom')).toEqual({ ok: true });
    expect(open(1, 'targetChannel')).toEqual({ ok: false, error: 'UNIT_BUSY' });
    expect(open(2, 'audioRoom')).toEqual({ ok: true });
    h.advance(start);
    expect(h.device.snapshot().intercoms).toEqual({ 1: 'audioRoom', 2: 'audioRoom' });
    h.action('stopIntercom', { session: 1 });
    expect(h.device.applications.audioRoom?.state).toBe('running');
    h.action('stopIntercom', { session: 2 });
    expect(h.device.applications.audioRoom?.state).toBe('disconnecting');
    expect(open(1, 'targetChannel')).toEqual({ ok: true });
    expect(h.device.applications.ifb?.state).toBe('connecting');
    expect(
      harness({ spec: noLicences }).action('startIntercom', { session: 1, mode: 'audioRoom', audioRoomId: null, channelId: null, serverId: 'MMH-1' }),
    ).toEqual({
      ok: false,
      error: 'INTERCOM_SERVER_MISMATCH',
    });
  });

  it('shutdown: off at once, every activity gone, switched on again later', () => {
    const h = harness();
    h.action('startDatabridge', { gatewayId: 'g1', host: 'db.example.net', port: null });
    expect(h.action('shutdown')).toEqual({ ok: true });
    expect(h.device.online).toBe(false);
    expect(h.sent.at(-1)).toMatchObject({ kind: 'state', online: false, applications: {} });
    h.advance(TEST_TIMINGS.outageMs[1] * 3);
    expect(h.device.online).toBe(true);
    expect(h.device.applications).toEqual({});
  });

  it('upload files: forward runs while the files go one by one (started, progress, completed), then ends; an outage drops the queue', () => {
    const h = harness();
    expect(h.action('uploadFiles', { files: [file('f1'), file('f2')], channelId: 'CH-OUT' })).toEqual({ ok: true });
    expect(h.device.applications.forward?.state).toBe('connecting');
    h.advance(20 * start);
    const f1 = h.events('file').filter((e) => e.fileId === 'f1');
    expect(f1.map((e) => [e.transfer, e.progress])).toEqual([
      ['started', 0],
      ['progress', 25],
      ['progress', 50],
      ['progress', 75],
      ['completed', 100],
    ]);
    expect(f1.at(-1)).toMatchObject({ status: 'uploaded', isTransferring: false, channelId: 'CH-OUT' });
    expect(
      h
        .events('file')
        .filter((e) => e.fileId === 'f2')
        .at(-1)?.transfer,
    ).toBe('completed');
    expect(h.appStates('forward').filter((s, i, a) => s !== a[i - 1])).toEqual([null, 'connecting', 'running', 'disconnecting', null]);

    h.action('uploadFiles', { files: [file('f3')], channelId: null });
    h.advance(2 * start);
    h.device.setPower(false);
    h.device.setPower(true);
    h.advance(20 * start);
    expect(
      h
        .events('file')
        .filter((e) => e.fileId === 'f3')
        .map((e) => e.transfer),
    ).toEqual(['started', 'progress']);
    expect(h.device.snapshot().uploads).toEqual([]);
  });

  it('upload stall: a stalled uplink holds the queue where it is (before the first file, then mid-file) and it goes on when the stall ends', () => {
    const h = harness();
    const transfers = (id: string) =>
      h
        .events('file')
        .filter((e) => e.fileId === id)
        .map((e) => e.transfer);
    expect(h.fault({ type: 'uploadStall', on: true })).toEqual({ ok: true });
    h.action('uploadFiles', { files: [file('f1')], channelId: null });
    h.advance(20 * start);
    expect(transfers('f1')).toEqual([]);
    h.fault({ type: 'uploadStall', on: false });
    h.advance(2 * start);
    const midway = transfers('f1');
    expect(midway.slice(0, 2)).toEqual(['started', 'progress']);
    expect(midway).not.toContain('completed');
    h.fault({ type: 'uploadStall', on: true });
    h.advance(20 * start);
    expect(transfers('f1')).toEqual(midway);
    h.fault({ type: 'uploadStall', on: false });
    h.advance(20 * start);
    expect(transfers('f1')).toEqual(['started', 'progress', 'progress', 'progress', 'completed']);
  });

  it('delete files: recorded files go, the one being uploaded stays', () => {
    const h = harness();
    h.fault({ type: 'record', start: true });
    h.advance(start + TEST_TIMINGS.storage.partMs + TEST_TIMINGS.telemetryIntervalMs);
    h.fault({ type: 'record', start: false });
    const paths = h.device.storage.files.map((f) => f.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(h.action('deleteFiles', { paths })).toEqual({ ok: true });
    expect(h.device.storage.files).toEqual([]);
  });

  it('send logs: the channel must take logs and its server be free; done after the sending time; a stop frees the server', () => {
    const h = harness();
    const logs = (channelId: string) => h.action('startFetchLogs', { channelId, supportCaseId: 'sc1', timeZone: null });
    expect(logs('CH-IN')).toEqual({ ok: false, error: 'CHANNEL_NO_LOGS' });
    expect(logs('CH-PREVIEW')).toEqual({ ok: true });
    h.advance(start);
    expect(h.device.applications.fetchlogs?.state).toBe('running');
    const other = harness();
    other.world.server('MMH-1')!.sendingLogsFor = 'CH-PREVIEW';
    expect(other.action('startFetchLogs', { channelId: 'CH-OUT', supportCaseId: 'sc2', timeZone: null })).toEqual({
      ok: false,
      error: 'SERVER_BUSY_SENDING_LOGS',
    });
    h.advance(TEST_TIMINGS.fetchLogsMs);
    expect(h.events('fetchLogs').map((e) => e.state)).toEqual(['failed', 'running', 'completed']);
    h.advance(stop);
    expect(h.device.applications).toEqual({});
    expect(h.world.server('MMH-1')!.sendingLogsFor).toBeNull();

    logs('CH-OUT');
    expect(h.world.server('MMH-1')!.sendingLogsFor).toBe('CH-OUT');
    expect(h.action('stopFetchLogs')).toEqual({ ok: true });
    expect(h.device.applications.fetchlogs?.state).toBe('disconnecting');
    expect(h.world.server('MMH-1')!.sendingLogsFor).toBeNull();
    h.advance(TEST_TIMINGS.fetchLogsMs);
    expect(h.events('fetchLogs').at(-1)).toMatchObject({ channelId: 'CH-OUT', state: 'failed' });
  });

  it('social media and CDN need a live stream', () => {
    const h = harness();
    expect(h.action('startCdn', { destinationId: 'd1', resolution: null })).toEqual({ ok: false, error: 'UNIT_NOT_STREAMING' });
    h.startStream();
    expect(h.action('startCdn', { destinationId: 'd1', resolution: null })).toEqual({ ok: true });
    expect(h.action('startSocialMedia', { destinationId: 'd2', resolution: null })).toEqual({ ok: true });
    h.action('stopCdn');
    expect(h.device.snapshot().externalStreams).toEqual({ social_media: 'd2' });
  });
});
