/**
 * The /ws client (spec 001 §7 real-time client; contracts realtime.ts): validates every server
 * message, subscribes in batches, keeps the epoch and the last sequence number per topic and
 * resumes with them after a reconnect, reconnects every TIMINGS.wsReconnectIntervalMs with jitter.
 * Framework-free: the React provider wires it to the query cache.
 */
import { ServerMessage, TIMINGS } from '@fleet/contracts';
import type { ClientMessage, RealtimeEvent, Topic } from '@fleet/contracts';
import { inBatches } from './topics';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'error' | 'closed';

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketHandlers {
  onOpen(): void;
  onMessage(data: string): void;
  onClose(code: number): void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

/** The browser's WebSocket behind {@link SocketFactory}. */
export const browserSocketFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data);
  };
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code);
  return socket;
};

export interface RealtimeClientOptions {
  readonly url: string;
  /** Topics per subscribe message. */
  readonly batchSize: number;
  readonly onEvent: (event: RealtimeEvent, topic: Topic) => void;
  /** The missed events of a topic are gone: refetch its data over REST. */
  readonly onRefetch: (topic: Topic, reason: 'epoch' | 'gap') => void;
  readonly onStatus?: (status: RealtimeStatus) => void;
  readonly onServerError?: (code: string, message: string) => void;
  readonly socketFactory?: SocketFactory;
  readonly reconnectIntervalMs?: number;
  /**
   * Consecutive failed connection attempts after which the status becomes `error` (spec: "on
   * reaching the maximum reconnects ... a websocket error"). The client keeps retrying after that,
   * so it recovers when the core comes back. The spec gives no number: 30 (five minutes).
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

export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeClientOptions, 'onStatus' | 'onServerError'>> &
    Pick<RealtimeClientOptions, 'onStatus' | 'onServerError'>;
  private socket: SocketLike | null = null;
  private status: RealtimeStatus = 'idle';
  private stopped = true;
  private failures = 0;
  private opened = false;
  private readonly topics = new Set<Topic>();
  /** Topics subscribed on the current connection. */
  private readonly live = new Set<Topic>();
  private readonly seqs = new Map<Topic, number>();
  /** Epoch of the stream the seqs belong to; null before the first hello. */
  private epoch: string | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;

  constructor(options: RealtimeClientOptions) {
    this.opts = {
      socketFactory: browserSocketFactory,
      reconnectIntervalMs: TIMINGS.wsReconnectIntervalMs,
      maxReconnectsBeforeError: 30,
      syncDelayMaxMs: TIMINGS.syncMessageDelayMaxMs,
      random: Math.random,
      ...options,
    };
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
    for (const batch of inBatches(liveRemoved, this.opts.batchSize)) {
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
    this.setStatus(this.failures >= this.opts.maxReconnectsBeforeError ? 'error' : 'reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, reconnectDelay(this.opts.reconnectIntervalMs, this.opts.random));
  }

  private handleMessage(data: string): void {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      console.warn('realtime: a message that is not JSON was ignored');
      return;
    }
    const parsed = ServerMessage.safeParse(json);
    if (!parsed.success) {
      console.warn('realtime: a message outside the protocol was ignored', parsed.error.issues[0]);
      return;
    }
    const message = parsed.data;
    switch (message.op) {
      case 'hello':
        this.onHello(message.epoch, message.heartbeatMs);
        break;
      case 'event': {
        if (!this.topics.has(message.topic)) return;
        const last = this.seqs.get(message.topic);
        if (last !== undefined && message.epoch === this.epoch && message.seq <= last) return; // replayed twice
        this.epoch = message.epoch;
        this.seqs.set(message.topic, message.seq);
        this.opts.onEvent(message.event, message.topic);
        break;
      }
      case 'subscribed':
        for (const { topic, seq } of message.topics) if (!this.seqs.has(topic)) this.seqs.set(topic, seq);
        break;
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

  private onHello(serverEpoch: string, heartbeatMs: number): void {
    const previousEpoch = this.epoch;
    const resuming = this.opened;
    this.opened = true;
    this.failures = 0;
    this.setStatus('open');
    if (heartbeatMs > 0) {
      this.heartbeatTimer = setInterval(() => this.send({ op: 'ping', t: Date.now() }), heartbeatMs);
    }
    const delay = Math.floor(this.opts.random() * (this.opts.syncDelayMaxMs + 1));
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

  /** Subscribes in batches; with `resumeEpoch`, each batch carries the last seqs of its topics. */
  private subscribe(topics: readonly Topic[], resumeEpoch?: string): void {
    for (const batch of inBatches(topics, this.opts.batchSize)) {
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
      for (const topic of batch) this.live.add(topic);
    }
  }

  private send(message: ClientMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch (error) {
      console.warn('realtime: send failed', error);
    }
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
