import { describe, expect, it } from 'vitest';
import { RealtimeHub, type HubClient } from './hub.js';
import type { RealtimeEvent } from '@fleet/contracts';

function client(buffered = 0) {
  const frames: unknown[] = [];
  let closed: [number, string] | null = null;
  const c: HubClient = {
    send: (f) => frames.push(JSON.parse(f)),
    bufferedAmount: () => buffered,
    terminate: (code, reason) => {
      closed = [code, reason];
    },
  };
  return { c, frames, closed: () => closed };
}

const ev = (unitId: string): RealtimeEvent => ({ type: 'device.added', unitId, at: 1 });

describe('realtime hub', () => {
  it('numbers events per topic and delivers only to subscribers of that topic', () => {
    const hub = new RealtimeHub();
    const a = client();
    const b = client();
    hub.subscribe(a.c, ['group:g1']);
    hub.subscribe(b.c, ['group:g2']);
    hub.publish(['group:g1', 'group:g2'], ev('u1'));
    hub.publish(['group:g1'], ev('u2'));
    const seqA = a.frames.filter((f) => (f as { op: string }).op === 'event').map((f) => (f as { seq: number }).seq);
    expect(seqA).toEqual([1, 2]);
    expect(b.frames.filter((f) => (f as { op: string }).op === 'event')).toHaveLength(1);
  });

  it('replays missed events on resume, with nothing lost or duplicated', () => {
    const hub = new RealtimeHub();
    for (let i = 0; i < 5; i++) hub.publish(['group:g'], ev(`u${i}`));
    const c = client();
    hub.subscribe(c.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 2 } });
    const seqs = c.frames.filter((f) => (f as { op: string }).op === 'event').map((f) => (f as { seq: number }).seq);
    expect(seqs).toEqual([3, 4, 5]);
  });

  it('asks for a refetch when the epoch changed or the history no longer reaches back', () => {
    const hub = new RealtimeHub({ historyMax: 2 });
    for (let i = 0; i < 5; i++) hub.publish(['group:g'], ev(`u${i}`));
    const old = client();
    hub.subscribe(old.c, ['group:g'], { epoch: 'another-epoch', seqs: { 'group:g': 1 } });
    expect(old.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'epoch' });
    const gap = client();
    hub.subscribe(gap.c, ['group:g'], { epoch: hub.epoch, seqs: { 'group:g': 1 } });
    expect(gap.frames).toContainEqual({ op: 'refetch', topic: 'group:g', reason: 'gap' });
  });

  it('cuts off a slow consumer while others keep receiving', () => {
    const hub = new RealtimeHub({ maxBufferedBytes: 100 });
    const slow = client(1000);
    const fast = client(0);
    hub.subscribe(slow.c, ['group:g']);
    hub.subscribe(fast.c, ['group:g']);
    hub.publish(['group:g'], ev('u'));
    hub.publish(['group:g'], ev('u'));
    expect(slow.closed()).toEqual([1013, 'slow consumer']);
    expect(fast.frames.filter((f) => (f as { op: string }).op === 'event')).toHaveLength(2);
    expect(hub.clientCount()).toBe(1);
  });
});
