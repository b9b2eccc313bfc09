/**
 * Toast queue of spec 000 §2 / 001 §2: at most TIMINGS.toastMax (5) shown at once, the rest wait in
 * order; default timeout TIMINGS.toastDefaultTimeoutMs (3000 ms), default variant info, optional
 * sound, optional no close button. Pure state transitions; ToastProvider renders and times them.
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
}

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
  };
}

/** Adds a toast: shown when fewer than TIMINGS.toastMax are visible, else queued behind the others. */
export function pushToast(state: ToastState, input: ToastInput, id: number = state.nextId): { state: ToastState; toast: Toast } {
  const toast = normalizeToast(id, input);
  const nextId = Math.max(state.nextId, id + 1);
  if (state.visible.length < TIMINGS.toastMax) return { state: { visible: [...state.visible, toast], queued: state.queued, nextId }, toast };
  return { state: { visible: state.visible, queued: [...state.queued, toast], nextId }, toast };
}

/** Removes a toast (closed or timed out) and promotes queued ones into the free places. */
export function dismissToast(state: ToastState, id: number): ToastState {
  const visible = state.visible.filter((toast) => toast.id !== id);
  const queued = state.queued.filter((toast) => toast.id !== id);
  if (visible.length === state.visible.length && queued.length === state.queued.length) return state;
  const free = Math.max(0, TIMINGS.toastMax - visible.length);
  return { visible: [...visible, ...queued.slice(0, free)], queued: queued.slice(free), nextId: state.nextId };
}

export function clearToasts(state: ToastState): ToastState {
  return { visible: [], queued: [], nextId: state.nextId };
}
