/**
 * Fleet recordings ("Record and replay"), the recording side: a core with the real
 * simulator attached records what its devices report, what its hub publishes and the REST writes
 * of signed-in users; the file is downloaded and checked with the contracts' reader; uploads are
 * checked whole before anything is kept; only the people who run the mock may do any of it.
 */
import { writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingSummary } from '@fleet/contracts';
import type { Services } from '@fleet/core';
import { encodeRecording, parseRecording } from '@fleet/contracts/recording-file';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';
import { trpc } from '../support/trpc.js';

const UNIT = 'LU800-0001';

describe('fleet recordings', () => {
  let stack: TestStack;
  let operator: string;
  let admin: string;
  let regular: string;

  beforeAll(async () => {
    stack = await startTestStack();
    operator = await stack.login('super_user');
    admin = await stack.login('luc_admin');
    regular = await stack.login('luc_regular');
    // The unit is online and reporting before anything is recorded.
    await eventually(
      async () =>
        stack.app.services.gateway.shardCount() > 0 &&
        (await stack.app.inject({ method: 'GET', url: `/api/v2/units/${UNIT}`, headers: { cookie: operator } })).json().status === 'idle',
      10_000,
    );
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** `cookie` null: no session. */
  const download = (id: string, cookie: string | null = operator) =>
    stack.app.inject({ method: 'GET', url: `/mock/recordings/${id}`, headers: cookie ? { cookie } : {} });
  const upload = (body: Buffer | string, type: string, cookie: string | null = operator) =>
    stack.app.inject({ method: 'POST', url: '/mock/recordings', headers: { ...(cookie ? { cookie } : {}), 'content-type': type }, payload: body });
  const list = async () => (await trpc(stack, operator, 'query', 'recording.list')).data as RecordingSummary[];

  let recorded: RecordingSummary;

  it('records device reports, REST writes and events, and hands the file back', async () => {
    const started = await trpc(stack, operator, 'mutation', 'recording.start', { name: 'modem-failure' });
    expect(started.code).toBeUndefined();
    const summary = started.data as RecordingSummary;
    expect(summary).toMatchObject({ name: 'modem-failure', source: 'mock', active: true });
    // One at a time.
    expect((await trpc(stack, operator, 'mutation', 'recording.start', { name: 'second' })).code).toBe('CONFLICT');
    // The active one is listed as such, and cannot be downloaded or removed yet.
    expect((await list()).find((r) => r.id === summary.id)?.active).toBe(true);
    expect((await download(summary.id)).statusCode).toBe(404);
    expect((await trpc(stack, operator, 'mutation', 'recording.remove', { id: summary.id })).code).toBe('CONFLICT');

    // A REST write by a signed-in user...
    const renamed = await stack.app.inject({
      method: 'PUT',
      url: '/api/devices/update?via=test',
      headers: { cookie: operator },
      payload: { id: UNIT, name: 'Recorded-Name-1' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // ...one refused (not recorded), one without a session (not recorded), a read (not recorded).
    expect(
      (await stack.app.inject({ method: 'PUT', url: '/api/devices/update', headers: { cookie: operator }, payload: { id: UNIT, name: 'has space!' } }))
        .statusCode,
    ).toBe(400);
    expect((await stack.app.inject({ method: 'PUT', url: '/api/devices/update', payload: { id: UNIT, name: 'Anonymous' } })).statusCode).toBe(401);
    expect((await stack.app.inject({ method: 'GET', url: `/api/v2/units/${UNIT}`, headers: { cookie: operator } })).statusCode).toBe(200);
    // ...and a device that reports a failed modem.
    const fault = await trpc(stack, operator, 'mutation', 'fault.inject', { unitId: UNIT, fault: { type: 'modemFail', modem: 2 } });
    expect(fault.data).toEqual({ applied: 1, error: null });
    await eventually(
      async () =>
        (await stack.app.inject({ method: 'GET', url: `/api/v2/units/${UNIT}`, headers: { cookie: operator } }))
          .json()
          .modems.find((m: { port: number }) => m.port === 2)?.connected === false,
      10_000,
    );

    const stopped = await trpc(stack, operator, 'mutation', 'recording.stop');
    expect(stopped.code).toBeUndefined();
    recorded = stopped.data as RecordingSummary;
    expect(recorded).toMatchObject({ id: summary.id, name: 'modem-failure', active: false });
    expect(recorded.counts.request).toBe(1);
    expect(recorded.counts.device).toBeGreaterThan(0);
    expect(recorded.counts.event).toBeGreaterThan(0);
    expect((await trpc(stack, operator, 'mutation', 'recording.stop')).code).toBe('PRECONDITION_FAILED');

    const res = await download(recorded.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="modem-failure.ndjson.gz"');
    expect(res.rawPayload.length).toBe(recorded.bytes);
    const recording = parseRecording(res.rawPayload);

    const { header, lines } = recording;
    expect(header).toMatchObject({ name: 'modem-failure', source: 'mock', seed: 1, startedAt: summary.startedAt });
    expect(header.clock?.kind).toBeDefined();
    expect(header.fleet.units).toContainEqual(expect.objectContaining({ unitId: UNIT, productType: expect.any(String), typeGroup: 'fieldUnits' }));
    expect(header.fleet.servers.length).toBeGreaterThan(0);
    expect(header.fleet.servers.some((s) => s.channels.length > 0)).toBe(true);

    const requests = lines.filter((l) => l.kind === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        userId: expect.any(String),
        method: 'PUT',
        path: '/devices/update?via=test',
        body: { id: UNIT, name: 'Recorded-Name-1' },
        status: 200,
        createdId: UNIT,
      }),
    ]);
    const superUser = await stack.app.services.db.user.findUniqueOrThrow({ where: { username: 'super_user' } });
    expect(requests[0]!.kind === 'request' && requests[0]!.userId).toBe(superUser.id);

    const devices = lines.flatMap((l) => (l.kind === 'device' ? [l.message] : []));
    const unitTelemetry = devices.filter((m) => m.kind === 'telemetry' && m.unitId === UNIT);
    expect(unitTelemetry.length).toBeGreaterThan(0);
    // The failed modem is in what the device reported.
    expect(unitTelemetry.some((m) => m.kind === 'telemetry' && m.modems.some((x) => x.port === 2 && !x.connected))).toBe(true);

    const events = lines.flatMap((l) => (l.kind === 'event' ? [l] : []));
    expect(events.every((e) => /^(group|inventory):/.test(e.topic))).toBe(true);
    // The rename was announced, on the unit's topics.
    const announced = events.filter((e) => JSON.stringify(e.event).includes('Recorded-Name-1'));
    expect(announced.length).toBeGreaterThan(0);
    expect(new Set(announced.map((e) => e.topic)).size).toBe(announced.length);

    expect(lines.at(-1)).toEqual({ kind: 'end', t: recorded.durationMs });
    expect(lines.filter((l) => l.kind === 'device').length).toBe(recorded.counts.device);
    expect(lines.filter((l) => l.kind === 'event').length).toBe(recorded.counts.event);

    // Listed, newest first, the same summary.
    expect((await list())[0]).toEqual(recorded);
    // Anyone signed in may see the list.
    expect((await trpc(stack, regular, 'query', 'recording.list')).data).toEqual(await list());
    // The service reads it back parsed (what a replay plays).
    expect((await stack.app.services.recordings.read(recorded.id)).lines.length).toBe(lines.length);
  });

  it('records nothing when no recording is active', async () => {
    const before = await list();
    await stack.app.inject({ method: 'PUT', url: '/api/devices/update', headers: { cookie: operator }, payload: { id: UNIT, name: 'Not-Recorded' } });
    expect(await list()).toEqual(before);
  });

  it('refuses people who do not run the mock', async () => {
    for (const cookie of [admin, regular]) {
      expect((await trpc(stack, cookie, 'mutation', 'recording.start', { name: 'nope' })).code).toBe('FORBIDDEN');
      expect((await trpc(stack, cookie, 'mutation', 'recording.stop')).code).toBe('FORBIDDEN');
      expect((await trpc(stack, cookie, 'mutation', 'recording.remove', { id: recorded.id })).code).toBe('FORBIDDEN');
      const get = await download(recorded.id, cookie);
      expect(get.statusCode).toBe(403);
      expect(get.json().error.code).toBe('NOT_AVAILABLE_FOR_USER_TYPE');
      expect((await upload(encodeRecording(await stack.app.services.recordings.read(recorded.id)), 'application/gzip', cookie)).statusCode).toBe(403);
    }
    expect((await trpc(stack, undefined, 'query', 'recording.list')).code).toBe('UNAUTHORIZED');
    expect((await trpc(stack, undefined, 'mutation', 'recording.start', { name: 'nope' })).code).toBe('UNAUTHORIZED');
    const anonymous = await download(recorded.id, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    expect((await upload('{}', 'application/x-ndjson', null)).statusCode).toBe(401);
    // A bad name is the caller's mistake.
    expect((await trpc(stack, operator, 'mutation', 'recording.start', { name: 'Not A Name' })).code).toBe('BAD_REQUEST');
    expect(stack.app.services.recordings.active()).toBeNull();
  });

  it('keeps an uploaded recording (gzip or plain) with the source its header names', async () => {
    const recording = await stack.app.services.recordings.read(recorded.id);
    const fromCore = {
      ...recording,
      header: { ...recording.header, name: 'from a real core!', source: 'core' as const },
      lines: recording.lines.filter((l) => l.kind === 'event' || l.kind === 'end'),
    };
    const res = await upload(encodeRecording(fromCore), 'application/gzip');
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json() as RecordingSummary;
    expect(summary).toMatchObject({
      name: 'from a real core!',
      source: 'core',
      active: false,
      startedAt: recording.header.startedAt,
      counts: { device: 0, request: 0, event: recorded.counts.event },
    });
    expect(summary.id).not.toBe(recorded.id);
    expect((await list()).map((r) => r.id)).toContain(summary.id);
    // Downloaded under a name fit for a file, the same lines.
    const back = await download(summary.id);
    expect(back.headers['content-disposition']).toBe('attachment; filename="from-a-real-core.ndjson.gz"');
    expect(parseRecording(back.rawPayload)).toEqual(fromCore);

    // Plain NDJSON is stored gzip-compressed.
    const plain = encodeRecording(recording);
    const text = gunzipSync(plain).toString('utf8');
    const res2 = await upload(text, 'application/x-ndjson');
    expect(res2.statusCode, res2.body).toBe(201);
    const again = await download((res2.json() as RecordingSummary).id);
    expect(again.rawPayload[0]).toBe(0x1f);
    expect(parseRecording(again.rawPayload)).toEqual(recording);
  });

  it("refuses an upload that is not a recording, with the reader's reason, and keeps nothing", async () => {
    const before = await list();
    const recording = await stack.app.services.recordings.read(recorded.id);
    const rows = gunzipSync(encodeRecording(recording)).toString('utf8').split('\n');
    const badJson = [rows[0], '{not json', ...rows.slice(1)].join('\n');
    const r1 = await upload(gzipSync(badJson), 'application/gzip');
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'line 2: not JSON' });
    const wrongVersion = [JSON.stringify({ ...recording.header, version: 99 }), ...rows.slice(1)].join('\n');
    const r2 = await upload(wrongVersion, 'application/x-ndjson');
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.message).toBe('line 1: version 99 is not supported (this reader takes 1 and 2)');
    const cut = rows.slice(0, -2).join('\n');
    const r3 = await upload(cut, 'application/x-ndjson');
    expect(r3.json().error.message).toBe('no end line (the recording was cut short)');
    // Not a file type this route takes.
    const r4 = await upload('{}', 'text/plain');
    expect(r4.statusCode).toBe(400);
    expect(r4.json().error.message).toBe('Send the recording file as application/gzip or application/x-ndjson');
    expect(await list()).toEqual(before);
  });

  it('removes a recording: gone from the list, 404 afterwards', async () => {
    const unknown = await trpc(stack, operator, 'mutation', 'recording.remove', { id: 'nosuchid' });
    expect(unknown.code).toBe('NOT_FOUND');
    expect((await download('nosuchid')).statusCode).toBe(404);
    const removed = await trpc(stack, operator, 'mutation', 'recording.remove', { id: recorded.id });
    expect(removed.data).toEqual({ removed: true });
    expect((await list()).map((r) => r.id)).not.toContain(recorded.id);
    const gone = await download(recorded.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('NOT_FOUND');
    expect((await trpc(stack, operator, 'mutation', 'recording.remove', { id: recorded.id })).code).toBe('NOT_FOUND');
  });

  it('lists recordings again after a restart, leaving out one a crash cut short', async () => {
    const dir = stack.config.RECORDINGS_DIR;
    // A recording without its summary: what a crash in the middle leaves.
    writeFileSync(`${dir}/deadbeef.ndjson.gz`, gzipSync(`${JSON.stringify((await stack.app.services.recordings.read((await list())[0]!.id)).header)}\n`));
    // A second service on the same directory: what a restarted core builds.
    const RecordingService = stack.app.services.recordings.constructor as new (deps: object) => Services['recordings'];
    const warnings: unknown[] = [];
    const { gateway, hub } = stack.app.services;
    const restarted = new RecordingService({
      gateway,
      hub,
      config: stack.config,
      log: { info: () => undefined, error: () => undefined, warn: (o: unknown) => warnings.push(o) },
    });
    expect(await restarted.list()).toEqual(await list());
    expect(warnings).toEqual([expect.objectContaining({ recording: 'deadbeef' })]);
  });
});

describe('fleet recordings without the mock endpoints', () => {
  it('has no recording routes', async () => {
    const stack = await startTestStack({ simulator: false, env: { MOCK_ENDPOINTS: 'false' } });
    try {
      const cookie = `fleet_session=whatever`;
      expect((await stack.app.inject({ method: 'GET', url: '/mock/recordings/abc', headers: { cookie } })).statusCode).toBe(404);
      expect(
        (await stack.app.inject({ method: 'POST', url: '/mock/recordings', headers: { cookie, 'content-type': 'application/x-ndjson' }, payload: '{}' }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await stack.app.inject({
            method: 'POST',
            url: '/mock/trpc/recording.start',
            headers: { cookie, 'content-type': 'application/json' },
            payload: '{"name":"x"}',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await stack.close();
    }
  });
});
