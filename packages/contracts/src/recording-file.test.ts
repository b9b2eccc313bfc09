import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compareEventLogs,
  encodeRecording,
  eventLogDigest,
  normaliseEventLog,
  parseRecording,
  REDACTED,
  redactQuery,
  redactSecrets,
  RecordingFileError,
  RecordingWriter,
} from './recording-file.js';
import { RECORDING_FORMAT, RECORDING_VERSION, type RecordingHeader, type RecordingLine } from './recording.js';

const header: RecordingHeader = {
  format: RECORDING_FORMAT,
  version: RECORDING_VERSION,
  name: 'morning-show',
  source: 'mock',
  startedAt: 1_700_000_000_000,
  seed: 7,
  clock: { kind: 'realtime', factor: 1, now: 1_700_000_000_000 },
  fleet: { units: [{ unitId: 'LU800-0001', name: 'Cam 1' }], servers: [] },
};

const state: RecordingLine = { kind: 'device', t: 10, message: { kind: 'state', unitId: 'LU800-0001', online: true, applications: {}, at: 5 } };
const cleared = (alertId: string, unitId: string, at: number) =>
  ({ type: 'alert.cleared', alertId, alertType: 'battery', unitId, serverId: null, channelId: null, at }) as const;

function reject(bytes: Uint8Array): RecordingFileError {
  try {
    parseRecording(bytes);
  } catch (e) {
    if (e instanceof RecordingFileError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('recording files', () => {
  it('write as they go and read back line for line', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rec-')), 'r.ndjson.gz');
    const w = new RecordingWriter(path, header);
    w.write({ kind: 'device', message: state.kind === 'device' ? state.message : never() }, header.startedAt + 10);
    w.write(
      { kind: 'request', userId: 'u1', method: 'POST', path: 'v2/units/LU800-0001/stream', body: { channelId: 'c1' }, status: 200, createdId: null },
      header.startedAt + 5,
    );
    w.write({ kind: 'event', topic: 'group:g1', event: cleared('a1', 'LU800-0001', 3) }, header.startedAt + 40);
    expect(await w.close(header.startedAt + 50)).toEqual({ durationMs: 50 });
    expect(w.counts).toEqual({ device: 1, request: 1, event: 1, answer: 0 });
    const back = parseRecording(readFileSync(path));
    expect(back.header).toEqual(header);
    // A line that comes late keeps the previous line's time: times never decrease.
    expect(back.lines.map((l) => [l.kind, l.t])).toEqual([
      ['device', 10],
      ['request', 10],
      ['event', 40],
      ['end', 50],
    ]);
    expect(parseRecording(encodeRecording(back))).toEqual(back);
  });

  it('report a file they cannot write at close, not as an unhandled rejection, and hold nothing more', async () => {
    const w = new RecordingWriter(join(mkdtempSync(join(tmpdir(), 'rec-')), 'no-such-dir', 'r.ndjson.gz'), header);
    for (const until = Date.now() + 2000; w.failure === null && Date.now() < until; ) await new Promise((r) => setTimeout(r, 5));
    expect(w.failure?.message).toMatch(/ENOENT/);
    w.write({ kind: 'event', topic: 'group:g1', event: cleared('a1', 'LU800-0001', 3) }, header.startedAt + 40);
    expect(w.counts.event).toBe(0);
    await expect(w.close()).rejects.toThrow(/ENOENT/);
  });

  it('read version 1 files as they were, and take answer lines from version 2 on', () => {
    const file = (...rows: unknown[]) => gzipSync(rows.map((r) => JSON.stringify(r)).join('\n'));
    const answer = { kind: 'answer', t: 12, method: 'GET', path: '/api/devices/fetch', status: 200, response: [], durationMs: 3 };
    const v1 = parseRecording(file({ ...header, version: 1 }, state, { kind: 'end', t: 20 }));
    expect(v1.header.version).toBe(1);
    expect(v1.lines.map((l) => l.kind)).toEqual(['device', 'end']);
    expect(reject(file({ ...header, version: 1 }, answer, { kind: 'end', t: 20 })).message).toBe('line 2: an answer line in a version 1 recording');
    const proxied = { ...header, source: 'core', seed: null, clock: null, proxy: { core: 'https://core.example', apiBase: '/api' } };
    const v2 = parseRecording(file(proxied, answer, { kind: 'end', t: 20 }));
    expect(v2.header.proxy).toEqual({ core: 'https://core.example', apiBase: '/api' });
    expect(v2.lines[0]).toEqual(answer);
  });

  it('name what is wrong, with the line', () => {
    const file = (...rows: unknown[]) => gzipSync(rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n'));
    expect(reject(Buffer.from('')).message).toBe('empty file');
    expect(reject(Buffer.from('{')).message).toBe('line 1: not JSON');
    expect(reject(file({ format: 'other' })).message).toMatch(/^line 1: not a fleet recording/);
    expect(reject(file({ ...header, version: 99 })).message).toBe('line 1: version 99 is not supported (this reader takes 1 and 2)');
    expect(reject(file(header, state)).message).toBe('no end line (the recording was cut short)');
    expect(reject(file(header, state, '{')).message).toBe('line 3: not JSON');
    expect(reject(file(header, { ...state, t: 20 }, { ...state, t: 10 }, { kind: 'end', t: 30 })).message).toBe(
      "line 3: time 10 before the previous line's 20",
    );
    expect(reject(file(header, { kind: 'end', t: 1 }, state)).message).toBe('line 3: a line after the end line');
    expect(reject(file(header, { kind: 'teleport', t: 1 })).line).toBe(2);
    expect(reject(Buffer.from([0x1f, 0x8b, 1, 2, 3])).message).toMatch(/^not a readable gzip file/);
  });
});

describe('event log digests', () => {
  it('ignore times and minted ids, and how different objects interleave; not one object’s order', () => {
    const a = [
      { topic: 'group:g1', event: cleared('alert-x', 'U1', 1) },
      { topic: 'group:g1', event: cleared('alert-y', 'U2', 2) },
      { topic: 'group:g1', event: cleared('alert-z', 'U1', 3) },
    ];
    const b = [
      { topic: 'group:g1', event: cleared('other-1', 'U2', 50) },
      { topic: 'group:g1', event: cleared('other-2', 'U1', 60) },
      { topic: 'group:g1', event: cleared('other-3', 'U1', 70) },
    ];
    expect(eventLogDigest(a)).toBe(eventLogDigest(b));
    // U1's two alerts the other way round: the same ids in another order is another log.
    const swapped = [a[2]!, a[1]!, { topic: 'group:g1', event: cleared('alert-x', 'U1', 1) }];
    expect(normaliseEventLog(swapped)).toEqual(normaliseEventLog(a)); // ids renumbered by appearance
    const differentType = [...a.slice(0, 2), { topic: 'group:g1', event: { ...cleared('alert-z', 'U1', 3), alertType: 'bitrateDrop' as const } }];
    expect(eventLogDigest(differentType)).not.toBe(eventLogDigest(a));
    expect(eventLogDigest(a.slice(0, 2))).not.toBe(eventLogDigest(a));
    expect(
      eventLogDigest([...a, { topic: 'group:g1', event: { type: 'usage.changed', inventoryId: 'i1', at: 9 } as const }], { ignoreTypes: ['usage.changed'] }),
    ).toBe(eventLogDigest(a));
  });

  it('ignore how one object’s events of different types interleave, not their order within a type', () => {
    const added = (at: number) => ({ topic: 'group:g1', event: { type: 'device.added' as const, unitId: 'U1', at } });
    const x = { topic: 'group:g1', event: cleared('alert-x', 'U1', 1) };
    const z = { topic: 'group:g1', event: { ...cleared('alert-z', 'U1', 3), alertType: 'bitrateDrop' as const } };
    expect(eventLogDigest([x, added(2), z])).toBe(eventLogDigest([added(2), x, z]));
    expect(eventLogDigest([x, added(2), z])).not.toBe(eventLogDigest([z, added(2), x]));
  });
});

describe('secrets', () => {
  it('are never kept: passwords, tokens, keys and credentials read [redacted]; search keys, flags and other values stay', () => {
    const body = {
      username: 'ann',
      password: 'Demo-pass-1',
      passwordConfirmation: 'x',
      oldPassword: 'y',
      hasPassword: true,
      sip: { account: 'a', passphrase: 'p' },
      apiKey: 'k',
      streamKey: 's',
      key: 'permanent',
      shareKey: 'sk',
      searchKey: 'name',
      accessToken: 't',
      clientSecret: 'c',
      turn: [{ credential: 'tc', urls: ['turn:x'] }],
      session: 'sess',
      count: 3,
    };
    expect(redactSecrets(body)).toEqual({
      username: 'ann',
      password: REDACTED,
      passwordConfirmation: REDACTED,
      oldPassword: REDACTED,
      hasPassword: true,
      sip: { account: 'a', passphrase: REDACTED },
      apiKey: REDACTED,
      streamKey: REDACTED,
      key: REDACTED,
      shareKey: REDACTED,
      searchKey: 'name',
      accessToken: REDACTED,
      clientSecret: REDACTED,
      turn: [{ credential: REDACTED, urls: ['turn:x'] }],
      session: REDACTED,
      count: 3,
    });
    expect(body.password).toBe('Demo-pass-1'); // a copy
    expect(redactQuery('/api/share?token=abc&name=x&token=def')).toBe(`/api/share?token=${encodeURIComponent(REDACTED)}&name=x`);
    expect(redactQuery('/api/devices/fetch?group=g1')).toBe('/api/devices/fetch?group=g1');
  });
});

describe('event log comparison', () => {
  const telemetry = (unitId: string, percentage: number, at: number) => ({
    topic: 'group:g1',
    event: {
      type: 'unit.telemetry' as const,
      unitId,
      battery: { connected: true, charging: false, percentage },
      location: null,
      modems: [],
      totalBitrate: 100,
      cameraConnected: true,
      sample: { t: at, kbps: 100 },
      at,
    },
  });
  const log = [telemetry('U1', 80, 1), telemetry('U2', 70, 2), telemetry('U1', 79, 3)];

  it('finds no difference where the digests agree (times, minted ids and interleaving left out)', () => {
    const later = [telemetry('U2', 70, 52), telemetry('U1', 80, 51), telemetry('U1', 79, 53)];
    expect(compareEventLogs(log, later)).toBeNull();
    expect(eventLogDigest(log)).toBe(eventLogDigest(later));
  });

  it('names the first difference: the stream, the event and the field, or the events only one log has', () => {
    const changed = [log[0]!, log[1]!, telemetry('U1', 5, 3)];
    expect(eventLogDigest(changed)).not.toBe(eventLogDigest(log));
    expect(compareEventLogs(log, changed, { names: ['day.ndjson.gz', 'replay.ndjson.gz'] })).toMatchObject({
      topic: 'group:g1',
      subject: 'unitId:U1',
      type: 'unit.telemetry',
      index: 1,
      path: 'battery.percentage',
      words: 'unit.telemetry of unitId:U1 on group:g1: the 2nd event differs at battery.percentage: 79 in day.ndjson.gz, 5 in replay.ndjson.gz',
    });
    expect(compareEventLogs(log, log.slice(0, 2))?.words).toBe(
      `unit.telemetry of unitId:U1 on group:g1: A has 2 events, B 1; the 2nd, only in A (not in B), is ${JSON.stringify({ battery: { charging: false, connected: true, percentage: 79 }, cameraConnected: true, location: null, modems: [], sample: { kbps: 100 }, totalBitrate: 100, type: 'unit.telemetry', unitId: 'U1' })}`,
    );
    expect(compareEventLogs(log.slice(0, 1), log)?.words).toMatch(
      /^unit\.telemetry of unitId:U1 on group:g1: A has 1 event, B 2 events; the 2nd, only in B \(not in A\)/,
    );
    expect(compareEventLogs(log, [log[0]!, log[2]!])?.words).toMatch(/^unit\.telemetry of unitId:U2 on group:g1: only A has these events \(1\)/);
  });
});

function never(): never {
  throw new Error('unreachable');
}
