/**
 * The /ws client (spec 001 §7 real-time client; contracts realtime.ts): validates every server
 * message, subscribes in batches, keeps the epoch and the last sequence number per topic and
 * resumes with them after a reconnect, reconnects every TIMINGS.wsReconnectIntervalMs with jitter.
 * Framework-free: the React provider wires it to the query cache.
 *
 * Readings of the spec's sentences:
 * - "Reconnect interval 10000 ms": every attempt waits the interval ±10 % (jitter), so consoles
 *   that lost the same core do not come back in the same instant.
 * - "on reaching the maximum reconnects ... a websocket error and an error event": after
 *   DEFAULT_MAX_RECONNECTS failed attempts in a row (10, about 100 s) the status becomes `error`
 *   and `onError` is called once for that outage. The client keeps trying at the same interval, so
 *   the console recovers by itself when the core is back (the status returns to `open`).
 * - "Sync messages delayed randomly 0-1900 ms": the sync after every (re)connect, i.e. the
 *   subscribe/resume requests (and so the refetches they may lead to), leaves after a random
 *   delay in 0..TIMINGS.syncMessageDelayMaxMs, so consoles reconnecting together do not sync in step.
 */
import { parseServerEnvelope, TIMINGS } from '@fleet/contracts';
import type { ClientMessage, RealtimeEvent, Topic } from '@fleet/contracts';
import { parseFrame } from './parseFrame';
import { inBatches, isAdminTopic } from './topics';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'error' | 'closed';

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketHandlers {
  onOpen(): void;
  /** A frame's JSON object, parsed by the socket with `parseFrame` (`undefined`: the frame was not one). */
  onMessage(message: object | undefined): void;
  onClose(code: number): void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

/** The browser's WebSocket on the page's main thread behind {@link SocketFactory} (the app's is in a worker: socketWorker.ts). */
export const browserSocketFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') handlers.onMessage(parseFrame(event.data));
  };
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code);
  return socket;
};

/** What the server says first on every connection. */
export interface HelloInfo {
  readonly epoch: string;
  readonly batchSize: number;
  readonly wsLibrary: string | null;
}

/** Failed connection attempts in a row before the websocket error (the spec gives no number). */
export const DEFAULT_MAX_RECONNECTS = 10;

export interface RealtimeClientOptions {
  readonly url: string;
  /** Topics per subscribe message. */
  readonly batchSize: number;
  readonly onEvent: (event: RealtimeEvent, topic: Topic) => void;
  /** The missed events of a topic are gone: refetch its data over REST. */
  readonly onRefetch: (topic: Topic, reason: 'epoch' | 'gap') => void;
  readonly onStatus?: (status: RealtimeStatus) => void;
  readonly onServerError?: (code: string, message: string) => void;
  /** The maximum number of reconnects was reached: raised once per outage. */
  readonly onError?: (attempts: number) => void;
  readonly onHello?: (hello: HelloInfo) => void;
  /**
   * First (not resumed) subscriptions were acknowledged: events published before the server
   * registered them were never sent, so data read over REST before the acknowledgement may be
   * stale — data read after `sentAt` too (a read answered while the request was on its way, and a
   * change made before the server registered it).
   */
  readonly onSubscribed?: (topics: Topic[], sentAt: number) => void;
  readonly socketFactory?: SocketFactory;
  readonly reconnectIntervalMs?: number;
  /**
   * Consecutive failed connection attempts after which the status becomes `error` (spec: "on
   * reaching the maximum reconnects ... a websocket error"); default DEFAULT_MAX_RECONNECTS.
   */
  readonly maxReconnectsBeforeError?: number;
  /** Sync (subscribe) messages are delayed randomly 0..this many ms (spec 001 §7). */
  readonly syncDelayMaxMs?: number;
  readonly random?: () => number;
}

/** Reconnect delay: the interval ±10 % so a fleet of consoles does not reconnect in step. */
export function reconnectDelay(intervalMs: number, random: () => number): number {
  return Math.round(intervalMs * (0.9 + 0.2 * random()));
}

/** Delay of the sync after a (re)connect: uniformly 0..maxMs, both included. */
export function syncDelay(maxMs: number, random: () => number): number {
  return Math.min(maxMs, Math.floor(Math.min(Math.max(random(), 0), 0.999999999) * (maxMs + 1)));
}

export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeClientOptions, 'onStatus' | 'onServerError' | 'onError' | 'onHello' | 'onSubscribed'>> &
    Pick<RealtimeClientOptions, 'onStatus' | 'onServerError' | 'onError' | 'onHello' | 'onSubscribed'>;
  private socket: SocketLike | null = null;
  private status: RealtimeStatus = 'idle';
  private stopped = true;
  private failures = 0;
  /** Topics per subscribe on this connection: the user's size, at most what the server accepts. */
  private batchSize: number;
  private opened = false;
  private readonly topics = new Set<Topic>();
  /** Topics subscribed on the current connection. */
  private readonly live = new Set<Topic>();
  private readonly seqs = new Map<Topic, number>();
  /** Fresh (not resumed) subscriptions awaiting their acknowledgement, with the time they were sent. */
  private readonly fresh = new Map<Topic, number>();
  /** Epoch of the stream the seqs belong to; null before the first hello. */
  private epoch: string | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  /** Whether anything arrived since the last heartbeat ping: a connection that answers nothing for a whole heartbeat is dropped. */
  private heard = true;

  constructor(options: RealtimeClientOptions) {
    this.opts = {
      socketFactory: browserSocketFactory,
      reconnectIntervalMs: TIMINGS.wsReconnectIntervalMs,
      maxReconnectsBeforeError: DEFAULT_MAX_RECONNECTS,
      syncDelayMaxMs: TIMINGS.syncMessageDelayMaxMs,
      random: Math.random,
      ...options,
    };
    this.batchSize = this.opts.batchSize;
  }

  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Last sequence number seen per topic (read-only view, for diagnostics and tests). */
  getSequences(): ReadonlyMap<Topic, number> {
    return this.seqs;
  }

  getEpoch(): string | null {
    return this.epoch;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.live.clear();
    socket?.close(1000, 'client stop');
    this.setStatus('closed');
  }

  /** Replaces the wanted topics; on an open connection the difference is (un)subscribed now. */
  setTopics(topics: readonly Topic[]): void {
    const wanted = new Set(topics);
    const removed = [...this.topics].filter((topic) => !wanted.has(topic));
    const added = [...wanted].filter((topic) => !this.topics.has(topic));
    this.topics.clear();
    for (const topic of wanted) this.topics.add(topic);
    for (const topic of removed) this.seqs.delete(topic);
    if (this.status !== 'open' || this.syncTimer !== null) return;
    const liveRemoved = removed.filter((topic) => this.live.has(topic));
    for (const batch of inBatches(liveRemoved, this.batchSize)) {
      this.send({ op: 'unsubscribe', topics: batch });
      for (const topic of batch) this.live.delete(topic);
    }
    this.subscribe(added);
  }

  private connect(): void {
    if (this.stopped) return;
    this.setStatus(this.opened || this.failures > 0 ? (this.status === 'error' ? 'error' : 'reconnecting') : 'connecting');
    const socket = this.opts.socketFactory(this.opts.url, {
      onOpen: () => undefined,
      onMessage: (data) => {
        if (this.socket === socket) this.handleMessage(data);
      },
      onClose: () => {
        if (this.socket === socket) this.handleClose();
      },
    });
    this.socket = socket;
  }

  private handleClose(): void {
    this.socket = null;
    this.live.clear();
    this.clearTimers();
    if (this.stopped) return;
    this.failures += 1;
    if (this.failures >= this.opts.maxReconnectsBeforeError) {
      if (this.status !== 'error') {
        this.setStatus('error');
        this.opts.onError?.(this.failures);
      }
    } else {
      this.setStatus('reconnecting');
    }
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = null;
        this.connect();
      },
      reconnectDelay(this.opts.reconnectIntervalMs, this.opts.random),
    );
  }

  private handleMessage(json: object | undefined): void {
    this.heard = true;
    if (json === undefined) {
      console.warn('realtime: a message that is not a JSON object was ignored');
      return;
    }
    // The envelope is checked field by field; event bodies are the core's, and event types this
    // console does not know are ignored where events are applied.
    const message = parseServerEnvelope(json);
    if (message === null) {
      console.warn('realtime: a message outside the protocol was ignored', json);
      return;
    }
    switch (message.op) {
      case 'hello':
        this.batchSize = Math.max(1, Math.min(this.opts.batchSize, message.batchSize));
        this.opts.onHello?.({ epoch: message.epoch, batchSize: message.batchSize, wsLibrary: message.wsLibrary ?? null });
        this.onHello(message.epoch, message.heartbeatMs);
        break;
      case 'event':
        this.deliver(message.topic, message.epoch, message.seq, message.event);
        break;
      case 'events':
        message.events.forEach((event, i) => this.deliver(message.topic, message.epoch, message.seq + i, event));
        break;
      case 'subscribed': {
        const acknowledged: Topic[] = [];
        let sentAt = Number.POSITIVE_INFINITY;
        for (const { topic, seq } of message.topics) {
          if (!this.seqs.has(topic)) this.seqs.set(topic, seq);
          const at = this.fresh.get(topic);
          if (at !== undefined) {
            this.fresh.delete(topic);
            acknowledged.push(topic);
            sentAt = Math.min(sentAt, at);
          }
        }
        if (acknowledged.length > 0) this.opts.onSubscribed?.(acknowledged, sentAt);
        break;
      }
      case 'refetch':
        this.seqs.delete(message.topic);
        this.opts.onRefetch(message.topic, message.reason);
        break;
      case 'error':
        this.opts.onServerError?.(message.code, message.message);
        break;
      case 'pong':
        break;
    }
  }

  /** One event, once per sequence number of its topic. */
  private deliver(topic: Topic, epoch: string, seq: number, event: RealtimeEvent): void {
    if (!this.topics.has(topic)) return;
    const last = this.seqs.get(topic);
    if (last !== undefined && epoch === this.epoch && seq <= last) return; // replayed twice
    this.epoch = epoch;
    this.seqs.set(topic, seq);
    this.opts.onEvent(event, topic);
  }

  private onHello(serverEpoch: string, heartbeatMs: number): void {
    const previousEpoch = this.epoch;
    const resuming = this.opened;
    this.opened = true;
    this.failures = 0;
    this.setStatus('open');
    if (heartbeatMs > 0) {
      this.heard = true;
      this.heartbeatTimer = setInterval(() => this.heartbeat(), heartbeatMs);
    }
    const delay = syncDelay(this.opts.syncDelayMaxMs, this.opts.random);
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      const topics = [...this.topics];
      if (resuming && previousEpoch !== null) {
        this.subscribe(topics, previousEpoch);
        // The core restarted: whatever happened in between is gone, whatever the server says.
        if (previousEpoch !== serverEpoch) {
          for (const topic of topics) {
            this.seqs.delete(topic);
            this.opts.onRefetch(topic, 'epoch');
          }
        }
      } else {
        this.subscribe(topics);
      }
      this.epoch = serverEpoch;
    }, delay);
  }

  /**
   * Subscribes in batches; with `resumeEpoch`, each batch carries the last seqs of its topics. The
   * admin topic goes in a batch of its own: a core that does not offer it and refuses a whole batch
   * for it refuses nothing else.
   */
  private subscribe(topics: readonly Topic[], resumeEpoch?: string): void {
    const own = topics.filter(isAdminTopic);
    const spec = topics.filter((topic) => !isAdminTopic(topic));
    for (const batch of [...inBatches(spec, this.batchSize), ...inBatches(own, this.batchSize)]) {
      const message: ClientMessage = { op: 'subscribe', topics: batch };
      if (resumeEpoch !== undefined) {
        const seqs: Record<string, number> = {};
        for (const topic of batch) {
          const seq = this.seqs.get(topic);
          if (seq !== undefined) seqs[topic] = seq;
        }
        message.resume = { epoch: resumeEpoch, seqs };
      }
      this.send(message);
      const now = Date.now();
      for (const topic of batch) {
        this.live.add(topic);
        if (resumeEpoch === undefined) this.fresh.set(topic, now);
      }
    }
  }

  private send(message: ClientMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch (error) {
      console.warn('realtime: send failed', error);
    }
  }

  /**
   * A ping per heartbeat. A connection that delivered nothing since the previous one (not even its
   * pong) is stalled, whatever TCP says: it is dropped and the client reconnects (the LIVE pill
   * says the connection is lost meanwhile), as the server drops a peer that stops answering.
   */
  private heartbeat(): void {
    if (!this.heard) {
      const socket = this.socket;
      this.socket = null;
      socket?.close(4000, 'no answer');
      this.handleClose();
      return;
    }
    this.heard = false;
    this.send({ op: 'ping', t: Date.now() });
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.opts.onStatus?.(status);
  }

  private clearTimers(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    if (this.syncTimer !== null) clearTimeout(this.syncTimer);
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.reconnectTimer = null;
    this.syncTimer = null;
    this.heartbeatTimer = null;
  }
}
