import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeRecording, eventLogDigest, normaliseEventLog, parseRecording, RecordingFileError, RecordingWriter } from './recording-file.js';
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
    w.write({ kind: 'request', userId: 'u1', method: 'POST', path: 'v2/units/LU800-0001/stream', body: { channelId: 'c1' }, status: 200, createdId: null }, header.startedAt + 5);
    w.write({ kind: 'event', topic: 'group:g1', event: cleared('a1', 'LU800-0001', 3) }, header.startedAt + 40);
    expect(await w.close(header.startedAt + 50)).toEqual({ durationMs: 50 });
    expect(w.counts).toEqual({ device: 1, request: 1, event: 1 });
    const back = parseRecording(readFileSync(path));
    expect(back.header).toEqual(header);
    // A line that comes late keeps the previous line's time: times never decrease.
    expect(back.lines.map((l) => [l.kind, l.t])).toEqual([['device', 10], ['request', 10], ['event', 40], ['end', 50]]);
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

  it('name what is wrong, with the line', () => {
    const file = (...rows: unknown[]) => gzipSync(rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n'));
    expect(reject(Buffer.from('')).message).toBe('empty file');
    expect(reject(Buffer.from('{')).message).toBe('line 1: not JSON');
    expect(reject(file({ format: 'other' })).message).toMatch(/^line 1: not a fleet recording/);
    expect(reject(file({ ...header, version: 99 })).message).toBe('line 1: version 99 is not supported (this reader takes 1)');
    expect(reject(file(header, state)).message).toBe('no end line (the recording was cut short)');
    expect(reject(file(header, state, '{')).message).toBe('line 3: not JSON');
    expect(reject(file(header, { ...state, t: 20 }, { ...state, t: 10 }, { kind: 'end', t: 30 })).message).toBe("line 3: time 10 before the previous line's 20");
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
    expect(eventLogDigest([...a, { topic: 'group:g1', event: { type: 'usage.changed', inventoryId: 'i1', at: 9 } as const }], { ignoreTypes: ['usage.changed'] })).toBe(eventLogDigest(a));
  });

  it('ignore how one object’s events of different types interleave, not their order within a type', () => {
    const added = (at: number) => ({ topic: 'group:g1', event: { type: 'device.added' as const, unitId: 'U1', at } });
    const x = { topic: 'group:g1', event: cleared('alert-x', 'U1', 1) };
    const z = { topic: 'group:g1', event: { ...cleared('alert-z', 'U1', 3), alertType: 'bitrateDrop' as const } };
    expect(eventLogDigest([x, added(2), z])).toBe(eventLogDigest([added(2), x, z]));
    expect(eventLogDigest([x, added(2), z])).not.toBe(eventLogDigest([z, added(2), x]));
  });
});

function never(): never {
  throw new Error('unreachable');
}
