/**
 * The chaos rules on /ws (mock only): a tap on every connection (platform/realtime-tap.ts) that
 * cuts it, holds its frames during a stall, or delivers them late. Frames leave in the order the
 * hub sent them: each waits for its own due time (now + the delays that applied to it), for the
 * end of its connection's stall, and for the frame before it.
 */
import type { AuthUser } from '../platform/access.js';
import type { Clock, ClockTimer } from '../platform/clock.js';
import type { HubClient } from '../platform/hub.js';
import type { RealtimeTap, TappedConnection } from '../platform/realtime-tap.js';
import type { ChaosCaller, ChaosRules } from './chaos-rules.js';

interface Held {
  frame: string | Buffer;
  due: number;
}

class ChaosConnection implements TappedConnection {
  readonly client: HubClient;
  private readonly queue: Held[] = [];
  /** The stalls holding this connection: rule id → end. */
  private readonly stalls = new Map<string, number>();
  private timer: ClockTimer | null = null;
  private open = true;

  constructor(
    private readonly raw: HubClient,
    readonly caller: ChaosCaller | null,
    readonly cut: () => void,
    private readonly rules: ChaosRules,
    private readonly clock: Clock,
    private readonly onClosed: (c: ChaosConnection) => void,
  ) {
    this.client = { send: (frame) => this.send(frame), bufferedAmount: () => raw.bufferedAmount(), terminate: (code, reason) => raw.terminate(code, reason) };
  }

  stall(ruleId: string, until: number): void {
    this.stalls.set(ruleId, Math.max(this.stalls.get(ruleId) ?? 0, until));
    this.schedule();
  }

  /** A stall rule removed before its end: what it held goes now (unless another stall holds it). */
  unstall(ruleId: string): void {
    if (this.stalls.delete(ruleId)) this.flush();
  }

  closed(): void {
    this.open = false;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.queue.length = 0;
    this.onClosed(this);
  }

  private stalledUntil(): number {
    let until = 0;
    for (const end of this.stalls.values()) until = Math.max(until, end);
    return until;
  }

  private send(frame: string | Buffer): void {
    let delay = 0;
    if (this.caller && this.rules.hasWs()) {
      for (const r of this.rules.wsHits('delay', this.caller)) if (r.effect.kind === 'delay') delay += r.effect.ms;
    }
    const now = this.clock.now();
    if (delay === 0 && this.queue.length === 0 && this.stalledUntil() <= now) {
      this.raw.send(frame);
      return;
    }
    this.queue.push({ frame, due: now + delay });
    this.schedule();
  }

  private flush(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (!this.open) return;
    const now = this.clock.now();
    for (const [id, end] of this.stalls) if (end <= now) this.stalls.delete(id);
    const stalled = this.stalledUntil();
    while (this.queue.length > 0 && stalled <= now && this.queue[0]!.due <= now) this.raw.send(this.queue.shift()!.frame);
    this.schedule();
  }

  private schedule(): void {
    if (!this.open || this.timer !== null) return;
    const head = this.queue[0];
    const stalled = this.stalledUntil();
    if (!head && stalled === 0) return;
    const at = Math.max(head?.due ?? 0, stalled);
    this.timer = this.clock.setTimeout(() => this.flush(), Math.max(0, at - this.clock.now()));
    this.timer.unref();
  }
}

/** The tap the realtime route calls for each connection; it follows the rules as they are added and removed. */
export function chaosRealtimeTap(rules: ChaosRules, clock: Clock): RealtimeTap {
  const connections = new Set<ChaosConnection>();

  const applyOnOpen = (c: ChaosConnection, only?: string): void => {
    if (!c.caller) return;
    if (rules.wsHits('cut', c.caller, only).length > 0) {
      c.cut();
      return;
    }
    for (const r of rules.wsHits('stall', c.caller, only)) c.stall(r.id, r.endsAt ?? clock.now());
  };

  rules.onChange((change) => {
    if (change.rule.surface !== 'ws') return;
    if (change.kind === 'added') for (const c of [...connections]) applyOnOpen(c, change.rule.id);
    else if (change.rule.effect.kind === 'stall') for (const c of connections) c.unstall(change.rule.id);
  });

  return {
    attach(client: HubClient, user: AuthUser | undefined, cut: () => void): TappedConnection {
      const caller = user ? { username: user.username, roles: user.roles } : null;
      const c = new ChaosConnection(client, caller, cut, rules, clock, (closed) => connections.delete(closed));
      connections.add(c);
      if (rules.hasWs()) applyOnOpen(c);
      return c;
    },
  };
}
