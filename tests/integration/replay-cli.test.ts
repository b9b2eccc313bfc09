/**
 * The record-and-replay CLI (simulator/src/replay-cli.ts) as a child process against a core on a
 * real port: `record` follows /ws from outside as a console would while a fault makes a unit
 * report, and writes an events-only recording (source 'core') that parses; `digest` prints its
 * event-log digest; `list`, `download` and `replay --follow` work a recording of the mock through
 * its control plane; usage mistakes exit 2, a refused sign-in or an unknown recording exits 1.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogDigest, parseRecording } from '@fleet/contracts/recording-file';
import type { RecordedEvent, RecordingSummary } from '@fleet/contracts';
import { CoreClient } from '@fleet/simulator';
import { DEMO_PASSWORD, eventually, FAST_TIMINGS, startTestStack, type TestStack } from '../support/stack.js';

const exec = promisify(execFile);
const SIMULATOR = join(import.meta.dirname, '../../simulator');

/** Run the CLI; resolves with its exit code and output (a non-zero exit is not thrown). */
async function cli(args: string[], timeout = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'src/replay-cli.ts', ...args], { cwd: SIMULATOR, timeout });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

describe('replay CLI', () => {
  let stack: TestStack;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    stack = await startTestStack({ simulatorTimings: { ...FAST_TIMINGS, telemetryIntervalMs: 500 } });
    base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
  });
  afterAll(async () => {
    await stack?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('records the events a console sees, including what a fault makes a unit report, and digests them', async () => {
    const out = join(dir, 'Battery Day.ndjson.gz');
    const recording = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/replay-cli.ts', 'record', '--core', base, '--user', 'super_user', '--password', DEMO_PASSWORD, '--out', out, '--duration', '6'],
      { cwd: SIMULATOR },
    );
    let stdout = '';
    let stderr = '';
    recording.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    recording.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => recording.on('exit', (code) => resolve(code)));
    let reports = 0;
    stack.app.services.hub.onPublish((_topics, e) => {
      if (e.type === 'unit.telemetry' && e.unitId === 'LULITE-0001') reports++;
    });
    // Once the recorder follows /ws (it says so) and LULITE-0001 has reported three times since (every 500 ms:
    // the first over a second before the fault), drain its battery through the control plane.
    await eventually(async () => /following \d+ topic/.test(stderr), 30_000);
    const following = reports;
    await eventually(async () => reports >= following + 3, 10_000);
    const client = new CoreClient({ baseUrl: base });
    const operator = await client.login('super_user', DEMO_PASSWORD);
    const faultAt = Date.now();
    await client.mutate(operator, 'fault.inject', { unitId: 'LULITE-0001', fault: { type: 'battery', percentage: 5, charging: false } });
    const code = await exited;
    expect({ code, stderr }).toMatchObject({ code: 0 });
    expect(stdout).toMatch(/: \d+ events in \d+\.\d s from \d+ topic\(s\), fleet of 24 units and \d+ servers/);

    const file = parseRecording(readFileSync(out));
    expect(file.header).toMatchObject({ source: 'core', seed: null, clock: null, name: 'battery-day' });
    expect(file.header.fleet.units.map((u) => u.unitId)).toContain('LULITE-0001');
    expect(file.header.fleet.servers.length).toBeGreaterThan(0);
    expect(file.header.fleet.servers.some((s) => s.channels.length > 0)).toBe(true);
    expect(file.lines.at(-1)?.kind).toBe('end');
    expect(file.lines.at(-1)?.t).toBeGreaterThanOrEqual(4500);
    const events = file.lines.filter((l): l is RecordedEvent => l.kind === 'event');
    expect(file.lines.every((l) => l.kind === 'event' || l.kind === 'end')).toBe(true);
    expect(events.some((e) => e.event.type.startsWith('unit.'))).toBe(true);
    // The fault's effect reached the recording: the unit's battery alert, after the recording began.
    const sinceFault = faultAt - file.header.startedAt;
    expect(sinceFault).toBeGreaterThan(1000);
    const battery = events.flatMap((e) =>
      e.event.type === 'unit.telemetry' && e.event.unitId === 'LULITE-0001' ? [{ t: e.t, percentage: e.event.battery?.percentage }] : [],
    );
    expect(battery.filter((b) => b.t < sinceFault).length).toBeGreaterThan(0);
    expect(battery.filter((b) => b.t < sinceFault).every((b) => b.percentage !== 5)).toBe(true);
    expect(battery.filter((b) => b.t > sinceFault + 1000).every((b) => b.percentage === 5)).toBe(true);
    // ... and the critical battery alert it raised.
    expect(events.some((e) => e.t >= sinceFault && e.event.type === 'alert.raised' && JSON.stringify(e.event).includes('LULITE-0001'))).toBe(true);

    const digest = await cli(['digest', out]);
    expect(digest.code).toBe(0);
    const [hex] = digest.stdout.split(/\s+/);
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    expect(hex).toBe(eventLogDigest(events));
    expect(digest.stdout).toContain(`(${events.length} events)`);
  }, 90_000);

  it('lists and downloads a recording of the mock, and replays the file into it, following it to the end', async () => {
    const client = new CoreClient({ baseUrl: base });
    const operator = await client.login('super_user', DEMO_PASSWORD);
    const started = (await client.mutate(operator, 'recording.start', { name: 'cli-day' })) as RecordingSummary;
    const deviceReports = async () =>
      ((await client.query(operator, 'recording.list')) as RecordingSummary[]).find((r) => r.id === started.id)?.counts.device ?? 0;
    // Device reports before the fault and after it (the camera's disconnection among them).
    await eventually(async () => (await deviceReports()) > 0, 10_000);
    await client.mutate(operator, 'fault.inject', { unitId: 'LU800-0002', fault: { type: 'camera', connected: false } });
    const atFault = await deviceReports();
    await eventually(async () => (await deviceReports()) > atFault, 10_000);
    const made = (await client.mutate(operator, 'recording.stop')) as RecordingSummary;
    const login = ['--core', base, '--user', 'super_user', '--password', DEMO_PASSWORD];

    const listed = await cli(['list', ...login]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${made.id}\\s+cli-day\\s+mock`));

    const file = join(dir, 'cli-day.ndjson.gz');
    const downloaded = await cli(['download', made.id, '--out', file, ...login]);
    expect(downloaded.code).toBe(0);
    const recording = parseRecording(readFileSync(file));
    expect(recording.header).toMatchObject({ source: 'mock', name: 'cli-day' });
    expect(recording.lines.filter((l) => l.kind === 'device').length).toBe(made.counts.device);
    expect(made.counts.device).toBeGreaterThan(0);

    const replayed = await cli(['replay', file, ...login, '--speed', '10', '--follow'], 90_000);
    expect({ code: replayed.code, stderr: replayed.stderr }).toMatchObject({ code: 0 });
    expect(replayed.stdout).toMatch(/^uploaded .* as \S+ \(cli-day, mock: \d+ device reports, \d+ REST writes, \d+ events\)$/m);
    expect(replayed.stdout).toMatch(/^finished +(\d+)\/\1 entries/m);
    const status = (await client.query(operator, 'replay.status')) as { replay: { state: string; recordingId: string } | null };
    expect(status.replay).toMatchObject({ state: 'finished' });
    expect(status.replay?.recordingId).not.toBe(made.id); // the uploaded copy was replayed
    const missing = await cli(['download', 'no-such-recording', '--out', join(dir, 'none.gz'), ...login]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/download of no-such-recording failed: HTTP 404/);
  }, 150_000);

  it('exits 2 on usage mistakes and 1 when the core refuses the sign-in', async () => {
    const missing = await cli(['record', '--core', base, '--user', 'super_user', '--password', DEMO_PASSWORD]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('record needs --out FILE');
    expect((await cli(['rewind'])).code).toBe(2);
    expect((await cli(['replay', 'x.ndjson.gz', '--speed', 'fast'])).code).toBe(2);
    const refused = await cli([
      'record',
      '--core',
      base,
      '--user',
      'super_user',
      '--password',
      'wrong-password',
      '--out',
      join(dir, 'no.ndjson.gz'),
      '--duration',
      '1',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/sign-in as super_user .* failed: HTTP 4\d\d/);
    const notARecording = await cli(['digest', join(SIMULATOR, 'package.json')]);
    expect(notARecording.code).toBe(1);
  }, 90_000);
});
