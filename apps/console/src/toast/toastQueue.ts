/**
 * Toast queue of spec 000 §2 / 001 §2: at most TOAST_MAX shown at once, the rest wait in order;
 * default timeout TIMINGS.toastDefaultTimeoutMs (3000 ms), default variant info, optional sound,
 * optional no close button. Pure state transitions; ToastProvider renders and times them.
 *
 * At fleet scale (what the fleet does goes to the notification centre, features/notification-centre;
 * toasts are the person's own actions and critical alerts of the unit in view):
 * - TOAST_MAX is 3, not the spec's 5 (TIMINGS.toastMax): five stacked toasts covered the page;
 * - a toast equal to one shown or waiting (same `key`, else the same variant, title and message)
 *   is not stacked: that toast counts it (`count`, "×3") and, when shown, its time starts again;
 * - at most TOAST_QUEUE_MAX wait; beyond, the oldest waiting fleet notice leaves, else the oldest.
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
  /** What makes two toasts the same one (default: variant, title and message). */
  readonly key?: string;
}

/** At most this many toasts are shown at once. */
export const TOAST_MAX = 3;
/** At most this many wait. */
export const TOAST_QUEUE_MAX = 10;

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
    key: input.key ?? `${input.variant ?? 'info'}|${input.title ?? ''}|${input.message}`,
    /** How many times it was shown (equal toasts join it). */
    count: 1,
    /** Its time runs from here (a joining toast starts it again). */
    shownAt: 0,
  };
}

/** The user's toasts before the fleet notices, each in its own order. */
function byPriority(toasts: readonly Toast[]): Toast[] {
  return [...toasts.filter((toast) => toast.source === 'user'), ...toasts.filter((toast) => toast.source !== 'user')];
}

/**
 * Adds a toast (at `now`, its time's start): joins an equal one shown or waiting; else shown when
 * fewer than TOAST_MAX are visible; else a user's toast replaces the
 * oldest fleet notice shown, if any, and otherwise waits ahead of the fleet notices waiting; a fleet
 * notice waits behind every other toast. `visible` lists the user's toasts first (the order shown).
 */
export function pushToast(state: ToastState, input: ToastInput, id: number = state.nextId, now: number = 0): { state: ToastState; toast: Toast } {
  const fresh = normalizeToast(id, input);
  const nextId = Math.max(state.nextId, id + 1);
  const join = (list: readonly Toast[]) => list.map((shown) => (shown.key === fresh.key ? { ...shown, count: shown.count + 1, shownAt: now } : shown));
  const same = state.visible.find((shown) => shown.key === fresh.key) ?? state.queued.find((waiting) => waiting.key === fresh.key);
  if (same !== undefined) {
    return { state: { visible: join(state.visible), queued: join(state.queued), nextId }, toast: { ...same, count: same.count + 1, shownAt: now } };
  }
  const toast = { ...fresh, shownAt: now };
  if (state.visible.length < TOAST_MAX) return { state: { visible: byPriority([...state.visible, toast]), queued: state.queued, nextId }, toast };
  if (toast.source === 'user') {
    const oldestFleet = state.visible.find((shown) => shown.source === 'fleet');
    if (oldestFleet) {
      const visible = byPriority([...state.visible.filter((shown) => shown.id !== oldestFleet.id), toast]);
      return { state: { visible, queued: state.queued, nextId }, toast };
    }
  }
  return { state: { visible: state.visible, queued: bounded(byPriority([...state.queued, toast])), nextId }, toast };
}

/** The waiting toasts within TOAST_QUEUE_MAX: the oldest fleet notice leaves first, else the oldest. */
function bounded(queued: Toast[]): Toast[] {
  while (queued.length > TOAST_QUEUE_MAX) {
    const fleet = queued.findIndex((toast) => toast.source === 'fleet');
    queued.splice(fleet >= 0 ? fleet : 0, 1);
  }
  return queued;
}

/** Removes a toast (closed or timed out) and promotes queued ones into the free places. */
export function dismissToast(state: ToastState, id: number): ToastState {
  const visible = state.visible.filter((toast) => toast.id !== id);
  const queued = state.queued.filter((toast) => toast.id !== id);
  if (visible.length === state.visible.length && queued.length === state.queued.length) return state;
  const free = Math.max(0, TOAST_MAX - visible.length);
  return { visible: byPriority([...visible, ...queued.slice(0, free)]), queued: queued.slice(free), nextId: state.nextId };
}

export function clearToasts(state: ToastState): ToastState {
  return { visible: [], queued: [], nextId: state.nextId };
}
