import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  LIMITS,
  SendInvitationEmailBody,
  SendInvitationSmsBody,
  UnitStoredFile,
  VALIDATION,
  type RealtimeEvent,
  type Role,
  type UploadedFileStatus,
} from '@fleet/contracts';
import { makeDetail } from '../../test-utils/fixtures';
import {
  absoluteJoinLink,
  defaultTimeZone,
  deliveryBody,
  inviteBody,
  isActiveUpload,
  logSendingState,
  namesToCancel,
  sendLogsBlocker,
  SPEED_TEST_READY,
  speedTestBlocker,
  speedTestProgress,
  speedTestReducer,
  timeZoneList,
  touchesUploads,
  uploadRows,
} from './rules';
import { parseBody } from '../../lib/forms/fieldErrors';
import { canApply } from '../../kit/access';

const selected = (channelId: string | null) => ({ channelId, previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false });
const ready = makeDetail({ capabilities: { speedTest: true }, status: 'idle', applications: {}, selectedChannel: selected('CH1') });

describe('canApply', () => {
  it.each<[Role, boolean]>([
    ['luc_regular', true],
    ['luc_read', false],
    ['luc_vr_viewer', false],
    ['super_user', true],
  ])('speed test for %s: %s', (role, ok) => {
    expect(canApply([role], 'commandSpeedTest')).toBe(ok);
  });
  it('the guest invite needs a role of the call (a unit-control-only role is not enough)', () => {
    expect(canApply(['luc_unit_control'], 'createGroupInvitation')).toBe(false);
    expect(canApply(['luc_regular'], 'createGroupInvitation')).toBe(true);
    expect(canApply(['luc_read'], 'createGroupInvitation')).toBe(false);
  });
});

describe('speedTestBlocker', () => {
  it('lets an idle unit with the capability and a channel start', () => {
    expect(speedTestBlocker(ready)).toBeNull();
  });
  it.each([
    ['not supported', { capabilities: {} }, { kind: 'notSupported', code: 'FEATURE_DISABLED' }],
    ['offline', { status: 'offline' as const }, { kind: 'offline', code: 'UNIT_OFFLINE' }],
    ['busy', { status: 'streaming' as const, applications: { video: { state: 'running' as const } } }, { kind: 'busy', code: 'UNIT_BUSY' }],
    ['no channel', { selectedChannel: selected(null) }, { kind: 'noChannel' }],
  ])('%s', (_name, patch, expected) => {
    expect(speedTestBlocker({ ...ready, ...patch })).toEqual(expected);
  });
  it('applies the 7.5.1 channel version rule with the spec text when the version is known', () => {
    expect(speedTestBlocker(ready, { id: 'CH1', version: '7.4.9' })).toEqual({ kind: 'version', message: VALIDATION.speedTestVersion });
    expect(speedTestBlocker(ready, { id: 'CH1', version: '7.5.1' })).toBeNull();
    expect(speedTestBlocker(ready, { id: 'CH1', version: null })).toEqual({ kind: 'version', message: VALIDATION.speedTestVersion });
  });
});

const result = (patch: Partial<Extract<RealtimeEvent, { type: 'unit.commandResult' }>>): RealtimeEvent => ({
  type: 'unit.commandResult',
  unitId: 'U1',
  command: 'speedTest',
  outcome: 'completed',
  code: null,
  message: null,
  result: { channelId: 'CH1', uplinkKbps: 5200, downlinkKbps: 800 },
  at: 1,
  ...patch,
});

describe('speedTestReducer', () => {
  const running = speedTestReducer(speedTestReducer(SPEED_TEST_READY, { type: 'start' }), { type: 'accepted', at: 100, channelId: 'CH1', timeoutS: 10 });
  it('starts, runs, and completes with the measured rates from the /ws result', () => {
    expect(running).toEqual({ phase: 'running', startedAt: 100, channelId: 'CH1', timeoutS: 10 });
    expect(speedTestReducer(running, { type: 'event', event: result({}), unitId: 'U1' })).toEqual({
      phase: 'completed',
      report: { channelId: 'CH1', uplinkKbps: 5200, downlinkKbps: 800 },
    });
  });
  it('fails with the catalogue code when the test is cut short', () => {
    const e = result({ outcome: 'cancelled', code: 'CHANNEL_CHANGED_SPEED_TEST', message: ERROR_CATALOGUE.CHANNEL_CHANGED_SPEED_TEST.message, result: null });
    expect(speedTestReducer(running, { type: 'event', event: e, unitId: 'U1' })).toEqual({
      phase: 'failed',
      code: 'CHANNEL_CHANGED_SPEED_TEST',
      message: 'Channel changed, repeat speed test',
    });
  });
  it('ignores other units, other commands and results when no test runs', () => {
    expect(speedTestReducer(running, { type: 'event', event: result({ unitId: 'U2' }), unitId: 'U1' })).toBe(running);
    expect(speedTestReducer(running, { type: 'event', event: result({ command: 'cellularScan' }), unitId: 'U1' })).toBe(running);
    expect(speedTestReducer(SPEED_TEST_READY, { type: 'event', event: result({}), unitId: 'U1' })).toBe(SPEED_TEST_READY);
  });
  it('goes back to ready when the start is refused, and shows a test already running', () => {
    expect(speedTestReducer({ phase: 'starting' }, { type: 'rejected' })).toBe(SPEED_TEST_READY);
    expect(speedTestReducer(SPEED_TEST_READY, { type: 'observedRunning', at: 5 })).toMatchObject({ phase: 'running', startedAt: 5, timeoutS: 10 });
  });
  it('a result without rates is a failure without a code', () => {
    expect(speedTestReducer(running, { type: 'event', event: result({ result: { nonsense: true } }), unitId: 'U1' })).toEqual({
      phase: 'failed',
      code: null,
      message: null,
    });
  });
});

describe('speedTestProgress', () => {
  it.each([
    [0, 0],
    [5000, 50],
    [10_000, 100],
    [20_000, 100],
    [-5, 0],
  ])('after %i ms: %i%%', (elapsed, percent) => {
    expect(speedTestProgress(1000, 1000 + elapsed, 10)).toBe(percent);
  });
});

const file = (fileId: string, status: UploadedFileStatus | null, patch: Partial<UnitStoredFile> = {}): UnitStoredFile =>
  UnitStoredFile.parse({
    fileId,
    fileName: `${fileId}.mp4`,
    path: `/media/sd/${fileId}.mp4`,
    rootDirectory: '/media/sd',
    kind: 'uploaded',
    sizeBytes: 1,
    lastModified: '2026-01-01T00:00:00.000Z',
    status,
    isTransferring: status === 'uploading',
    progress: 0,
    chunkIndex: null,
    chunkCount: 0,
    storyId: null,
    metadata: {},
    ...patch,
  });

describe('uploads', () => {
  it('lists uploaded-list entries only, running and pending first, then the most recent, at most 10', () => {
    const rows = uploadRows([
      file('a', 'uploaded', { lastModified: '2026-01-02T00:00:00.000Z' }),
      file('b', 'pending'),
      file('rec', null, { kind: 'recorded' }),
      file('c', 'uploading'),
      file('d', 'failed'),
      file('e', 'uploaded', { lastModified: '2026-01-03T00:00:00.000Z' }),
    ]);
    expect(rows.map((r) => r.fileId)).toEqual(['c', 'b', 'd', 'e', 'a']);
    expect(uploadRows(Array.from({ length: 15 }, (_, i) => file(`f${i}`, 'uploaded')))).toHaveLength(LIMITS.uploadedFilesListMax);
  });
  it('cancels the chosen active uploads by name', () => {
    const rows = [file('a', 'uploading'), file('b', 'uploaded'), file('c', 'pending', { fileName: 'a.mp4' })];
    expect(namesToCancel(rows, new Set(['a', 'b', 'c']))).toEqual(['a.mp4']);
    expect(namesToCancel(rows, new Set(['b']))).toEqual([]);
    expect(isActiveUpload('pending')).toBe(true);
    expect(isActiveUpload('uploaded')).toBe(false);
    expect(isActiveUpload(null)).toBe(false);
  });
  it('re-reads on the unit’s transfer, telemetry and status events only', () => {
    const started: RealtimeEvent = { type: 'file.transferStarted', unitId: 'U1', fileId: 'f', fileName: 'f', channelId: null, at: 1 };
    expect(touchesUploads(started, 'U1')).toBe(true);
    expect(touchesUploads(started, 'U2')).toBe(false);
    expect(touchesUploads({ type: 'device.added', unitId: 'U1', at: 1 }, 'U1')).toBe(false);
  });
});

describe('sendLogsBlocker', () => {
  it('needs an e-mail address, then an online and idle unit (000 §5)', () => {
    expect(sendLogsBlocker({ status: 'idle' }, { canOpenSupportCase: false })).toBe('SUPPORT_CASE_NO_EMAIL');
    expect(sendLogsBlocker({ status: 'streaming' }, { canOpenSupportCase: true })).toBe('SUPPORT_CASE_NOT_IDLE');
    expect(sendLogsBlocker({ status: 'offline' }, undefined)).toBe('SUPPORT_CASE_NOT_IDLE');
    expect(sendLogsBlocker({ status: 'online' }, { canOpenSupportCase: true })).toBeNull();
    expect(sendLogsBlocker({ status: 'idle' }, undefined)).toBeNull();
  });
  it('offers the browser’s time zones, UTC first, and a fallback list', () => {
    expect(timeZoneList(() => ['Europe/Paris', 'UTC', 'bad zone'])).toEqual(['UTC', 'Europe/Paris']);
    expect(
      timeZoneList(() => {
        throw new Error('unsupported');
      }),
    ).toContain('Asia/Shanghai');
    expect(defaultTimeZone(['UTC', 'Europe/Paris'], 'Europe/Paris')).toBe('Europe/Paris');
    expect(defaultTimeZone(['UTC'], 'Mars/Base')).toBe('UTC');
  });
});

describe('guest invite', () => {
  it('builds the body: trimmed, empty optional fields left out', () => {
    expect(inviteBody({ groupId: 'g', deviceName: ' jane ', email: '', phone: ' 123 ', message: '', period: '1w' }, 'U1')).toEqual({
      deviceName: 'jane',
      phone: '123',
      period: '1w',
      unitId: 'U1',
    });
  });
  it('makes the join link absolute', () => {
    expect(absoluteJoinLink('http://host:1/', '/easy_live?invitation=AB')).toBe('http://host:1/easy_live?invitation=AB');
    expect(absoluteJoinLink('http://host', 'https://x/y')).toBe('https://x/y');
  });
});

describe('logSendingState', () => {
  it('follows the unit’s fetchlogs activity', () => {
    expect(logSendingState({ applications: {} })).toBeNull();
    expect(logSendingState({ applications: { fetchlogs: { state: 'connecting' } } })).toBe('sending');
    expect(logSendingState({ applications: { fetchlogs: { state: 'running' } } })).toBe('sending');
    expect(logSendingState({ applications: { fetchlogs: { state: 'disconnecting' } } })).toBe('stopping');
    expect(logSendingState({ applications: { fetchlogs: { state: 'failed' } } })).toBeNull();
    expect(logSendingState({ applications: { video: { state: 'running' } } })).toBeNull();
  });
});

describe('deliveryBody', () => {
  it('builds the e-mail and SMS bodies, trimmed, and the call schemas judge them with the spec texts', () => {
    expect(deliveryBody('email', 'inv-1', ' jane@example.com ')).toEqual({ invitationId: 'inv-1', email: 'jane@example.com' });
    expect(deliveryBody('sms', 'inv-1', '4420 ')).toEqual({ invitationId: 'inv-1', phone: '4420' });
    expect(parseBody(SendInvitationEmailBody, deliveryBody('email', 'inv-1', 'jane@')).errors).toEqual({ email: VALIDATION.invalidEmail });
    expect(parseBody(SendInvitationSmsBody, deliveryBody('sms', 'inv-1', '+44 20')).errors).toEqual({ phone: VALIDATION.numericOnly });
    expect(parseBody(SendInvitationSmsBody, deliveryBody('sms', 'inv-1', '')).errors).toEqual({ phone: VALIDATION.required });
    expect(parseBody(SendInvitationEmailBody, deliveryBody('email', 'inv-1', 'jane@example.com')).errors).toBeNull();
  });
  it('is offered to the roles of the calls only', () => {
    expect(canApply(['luc_regular'], 'sendGroupInvitationEmail')).toBe(true);
    expect(canApply(['luc_regular'], 'sendGroupInvitationSms')).toBe(true);
    expect(canApply(['luc_read'], 'sendGroupInvitationEmail')).toBe(false);
    expect(canApply(['luc_unit_control'], 'sendGroupInvitationSms')).toBe(false);
    expect(canApply(['luc_read'], 'stopFetchLogs')).toBe(false);
    expect(canApply(['luc_regular'], 'stopFetchLogs')).toBe(true);
  });
});
