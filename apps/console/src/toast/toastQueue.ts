/**
 * Toast queue of spec 000 §2 / 001 §2: at most TIMINGS.toastMax (5) shown at once, the rest wait in
 * order; default timeout TIMINGS.toastDefaultTimeoutMs (3000 ms), default variant info, optional
 * sound, optional no close button. Pure state transitions; ToastProvider renders and times them.
 *
 * Priority (shared/UX.md "the user's own confirmations and errors first"): a toast is the user's
 * (`source: 'user'`, the default: a confirmation or an error of what the user did) or a fleet
 * notice (`source: 'fleet'`: what /ws relays about units, hubs and channels). The user's toasts are
 * shown above the fleet notices, wait ahead of them, and, when five are already shown, take the
 * place of the oldest fleet notice shown (it has been seen) rather than wait behind it.
 */
import { TIMINGS } from '@fleet/contracts';
import type { ToastVariant } from '@fleet/contracts';

export interface ToastInput {
  readonly message: string;
  readonly title?: string;
  /** Default 'info'. */
  readonly variant?: ToastVariant;
  /** Auto-close after this many ms; 0 keeps it until closed. Default TIMINGS.toastDefaultTimeoutMs. */
  readonly timeoutMs?: number;
  /** Play a short sound when the toast appears. Default false. */
  readonly sound?: boolean;
  /** Show the close button. Default true. */
  readonly closable?: boolean;
  /** Whose toast: the user's own action (default) or a fleet notice, which gives way to the user's. */
  readonly source?: ToastSource;
}

export type ToastSource = 'user' | 'fleet';

export type Toast = Readonly<ReturnType<typeof normalizeToast>>;

export interface ToastState {
  readonly visible: readonly Toast[];
  readonly queued: readonly Toast[];
  readonly nextId: number;
}

export const EMPTY_TOASTS: ToastState = { visible: [], queued: [], nextId: 1 };

export function normalizeToast(id: number, input: ToastInput) {
  return {
    id,
    message: input.message,
    title: input.title,
    variant: input.variant ?? 'info',
    timeoutMs: input.timeoutMs ?? TIMINGS.toastDefaultTimeoutMs,
    sound: input.sound ?? false,
    closable: input.closable ?? true,
    source: input.source ?? 'user',
  };
}

/** The user's toasts before the fleet notices, each in its own order. */
function byPriority(toasts: readonly Toast[]): Toast[] {
  return [...toasts.filter((toast) => toast.source === 'user'), ...toasts.filter((toast) => toast.source !== 'user')];
}

/**
 * Adds a toast: shown when fewer than TIMINGS.toastMax are visible; else a user's toast replaces the
 * oldest fleet notice shown, if any, and otherwise waits ahead of the fleet notices waiting; a fleet
 * notice waits behind every other toast. `visible` lists the user's toasts first (the order shown).
 */
export function pushToast(state: ToastState, input: ToastInput, id: number = state.nextId): { state: ToastState; toast: Toast } {
  const toast = normalizeToast(id, input);
  const nextId = Math.max(state.nextId, id + 1);
  if (state.visible.length < TIMINGS.toastMax) return { state: { visible: byPriority([...state.visible, toast]), queued: state.queued, nextId }, toast };
  if (toast.source === 'user') {
    const oldestFleet = state.visible.find((shown) => shown.source === 'fleet');
    if (oldestFleet) {
      const visible = byPriority([...state.visible.filter((shown) => shown.id !== oldestFleet.id), toast]);
      return { state: { visible, queued: state.queued, nextId }, toast };
    }
  }
  return { state: { visible: state.visible, queued: byPriority([...state.queued, toast]), nextId }, toast };
}

/** Removes a toast (closed or timed out) and promotes queued ones into the free places. */
export function dismissToast(state: ToastState, id: number): ToastState {
  const visible = state.visible.filter((toast) => toast.id !== id);
  const queued = state.queued.filter((toast) => toast.id !== id);
  if (visible.length === state.visible.length && queued.length === state.queued.length) return state;
  const free = Math.max(0, TIMINGS.toastMax - visible.length);
  return { visible: byPriority([...visible, ...queued.slice(0, free)]), queued: queued.slice(free), nextId: state.nextId };
}

export function clearToasts(state: ToastState): ToastState {
  return { visible: [], queued: [], nextId: state.nextId };
}
