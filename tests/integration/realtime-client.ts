/**
 * Test support for /ws: a `ws` client that validates every server message against the contracts
 * and flattens event frames (`event`, `events`) into per-event records with their sequence numbers.
 */
import WebSocket, { type ClientOptions } from 'ws';
import { ServerMessage, type RealtimeEvent } from '@fleet/contracts';
import { parseFrame } from '../../apps/console/src/realtime/parseFrame';
import type { SocketFactory } from '../../apps/console/src/realtime/RealtimeClient';

export interface Received {
  topic: string;
  seq: number;
  epoch: string;
  event: RealtimeEvent;
}

export interface WsClient {
  ws: WebSocket;
  messages: ServerMessage[];
  /** Every event received, in arrival order (a batch counts one per event). */
  events: Received[];
  next(pred: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage>;
  send(message: unknown): void;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
}

export function wsUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}/ws`;
}

export function flatten(m: ServerMessage): Received[] {
  if (m.op === 'event') return [{ topic: m.topic, seq: m.seq, epoch: m.epoch, event: m.event }];
  if (m.op === 'events') return m.events.map((event, i) => ({ topic: m.topic, seq: m.seq + i, epoch: m.epoch, event }));
  return [];
}

export function connect(base: string, headers: Record<string, string>, options: ClientOptions = {}): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(base), { headers, ...options });
    const messages: ServerMessage[] = [];
    const events: Received[] = [];
    const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    ws.on('message', (d) => {
      const m = ServerMessage.parse(JSON.parse(String(d)));
      messages.push(m);
      events.push(...flatten(m));
      for (const w of [...waiters]) {
        if (w.pred(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        events,
        closed,
        send: (message) => ws.send(JSON.stringify(message)),
        next: (pred, ms = 5000) =>
          new Promise((res, rej) => {
            const found = messages.find(pred);
            if (found) return res(found);
            const t = setTimeout(() => rej(new Error('no matching message')), ms);
            waiters.push({
              pred,
              resolve: (m) => {
                clearTimeout(t);
                res(m);
              },
            });
          }),
      }),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

/** The console's RealtimeClient over the `ws` package (the browser's WebSocket is not here). */
export function wsSocketFactory(headers: Record<string, string>): SocketFactory {
  return (url, handlers) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => handlers.onOpen());
    ws.on('message', (data) => handlers.onMessage(parseFrame(String(data))));
    ws.on('close', (code) => handlers.onClose(code));
    ws.on('error', () => undefined); // followed by close
    return { send: (data) => ws.send(data), close: (code, reason) => ws.close(code, reason) };
  };
}

/**
 * The socket is open and answering: two ping round trips, so a heartbeat ping the server sent
 * meanwhile has been answered (when the client answers them) and its answer read by the server
 * (frames keep their order).
 */
let pings = 0;
export async function answers(c: WsClient): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const t = ++pings;
    c.send({ op: 'ping', t });
    await c.next((m) => m.op === 'pong' && m.t === t);
  }
}

/**
 * The server has handled every message this client sent before now: one ping round trip. The server
 * handles a connection's messages in order, a subscribe's replay and refusals included, so anything
 * they were to send has arrived before the pong.
 */
export async function handled(c: WsClient): Promise<void> {
  const t = ++pings;
  c.send({ op: 'ping', t });
  await c.next((m) => m.op === 'pong' && m.t === t);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll until `fn` is true (bounded). */
export async function until(fn: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!fn()) {
    if (Date.now() > end) throw new Error(`${what} not met in time`);
    await sleep(20);
  }
}
