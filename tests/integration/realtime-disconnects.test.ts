/**
 * Forced disconnects: consoles — the console's own RealtimeClient over `ws` — whose
 * connections are cut (TCP destroyed, no closing handshake) every few seconds while the simulated
 * fleet streams telemetry, end with exactly the event sequence of a control subscriber that never
 * disconnects: per topic, every sequence number once, none missing, the same events; no refetch
 * (the protocol's resume: hello epoch + last sequence number per topic).
 *
 * CI: 4 consoles, a cut every 1-2 s each, 20 s. Longer: DISCONNECT_SOAK_MS (total) and
 * DISCONNECT_CUT_MS (mean time between cuts), e.g. DISCONNECT_SOAK_MS=600000 DISCONNECT_CUT_MS=10000
 * for 10 minutes with a cut every ~10 s (figures in RELIABILITY.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { groupTopic, type CurrentUser, type Topic } from '@fleet/contracts';
import { parseFrame } from '../../apps/console/src/realtime/parseFrame';
import { RealtimeClient, type SocketFactory } from '../../apps/console/src/realtime/RealtimeClient';
import { startTestStack, type TestStack } from '../support/stack.js';
import { connect, sleep, until, wsUrl, type WsClient } from './realtime-client.js';

const SOAK_MS = Number(process.env.DISCONNECT_SOAK_MS ?? 20_000);
const CUT_MS = Number(process.env.DISCONNECT_CUT_MS ?? 1500);
const CONSOLES = Number(process.env.DISCONNECT_CONSOLES ?? 4);

interface Console {
  client: RealtimeClient;
  socket: WebSocket | null;
  /** Per topic: seq → event JSON, in delivery order. */
  seen: Map<string, Map<number, string>>;
  duplicates: string[];
  refetches: string[];
  cuts: number;
  hellos: number;
}

describe('forced disconnects while the fleet streams', () => {
  let s: TestStack;
  let base: string;
  let topics: Topic[];

  beforeAll(async () => {
    s = await startTestStack();
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = await s.login('luc_regular');
    const me: CurrentUser = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json();
    topics = me.groups.map((g) => groupTopic(g.id));
  });
  afterAll(async () => s?.close());

  it(
    `${CONSOLES} consoles cut every ~${CUT_MS} ms for ${SOAK_MS} ms end with the control subscriber’s sequence`,
    async () => {
      const control: WsClient = await connect(base, { cookie: await s.login('luc_regular') });
      await control.next((m) => m.op === 'hello');
      control.send({ op: 'subscribe', topics });
      await control.next((m) => m.op === 'subscribed');

      const consoles: Console[] = [];
      for (let i = 0; i < CONSOLES; i++) {
        const cookie = await s.login('luc_regular');
        const c: Console = { client: null as unknown as RealtimeClient, socket: null, seen: new Map(), duplicates: [], refetches: [], cuts: 0, hellos: 0 };
        const factory: SocketFactory = (url, handlers) => {
          const ws = new WebSocket(url, { headers: { cookie } });
          c.socket = ws;
          ws.on('open', () => handlers.onOpen());
          ws.on('message', (data) => handlers.onMessage(parseFrame(String(data))));
          ws.on('close', (code) => handlers.onClose(code));
          ws.on('error', () => undefined); // followed by close
          return { send: (data) => ws.send(data), close: (code, reason) => ws.close(code, reason) };
        };
        c.client = new RealtimeClient({
          url: wsUrl(base),
          batchSize: 50,
          socketFactory: factory,
          reconnectIntervalMs: 200,
          syncDelayMaxMs: 150,
          onHello: () => c.hellos++,
          onEvent: (event, topic) => {
            const seq = c.client.getSequences().get(topic)!;
            let m = c.seen.get(topic);
            if (!m) c.seen.set(topic, (m = new Map()));
            if (m.has(seq)) c.duplicates.push(`${topic}#${seq}`);
            m.set(seq, JSON.stringify(event));
          },
          onRefetch: (topic, reason) => c.refetches.push(`${topic}:${reason}`),
        });
        c.client.setTopics(topics);
        c.client.start();
        consoles.push(c);
      }
      await until(() => consoles.every((c) => c.client.getStatus() === 'open' && c.seen.size > 0), 10_000, 'every console streaming');

      // Cut each console's connection at random moments, 0.67-1.33 × CUT_MS apart, for SOAK_MS.
      const end = Date.now() + SOAK_MS;
      await Promise.all(
        consoles.map(async (c) => {
          for (;;) {
            const wait = CUT_MS * (0.67 + 0.66 * Math.random());
            if (Date.now() + wait > end) break;
            await sleep(wait);
            if (c.socket && c.socket.readyState === WebSocket.OPEN) {
              c.socket.terminate();
              c.cuts++;
            }
          }
        }),
      );

      // The control's position now; every console must reach it and agree with it up to there.
      const target = new Map<string, number>();
      for (const e of control.events) target.set(e.topic, Math.max(target.get(e.topic) ?? 0, e.seq));
      await until(
        () => consoles.every((c) => [...target].every(([t, seq]) => (c.client.getSequences().get(t as Topic) ?? 0) >= seq)),
        10_000,
        'consoles caught up',
      );
      const reference = new Map<string, Map<number, string>>();
      for (const e of control.events) {
        let m = reference.get(e.topic);
        if (!m) reference.set(e.topic, (m = new Map()));
        expect(m.has(e.seq), `control got ${e.topic}#${e.seq} twice`).toBe(false);
        m.set(e.seq, JSON.stringify(e.event));
      }

      let compared = 0;
      for (const c of consoles) {
        c.client.stop();
        expect(c.duplicates).toEqual([]);
        expect(c.refetches).toEqual([]);
        expect(c.cuts).toBeGreaterThan(0);
        // Each cut led to a new connection (a cut may land before that connection's hello).
        expect(c.hellos).toBeGreaterThanOrEqual(2);
        expect(c.hellos).toBeLessThanOrEqual(c.cuts + 1);
        for (const [topic, last] of target) {
          const got = c.seen.get(topic) ?? new Map<number, string>();
          const ref = reference.get(topic)!;
          const first = Math.min(...got.keys());
          for (let seq = first; seq <= last; seq++) {
            expect(got.get(seq), `${topic}#${seq}`).toBe(ref.get(seq));
            compared++;
          }
        }
      }
      control.ws.close();
      const cuts = consoles.reduce((n, c) => n + c.cuts, 0);
      console.log(
        `forced disconnects: ${CONSOLES} consoles, ${cuts} cuts in ${SOAK_MS} ms, ${compared} events compared with the control, 0 lost, 0 duplicated, 0 refetches`,
      );
      expect(compared).toBeGreaterThan(CONSOLES * 50);
    },
    SOAK_MS + 60_000,
  );
});
