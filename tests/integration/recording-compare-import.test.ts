/**
 * The two control-plane procedures the Simulator panel uses on a finished recording, over the wire
 * as the console calls them, against a core with the real simulator attached:
 * - recording.compare answers what `pnpm replay compare` prints for the same two files (the same
 *   contracts function, compareEventLogs, under the digest's normalisation): a downloaded and
 *   uploaded copy is the same, a copy without the unit's last telemetry event is named; unknown recordings,
 *   the one still being made and a caller without a session are refused;
 * - recording.importFleet (what `pnpm replay import` calls after its upload) builds the fleet and
 *   starts the replay, paused when asked; only operators may, an unknown recording is NOT_FOUND, and
 *   a second import while that replay holds the fleet is refused with the replay's words.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FleetImportResult, RecordingComparison, RecordingSummary, ReplayStatusReply, type RecordedEvent, type Recording } from '@fleet/contracts';
import { compareEventLogs, encodeRecording, eventLogDigest, parseRecording } from '@fleet/contracts/recording-file';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';
import { trpc } from '../support/trpc.js';

const UNIT = 'LU800-0003';

const eventsOf = (r: Recording) => r.lines.filter((l): l is RecordedEvent => l.kind === 'event');

describe('recording.compare and recording.importFleet', () => {
  let stack: TestStack;
  let operator: string;
  let regular: string;
  let recorded: RecordingSummary;
  let recording: Recording;

  const upload = async (bytes: Buffer): Promise<RecordingSummary> => {
    const res = await stack.app.inject({
      method: 'POST',
      url: '/mock/recordings',
      headers: { cookie: operator, 'content-type': 'application/gzip' },
      payload: bytes,
    });
    expect(res.statusCode, res.body).toBe(201);
    return RecordingSummary.parse(res.json());
  };

  beforeAll(async () => {
    stack = await startTestStack();
    operator = await stack.login('super_user');
    regular = await stack.login('luc_regular');
    await eventually(async () => stack.app.services.gateway.shardCount() > 0, 10_000);

    // A recording of a few battery reports of one unit.
    const started = await trpc(stack, operator, 'mutation', 'recording.start', { name: 'panel-compare' });
    expect(started.code, started.message).toBeUndefined();
    for (const percentage of [41, 23]) {
      expect((await trpc(stack, operator, 'mutation', 'fault.inject', { unitId: UNIT, fault: { type: 'battery', percentage } })).data).toEqual({
        applied: 1,
        error: null,
      });
      await eventually(
        async () =>
          (await stack.app.inject({ method: 'GET', url: `/api/v2/units/${UNIT}`, headers: { cookie: operator } })).json().battery?.percentage === percentage,
        10_000,
      );
    }
    // Still being made: nothing to compare yet.
    const active = (started.data as RecordingSummary).id;
    expect(await trpc(stack, operator, 'query', 'recording.compare', { a: active, b: active })).toMatchObject({ code: 'NOT_FOUND' });
    recorded = (await trpc(stack, operator, 'mutation', 'recording.stop')).data as RecordingSummary;
    const file = await stack.app.inject({ method: 'GET', url: `/mock/recordings/${recorded.id}`, headers: { cookie: operator } });
    recording = parseRecording(file.rawPayload);
    expect(eventsOf(recording).some((e) => e.event.type === 'unit.telemetry')).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("compares as the CLI does: a copy is the same, a copy without an event is named; refusals in the core's words", async () => {
    const copy = await upload(encodeRecording(recording));
    const lastTelemetry = recording.lines.findLastIndex((l) => l.kind === 'event' && l.event.type === 'unit.telemetry' && l.event.unitId === UNIT);
    const shorter = { header: recording.header, lines: recording.lines.filter((_, i) => i !== lastTelemetry) };
    const cut = await upload(encodeRecording(shorter));

    const same = RecordingComparison.parse((await trpc(stack, operator, 'query', 'recording.compare', { a: recorded.id, b: copy.id })).data);
    const events = eventsOf(recording);
    expect(same).toEqual({
      identical: true,
      events: { a: events.length, b: events.length },
      digests: { a: eventLogDigest(events), b: eventLogDigest(events) },
      difference: null,
    });

    // Anyone signed in may compare; the words are the CLI's for the same two logs under the same names.
    const differ = RecordingComparison.parse((await trpc(stack, regular, 'query', 'recording.compare', { a: recorded.id, b: cut.id })).data);
    expect(differ.identical).toBe(false);
    expect(differ.events).toEqual({ a: events.length, b: events.length - 1 });
    expect(differ.digests.b).toBe(eventLogDigest(eventsOf(shorter)));
    expect(differ.difference).toBe(compareEventLogs(events, eventsOf(shorter), { names: [recorded.id, cut.id] })?.words);
    expect(differ.difference).toMatch(new RegExp(`^unit\\.telemetry of unitId:${UNIT} on \\S+: .*only in ${recorded.id} \\(not in ${cut.id}\\)`));

    expect(await trpc(stack, operator, 'query', 'recording.compare', { a: recorded.id, b: 'no-such-recording' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await trpc(stack, null, 'query', 'recording.compare', { a: recorded.id, b: copy.id })).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('imports the fleet a recording saw and starts its replay paused; operators only; one replay at a time', async () => {
    expect(await trpc(stack, regular, 'mutation', 'recording.importFleet', { recordingId: recorded.id })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await trpc(stack, operator, 'mutation', 'recording.importFleet', { recordingId: 'no-such-recording' })).toMatchObject({ code: 'NOT_FOUND' });
    // Since the recording the unit's battery changed; the import gives it the recorded value back.
    const battery = async () =>
      (await stack.app.inject({ method: 'GET', url: `/api/v2/units/${UNIT}`, headers: { cookie: operator } })).json().battery?.percentage as number | undefined;
    expect((await trpc(stack, operator, 'mutation', 'fault.inject', { unitId: UNIT, fault: { type: 'battery', percentage: 77 } })).data).toEqual({
      applied: 1,
      error: null,
    });
    await eventually(async () => (await battery()) === 77, 10_000);

    const imported = await trpc(stack, operator, 'mutation', 'recording.importFleet', { recordingId: recorded.id, speed: 20, paused: true });
    expect(imported.code, imported.message).toBeUndefined();
    const result = FleetImportResult.parse(imported.data);
    expect(result.recordingId).toBe(recorded.id);
    // The unit's telemetry events are what this recording saw of the fleet: its live values are set.
    expect(result.live).toBeGreaterThanOrEqual(1);
    expect(result.replay).toMatchObject({ recordingId: recorded.id, state: 'paused', applied: 0 });
    expect(await battery()).toBe(23);
    const status = ReplayStatusReply.parse((await trpc(stack, operator, 'query', 'replay.status')).data);
    expect(status.replay?.replayId).toBe(result.replay?.replayId);

    // Refused before anything is written (the storage step is watched: a refused request changes nothing).
    const write = vi.spyOn(stack.app.services.fleetImport as unknown as { write: () => Promise<unknown> }, 'write');
    expect(await trpc(stack, operator, 'mutation', 'recording.importFleet', { recordingId: recorded.id })).toMatchObject({
      code: 'CONFLICT',
      message: 'A replay is running: stop it first',
    });
    expect(write).not.toHaveBeenCalled();
    write.mockRestore();
    expect((await trpc(stack, operator, 'mutation', 'replay.stop')).code).toBeUndefined();
  }, 60_000);
});
