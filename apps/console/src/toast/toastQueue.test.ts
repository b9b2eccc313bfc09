import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { dismissToast, EMPTY_TOASTS, pushToast } from './toastQueue';
import type { ToastState } from './toastQueue';

function pushMany(count: number, state: ToastState = EMPTY_TOASTS): ToastState {
  let next = state;
  for (let i = 0; i < count; i += 1) next = pushToast(next, { message: `m${i}` }).state;
  return next;
}

describe('toast queue (spec 000 §2)', () => {
  it('applies the defaults: info, 3000 ms, close button, no sound', () => {
    const { toast } = pushToast(EMPTY_TOASTS, { message: 'hello' });
    expect(toast).toMatchObject({ variant: 'info', timeoutMs: TIMINGS.toastDefaultTimeoutMs, closable: true, sound: false });
    expect(TIMINGS.toastDefaultTimeoutMs).toBe(3000);
  });

  it('keeps options given', () => {
    const { toast } = pushToast(EMPTY_TOASTS, { message: 'x', variant: 'error', timeoutMs: 0, closable: false, sound: true });
    expect(toast).toMatchObject({ variant: 'error', timeoutMs: 0, closable: false, sound: true });
  });

  it('shows at most 5 and queues the rest in order', () => {
    const state = pushMany(8);
    expect(TIMINGS.toastMax).toBe(5);
    expect(state.visible.map((t) => t.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(state.queued.map((t) => t.message)).toEqual(['m5', 'm6', 'm7']);
  });

  it('promotes the oldest queued toast when one closes', () => {
    const state = pushMany(7);
    const first = state.visible[0];
    if (!first) throw new Error('no toast');
    const next = dismissToast(state, first.id);
    expect(next.visible.map((t) => t.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(next.queued.map((t) => t.message)).toEqual(['m6']);
  });

  it('removes a queued toast without promoting, and ignores unknown ids', () => {
    const state = pushMany(7);
    const queued = state.queued[1];
    if (!queued) throw new Error('no toast');
    const next = dismissToast(state, queued.id);
    expect(next.visible).toHaveLength(5);
    expect(next.queued.map((t) => t.message)).toEqual(['m5']);
    expect(dismissToast(next, 999)).toBe(next);
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
  const messages = (toasts: readonly { message: string }[]) => toasts.map((t) => t.message);

  it('shows the user’s toasts above the fleet notices', () => {
    const state = user(fleet(fleet(EMPTY_TOASTS, 'f1'), 'f2'), 'saved');
    expect(messages(state.visible)).toEqual(['saved', 'f1', 'f2']);
  });

  it('gives a user’s toast the place of the oldest fleet notice shown when five are shown', () => {
    let state = EMPTY_TOASTS;
    for (const m of ['f1', 'f2', 'f3', 'f4', 'f5', 'f6']) state = fleet(state, m);
    state = user(state, 'Stream stopped');
    expect(messages(state.visible)).toEqual(['Stream stopped', 'f2', 'f3', 'f4', 'f5']);
    expect(messages(state.queued)).toEqual(['f6']);
  });

  it('queues a user’s toast ahead of waiting fleet notices when five of the user’s are shown', () => {
    let state = EMPTY_TOASTS;
    for (const m of ['u1', 'u2', 'u3', 'u4', 'u5']) state = user(state, m);
    state = fleet(fleet(state, 'f1'), 'f2');
    state = user(state, 'u6');
    expect(messages(state.queued)).toEqual(['u6', 'f1', 'f2']);
    const first = state.visible[0];
    if (!first) throw new Error('no toast');
    expect(messages(dismissToast(state, first.id).visible)).toEqual(['u2', 'u3', 'u4', 'u5', 'u6']);
  });

  it('keeps a fleet notice behind every other toast', () => {
    let state = EMPTY_TOASTS;
    for (const m of ['u1', 'u2', 'u3', 'u4', 'u5']) state = user(state, m);
    state = fleet(state, 'f1');
    expect(messages(state.visible)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    expect(state.queued.map((t) => t.source)).toEqual(['fleet']);
  });
});
