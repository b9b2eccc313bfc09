/**
 * The real-time hub behind /ws: topics (one per group, one per inventory), per-topic sequence
 * numbers under a process epoch, a bounded history for resuming, and bounded per-client buffers.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeEvent, ServerMessage, Topic } from '@fleet/contracts';

export interface HubClient {
  /** Send one already-serialised frame. */
  send(frame: string): void;
  /** Bytes queued in the socket and not yet written. */
  bufferedAmount(): number;
  /** Cut the connection (slow consumer, shutdown). */
  terminate(code: number, reason: string): void;
}

interface TopicState {
  seq: number;
  history: { seq: number; at: number; frame: string }[];
  clients: Set<HubClient>;
}

export interface HubOptions {
  /** Keep at least this much history for resuming (spec issue: ≥ 60 s). */
  historyMs?: number;
  /** Upper bound of events kept per topic, whatever their age. */
  historyMax?: number;
  /** A client whose unsent data exceeds this is cut off. */
  maxBufferedBytes?: number;
  now?: () => number;
}

export class RealtimeHub {
  readonly epoch = randomUUID();
  private readonly topics = new Map<string, TopicState>();
  private readonly clientTopics = new Map<HubClient, Set<string>>();
  private readonly historyMs: number;
  private readonly historyMax: number;
  private readonly maxBufferedBytes: number;
  private readonly now: () => number;
  /** Counters for /healthz and benchmarks. */
  readonly stats = { published: 0, delivered: 0, cutOff: 0 };

  constructor(opts: HubOptions = {}) {
    this.historyMs = opts.historyMs ?? 120_000;
    this.historyMax = opts.historyMax ?? 10_000;
    this.maxBufferedBytes = opts.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
  }

  private topic(name: string): TopicState {
    let t = this.topics.get(name);
    if (!t) {
      t = { seq: 0, history: [], clients: new Set() };
      this.topics.set(name, t);
    }
    return t;
  }

  /** Publish one event to several topics; the event is serialised once. */
  publish(topics: readonly string[], event: RealtimeEvent): void {
    if (topics.length === 0) return;
    const eventJson = JSON.stringify(event);
    const at = this.now();
    this.stats.published++;
    for (const name of topics) {
      const t = this.topic(name);
      t.seq++;
      const frame = `{"op":"event","topic":${JSON.stringify(name)},"seq":${t.seq},"epoch":"${this.epoch}","event":${eventJson}}`;
      t.history.push({ seq: t.seq, at, frame });
      this.trim(t, at);
      for (const c of t.clients) this.deliver(c, frame);
    }
  }

  private trim(t: TopicState, at: number): void {
    let drop = 0;
    const cutoff = at - this.historyMs;
    while (drop < t.history.length && (t.history.length - drop > this.historyMax || t.history[drop]!.at < cutoff)) drop++;
    if (drop > 0) t.history.splice(0, drop);
  }

  private deliver(c: HubClient, frame: string): void {
    if (c.bufferedAmount() > this.maxBufferedBytes) {
      this.stats.cutOff++;
      this.remove(c);
      c.terminate(1013, 'slow consumer');
      return;
    }
    c.send(frame);
    this.stats.delivered++;
  }

  /**
   * Subscribe a client. With `resume` from the same epoch, replays what it missed, or tells it to
   * refetch when the history no longer reaches back; from another epoch, always refetch.
   */
  subscribe(c: HubClient, topics: readonly Topic[], resume?: { epoch: string; seqs: Record<string, number> }): void {
    let mine = this.clientTopics.get(c);
    if (!mine) {
      mine = new Set();
      this.clientTopics.set(c, mine);
    }
    const acks: { topic: string; seq: number }[] = [];
    const replay: string[] = [];
    for (const name of topics) {
      const t = this.topic(name);
      t.clients.add(c);
      mine.add(name);
      acks.push({ topic: name, seq: t.seq });
      const last = resume?.seqs[name];
      if (resume === undefined || last === undefined) continue;
      if (resume.epoch !== this.epoch) {
        replay.push(frameOf({ op: 'refetch', topic: name, reason: 'epoch' }));
        continue;
      }
      if (last >= t.seq) continue;
      const first = t.history[0];
      if (!first || first.seq > last + 1) {
        replay.push(frameOf({ op: 'refetch', topic: name, reason: 'gap' }));
        continue;
      }
      for (const h of t.history) if (h.seq > last) replay.push(h.frame);
    }
    c.send(frameOf({ op: 'subscribed', topics: acks }));
    for (const f of replay) this.deliver(c, f);
  }

  unsubscribe(c: HubClient, topics: readonly string[]): void {
    const mine = this.clientTopics.get(c);
    for (const name of topics) {
      this.topics.get(name)?.clients.delete(c);
      mine?.delete(name);
    }
  }

  remove(c: HubClient): void {
    const mine = this.clientTopics.get(c);
    if (mine) for (const name of mine) this.topics.get(name)?.clients.delete(c);
    this.clientTopics.delete(c);
  }

  clientCount(): number {
    return this.clientTopics.size;
  }

  closeAll(): void {
    for (const c of [...this.clientTopics.keys()]) {
      this.remove(c);
      c.terminate(1001, 'server shutting down');
    }
  }
}

export function frameOf(message: ServerMessage): string {
  return JSON.stringify(message);
}
