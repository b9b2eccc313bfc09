/**
 * Fuzzing beyond REST, with fast-check on a fixed seed, against a listening core with
 * the simulator streaming:
 *
 * - /ws: sequences of malformed frames — random text and bytes, binary frames, deep and huge JSON,
 *   oversized frames, wrong ops and types, valid ops with hostile topics and resume values —
 *   interleaved with valid ones. Every frame the protocol answers gets an answer (an `error`, a
 *   `pong`, a `subscribed`), never silence; an oversized frame closes the connection (1009); after
 *   each sequence /healthz and a fresh subscribe still answer quickly; storage holds exactly what
 *   it held before (tests/support/db-snapshot.ts).
 * - /gateway (with a valid gateway token): random JSON, binary and oversized frames, core-to-device
 *   kinds sent the wrong way, hellos out of order, acks and control replies nobody asked for,
 *   reports of devices that do not exist, batches mixing them. The protocol never answers a
 *   device: every invalid frame is counted as dropped (`gateway.stats.rejected`), none crashes the
 *   core, and storage does not change (on a stack without the simulator: a shard that attaches
 *   takes part of the fleet, and the devices of one that leaves go offline, which a streaming
 *   fleet would store).
 *
 * Runs per property: FUZZ_WS_RUNS (default 12: a few seconds each); e.g. FUZZ_WS_RUNS=500 for a
 * longer run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import WebSocket from 'ws';
import { ClientMessage, GATEWAY, REALTIME, groupTopic, parseDeviceToCore, type CurrentUser, type ServerMessage } from '@fleet/contracts';
import { describeChanges, readAllTables } from '../support/db-snapshot.js';
import { providers, startTestStack, type TestStack } from '../support/stack.js';
import { connect, until, type WsClient } from './realtime-client.js';

const RUNS = Number(process.env.FUZZ_WS_RUNS ?? 12);
/** "Quickly": what a healthy core answers within, under the fuzz's load. */
const QUICK_MS = 1500;
/** Marker pings carry t >= this; fuzzed pings stay below. */
const MARK = 1e12;

type WsFrame = { kind: 'text'; data: string } | { kind: 'binary'; data: Uint8Array } | { kind: 'oversized' };

const hostileTopic = fc.oneof(
  fc.constantFrom(
    'group:__proto__',
    'inventory:constructor',
    'group:toString',
    'inventory:hasOwnProperty',
    'group:' + 'a'.repeat(128),
    'inventory:' + 'Z'.repeat(128),
  ),
  fc.constantFrom(
    'group:',
    'group:../../etc/passwd',
    'inventory:x y',
    'group:%00',
    'GROUP:x',
    'group:a:b',
    'channel:x',
    '',
    ':',
    'group:\u0000',
    'inventory:é',
  ),
  fc.stringMatching(/^(group|inventory):[A-Za-z0-9_-]{1,24}$/),
  fc.string({ maxLength: 40 }),
);

/** A /ws frame: malformed in some way, or a valid request (own topics, or hostile ones). */
function wsFrames(own: readonly string[]): fc.Arbitrary<WsFrame> {
  const text = (a: fc.Arbitrary<unknown>) => a.map((v): WsFrame => ({ kind: 'text', data: typeof v === 'string' ? v : JSON.stringify(v) }));
  const ownTopic = fc.constantFrom(...own);
  return fc.oneof(
    // Random text and bytes.
    { arbitrary: fc.string({ maxLength: 200 }).map((data): WsFrame => ({ kind: 'text', data })), weight: 3 },
    { arbitrary: fc.uint8Array({ maxLength: 300 }).map((data): WsFrame => ({ kind: 'binary', data })), weight: 2 },
    { arbitrary: text(fc.jsonValue({ maxDepth: 4 })), weight: 3 },
    // Deep JSON (beyond the depth limit and just within), huge JSON within the frame limit.
    { arbitrary: fc.integer({ min: 60, max: 20_000 }).map((n): WsFrame => ({ kind: 'text', data: '['.repeat(n) + ']'.repeat(n) })), weight: 1 },
    {
      arbitrary: fc
        .integer({ min: 60, max: 3000 })
        .map((n): WsFrame => ({ kind: 'text', data: `{"op":"subscribe","topics":${'['.repeat(n)}${']'.repeat(n)}}` })),
      weight: 1,
    },
    {
      arbitrary: fc.constant<WsFrame>({
        kind: 'text',
        data: JSON.stringify({ op: 'subscribe', topics: Array.from({ length: 1000 }, (_, i) => `group:${'g'.repeat(40)}${i}`) }),
      }),
      weight: 1,
    },
    // Oversized: the websocket layer closes the connection (1009).
    { arbitrary: fc.constant<WsFrame>({ kind: 'oversized' }), weight: 1 },
    // Wrong ops and wrong types.
    {
      arbitrary: text(
        fc.oneof(
          fc.record({ op: fc.string({ maxLength: 12 }), topics: fc.array(ownTopic, { maxLength: 3 }) }),
          fc.record({ op: fc.constantFrom('subscribe', 'unsubscribe', 'ping'), topics: fc.jsonValue({ maxDepth: 2 }) }),
          fc.record({ op: fc.constantFrom('subscribe', 'unsubscribe'), topics: fc.constant([]) }),
          fc.record({ op: fc.constant('ping'), t: fc.oneof(fc.string(), fc.constant(null), fc.array(fc.nat())) }),
          fc.record({ op: fc.constant('subscribe'), topics: fc.array(ownTopic, { minLength: 1, maxLength: 2 }), resume: fc.jsonValue({ maxDepth: 2 }) }),
          fc.constantFrom(null, 0, 'subscribe', [], {}, { op: null }, { op: ['subscribe'] }, { OP: 'ping' }, { op: 'hello', epoch: 'x' }),
        ),
      ),
      weight: 3,
    },
    // Valid requests with hostile topics and resume values.
    {
      arbitrary: text(
        fc.oneof(
          fc.record({ op: fc.constantFrom('subscribe', 'unsubscribe'), topics: fc.array(hostileTopic, { minLength: 1, maxLength: 5 }) }),
          fc.record({
            op: fc.constant('subscribe'),
            topics: fc.array(fc.oneof(ownTopic, hostileTopic), { minLength: 1, maxLength: 4 }),
            resume: fc.record({
              epoch: fc.oneof(fc.string({ maxLength: 10 }), fc.constant('__proto__')),
              seqs: fc.dictionary(fc.oneof(ownTopic, fc.constantFrom('__proto__', 'constructor')), fc.nat()),
            }),
          }),
        ),
      ),
      weight: 3,
    },
    // Valid requests.
    { arbitrary: text(fc.record({ op: fc.constant('subscribe'), topics: fc.array(ownTopic, { minLength: 1, maxLength: 2 }) })), weight: 2 },
    { arbitrary: text(fc.record({ op: fc.constant('unsubscribe'), topics: fc.array(ownTopic, { minLength: 1, maxLength: 2 }) })), weight: 1 },
    { arbitrary: text(fc.record({ op: fc.constant('ping'), t: fc.nat({ max: 1e9 }) })), weight: 1 },
  );
}

/** Whether the protocol answers this text frame (everything but a well-formed unsubscribe). */
function answered(frame: WsFrame): boolean {
  if (frame.kind !== 'text') return true;
  let json: unknown;
  try {
    json = JSON.parse(frame.data);
  } catch {
    return true;
  }
  const parsed = ClientMessage.safeParse(json);
  return !(parsed.success && parsed.data.op === 'unsubscribe');
}

const replies = (messages: readonly ServerMessage[]) => messages.filter((m) => m.op !== 'event' && m.op !== 'events' && m.op !== 'refetch');

// ── /gateway ───────────────────────────────────────────────────────────────────────────────────

type GwFrame = { kind: 'text'; data: string; valid: boolean } | { kind: 'binary'; data: Uint8Array; valid: boolean } | { kind: 'oversized' };

const nobody = fc.constantFrom('NOPE-0001', 'SIM-404', '', '__proto__', 'LU800-9999');
const now = () => Date.now();

/** Device events and reports naming devices, servers and channels that do not exist. */
const unknownDeviceMessage: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ kind: fc.constant('state'), unitId: nobody, online: fc.boolean(), applications: fc.constant({}), at: fc.constant(0).map(now) }),
  fc.record({
    kind: fc.constant('telemetry'),
    unitId: nobody,
    battery: fc.constant(null),
    location: fc.constant(null),
    modems: fc.constant([]),
    cameraConnected: fc.boolean(),
    sample: fc.record({ t: fc.constant(0).map(now), kbps: fc.nat({ max: 10_000 }) }),
    at: fc.constant(0).map(now),
  }),
  fc.record({ kind: fc.constant('ack'), commandId: fc.uuid(), ok: fc.boolean() }),
  fc.record({ kind: fc.constant('controlReply'), requestId: fc.uuid(), status: fc.constant({ shardId: 'x', units: 0, online: 0, streaming: 0, faults: [] }) }),
  fc.record({ kind: fc.constant('hello'), shardId: fc.string({ maxLength: 20 }) }),
  ...[
    fc.record({ type: fc.constant('tally'), unitId: nobody, tally: fc.constantFrom('program', 'preview', 'off') }),
    fc.record({
      type: fc.constant('storages'),
      unitId: nobody,
      storages: fc.constant([{ id: 'sd', name: 'SD', present: true, totalBytes: 10, usedBytes: 1 }]),
    }),
    fc.record({
      type: fc.constant('serverState'),
      serverId: nobody,
      online: fc.boolean(),
      status: fc.constantFrom('online', 'offline'),
      cpu: fc.nat({ max: 100 }),
      storage: fc.nat({ max: 100 }),
      swVersion: fc.constant('1.0.0'),
    }),
    fc.record({
      type: fc.constant('channelState'),
      serverId: nobody,
      channelId: nobody,
      status: fc.constant('idle'),
      allocatedToUnitUid: fc.constant(null),
      licensed: fc.boolean(),
    }),
    fc.record({ type: fc.constant('vrChannelState'), vrChannelId: nobody, serverId: nobody, status: fc.constant('online') }),
    fc.record({
      type: fc.constant('speedTest'),
      unitId: nobody,
      state: fc.constant('completed'),
      uplinkKbps: fc.constant(1),
      downlinkKbps: fc.constant(1),
      error: fc.constant(null),
    }),
    fc.record({ type: fc.constant('fetchLogs'), unitId: nobody, channelId: nobody, state: fc.constant('completed'), error: fc.constant(null) }),
    fc.record({
      type: fc.constant('channelSelection'),
      unitId: nobody,
      channelId: nobody,
      ok: fc.boolean(),
      external: fc.boolean(),
      attempts: fc.nat({ max: 7 }),
    }),
    fc.record({
      type: fc.constant('upgrade'),
      deviceType: fc.constantFrom('unit', 'server'),
      deviceId: nobody,
      fromVersion: fc.constant('1.0.0'),
      targetVersion: fc.constant('2.0.0'),
      state: fc.constant('succeeded'),
      progress: fc.constant(100),
      failureCode: fc.constant(null),
    }),
  ].map((event) => fc.record({ kind: fc.constant('event'), event, at: fc.constant(0).map(now) })),
);

/** Frames a shard might send: malformed, the wrong way round, out of order, about nobody. */
const gatewayFrames: fc.Arbitrary<GwFrame> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 200 }).map((data): GwFrame => ({ kind: 'text', data, valid: false })), weight: 2 },
  { arbitrary: fc.uint8Array({ maxLength: 200 }).map((data): GwFrame => ({ kind: 'binary', data, valid: false })), weight: 1 },
  {
    arbitrary: fc
      .integer({ min: 60, max: 20_000 })
      .map((n): GwFrame => ({ kind: 'text', data: '{"kind":"batch","messages":' + '['.repeat(n) + ']'.repeat(n) + '}', valid: false })),
    weight: 1,
  },
  { arbitrary: fc.constant<GwFrame>({ kind: 'oversized' }), weight: 1 },
  {
    arbitrary: fc
      .oneof(
        fc.jsonValue({ maxDepth: 4 }),
        // Core-to-device kinds sent to the core, wrong kinds, wrong types.
        fc.record({
          kind: fc.constantFrom('assign', 'command', 'serverCommand', 'assignServers', 'control', 'nope', 'batch'),
          devices: fc.constant([]),
          messages: fc.jsonValue({ maxDepth: 2 }),
        }),
        fc.record({
          kind: fc.constantFrom('state', 'telemetry', 'event', 'ack'),
          unitId: fc.jsonValue({ maxDepth: 1 }),
          at: fc.oneof(fc.string(), fc.double()),
        }),
        unknownDeviceMessage,
        fc.record({ kind: fc.constant('batch'), messages: fc.array(fc.oneof(unknownDeviceMessage, fc.jsonValue({ maxDepth: 2 })), { maxLength: 6 }) }),
      )
      .map((v): GwFrame => ({ kind: 'text', data: JSON.stringify(v) ?? 'null', valid: parseDeviceToCore(v) !== undefined })),
    weight: 6,
  },
);

function gatewaySocket(base: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${GATEWAY.wsPath}`, { headers: { authorization: `Bearer ${token}` } });
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
  });
}

const closeOf = (ws: WebSocket) => new Promise<number>((resolve) => (ws.readyState === ws.CLOSED ? resolve(1006) : ws.once('close', (code) => resolve(code))));

describe.each(providers())('fuzzing /ws and /gateway on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let cookie: string;
  let own: string[];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await s.login('luc_regular');
    const me: CurrentUser = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json();
    own = me.groups.map((g) => groupTopic(g.id));
  });
  afterAll(async () => s?.close());

  /** The core is alive and not stalled: /healthz answers, and a fresh /ws subscribe is acknowledged. */
  async function stillHealthy(at = base, who = cookie): Promise<void> {
    const started = performance.now();
    const res = await fetch(`${at}/healthz`);
    expect(res.status).toBe(200);
    const c = await connect(at, { cookie: who });
    await c.next((m) => m.op === 'hello', QUICK_MS);
    c.send({ op: 'subscribe', topics: own });
    await c.next((m) => m.op === 'subscribed', QUICK_MS);
    c.ws.close();
    expect(performance.now() - started).toBeLessThan(QUICK_MS * 2);
  }

  it('malformed /ws frames get errors (never silence), leave the core responsive and change nothing', async () => {
    const before = await readAllTables(s.app.services.db);
    let marker = MARK;
    let frames = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(wsFrames(own), { minLength: 1, maxLength: 25 }), async (sequence) => {
        let c: WsClient = await connect(base, { cookie });
        await c.next((m) => m.op === 'hello');
        try {
          for (const frame of sequence) {
            frames++;
            if (frame.kind === 'oversized') {
              c.ws.send('x'.repeat(REALTIME.maxFrameBytes + 1));
              expect(await c.closed).toBe(1009);
              c = await connect(base, { cookie });
              await c.next((m) => m.op === 'hello');
              continue;
            }
            const seen = c.messages.length;
            c.ws.send(frame.data, { binary: frame.kind === 'binary' });
            // A marker ping after it: frames are answered in order, so its pong closes the answer.
            const t = ++marker;
            c.send({ op: 'ping', t });
            await c.next((m) => m.op === 'pong' && m.t === t, QUICK_MS * 2);
            const answers = replies(c.messages.slice(seen)).filter((m) => !(m.op === 'pong' && m.t === t));
            if (answered(frame))
              expect(answers.length, `no answer to ${frame.kind} ${frame.kind === 'text' ? frame.data.slice(0, 120) : ''}`).toBeGreaterThan(0);
            for (const m of answers) {
              if (m.op === 'error') expect(m.code).toMatch(/^(VALIDATION_FAILED|BATCH_TOO_LARGE|FORBIDDEN|TOO_MANY_TOPICS)$/);
            }
            expect(c.ws.readyState).toBe(c.ws.OPEN);
          }
        } finally {
          c.ws.close();
        }
        await stillHealthy();
      }),
      { numRuns: RUNS, seed: 42 },
    );
    expect(frames).toBeGreaterThan(RUNS);
    const after = await readAllTables(s.app.services.db);
    expect(describeChanges(before, after)).toEqual([]);
  });

  it('malformed /gateway frames are dropped and counted, crash nothing and change nothing', async () => {
    // A stack of its own without the in-process simulator: a fuzzing shard takes part of the fleet
    // while attached, and the devices of a shard that leaves go offline — the gateway's own rules,
    // which would change what a streaming fleet stores. Here every device is offline throughout.
    const g = await startTestStack({ provider, simulator: false });
    const gBase = await g.app.listen({ host: '127.0.0.1', port: 0 });
    const gCookie = await g.login('luc_regular');
    try {
      await fuzzGateway(g, gBase, gCookie);
    } finally {
      await g.close();
    }
  });

  async function fuzzGateway(g: TestStack, gBase: string, gCookie: string): Promise<void> {
    const gateway = g.app.services.gateway;
    const shardsBefore = gateway.shardCount();
    const before = await readAllTables(g.app.services.db);
    await fc.assert(
      fc.asyncProperty(fc.array(gatewayFrames, { minLength: 1, maxLength: 30 }), async (sequence) => {
        let ws = await gatewaySocket(gBase, g.config.GATEWAY_TOKEN);
        const stats = { ...gateway.stats };
        let sent = 0;
        let invalid = 0;
        try {
          for (const frame of sequence) {
            if (frame.kind === 'oversized') {
              ws.send('x'.repeat(REALTIME.maxFrameBytes + 1));
              expect(await closeOf(ws)).toBe(1009);
              ws = await gatewaySocket(gBase, g.config.GATEWAY_TOKEN);
              continue;
            }
            ws.send(frame.data, { binary: frame.kind === 'binary' });
            sent++;
            if (!frame.valid) invalid++;
          }
          // The shard is not answered; the simulator's own frames are valid (they are never dropped).
          await until(
            () => gateway.stats.received - stats.received >= sent && gateway.stats.rejected - stats.rejected >= invalid,
            QUICK_MS * 2,
            'every invalid frame dropped',
          );
          await new Promise((r) => setTimeout(r, 20));
          expect(gateway.stats.rejected - stats.rejected).toBe(invalid);
          expect(ws.readyState).toBe(ws.OPEN);
        } finally {
          ws.close();
        }
        await g.app.services.events.settle();
        await stillHealthy(gBase, gCookie);
      }),
      { numRuns: RUNS, seed: 42 },
    );
    await until(() => gateway.shardCount() === shardsBefore, 5000, 'the fuzzing shards detached');
    await g.app.services.events.settle();
    const after = await readAllTables(g.app.services.db);
    expect(describeChanges(before, after)).toEqual([]);
    expect((await (await fetch(`${gBase}/healthz`)).json()) as unknown).toMatchObject({ ok: true, shards: shardsBefore });
  }
});
