import { describe, expect, it } from 'vitest';
import type { ReplayStatus, ScenarioStatus } from '@fleet/contracts';
import { formatBytes, formatDuration, percent, recordingNameProblem, replayable, replayProgress, scenarioProgress, uploadContentType } from './simulatorView';

const replay = (over: Partial<ReplayStatus>): ReplayStatus => ({
  replayId: 'r1',
  recordingId: 'rec1',
  name: 'night',
  state: 'running',
  applied: 0,
  total: 10,
  elapsedMs: 0,
  durationMs: 60_000,
  clock: { kind: 'accelerated', factor: 20, now: 0 },
  requests: { ok: 0, failed: 0 },
  notReplayable: 0,
  errors: [],
  ...over,
});

const scenario = (over: Partial<ScenarioStatus>): ScenarioStatus => ({
  name: 'camera-lost',
  running: true,
  startedAt: 0,
  elapsedMs: 0,
  stepsApplied: 0,
  stepsTotal: 4,
  outcomes: [],
  ...over,
});

describe('replay progress', () => {
  it('is the share of entries applied, clamped to 0..100', () => {
    expect(replayProgress(replay({ applied: 3, total: 10 })).percent).toBe(30);
    expect(replayProgress(replay({ applied: 12, total: 10 })).percent).toBe(100);
    expect(percent(-1, 10)).toBe(0);
  });

  it('counts an empty recording as done only once finished', () => {
    expect(replayProgress(replay({ applied: 0, total: 0, state: 'running' })).percent).toBe(0);
    expect(replayProgress(replay({ applied: 0, total: 0, state: 'finished' })).percent).toBe(100);
  });

  it('is live while running or paused, not once finished or stopped', () => {
    expect(replayProgress(replay({ state: 'paused' }))).toMatchObject({ live: true, paused: true });
    expect(replayProgress(replay({ state: 'running' }))).toMatchObject({ live: true, paused: false });
    expect(replayProgress(replay({ state: 'finished' })).live).toBe(false);
    expect(replayProgress(replay({ state: 'stopped' })).live).toBe(false);
  });

  it('holds the fleet until stopped, even once finished (Stop lets the devices simulate again)', () => {
    expect(replayProgress(replay({ state: 'finished' })).holdsFleet).toBe(true);
    expect(replayProgress(replay({ state: 'paused' })).holdsFleet).toBe(true);
    expect(replayProgress(replay({ state: 'stopped' })).holdsFleet).toBe(false);
  });
});

describe('scenario progress', () => {
  it('gives the steps applied and lists the refused ones', () => {
    const p = scenarioProgress(
      scenario({
        stepsApplied: 2,
        stepsTotal: 4,
        outcomes: [
          { index: 0, error: null },
          { index: 3, error: 'UNIT_OFFLINE' },
        ],
      }),
    );
    expect(p.percent).toBe(50);
    expect(p.refused).toEqual([{ index: 3, error: 'UNIT_OFFLINE' }]);
  });
});

describe('recording name', () => {
  it('accepts the contract rule: lower-case letters, digits and dashes, starting with a letter or digit', () => {
    expect(recordingNameProblem('night-shift-2')).toBeNull();
    expect(recordingNameProblem('2024')).toBeNull();
  });

  it('refuses other names with the contract message', () => {
    expect(recordingNameProblem('Night')).toBe('lower-case letters, digits and dashes');
    expect(recordingNameProblem('-night')).toBe('lower-case letters, digits and dashes');
    expect(recordingNameProblem('night shift')).toBe('lower-case letters, digits and dashes');
    expect(recordingNameProblem('a'.repeat(81))).not.toBeNull();
  });

  it('calls an empty name required', () => {
    expect(recordingNameProblem('')).toBe('required');
    expect(recordingNameProblem('  ')).toBe('required');
  });
});

describe('formatting', () => {
  it('writes durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(61_500)).toBe('1:01');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });

  it('writes sizes in B, KiB, MiB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KiB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MiB');
  });
});

describe('recordings', () => {
  it('offers only finished recordings for a replay', () => {
    const base = { name: 'x', source: 'mock' as const, startedAt: 0, durationMs: 0, counts: { device: 0, request: 0, event: 0 }, bytes: 0 };
    expect(
      replayable([
        { ...base, id: 'a', active: true },
        { ...base, id: 'b', active: false },
      ]).map((r) => r.id),
    ).toEqual(['b']);
  });

  it('declares gzip by the magic bytes or the name, NDJSON otherwise', () => {
    expect(uploadContentType('x.bin', new Uint8Array([0x1f, 0x8b]))).toBe('application/gzip');
    expect(uploadContentType('x.ndjson.gz', new Uint8Array([0x7b]))).toBe('application/gzip');
    expect(uploadContentType('x.ndjson', new Uint8Array([0x7b, 0x22]))).toBe('application/x-ndjson');
  });
});
