/**
 * A core captured through the recording proxy (simulator/src/replay/proxy.ts), imported into a
 * fresh mock, and compared:
 * - a scripted client signs in, reads, writes and follows /ws through the proxy in front of an
 *   in-process mock core; what it gets is what the core answered, and the file holds every REST
 *   exchange (request and answer) and each event once, with no password, session or cookie;
 * - imported into a fresh mock (recording.importFleet), the reads the client made last answer as
 *   they did in the recording (a renamed unit, a drained battery, memberships, channels, groups; a
 *   unit's configuration, a multimedia hub's configuration tabs, an active alert and the alerts
 *   configurations, a user made through the proxy and the users page, an audio room and its list),
 *   a user made from the recording cannot sign in (no password is recorded), and the recorded
 *   events then replay to the end;
 * - `replay compare` (the CLI) and recording.compare find no difference between a recording and its
 *   copy, and name the one event altered in another copy.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  FleetImportResult,
  MOCK_AUTH,
  RecordingComparison,
  RecordingSummary,
  ReplayStatusReply,
  type CurrentUser,
  type RecordedAnswer,
  type RecordedEvent,
  type Recording,
} from '@fleet/contracts';
import { encodeRecording, eventLogDigest, normaliseValue, parseRecording, REDACTED } from '@fleet/contracts/recording-file';
import { CoreClient } from '@fleet/simulator';
import { startProxy } from '../../simulator/src/replay/proxy.js';
import { DEMO_PASSWORD, devicesSettled, eventually, FAST_TIMINGS, startTestStack, type TestStack } from '../support/stack.js';

const exec = promisify(execFile);
const SIMULATOR = join(import.meta.dirname, '../../simulator');

/** The reads the client makes last, whose answers a fresh mock must give once the recording is imported. */
const FINAL_READS = [
  '/api/devices/fetch',
  '/api/v2/units/LULITE-0001',
  '/api/v2/units/LU800-0002',
  '/api/groups/fetch',
  '/api/channels/fetch',
  '/api/users/current',
];
const RENAMED = 'Renamed-through-proxy';
/** The password of the user made through the proxy: never in the file, never imported. */
const NEW_USER_PASSWORD = 'Recorded-pass-1';
const SERVER = 'MMH-0001';

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'src/replay-cli.ts', ...args], { cwd: SIMULATOR, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

describe('a core recorded through the proxy, imported into a fresh mock, compared', () => {
  let source: TestStack;
  let fresh: TestStack | null = null;
  let dir: string;
  let file: string;
  let recording: Recording;
  let sessionToken = '';
  /** The reads of units' configuration, servers' configuration tabs, alerts, users and audio rooms the client made last. */
  const settingsReads: string[] = [];
  let alertId = '';
  beforeAll(async () => {
    source = await startTestStack({ simulatorTimings: { ...FAST_TIMINGS, telemetryIntervalMs: 300 } });
    dir = mkdtempSync(join(tmpdir(), 'replay-proxy-'));
    file = join(dir, 'proxied-day.ndjson.gz');
  });
  afterAll(async () => {
    await fresh?.close();
    await source?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes REST and /ws through unchanged and records both, without secrets', async () => {
    const base = await source.app.listen({ host: '127.0.0.1', port: 0 });
    const proxy = await startProxy({ core: base, host: '127.0.0.1', port: 0, out: file, name: 'proxied-day' });
    expect(proxy.apiBase).toBe('/api');
    const client = new CoreClient({ baseUrl: proxy.url });
    const cookie = await client.login('super_user', DEMO_PASSWORD);
    sessionToken = cookie.split('=')[1] ?? '';
    expect(sessionToken.length).toBeGreaterThan(8);
    const get = async (path: string) => {
      const res = await fetch(`${proxy.url}${path}`, { headers: { cookie } });
      return { status: res.status, body: (await res.json()) as unknown };
    };

    // What the client gets through the proxy is what the core answers.
    const me = (await get('/api/users/current')).body as CurrentUser;
    const direct = await source.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } });
    expect(me).toEqual(direct.json());
    for (const path of ['/api/devices/fetch', '/api/v2/units/LU800-0002', '/api/groups/fetch', '/api/channels/fetch', '/api/v2/admin/inventories'])
      expect((await get(path)).status, path).toBe(200);
    expect((await fetch(`${proxy.url}/api/devices/fetch`)).status).toBe(401);

    // /ws through the proxy: the hello, a subscription to the user's groups, events as they come.
    const received: {
      topic: string;
      seq: number;
      event: { type: string; unitId?: string; battery?: { percentage: number | null } | null; unit?: { name: string } };
    }[] = [];
    const ws = new WebSocket(`${proxy.url.replace(/^http/, 'ws')}/ws`, { headers: { cookie, origin: proxy.url } });
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { op: string; topic?: string; seq?: number; event?: never; events?: never[] };
      if (m.op === 'hello') ws.send(JSON.stringify({ op: 'subscribe', topics: me.groups.map((g) => `group:${g.id}`) }));
      if (m.op === 'event') received.push({ topic: m.topic!, seq: m.seq!, event: m.event! });
      if (m.op === 'events') m.events!.forEach((event, i) => received.push({ topic: m.topic!, seq: m.seq! + i, event }));
    });
    await eventually(async () => received.some((r) => r.event.type === 'unit.telemetry'), 20_000);

    // Writes: a rename (REST), a drained battery (the control plane), a password change the core refuses.
    const unit = (await get('/api/v2/units/LU800-0002')).body as { name: string; version: number };
    const renamed = await client.rest(cookie, 'PUT', '/devices/update', { id: 'LU800-0002', name: RENAMED, version: unit.version });
    expect(renamed.status).toBe(200);
    await client.mutate(cookie, 'fault.inject', { unitId: 'LULITE-0001', fault: { type: 'battery', percentage: 5, charging: false } });
    const refused = await client.rest(cookie, 'PUT', '/users/current/password', {
      oldPassword: 'Wrong-pass-9',
      password: 'Another-pass-2',
      passwordConfirmation: 'Another-pass-2',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await eventually(
      async () => received.some((r) => r.event.type === 'unit.telemetry' && r.event.unitId === 'LULITE-0001' && r.event.battery?.percentage === 5),
      20_000,
    );
    await eventually(async () => received.some((r) => r.event.type === 'unit.updated' && r.event.unit?.name === RENAMED), 10_000);

    // Changes a fresh mock does not have: made in the source's storage (a unit's configuration with
    // an IP input passphrase, a hub's configuration and SMPTE tabs, an alert), or through the proxy
    // (a group's alerts configuration, a user, an audio room); then read through the proxy.
    const db = source.app.services.db;
    const stored = await db.unit.findUniqueOrThrow({ where: { id: 'LU800-0002' } });
    await db.unit.update({
      where: { id: 'LU800-0002' },
      data: {
        filenamePrefix: 'recorded',
        configuration: {
          ...(stored.configuration as object),
          delay: 4321,
          wifi: { ssid: 'recorded-ssid', security: null },
          ipInput: { enabled: true, protocol: 'srt', port: 9100, latencyMs: 250, passphrase: 'Source-secret-1' },
        },
      },
    });
    const server = await db.server.findUniqueOrThrow({ where: { id: SERVER } });
    await db.server.update({
      where: { id: SERVER },
      data: {
        genlockOffset: 7,
        configuration: {
          ...(server.configuration as object),
          registrationServer: 'sip.recorded.example',
          registrationServerPort: 5070,
          certificates: [{ id: 'cert-recorded', name: 'recorded', expiresAt: null }],
          smpte: { primary: { ip: '10.1.0.2', subnetMask: '255.255.255.0', gateway: null }, secondary: null, ptpDomain: 9 },
        },
      },
    });
    alertId = (await db.alert.create({ data: { type: 'serverStorage', level: 'warning', message: 'Recorded alert', unitId: 'LU800-0002', value: 91 } })).id;
    const groupAlerts = (await get('/api/v2/groups/grp-newsroom/alerts/configuration')).body as { version: number };
    const savedAlerts = await client.rest(cookie, 'PUT', '/v2/groups/grp-newsroom/alerts/configuration', {
      mode: 'manual',
      recipients: [{ alertType: 'all', email: 'desk@example.com' }],
      version: groupAlerts.version,
    });
    expect(savedAlerts.status).toBe(200);
    const user = await client.rest(cookie, 'POST', '/v2/users', {
      username: 'recorded.user',
      firstName: 'Rec',
      lastName: 'Orded',
      email: 'recorded.user@example.com',
      userType: 'luc_regular',
      inventoryIds: ['inv-global'],
      password: NEW_USER_PASSWORD,
      passwordConfirmation: NEW_USER_PASSWORD,
    });
    expect(user.status).toBe(201);
    const room = await client.rest(cookie, 'POST', '/v2/inventories/inv-global/audioRooms', { name: 'Recorded-room', intercom: true, participants: [] });
    expect(room.status).toBe(201);
    settingsReads.push(
      '/api/v2/units/LU800-0002/configurationV2',
      '/api/v2/units/LU800-0002/alerts/configuration',
      `/api/mmhservers/${SERVER}/configuration`,
      `/api/mmhservers/${SERVER}/configuration/smpte`,
      `/api/mmhservers/${SERVER}/configuration/ippipe`,
      '/api/v2/groups/grp-newsroom/alerts/configuration',
      '/api/alerts/configuration/default',
      `/api/v2/users/${(user.body as { id: string }).id}`,
      '/api/v2/users',
      `/api/v2/audioRooms/${(room.body as { id: string }).id}`,
      '/api/v2/inventories/inv-global/audioRooms',
      '/api/alerts/active',
    );

    // Time stands still on the source (nothing more reported), then the final reads, then the end.
    await client.mutate(cookie, 'clock.set', { mode: { kind: 'stepped' } });
    await devicesSettled(source.app);
    for (const path of [...FINAL_READS, ...settingsReads]) expect((await get(path)).status, path).toBe(200);
    // Every event the proxy passed on has reached the client before the socket closes.
    await eventually(async () => new Set(received.map((r) => `${r.topic}#${r.seq}`)).size === proxy.counts().events, 10_000);
    ws.close();
    const counts = await proxy.close();
    expect(counts.sockets).toBe(1);
    expect(counts.events).toBe(new Set(received.map((r) => `${r.topic}#${r.seq}`)).size);

    const text = gunzipSync(readFileSync(file)).toString('utf8');
    recording = parseRecording(readFileSync(file));
    expect(recording.header).toMatchObject({ version: 2, source: 'core', name: 'proxied-day', proxy: { core: base, apiBase: '/api' } });
    const answers = recording.lines.filter((l): l is RecordedAnswer => l.kind === 'answer');
    const events = recording.lines.filter((l): l is RecordedEvent => l.kind === 'event');
    expect(answers.length).toBe(counts.answers);
    // Every read and write, with its answer as the client got it.
    const last = (path: string) => answers.filter((a) => a.method === 'GET' && a.path === path).at(-1);
    expect(last('/api/users/current')?.response).toEqual(me);
    for (const path of FINAL_READS) expect(last(path), path).toMatchObject({ status: 200, response: expect.anything() });
    expect(answers.find((a) => a.method === 'PUT' && a.path === '/api/devices/update')).toMatchObject({
      status: 200,
      body: { id: 'LU800-0002', name: RENAMED },
      response: { name: RENAMED },
    });
    expect(answers.find((a) => a.path === '/mock/trpc/fault.inject')).toMatchObject({ method: 'POST', status: 200 });
    expect(answers.find((a) => a.path === '/api/devices/fetch' && a.status === 401)).toBeDefined();
    // No secret: the passwords sent read [redacted], and neither the password nor the session is anywhere in the file.
    expect(answers.find((a) => a.path === MOCK_AUTH.loginPath)?.body).toEqual({ username: 'super_user', password: REDACTED });
    expect(answers.find((a) => a.path === '/api/users/current/password')?.body).toEqual({
      oldPassword: REDACTED,
      password: REDACTED,
      passwordConfirmation: REDACTED,
    });
    expect(answers.find((a) => a.method === 'POST' && a.path === '/api/v2/users')?.body).toMatchObject({ password: REDACTED, passwordConfirmation: REDACTED });
    for (const secret of [DEMO_PASSWORD, 'Wrong-pass-9', 'Another-pass-2', NEW_USER_PASSWORD, 'Source-secret-1', sessionToken])
      expect(text.includes(secret), secret).toBe(false);
    expect(text.toLowerCase()).not.toMatch(/set-cookie|"cookie"|authorization/);
    // Each event once, as the client received it.
    expect(events.length).toBe(counts.events);
    expect(events.some((e) => e.event.type === 'unit.telemetry' && e.event.unitId === 'LULITE-0001' && e.event.battery?.percentage === 5)).toBe(true);
  }, 120_000);

  it('imports into a fresh mock whose reads then answer as recorded, and replays the events to the end', async () => {
    fresh = await startTestStack();
    const base = await fresh.app.listen({ host: '127.0.0.1', port: 0 });
    const client = new CoreClient({ baseUrl: base });
    const cookie = await client.login('super_user', DEMO_PASSWORD);
    const answers = recording.lines.filter((l): l is RecordedAnswer => l.kind === 'answer' && l.method === 'GET');
    const lastAnswer = (path: string) => answers.filter((a) => a.path === path).at(-1)!.response;
    const read = async (path: string) => (await fresh!.app.inject({ method: 'GET', url: path, headers: { cookie } })).json<unknown>();
    // Before: the fresh mock is the seeded fleet, not the recorded one.
    expect((await read('/api/v2/units/LU800-0002')) as { name: string }).not.toMatchObject({ name: RENAMED });
    expect(normaliseValue(await read('/api/devices/fetch'))).not.toEqual(normaliseValue(lastAnswer('/api/devices/fetch')));

    const uploaded = await fetch(`${base}/mock/recordings`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/gzip' },
      body: readFileSync(file),
    });
    expect(uploaded.status).toBe(201);
    const summary = RecordingSummary.parse(await uploaded.json());
    expect(summary.counts.answer).toBe(recording.lines.filter((l) => l.kind === 'answer').length);
    const result = FleetImportResult.parse(await client.mutate(cookie, 'recording.importFleet', { recordingId: summary.id, paused: true, speed: 20 }));
    expect(result.counts.units).toBeGreaterThanOrEqual(24);
    expect(result.counts.channels).toBeGreaterThan(0);
    expect(result.live).toBeGreaterThanOrEqual(24);
    expect(result.replay).toMatchObject({ state: 'paused', recordingId: summary.id });

    for (const path of FINAL_READS) expect(normaliseValue(await read(path)), path).toEqual(normaliseValue(lastAnswer(path)));
    expect(await read('/api/v2/units/LU800-0002')).toMatchObject({ name: RENAMED });
    expect(await read('/api/v2/units/LULITE-0001')).toMatchObject({ battery: { percentage: 5, charging: false } });

    // Units' configuration, servers' configuration tabs, alerts, users and audio rooms: as recorded.
    expect(result.counts).toMatchObject({ unitConfigurations: expect.any(Number), users: expect.any(Number), audioRooms: expect.any(Number) });
    for (const key of ['unitConfigurations', 'serverConfigurations', 'alerts', 'alertConfigurations', 'users', 'audioRooms'] as const)
      expect(result.counts[key], key).toBeGreaterThan(0);
    // Equal but for the IP input's passphrase: a secret, never answered, so never imported (the source had one).
    const withoutPassphrase = (v: unknown) => {
      const c = structuredClone(v) as { ipInput?: { hasPassphrase?: boolean } };
      delete c.ipInput?.hasPassphrase;
      return normaliseValue(c);
    };
    for (const path of settingsReads.filter((p) => p !== '/api/alerts/active'))
      expect(withoutPassphrase(await read(path)), path).toEqual(withoutPassphrase(lastAnswer(path)));
    expect(lastAnswer('/api/v2/units/LU800-0002/configurationV2')).toMatchObject({ ipInput: { hasPassphrase: true } });
    expect(await read('/api/v2/units/LU800-0002/configurationV2')).toMatchObject({ delay: 4321, filenamePrefix: 'recorded', wifi: { ssid: 'recorded-ssid' } });
    // The recorded passphrase was never in the file: the fresh mock's unit has none.
    expect(await read('/api/v2/units/LU800-0002/configurationV2')).toMatchObject({ ipInput: { enabled: true, port: 9100, hasPassphrase: false } });
    expect(await read(`/api/mmhservers/${SERVER}/configuration/smpte`)).toMatchObject({ ptpDomain: 9, genlockOffset: 7 });
    // The fresh mock's devices may have raised alerts of their own before the import: the recorded ones are among the active.
    const recordedAlerts = lastAnswer('/api/alerts/active') as { id: string }[];
    expect(recordedAlerts.map((a) => a.id)).toContain(alertId);
    expect(await read('/api/alerts/active')).toEqual(expect.arrayContaining(recordedAlerts));
    expect(await read('/api/v2/groups/grp-newsroom/alerts/configuration')).toMatchObject({
      mode: 'manual',
      recipients: [{ alertType: 'all', email: 'desk@example.com', verified: false, state: 'pending' }],
    });
    // A user made from the recording has no password: the one set in the source does not sign in.
    const refusedLogin = await fetch(`${base}${MOCK_AUTH.loginPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'recorded.user', password: NEW_USER_PASSWORD }),
    });
    expect(refusedLogin.status).toBeGreaterThanOrEqual(400);

    await client.mutate(cookie, 'replay.resume');
    const finished = await eventually(async () => {
      const reply = ReplayStatusReply.parse(await client.query(cookie, 'replay.status'));
      return reply.replay?.state === 'finished' ? reply.replay : null;
    }, 60_000);
    expect(finished.applied).toBe(finished.total);
    expect(finished.total).toBeGreaterThan(0);
  }, 120_000);

  it('compares two recordings: a copy is the same, an altered event is named', async () => {
    const copy = join(dir, 'copy.ndjson.gz');
    writeFileSync(copy, encodeRecording(recording));
    // One event altered: the drained battery reads 6 in the altered copy.
    let altered = false;
    const lines = recording.lines.map((l) => {
      if (altered || l.kind !== 'event' || l.event.type !== 'unit.telemetry' || l.event.unitId !== 'LULITE-0001' || l.event.battery?.percentage !== 5) return l;
      altered = true;
      return { ...l, event: { ...l.event, battery: { ...l.event.battery, percentage: 6 } } };
    });
    expect(altered).toBe(true);
    const changed = join(dir, 'altered.ndjson.gz');
    writeFileSync(changed, encodeRecording({ header: recording.header, lines }));

    const same = await cli(['compare', file, copy]);
    expect(same.code).toBe(0);
    const events = recording.lines.filter((l): l is RecordedEvent => l.kind === 'event');
    expect(same.stdout).toContain(`the same event logs: ${events.length} and ${events.length} events, digest ${eventLogDigest(events)}`);
    const differ = await cli(['compare', file, changed]);
    expect(differ.code).toBe(1);
    expect(differ.stdout).toMatch(
      /^unit\.telemetry of unitId:LULITE-0001 on group:\S+: the \d+\w\w event differs at battery\.percentage: 5 in \S+proxied-day\.ndjson\.gz, 6 in \S+altered\.ndjson\.gz$/m,
    );

    // The control plane compares the same way.
    const base = `http://127.0.0.1:${(fresh!.app.server.address() as { port: number }).port}`;
    const client = new CoreClient({ baseUrl: base });
    const cookie = await client.login('super_user', DEMO_PASSWORD);
    const upload = async (path: string) => {
      const res = await fetch(`${base}/mock/recordings`, { method: 'POST', headers: { cookie, 'content-type': 'application/gzip' }, body: readFileSync(path) });
      return RecordingSummary.parse(await res.json()).id;
    };
    const [a, b, c] = [await upload(file), await upload(copy), await upload(changed)];
    expect(RecordingComparison.parse(await client.query(cookie, 'recording.compare', { a, b }))).toMatchObject({ identical: true, difference: null });
    const diff = RecordingComparison.parse(await client.query(cookie, 'recording.compare', { a, b: c }));
    expect(diff.identical).toBe(false);
    expect(diff.difference).toMatch(
      new RegExp(`^unit\\.telemetry of unitId:LULITE-0001 on group:\\S+: the \\d+\\w\\w event differs at battery\\.percentage: 5 in ${a}, 6 in ${c}$`),
    );
    expect(diff.digests.a).toBe(eventLogDigest(events));
  }, 120_000);
});
