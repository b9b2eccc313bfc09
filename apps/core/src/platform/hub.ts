/**
 * The real-time hub behind /ws: topics (one per group, one per inventory), per-topic sequence
 * numbers under an epoch, a bounded history for resuming, bounded per-client buffers.
 *
 * - Every event is serialised once (JSON, then UTF-8 once) when it is published. Events of one
 *   topic published in the same turn of the event loop leave in one frame (`events`), built once
 *   and written as the same bytes to every subscriber of the topic: the cost of a broadcast does
 *   not grow with the JSON work per subscriber, and a burst costs one write per subscriber.
 * - History is kept per topic for at least `historyMs` (default 65 s), within a count and a byte
 *   budget. It is held (topic-log.ts) as bytes in large off-heap slabs with numeric columns beside them (no
 *   object per event), so even a minute of 10,000 events/s adds almost nothing for the garbage
 *   collector to trace, and a frame of consecutive events is a slice of a slab.
 * - A subscriber whose unsent data exceeds `maxBufferedBytes` is cut off (1013): its buffer is
 *   bounded and a slow consumer can never grow the server's memory without limit.
 * - Alone, the hub numbers events itself. With a {@link RealtimeBroker} (several core instances),
 *   the broker is the one ordering authority: it numbers events and hands every instance the same
 *   stream, and the hub only delivers what comes back from it.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeEvent, ServerMessage, Topic } from '@fleet/contracts';
import { systemClock, type Clock } from './clock.js';
import { JsonBytes } from './json-bytes.js';
import { SlabStore, TopicLog } from './topic-log.js';

export interface HubClient {
  /** Send one already-serialised frame (a text frame; a Buffer holds its UTF-8 bytes). */
  send(frame: string | Buffer): void;
  /** Bytes queued in the socket and not yet written. */
  bufferedAmount(): number;
  /** Cut the connection (slow consumer, shutdown). */
  terminate(code: number, reason: string): void;
}

/**
 * A shared stream of events between core instances. `publish` hands an event to the ordering
 * authority; what the authority numbered comes back through the handler given to `start`, to
 * every instance including the publishing one, in sequence order per topic.
 */
export interface RealtimeBroker {
  /** Connects; resolves with the shared epoch. */
  start(deliver: BrokerDelivery): Promise<string>;
  publish(topics: readonly string[], body: Buffer): void;
  /** The authority's current sequence number per topic (for resuming); rejects when unreachable. */
  currentSeqs(topics: readonly string[]): Promise<number[]>;
  close(): Promise<void>;
}
export type BrokerDelivery = (epoch: string, seqs: readonly (readonly [string, number])[], body: Buffer) => void;

const NO_TOPICS: ReadonlySet<string> = new Set();
/** The longest an event waits in a busy turn before what is pending is sent (flushMs 0). */
const HOLD_MAX_MS = 10;

interface TopicState {
  /** Last sequence number this process knows of. */
  seq: number;
  /** First sequence number this process received: every later one passed through it. */
  first: number | null;
  log: TopicLog;
  /** Received since the last flush (the tail of the log). */
  pending: number;
  clients: Set<HubClient>;
}

export interface HubOptions {
  /** Keep at least this much history for resuming, within the count and byte bounds. */
  historyMs?: number;
  /** Upper bound of events kept per topic, whatever their age. */
  historyMax?: number;
  /** Upper bound of history bytes over all topics (oldest events of the largest topic go first). */
  historyMaxBytes?: number;
  /** A client whose unsent data exceeds this is cut off. */
  maxBufferedBytes?: number;
  /** 0: flush at the end of the current event-loop turn; > 0: at most this many ms later. */
  flushMs?: number;
  /** History ages and `flushMs` run on it (the app's clock). */
  clock?: Clock;
}

export class RealtimeHub {
  private currentEpoch: string = randomUUID();
  private readonly topics = new Map<string, TopicState>();
  private readonly store = new SlabStore();
  /** Events are serialised here, then copied into the history slab (see json-bytes.ts). */
  private readonly json = new JsonBytes();
  private readonly clientTopics = new Map<HubClient, Set<string>>();
  /** Per client and topic, sequence numbers up to which the client already has the events. */
  private readonly floors = new Map<HubClient, Map<string, number>>();
  private readonly dirty = new Set<string>();
  /** Clients removed for good (closed, cut off). */
  private readonly closed = new WeakSet<HubClient>();
  private flushScheduled = false;
  /** When the oldest unsent event was accepted (performance.now()). */
  private pendingSince = 0;
  private historyMs = 65_000;
  private historyMax = 200_000;
  private historyMaxBytes = 32 * 1024 * 1024;
  private maxBufferedBytes = 4 * 1024 * 1024;
  private flushMs = 0;
  private clock: Clock = systemClock;
  private broker: RealtimeBroker | null = null;
  private readonly taps: ((topics: readonly string[], event: RealtimeEvent) => void)[] = [];
  /** Counters for /healthz and benchmarks. */
  readonly stats = { published: 0, delivered: 0, frames: 0, cutOff: 0, gaps: 0 };

  constructor(opts: HubOptions = {}) {
    this.configure(opts);
  }

  get epoch(): string {
    return this.currentEpoch;
  }

  configure(opts: HubOptions): void {
    if (opts.historyMs !== undefined) this.historyMs = opts.historyMs;
    if (opts.historyMax !== undefined) this.historyMax = opts.historyMax;
    if (opts.historyMaxBytes !== undefined) this.historyMaxBytes = opts.historyMaxBytes;
    if (opts.maxBufferedBytes !== undefined) this.maxBufferedBytes = opts.maxBufferedBytes;
    if (opts.flushMs !== undefined) this.flushMs = opts.flushMs;
    if (opts.clock !== undefined) this.clock = opts.clock;
  }

  /** Hand numbering to a broker shared by several instances; its epoch becomes this hub's. */
  async useBroker(broker: RealtimeBroker): Promise<void> {
    const epoch = await broker.start((e, seqs, body) => this.fromBroker(e, seqs, body));
    this.broker = broker;
    if (epoch !== this.currentEpoch) this.changeEpoch(epoch);
  }

  hasBroker(): boolean {
    return this.broker !== null;
  }

  private topic(name: string): TopicState {
    let t = this.topics.get(name);
    if (!t) {
      t = { seq: 0, first: null, log: new TopicLog(this.store), pending: 0, clients: new Set() };
      this.topics.set(name, t);
    }
    return t;
  }

  /** Be told of every event published on this instance (after it is numbered). */
  onPublish(tap: (topics: readonly string[], event: RealtimeEvent) => void): void {
    this.taps.push(tap);
  }

  /**
   * Publish one event to several topics; the event is serialised once, as bytes, and copied into
   * the history slab (the hot path: nothing is allocated per event but the text of its fractional
   * numbers). The bytes are those of JSON.stringify(event).
   */
  publish(topics: readonly string[], event: RealtimeEvent): void {
    if (topics.length === 0) return;
    const bytes = this.json.write(event);
    this.stats.published++;
    if (this.broker) {
      this.broker.publish(topics, bytes >= 0 ? Buffer.from(this.json.buf.subarray(0, bytes)) : Buffer.from(JSON.stringify(event)));
    } else {
      const where = bytes >= 0 ? this.store.put(this.json.buf, bytes) : this.store.put(JSON.stringify(event));
      for (let i = 0; i < topics.length; i++) {
        const name = topics[i]!;
        const t = this.topic(name);
        this.accept(name, t, t.seq + 1, where);
      }
    }
    // Derived events follow the event they derive from.
    const taps = this.taps;
    for (let i = 0; i < taps.length; i++) taps[i]!(topics, event);
    this.flushIfHeld();
  }

  /** Publish to every topic this instance knows of (settings every console must hear). */
  publishToAll(event: RealtimeEvent): void {
    this.publish([...this.topics.keys()], event);
  }

  /** Topics this instance knows of (subscribed now or with history). */
  knownTopics(): string[] {
    return [...this.topics.keys()];
  }

  private fromBroker(epoch: string, seqs: readonly (readonly [string, number])[], body: Buffer): void {
    if (epoch !== this.currentEpoch) this.changeEpoch(epoch);
    const where = this.store.put(body);
    for (const [name, seq] of seqs) {
      const t = this.topic(name);
      if (t.first !== null && seq <= t.seq) continue; // already have it
      if (t.first !== null && seq !== t.seq + 1) {
        // The stream from the broker broke (its connection dropped): what is missing is gone.
        this.stats.gaps++;
        this.flush();
        this.resetTopic(t);
        for (const c of t.clients) c.send(frameOf({ op: 'refetch', topic: name, reason: 'gap' }));
      }
      this.accept(name, t, seq, where);
    }
    this.flushIfHeld();
  }

  private accept(name: string, t: TopicState, seq: number, where: Readonly<{ slab: number; off: number; len: number }>): void {
    t.seq = seq;
    if (t.first === null) t.first = seq;
    t.log.append(seq, this.clock.now(), where);
    t.pending++;
    this.dirty.add(name);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.pendingSince = performance.now();
    if (this.flushMs > 0) this.clock.setTimeout(() => this.flush(), this.flushMs);
    else setImmediate(() => this.flush());
  }

  /**
   * With flushMs 0, a long turn (a burst of a thousand device reports read from one socket read)
   * must not hold its first events until its last one is handled: once the oldest unsent event
   * has waited HOLD_MAX_MS, what is pending leaves at once (checked after each whole event).
   */
  private flushIfHeld(): void {
    if (this.flushScheduled && this.flushMs === 0 && performance.now() - this.pendingSince >= HOLD_MAX_MS) this.flush();
  }

  /** Send what was published since the last flush: one frame per topic, the same bytes to all. */
  flush(): void {
    this.flushScheduled = false;
    if (this.dirty.size === 0) return;
    const now = this.clock.now();
    for (const name of this.dirty) {
      const t = this.topics.get(name);
      if (!t || t.pending === 0) continue;
      const start = t.log.end - t.pending;
      t.pending = 0;
      if (t.clients.size > 0) {
        const frame = this.frame(name, t.log, start, t.log.end);
        this.stats.frames++;
        const count = t.log.end - start;
        // (A client cut off on the way is deleted from the set: a Set's iteration allows that.)
        for (const c of t.clients) {
          const floor = this.floors.get(c)?.get(name);
          if (floor === undefined) this.deliver(c, frame, count);
          else this.deliverAbove(c, name, t, start, floor);
        }
      }
      this.trim(t, now);
    }
    this.dirty.clear();
    this.trimBytes();
  }

  /** A client that resumed beyond what this instance had: skip what it already has. */
  private deliverAbove(c: HubClient, name: string, t: TopicState, start: number, floor: number): void {
    const from = Math.max(start, t.log.indexOf(floor + 1));
    if (from < t.log.end) {
      this.floors.get(c)?.delete(name);
      this.deliver(c, this.frame(name, t.log, from, t.log.end), t.log.end - from);
    }
  }

  /** One frame for entries [from, to): `event` for one, `events` (consecutive seqs) for more. */
  private frame(name: string, log: TopicLog, from: number, to: number): Buffer {
    const seq = log.seqOf(from);
    if (to - from === 1) {
      return log.join(`{"op":"event","topic":${JSON.stringify(name)},"seq":${seq},"epoch":"${this.currentEpoch}","event":`, from, to, '}');
    }
    return log.join(`{"op":"events","topic":${JSON.stringify(name)},"seq":${seq},"epoch":"${this.currentEpoch}","events":[`, from, to, ']}');
  }

  private trim(t: TopicState, now: number): void {
    const cutoff = now - this.historyMs;
    const log = t.log;
    const keepFrom = log.end - t.pending;
    let head = log.head;
    while (head < keepFrom && (log.end - head > this.historyMax || log.atOf(head) < cutoff)) head++;
    log.dropTo(head);
  }

  /**
   * Over the byte budget: the oldest events go first, across all topics (slabs fill in time order,
   * so a slab is freed once every topic has let go of its events).
   */
  private trimBytes(): void {
    const now = this.clock.now();
    let age = this.historyMs;
    while (this.store.bytes > this.historyMaxBytes && age >= 0) {
      age = age > 0 ? Math.floor(age * 0.9) : -1;
      // Down to everything that has left already, if need be (age -1).
      const cutoff = age >= 0 ? now - age : Number.POSITIVE_INFINITY;
      for (const t of this.topics.values()) {
        const log = t.log;
        const keepFrom = log.end - t.pending;
        let head = log.head;
        while (head < keepFrom && log.atOf(head) < cutoff) head++;
        log.dropTo(head);
      }
    }
  }

  private deliver(c: HubClient, frame: Buffer | string, events: number): void {
    if (c.bufferedAmount() > this.maxBufferedBytes) {
      this.stats.cutOff++;
      this.remove(c);
      c.terminate(1013, 'slow consumer');
      return;
    }
    c.send(frame);
    this.stats.delivered += events;
  }

  /**
   * Subscribe a client. With `resume` from the same epoch, replays what it missed, or tells it to
   * refetch when the history no longer reaches back; from another epoch, always refetch.
   */
  async subscribe(c: HubClient, topics: readonly Topic[], resume?: { epoch: string; seqs: Record<string, number> }): Promise<void> {
    // With a broker, the authority's counters say what the client may have missed that is still
    // on its way to this instance.
    let authority: number[] | null = null;
    let authorityFailed = false;
    if (resume && this.broker && resume.epoch === this.currentEpoch) {
      try {
        authority = await this.broker.currentSeqs(topics);
      } catch {
        authorityFailed = true;
      }
    }
    if (this.closed.has(c)) return; // closed while the broker answered
    let mine = this.clientTopics.get(c);
    if (!mine) {
      mine = new Set();
      this.clientTopics.set(c, mine);
    }
    const acks: { topic: string; seq: number }[] = [];
    const replay: { frame: Buffer | string; events: number }[] = [];
    topics.forEach((name, i) => {
      const t = this.topic(name);
      t.clients.add(c);
      mine.add(name);
      const flushed = t.seq - t.pending;
      acks.push({ topic: name, seq: flushed });
      const last = resume?.seqs[name];
      if (resume === undefined || last === undefined) return;
      if (resume.epoch !== this.currentEpoch) {
        replay.push({ frame: frameOf({ op: 'refetch', topic: name, reason: 'epoch' }), events: 0 });
        return;
      }
      const newest = authority?.[i] ?? t.seq;
      if (authorityFailed || last > Math.max(newest, t.seq)) {
        // Unknown or impossible position: only a refetch is safe.
        replay.push({ frame: frameOf({ op: 'refetch', topic: name, reason: 'gap' }), events: 0 });
        return;
      }
      if (last >= t.seq) {
        // Nothing here it lacks; events up to `last` still on their way must not reach it twice.
        if (last > t.seq) this.setFloor(c, name, last);
        if (last >= newest) return;
        if (t.first === null || t.first > last + 1) {
          replay.push({ frame: frameOf({ op: 'refetch', topic: name, reason: 'gap' }), events: 0 });
        }
        return;
      }
      const oldest = t.log.size > 0 ? t.log.seqOf(t.log.head) : t.seq + 1;
      if (t.first === null || t.first > last + 1 || oldest > last + 1) {
        replay.push({ frame: frameOf({ op: 'refetch', topic: name, reason: 'gap' }), events: 0 });
        return;
      }
      // Replay what was already flushed; the pending rest leaves with the next flush.
      const from = Math.max(t.log.head, t.log.indexOf(last + 1));
      const to = t.log.end - t.pending;
      for (let s = from; s < to; s += 500) {
        const end = Math.min(to, s + 500);
        replay.push({ frame: this.frame(name, t.log, s, end), events: end - s });
      }
    });
    c.send(frameOf({ op: 'subscribed', topics: acks }));
    for (const r of replay) {
      if (!this.clientTopics.has(c)) return; // cut off while replaying
      this.deliver(c, r.frame, r.events);
    }
  }

  private setFloor(c: HubClient, name: string, seq: number): void {
    let f = this.floors.get(c);
    if (!f) {
      f = new Map();
      this.floors.set(c, f);
    }
    f.set(name, seq);
  }

  unsubscribe(c: HubClient, topics: readonly string[]): void {
    const mine = this.clientTopics.get(c);
    for (const name of topics) {
      this.topics.get(name)?.clients.delete(c);
      mine?.delete(name);
      this.floors.get(c)?.delete(name);
    }
  }

  remove(c: HubClient): void {
    const mine = this.clientTopics.get(c);
    if (mine) for (const name of mine) this.topics.get(name)?.clients.delete(c);
    this.clientTopics.delete(c);
    this.floors.delete(c);
    this.closed.add(c);
  }

  clientCount(): number {
    return this.clientTopics.size;
  }

  /** Subscriptions over all clients (a client on three topics counts three). */
  subscriptionCount(): number {
    let n = 0;
    for (const topics of this.clientTopics.values()) n += topics.size;
    return n;
  }

  /** The topics a client is subscribed to (do not mutate). */
  topicsOf(c: HubClient): ReadonlySet<string> {
    return this.clientTopics.get(c) ?? NO_TOPICS;
  }

  /** Bytes of history held (for /healthz and benchmarks). */
  historySize(): { topics: number; events: number; bytes: number; spareBytes: number } {
    let events = 0;
    for (const t of this.topics.values()) events += t.log.size;
    return { topics: this.topics.size, events, bytes: this.store.bytes, spareBytes: this.store.spareBytes };
  }

  private resetTopic(t: TopicState): void {
    t.seq = 0;
    t.first = null;
    t.log.clear(0);
    t.pending = 0;
  }

  /** The numbering restarted (the broker's epoch changed): every subscriber refetches. */
  private changeEpoch(epoch: string): void {
    this.flush();
    this.currentEpoch = epoch;
    for (const [name, t] of this.topics) {
      this.resetTopic(t);
      for (const c of t.clients) c.send(frameOf({ op: 'refetch', topic: name, reason: 'epoch' }));
    }
    this.floors.clear();
  }

  closeAll(): void {
    this.flush();
    for (const c of [...this.clientTopics.keys()]) {
      this.remove(c);
      c.terminate(1001, 'server shutting down');
    }
  }

  /** Stop using the broker (shutdown): close its connections. */
  async detachBroker(): Promise<void> {
    const broker = this.broker;
    this.broker = null;
    await broker?.close();
  }
}

export function frameOf(message: ServerMessage): string {
  return JSON.stringify(message);
}
