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
