import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import type { ClientMessage, RealtimeEvent, ServerMessage } from '@fleet/contracts';
import { DEFAULT_MAX_RECONNECTS, RealtimeClient, reconnectDelay, syncDelay } from './RealtimeClient';
import type { HelloInfo, RealtimeStatus, SocketHandlers } from './RealtimeClient';
import { parseFrame } from './parseFrame';
import { batchSizeFor, inBatches, topicsForUser } from './topics';
import { makeUser, startedStreaming } from '../test-utils/fixtures';

class FakeServer {
  readonly sockets: { handlers: SocketHandlers; sent: ClientMessage[]; closed: boolean }[] = [];

  readonly factory = (_url: string, handlers: SocketHandlers) => {
    const socket = { handlers, sent: [] as ClientMessage[], closed: false };
    this.sockets.push(socket);
    return {
      send: (data: string) => socket.sent.push(JSON.parse(data) as ClientMessage),
      close: () => {
        socket.closed = true;
      },
    };
  };

  get current() {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket');
    return socket;
  }

  push(message: ServerMessage | Record<string, unknown>): void {
    this.current.handlers.onMessage(parseFrame(JSON.stringify(message)));
  }

  hello(epoch = 'e1', extra: { batchSize?: number; wsLibrary?: string } = {}): void {
    this.push({ op: 'hello', epoch, heartbeatMs: 0, batchSize: extra.batchSize ?? 50, ...(extra.wsLibrary ? { wsLibrary: extra.wsLibrary } : {}) });
  }

  drop(): void {
    this.current.handlers.onClose(1006);
  }
}

const statusEvent = (unitId: string): RealtimeEvent => startedStreaming(unitId, { at: 1 });

function setup(topics: string[], batchSize = 2) {
  const server = new FakeServer();
  const events: [RealtimeEvent, string][] = [];
  const refetches: [string, string][] = [];
  const statuses: RealtimeStatus[] = [];
  const errors: number[] = [];
  const hellos: HelloInfo[] = [];
  const subscribed: [string[], number][] = [];
  const client = new RealtimeClient({
    url: 'ws://test/ws',
    batchSize,
    socketFactory: server.factory,
    random: () => 0.5,
    syncDelayMaxMs: 0,
    maxReconnectsBeforeError: 3,
    onEvent: (event, topic) => events.push([event, topic]),
    onRefetch: (topic, reason) => refetches.push([topic, reason]),
    onStatus: (status) => statuses.push(status),
    onError: (attempts) => errors.push(attempts),
    onHello: (hello) => hellos.push(hello),
    onSubscribed: (acknowledged, sentAt) => subscribed.push([acknowledged, sentAt]),
  });
  client.setTopics(topics);
  client.start();
  return { server, client, events, refetches, statuses, errors, hellos, subscribed };
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('drops a connection that answers nothing for a whole heartbeat (a stall), and reconnects', () => {
    const { server, statuses } = setup(['group:a']);
    server.push({ op: 'hello', epoch: 'e1', heartbeatMs: 1000, batchSize: 50 });
    vi.advanceTimersByTime(1000);
    expect(server.current.sent.at(-1)).toMatchObject({ op: 'ping' });
    // Answered: the connection stays.
    server.push({ op: 'pong' });
    vi.advanceTimersByTime(1000);
    expect(server.current.closed).toBe(false);
    // Nothing for a whole heartbeat: dropped, the status says so, and a new connection is made.
    vi.advanceTimersByTime(1000);
    expect(server.sockets[0]!.closed).toBe(true);
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs * 1.2);
    expect(server.sockets).toHaveLength(2);
  });

  it('subscribes in batches after the hello', () => {
    const { server, statuses } = setup(['group:a', 'group:b', 'group:c']);
    expect(server.current.sent).toEqual([]);
    server.hello();
    vi.advanceTimersByTime(0);
    expect(server.current.sent).toEqual([
      { op: 'subscribe', topics: ['group:a', 'group:b'] },
      { op: 'subscribe', topics: ['group:c'] },
    ]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('subscribes the admin topic in a batch of its own (a core that refuses it refuses nothing else)', () => {
    const { server } = setup(['system:entities', 'group:a']);
    server.hello();
    vi.advanceTimersByTime(0);
    expect(server.current.sent).toEqual([
      { op: 'subscribe', topics: ['group:a'] },
      { op: 'subscribe', topics: ['system:entities'] },
    ]);
  });

  it('delivers events once per sequence number, passes event types it does not know on (their seq counts), ignores junk', () => {
    const { server, events } = setup(['group:a']);
    server.hello();
    vi.advanceTimersByTime(0);
    server.push({ op: 'subscribed', topics: [{ topic: 'group:a', seq: 4 }] });
    server.push({ op: 'event', topic: 'group:a', seq: 5, epoch: 'e1', event: statusEvent('U1') });
    server.push({ op: 'event', topic: 'group:a', seq: 5, epoch: 'e1', event: statusEvent('U1') });
    server.push({ op: 'event', topic: 'group:a', seq: 4, epoch: 'e1', event: statusEvent('U1') });
    server.push({ op: 'event', topic: 'group:a', seq: 6, epoch: 'e1', event: { type: 'unit.exploded' } });
    server.current.handlers.onMessage(parseFrame('not json'));
    server.push({ op: 'event', topic: 'group:a', seq: 'seven', epoch: 'e1', event: statusEvent('U1') });
    server.push({ op: 'event', topic: 'group:zzz', seq: 9, epoch: 'e1', event: statusEvent('U2') });
    expect(events.map(([event, topic]) => [event.type, topic])).toEqual([
      ['unit.status', 'group:a'],
      ['unit.exploded', 'group:a'],
    ]);
  });

  it('reports first subscriptions once acknowledged (REST data read before may be stale), never resumed ones', () => {
    const { server, subscribed } = setup(['group:a', 'group:b'], 50);
    const sentAt = Date.now();
    server.hello('e1');
    vi.advanceTimersByTime(0);
    server.push({
      op: 'subscribed',
      topics: [
        { topic: 'group:a', seq: 1 },
        { topic: 'group:b', seq: 7 },
      ],
    });
    expect(subscribed).toEqual([[['group:a', 'group:b'], sentAt]]);
    server.push({ op: 'subscribed', topics: [{ topic: 'group:a', seq: 1 }] });
    expect(subscribed).toHaveLength(1);
    server.drop();
    vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs);
    server.hello('e1');
    vi.advanceTimersByTime(0);
    server.push({
      op: 'subscribed',
      topics: [
        { topic: 'group:a', seq: 1 },
        { topic: 'group:b', seq: 7 },
      ],
    });
    expect(subscribed).toHaveLength(1);
  });

  it('resumes with the epoch and last sequence numbers after a reconnect', () => {
    const { server, client, statuses } = setup(['group:a', 'group:b'], 50);
    server.hello('e1');
    vi.advanceTimersByTime(0);
    server.push({
      op: 'subscribed',
      topics: [
        { topic: 'group:a', seq: 1 },
        { topic: 'group:b', seq: 7 },
      ],
    });
    server.push({ op: 'event', topic: 'group:a', seq: 2, epoch: 'e1', event: statusEvent('U1') });
    server.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(server.sockets).toHaveLength(1);
    vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs);
    expect(server.sockets).toHaveLength(2);
    server.hello('e1');
    vi.advanceTimersByTime(0);
    expect(server.current.sent).toEqual([{ op: 'subscribe', topics: ['group:a', 'group:b'], resume: { epoch: 'e1', seqs: { 'group:a': 2, 'group:b': 7 } } }]);
    expect(client.getStatus()).toBe('open');
  });

  it('refetches when the server says events were lost, and when the epoch changed', () => {
    const { server, refetches } = setup(['group:a'], 50);
    server.hello('e1');
    vi.advanceTimersByTime(0);
    server.push({ op: 'refetch', topic: 'group:a', reason: 'gap' });
    expect(refetches).toEqual([['group:a', 'gap']]);
    server.drop();
    vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs * 2);
    server.hello('e2');
    vi.advanceTimersByTime(0);
    expect(refetches).toContainEqual(['group:a', 'epoch']);
  });

  it('reconnects with jitter; at the maximum reconnects the status is a websocket error, raised once; then keeps trying', () => {
    const { server, statuses, errors } = setup(['group:a']);
    for (let i = 0; i < 2; i += 1) {
      server.drop();
      vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs * 1.1);
    }
    expect(statuses).not.toContain('error');
    expect(errors).toEqual([]);
    for (let i = 0; i < 3; i += 1) {
      server.drop();
      vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs * 1.1);
    }
    expect(statuses.filter((s) => s === 'error')).toHaveLength(1);
    expect(errors).toEqual([3]);
    expect(server.sockets).toHaveLength(6);
    server.hello();
    expect(statuses.at(-1)).toBe('open');
    // A new outage counts from zero again.
    server.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(DEFAULT_MAX_RECONNECTS).toBe(10);
  });

  it('waits the reconnect interval (never sooner than -10 %) between attempts', () => {
    const { server } = setup(['group:a']);
    server.drop();
    vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs * 0.9 - 1);
    expect(server.sockets).toHaveLength(1);
    vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs * 0.2 + 2);
    expect(server.sockets).toHaveLength(2);
  });

  it('takes batches of events with consecutive sequence numbers, each once', () => {
    const { server, events } = setup(['group:a'], 50);
    server.hello();
    vi.advanceTimersByTime(0);
    server.push({ op: 'subscribed', topics: [{ topic: 'group:a', seq: 0 }] });
    server.push({ op: 'events', topic: 'group:a', seq: 1, epoch: 'e1', events: [statusEvent('U1'), statusEvent('U2'), statusEvent('U3')] });
    server.push({ op: 'events', topic: 'group:a', seq: 3, epoch: 'e1', events: [statusEvent('U3'), statusEvent('U4')] });
    expect(events.map(([e]) => (e.type === 'unit.status' ? e.unitId : ''))).toEqual(['U1', 'U2', 'U3', 'U4']);
  });

  it('subscribes in batches no larger than the server accepts, and reports the hello', () => {
    const { server, hellos } = setup(['group:a', 'group:b', 'group:c'], 50);
    server.hello('e1', { batchSize: 2, wsLibrary: 'ws@8' });
    vi.advanceTimersByTime(0);
    expect(server.current.sent.map((m) => (m.op === 'subscribe' ? m.topics.length : 0))).toEqual([2, 1]);
    expect(hellos).toEqual([{ epoch: 'e1', batchSize: 2, wsLibrary: 'ws@8' }]);
  });

  it('delays the sync after a (re)connect randomly by 0 to 1900 ms', () => {
    expect(TIMINGS.syncMessageDelayMaxMs).toBe(1900);
    expect(syncDelay(1900, () => 0)).toBe(0);
    expect(syncDelay(1900, () => 0.5)).toBe(950);
    expect(syncDelay(1900, () => 0.9999999)).toBe(1900);
    expect(syncDelay(1900, () => 1)).toBe(1900);
    const server = new FakeServer();
    const client = new RealtimeClient({
      url: 'ws://test/ws',
      batchSize: 50,
      socketFactory: server.factory,
      random: () => 0.5,
      onEvent: () => undefined,
      onRefetch: () => undefined,
    });
    client.setTopics(['group:a']);
    client.start();
    server.hello();
    vi.advanceTimersByTime(949);
    expect(server.current.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(server.current.sent).toEqual([{ op: 'subscribe', topics: ['group:a'] }]);
    client.stop();
  });

  it('subscribes and unsubscribes topic changes on an open connection; stop closes', () => {
    const { server, client, statuses } = setup(['group:a'], 50);
    server.hello();
    vi.advanceTimersByTime(0);
    client.setTopics(['group:b']);
    expect(server.current.sent.slice(1)).toEqual([
      { op: 'unsubscribe', topics: ['group:a'] },
      { op: 'subscribe', topics: ['group:b'] },
    ]);
    client.stop();
    expect(server.current.closed).toBe(true);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(TIMINGS.wsReconnectIntervalMs * 3);
    expect(server.sockets).toHaveLength(1);
  });

  it('delays the jittered reconnect within ±10 % of the interval', () => {
    expect(reconnectDelay(10_000, () => 0)).toBe(9000);
    expect(reconnectDelay(10_000, () => 1)).toBe(11_000);
    expect(reconnectDelay(10_000, () => 0.5)).toBe(10_000);
  });
});

describe('topics', () => {
  it('follows the groups, or the inventories when the user has no group', () => {
    expect(topicsForUser(makeUser(['luc_regular']))).toEqual(['group:g1']);
    expect(topicsForUser(makeUser(['luc_regular'], { groups: [] }))).toEqual(['inventory:inv1']);
  });

  it('uses the user batch size or the default 50', () => {
    expect(batchSizeFor(makeUser(['luc_regular']))).toBe(50);
    const user = makeUser(['luc_regular']);
    expect(batchSizeFor({ props: { ...user.props, wsBatchSize: 10 } })).toBe(10);
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
