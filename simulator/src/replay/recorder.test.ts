import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseRecording } from '@fleet/contracts/recording-file';
import { recordCore } from './recorder.js';

/**
 * A stand-in for some core (not the mock): its own log-in address and prefix named in
 * /runtime-config.json, a user with one group, and a /ws the test drives by hand.
 */
async function fakeCore() {
  const subscribes: unknown[] = [];
  const sockets: WebSocket[] = [];
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const cookie = req.headers.cookie === 'sid=abc';
    if (req.url === '/runtime-config.json') return json(200, { apiBase: '/core/api', wsUrl: '/live', loginUrl: '/auth/sign-in' });
    if (req.url === '/auth/sign-in' && req.method === 'POST') {
      let body = '';
      req.on('data', (d: Buffer) => (body += String(d)));
      req.on('end', () => {
        const { password } = JSON.parse(body) as { password: string };
        if (password === 'right') json(200, { ok: true }, { 'set-cookie': 'sid=abc; Path=/; HttpOnly' });
        else json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
      });
      return;
    }
    if (!cookie) return json(401, { error: { code: 'UNAUTHORIZED', message: 'no session' } });
    if (req.url === '/core/api/users/current') {
      return json(200, {
        id: 'u1',
        username: 'alice',
        email: null,
        firstName: 'A',
        lastName: 'B',
        userType: 'regular_user',
        userLabel: null,
        roles: ['regular_user'],
        inventories: [{ id: 'inv1', name: 'Inv' }],
        groups: [{ id: 'grp1', name: 'News', inventoryId: 'inv1' }],
        passwordExpiresAt: null,
        props: {},
      });
    }
    if (req.url === '/core/api/devices/fetch')
      return json(200, [{ uniqueId: 'U1', name: 'cam one', type: 'LU800', typeGroup: 'fieldUnits', swVersion: '8.0' }]);
    if (req.url?.startsWith('/core/api/v2/admin/servers')) return json(403, { error: { code: 'FORBIDDEN', message: 'no' } });
    if (req.url === '/core/api/channels/fetch')
      return json(200, { channels: [{ channelId: 'CH1', channelName: 'Out 1', serverId: 'S1', serverName: 'Hub' }], counters: {} });
    return json(404, { error: { code: 'NOT_FOUND', message: 'no' } });
  });
  const wss = new WebSocketServer({ server, path: '/live' });
  wss.on('connection', (ws, req) => {
    if (req.headers.cookie !== 'sid=abc') return ws.close(4401);
    sockets.push(ws);
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { op: string; topics?: string[] };
      if (m.op !== 'subscribe') return;
      subscribes.push(m);
      ws.send(JSON.stringify({ op: 'subscribed', topics: (m.topics ?? []).map((topic) => ({ topic, seq: 4 })) }));
    });
    ws.send(JSON.stringify({ op: 'hello', epoch: 'e1', heartbeatMs: 0, batchSize: 50 }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    subscribes,
    sockets,
    close: () =>
      new Promise<void>((r) => {
        for (const s of wss.clients) s.terminate();
        wss.close();
        server.close(() => r());
      }),
  };
}

const status = (now: string, previous: string | null) => ({ type: 'unit.status', unitId: 'U1', status: now, previous, change: null, applications: {}, at: 1 });
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
};

describe('recording a core from outside', () => {
  let dir = '';
  let core: Awaited<ReturnType<typeof fakeCore>> | null = null;
  afterEach(async () => {
    await core?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("signs in where the runtime configuration says, follows the user's groups, and resumes after a dropped socket", async () => {
    core = await fakeCore();
    dir = mkdtempSync(join(tmpdir(), 'recorder-'));
    const out = join(dir, 'r.ndjson.gz');
    const abort = new AbortController();
    const logged: string[] = [];
    const done = recordCore({
      core: core.url,
      user: 'alice',
      password: 'right',
      out,
      name: 'fake',
      signal: abort.signal,
      reconnectMs: 20,
      log: (l) => logged.push(l),
    });
    await until(() => core!.subscribes.length === 1);
    expect(core.subscribes[0]).toEqual({ op: 'subscribe', topics: ['group:grp1'] });
    const first = core.sockets[0]!;
    first.send(JSON.stringify({ op: 'event', topic: 'group:grp1', seq: 5, epoch: 'e1', event: status('idle', null) }));
    first.send(JSON.stringify({ op: 'event', topic: 'group:grp1', seq: 6, epoch: 'e1', event: { type: 'no.such.type' } }));
    await new Promise((r) => setTimeout(r, 50));
    first.terminate();
    // The recorder comes back and resumes from the last sequence number it saw.
    await until(() => core!.subscribes.length === 2);
    expect(core.subscribes[1]).toEqual({ op: 'subscribe', topics: ['group:grp1'], resume: { epoch: 'e1', seqs: { 'group:grp1': 6 } } });
    core.sockets[1]!.send(JSON.stringify({ op: 'refetch', topic: 'group:grp1', reason: 'gap' }));
    core.sockets[1]!.send(JSON.stringify({ op: 'event', topic: 'group:grp1', seq: 7, epoch: 'e1', event: status('streaming', 'idle') }));
    await new Promise((r) => setTimeout(r, 50));
    abort.abort();
    const result = await done;

    expect(result).toMatchObject({ topics: ['group:grp1'], units: 1, servers: 1, reconnects: 1, gaps: 1, unknown: 1 });
    const recording = parseRecording(readFileSync(out));
    expect(recording.header).toMatchObject({
      source: 'core',
      name: 'fake',
      seed: null,
      clock: null,
      fleet: {
        units: [{ unitId: 'U1', name: 'cam one', productType: 'LU800', typeGroup: 'fieldUnits', swVersion: '8.0' }],
        servers: [{ serverId: 'S1', name: 'Hub', channels: [{ channelId: 'CH1', name: 'Out 1' }], vrChannels: [] }],
      },
    });
    const events = recording.lines.filter((l) => l.kind === 'event');
    expect(events.map((e) => e.kind === 'event' && e.event)).toEqual([status('idle', null), status('streaming', 'idle')]);
    expect(recording.lines.at(-1)?.kind).toBe('end');
    expect(logged.some((l) => /gap on group:grp1/.test(l))).toBe(true);
  });

  it('fails with the sign-in refusal, and writes nothing', async () => {
    core = await fakeCore();
    dir = mkdtempSync(join(tmpdir(), 'recorder-'));
    await expect(recordCore({ core: core.url, user: 'alice', password: 'wrong', out: join(dir, 'x.ndjson.gz'), name: 'x', durationS: 1 })).rejects.toThrow(
      /sign-in as alice at \/auth\/sign-in failed: HTTP 401/,
    );
  });
});
