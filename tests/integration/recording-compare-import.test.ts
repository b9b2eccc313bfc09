/**
 * The two control-plane procedures the Simulator panel uses on a finished recording, over the wire
 * as the console calls them, against a core with the real simulator attached:
 * - recording.compare answers what `pnpm replay compare` prints for the same two files (the same
 *   contracts function, compareEventLogs, under the digest's normalisation): a downloaded and
 *   uploaded copy is the same, a copy without the unit's last telemetry event is named; unknown recordings,
 *   the one still being made and a caller without a session are refused;
 * - recording.importFleet (what `pnpm replay import` calls after its upload) builds the fleet and
 *   starts the replay, paused when asked; only operators may, an unknown recording is NOT_FOUND, and
 *   a second import while that replay holds the fleet is refused with the replay's words;
 * - an import of units' configuration, users and audio rooms only adds and changes: the mock's
 *   secrets stay (a unit's IP input passphrase), a redacted value is not written, a username the
 *   mock gives another user stays theirs, a user made from the recording has no password, and
 *   what names something the mock lacks (an inventory, a server, a unit) makes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FleetImportResult,
  MOCK_AUTH,
  RecordingComparison,
  RecordingSummary,
  ReplayStatusReply,
  type RecordedEvent,
  type Recording,
  type RecordingLine,
} from '@fleet/contracts';
import { compareEventLogs, encodeRecording, eventLogDigest, parseRecording, REDACTED } from '@fleet/contracts/recording-file';
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

  it("imports units' configuration, users and audio rooms over what the mock has: its secrets stay, nothing redacted is written", async () => {
    const read = async (path: string) => (await stack.app.inject({ method: 'GET', url: path, headers: { cookie: operator } })).json<Record<string, unknown>>();
    const db = stack.app.services.db;
    // The mock's unit has an IP input passphrase; no recording carries one.
    const stored = await db.unit.findUniqueOrThrow({ where: { id: UNIT } });
    const configuration = stored.configuration as Record<string, unknown>;
    await db.unit.update({
      where: { id: UNIT },
      data: {
        configuration: {
          ...configuration,
          metadata: [{ key: 'desk', value: 'mock' }],
          ipInput: { enabled: true, protocol: 'srt', port: 9200, passphrase: 'Mock-secret-1' },
        },
      },
    });
    const unitConfiguration = await read(`/api/v2/units/${UNIT}/configurationV2`);
    expect(unitConfiguration).toMatchObject({ ipInput: { hasPassphrase: true }, metadata: [{ key: 'desk', value: 'mock' }] });
    const regularUser = await read('/api/v2/users/usr-luc_regular');
    const room = (await read('/api/v2/inventories/inv-global/audioRooms')).items as Record<string, unknown>[];
    expect(room.length).toBeGreaterThan(0);
    const me = await read('/api/users/current');
    // The unit as the fleet list shows it (its one inventory tells whose alerts configuration its answer shows).
    const listed = (await stack.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie: operator } }))
      .json<Record<string, unknown>[]>()
      .find((u) => u.uniqueId === UNIT)!;
    const [inventoryId] = listed.inventoryIds as string[];
    expect(listed.inventoryIds).toEqual([inventoryId]);
    const unitAlerts = await read(`/api/v2/units/${UNIT}/alerts/configuration`);

    const answer = (t: number, path: string, response: unknown): RecordingLine => ({
      kind: 'answer',
      t,
      method: 'GET',
      path,
      status: 200,
      response: response as never,
      durationMs: 1,
    });
    const lines: RecordingLine[] = [
      // The recorded configuration: another delay, its metadata's key redacted (left out), no passphrase.
      answer(1, `/api/v2/units/${UNIT}/configurationV2`, {
        ...unitConfiguration,
        delay: 777,
        metadata: [{ key: REDACTED, value: 'x' }],
        ipInput: { enabled: true, protocol: 'srt', port: 9300, latencyMs: null, hasPassphrase: true },
      }),
      // A user of another core named as one of the mock's, and a new one.
      answer(2, '/api/v2/users/usr-other', { ...regularUser, id: 'usr-other', username: 'super_user', email: 'other@example.com' }),
      answer(3, '/api/v2/users/usr-fresh', { ...regularUser, id: 'usr-fresh', username: 'fresh.user', email: 'fresh.user@example.com', firstName: 'Fresh' }),
      // An audio room of an inventory the mock does not have, a hub it does not have.
      answer(4, '/api/v2/audioRooms/aud-elsewhere', { ...room[0], id: 'aud-elsewhere', inventoryId: 'inv-elsewhere', name: 'Elsewhere' }),
      answer(5, '/api/mmhservers/MMH-9999/configuration', { ...(await read('/api/mmhservers/MMH-0001/configuration')), serverId: 'MMH-9999' }),
      // The signed-in user of the recorded core, and the unit's alerts as its inventory's configuration gives them.
      answer(6, '/api/users/current', { ...me, id: 'usr-desk', username: 'desk.editor', email: null, firstName: 'Desk' }),
      answer(7, `/api/v2/units/${UNIT}/alerts/configuration`, {
        ...unitAlerts,
        mode: 'automatic',
        groupId: null,
        source: 'inventory',
        soundSettings: { critical: false, warning: true },
        recipients: [{ alertType: 'all', email: 'desk@example.com', verified: true }],
      }),
      answer(8, '/api/devices/fetch', [listed]),
      { kind: 'end', t: 9 },
    ];
    const synthetic = await upload(
      encodeRecording({ header: { ...recording.header, name: 'synthetic', source: 'core', proxy: { core: 'https://core.example', apiBase: '/api' } }, lines }),
    );
    const imported = await trpc(stack, operator, 'mutation', 'recording.importFleet', { recordingId: synthetic.id, paused: true });
    expect(imported.code, imported.message).toBeUndefined();
    const result = FleetImportResult.parse(imported.data);
    expect(result.counts).toMatchObject({ unitConfigurations: 1, serverConfigurations: 0, users: 2, audioRooms: 0 });
    expect((await trpc(stack, operator, 'mutation', 'replay.stop')).code).toBeUndefined();

    // The recorded delay and port; the mock's passphrase and metadata (the recorded key was redacted).
    expect(await read(`/api/v2/units/${UNIT}/configurationV2`)).toMatchObject({
      delay: 777,
      ipInput: { enabled: true, port: 9300, hasPassphrase: true },
      metadata: [{ key: 'desk', value: 'mock' }],
    });
    const after = await db.unit.findUniqueOrThrow({ where: { id: UNIT } });
    expect((after.configuration as { ipInput: { passphrase: string } }).ipInput.passphrase).toBe('Mock-secret-1');
    expect(JSON.stringify(after.configuration)).not.toContain(REDACTED);
    // The mock's super_user is still theirs (and signs in); the user of another core named so is not made.
    expect(await db.user.findUnique({ where: { id: 'usr-other' } })).toBeNull();
    await expect(stack.login('super_user')).resolves.toMatch(/^fleet_session=/);
    // The new user is made, with the recorded memberships and no password that signs in.
    expect(await read('/api/v2/users/usr-fresh')).toMatchObject({ username: 'fresh.user', firstName: 'Fresh', inventories: regularUser.inventories });
    const refused = await stack.app.inject({ method: 'POST', url: MOCK_AUTH.loginPath, payload: { username: 'fresh.user', password: 'Demo-pass-1' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // The recorded core's signed-in user is a user of the mock, in the recorded inventories.
    expect(await read('/api/v2/users/usr-desk')).toMatchObject({ username: 'desk.editor', firstName: 'Desk', inventories: me.inventories });
    // The inventory's alerts configuration, as the unit's answer showed it.
    const inventoryAlerts = await db.alertConfiguration.findFirstOrThrow({ where: { scope: 'inventory', inventoryId }, include: { recipients: true } });
    expect(inventoryAlerts.soundSettings).toEqual({ critical: false, warning: true });
    expect(inventoryAlerts.recipients.map((r) => [r.alertType, r.email, r.verified])).toEqual([['all', 'desk@example.com', true]]);
    expect(await db.audioRoom.findUnique({ where: { id: 'aud-elsewhere' } })).toBeNull();
    expect(await db.server.findUnique({ where: { id: 'MMH-9999' } })).toBeNull();
  }, 60_000);
});
