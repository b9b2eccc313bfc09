import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { dismissToast, EMPTY_TOASTS, pushToast, TOAST_MAX, TOAST_QUEUE_MAX } from './toastQueue';
import type { ToastState } from './toastQueue';

function pushMany(count: number, state: ToastState = EMPTY_TOASTS): ToastState {
  let next = state;
  for (let i = 0; i < count; i += 1) next = pushToast(next, { message: `m${i}` }).state;
  return next;
}

const messages = (toasts: readonly { message: string }[]) => toasts.map((t) => t.message);

describe('toast queue (spec 000 §2, at most three at fleet scale)', () => {
  it('applies the defaults: info, 3000 ms, close button, no sound', () => {
    const { toast } = pushToast(EMPTY_TOASTS, { message: 'hello' });
    expect(toast).toMatchObject({ variant: 'info', timeoutMs: TIMINGS.toastDefaultTimeoutMs, closable: true, sound: false, count: 1 });
    expect(TIMINGS.toastDefaultTimeoutMs).toBe(3000);
  });

  it('keeps options given', () => {
    const { toast } = pushToast(EMPTY_TOASTS, { message: 'x', variant: 'error', timeoutMs: 0, closable: false, sound: true });
    expect(toast).toMatchObject({ variant: 'error', timeoutMs: 0, closable: false, sound: true });
  });

  it('shows at most 3 (the spec says 5) and queues the rest in order', () => {
    const state = pushMany(6);
    expect(TOAST_MAX).toBe(3);
    expect(messages(state.visible)).toEqual(['m0', 'm1', 'm2']);
    expect(messages(state.queued)).toEqual(['m3', 'm4', 'm5']);
  });

  it('promotes the oldest queued toast when one closes', () => {
    const state = pushMany(5);
    const next = dismissToast(state, state.visible[0]!.id);
    expect(messages(next.visible)).toEqual(['m1', 'm2', 'm3']);
    expect(messages(next.queued)).toEqual(['m4']);
  });

  it('removes a queued toast without promoting, and ignores unknown ids', () => {
    const state = pushMany(5);
    const next = dismissToast(state, state.queued[1]!.id);
    expect(next.visible).toHaveLength(3);
    expect(messages(next.queued)).toEqual(['m3']);
    expect(dismissToast(next, 999)).toBe(next);
  });

  it('joins an equal toast, shown or waiting, to the one there with a count, and starts its time again', () => {
    let state = pushToast(EMPTY_TOASTS, { message: 'Saved', variant: 'success' }, 1, 100).state;
    state = pushToast(state, { message: 'Saved', variant: 'success' }, 2, 900).state;
    expect(state.visible).toHaveLength(1);
    expect(state.visible[0]).toMatchObject({ id: 1, count: 2, shownAt: 900 });
    // Not equal: another variant, or another key.
    state = pushToast(state, { message: 'Saved', variant: 'error' }).state;
    expect(state.visible).toHaveLength(2);
    state = pushMany(4, state);
    const waiting = state.queued[0]!;
    state = pushToast(state, { message: waiting.message }).state;
    expect(state.queued[0]).toMatchObject({ id: waiting.id, count: 2 });
    // A key makes toasts of different texts one (the same alert of a unit, its count rising).
    state = pushToast(EMPTY_TOASTS, { message: 'Cam 1: battery 9%', key: 'alert:U1:battery' }).state;
    state = pushToast(state, { message: 'Cam 1: battery 8%', key: 'alert:U1:battery' }).state;
    expect(state.visible).toHaveLength(1);
    expect(state.visible[0]).toMatchObject({ count: 2 });
  });

  it('keeps at most TOAST_QUEUE_MAX waiting: the oldest fleet notice leaves first, else the oldest', () => {
    let state = pushMany(3);
    state = pushToast(state, { message: 'fleet-1', source: 'fleet' }).state;
    for (let i = 0; i < 30; i += 1) state = pushToast(state, { message: `u${i}` }).state;
    expect(state.queued).toHaveLength(TOAST_QUEUE_MAX);
    expect(messages(state.queued)).not.toContain('fleet-1');
    expect(messages(state.queued)).toEqual(Array.from({ length: TOAST_QUEUE_MAX }, (_, i) => `u${30 - TOAST_QUEUE_MAX + i}`));
  });

  it('gives every toast its own id', () => {
    const state = pushMany(6);
    const all = [...state.visible, ...state.queued].map((t) => t.id);
    expect(new Set(all).size).toBe(6);
  });
});

describe('the user’s toasts before fleet notices', () => {
  const fleet = (state: ToastState, message: string) => pushToast(state, { message, source: 'fleet' }).state;
  const user = (state: ToastState, message: string) => pushToast(state, { message }).state;

  it('shows the user’s toasts above the fleet notices', () => {
    const state = user(fleet(fleet(EMPTY_TOASTS, 'f1'), 'f2'), 'saved');
    expect(messages(state.visible)).toEqual(['saved', 'f1', 'f2']);
  });

  it('gives a user’s toast the place of the oldest fleet notice shown when three are shown', () => {
    let state = EMPTY_TOASTS;
    for (const m of ['f1', 'f2', 'f3', 'f4']) state = fleet(state, m);
    state = user(state, 'Stream stopped');
    expect(messages(state.visible)).toEqual(['Stream stopped', 'f2', 'f3']);
    expect(messages(state.queued)).toEqual(['f4']);
  });

  it('queues a user’s toast ahead of waiting fleet notices when three of the user’s are shown', () => {
    let state = EMPTY_TOASTS;
    for (const m of ['u1', 'u2', 'u3']) state = user(state, m);
    state = fleet(fleet(state, 'f1'), 'f2');
    state = user(state, 'u4');
    expect(messages(state.queued)).toEqual(['u4', 'f1', 'f2']);
    expect(messages(dismissToast(state, state.visible[0]!.id).visible)).toEqual(['u2', 'u3', 'u4']);
  });
});
