import { createContext, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Badge, Notification, Stack } from '@mantine/core';
import type { ToastVariant } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { clearToasts, dismissToast, EMPTY_TOASTS, pushToast } from './toastQueue';
import type { Toast, ToastInput, ToastState } from './toastQueue';
import { playToastSound } from './sound';
import { TOAST_EDGE, TOAST_WIDTH, toastPlacement } from './toastPlacement';
import type { Box, ToastArea, ToastPlacement } from './toastPlacement';

export interface ToastApi {
  /** Shows a toast (or queues it); returns its id. */
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

type Action = { type: 'push'; id: number; input: ToastInput; now: number } | { type: 'dismiss'; id: number } | { type: 'clear' };

function reducer(state: ToastState, action: Action): ToastState {
  switch (action.type) {
    case 'push':
      return pushToast(state, action.input, action.id, action.now).state;
    case 'dismiss':
      return dismissToast(state, action.id);
    case 'clear':
      return clearToasts(state);
  }
}

const COLOURS: Record<ToastVariant, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

function ToastItem({ toast, onClose, paused }: { toast: Toast; onClose: (id: number) => void; paused: boolean }) {
  const { t } = useTranslation();
  const sound = toast.sound;
  const variant = toast.variant;
  // The sound plays once, when the toast first shows (not again when an equal one joins it).
  useEffect(() => {
    if (sound && !paused) playToastSound(variant);
  }, [sound, variant, paused]);
  // Its time starts again when an equal toast joins it (a new count).
  // A toast waiting for room (no place covers no control) is hidden, its time not running.
  useEffect(() => {
    if (toast.timeoutMs <= 0 || paused) return undefined;
    const timer = window.setTimeout(() => onClose(toast.id), toast.timeoutMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.timeoutMs, toast.count, onClose, paused]);
  return (
    <Notification
      data-testid="toast"
      data-variant={toast.variant}
      data-sound={toast.sound}
      data-source={toast.source}
      data-count={toast.count}
      style={{ pointerEvents: 'auto' }}
      color={COLOURS[toast.variant]}
      title={toast.title}
      withCloseButton={toast.closable}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={() => onClose(toast.id)}
      role={toast.variant === 'error' ? 'alert' : 'status'}
      withBorder
    >
      {toast.message}
      {toast.count > 1 && (
        <Badge
          ml="xs"
          size="sm"
          variant="light"
          color={COLOURS[toast.variant]}
          data-testid="toast-count"
          aria-label={t('notificationCentre.toastTimes', { count: toast.count })}
        >
          ×{toast.count}
        </Badge>
      )}
    </Notification>
  );
}

/** The header, and what the stack keeps clear of besides the page's controls: open modals, drawers and drop-downs (Mantine's static class names). */
const HEADER_SELECTOR = '.mantine-AppShell-header';
const OBSTACLE_SELECTOR = '.mantine-Modal-content, .mantine-Drawer-content, .mantine-Popover-dropdown, .mantine-Menu-dropdown, .mantine-AppShell-navbar';
/** The page's controls: a toast never covers one (the candidates of a click or a key). */
export const CONTROL_SELECTOR =
  'button, a[href], input, select, textarea, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="combobox"], [role="slider"], [role="radio"], [role="menuitem"], [role="link"], .leaflet-marker-icon';
/** A modal or drop-down opens with a transition: measured again once it has settled. */
const SETTLE_MS = 250;
/** At most one measure per this many ms while the page changes (live lists change every frame). */
const MEASURE_EVERY_MS = 150;
/** How often the stack's place is measured again while toasts show, whatever changed. */
const RECHECK_MS = 1000;
/** A toast's height before it was measured. */
const TOAST_HEIGHT_GUESS = 72;

function measureObstacles(stack: HTMLElement | null): { area: ToastArea; overlays: Box[]; obstacles: Box[] } {
  const header = document.querySelector(HEADER_SELECTOR)?.getBoundingClientRect();
  const width = window.innerWidth;
  const height = window.innerHeight;
  const boxes = (selector: string): Box[] => {
    const found: Box[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (stack?.contains(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0 || rect.bottom <= 0 || rect.right <= 0 || rect.top >= height || rect.left >= width) continue;
      found.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
    }
    return found;
  };
  const overlays = boxes(OBSTACLE_SELECTOR);
  return {
    area: { viewportWidth: width, viewportHeight: height, headerBottom: header?.bottom ?? 0, navbarRight: 0 },
    overlays,
    obstacles: [...overlays, ...boxes(CONTROL_SELECTOR)],
  };
}

interface StackPlace {
  readonly placement: ToastPlacement | null;
  /** How many of the visible toasts fit there (the others wait, their time not running). */
  readonly shown: number;
  /** Where no place is clear of every control: the place of the first toast clear of modals, drawers and drop-downs only (null: none). */
  readonly fallback?: ToastPlacement | null;
}

function samePlace(a: StackPlace, b: StackPlace): boolean {
  const p = a.placement;
  const q = b.placement;
  const same = (p: ToastPlacement | null, q: ToastPlacement | null) =>
    p === q || (p !== null && q !== null && p.top === q.top && p.left === q.left && p.width === q.width);
  return a.shown === b.shown && same(p, q) && same(a.fallback ?? null, b.fallback ?? null);
}

/** The place of the most toasts that fit, the first `count` of `heights`; none when not even one does. */
export function placeStack(area: ToastArea, obstacles: readonly Box[], heights: readonly number[]): StackPlace {
  for (let shown = heights.length; shown > 0; shown -= 1) {
    const height = heights.slice(0, shown).reduce((sum, h) => sum + h, 0) + TOAST_STACK_GAP * (shown - 1);
    const placement = toastPlacement(area, obstacles, height);
    if (placement !== null) return { placement, shown };
  }
  return { placement: null, shown: 0 };
}

/** The spec's place: top right, below the header. */
function defaultPlacement(): ToastPlacement {
  const header = document.querySelector(HEADER_SELECTOR)?.getBoundingClientRect();
  const width = Math.min(TOAST_WIDTH, window.innerWidth - 2 * TOAST_EDGE);
  return { top: (header?.bottom ?? 0) + TOAST_EDGE, left: window.innerWidth - width - TOAST_EDGE, width };
}

/** The gap between two toasts of the stack (Mantine's `xs`). */
const TOAST_STACK_GAP = 10;

/**
 * The stack's place (toastPlacement.ts), followed while toasts are shown: on resize, and when the
 * page's elements change (a modal or a drop-down opening, a list scrolling), at most every
 * MEASURE_EVERY_MS, and every RECHECK_MS whatever changed.
 */
function useToastPlacement(count: number, stack: RefObject<HTMLDivElement | null>): StackPlace {
  const [place, setPlace] = useState<StackPlace>({ placement: null, shown: 0 });
  useEffect(() => {
    if (count === 0) return undefined;
    let timer = 0;
    let settle = 0;
    let last = 0;
    const update = () => {
      timer = 0;
      last = performance.now();
      const { area, overlays, obstacles } = measureObstacles(stack.current);
      // The rendered height, fractions included (offsetHeight rounds, and may round down).
      const measured = [...(stack.current?.children ?? [])].map((child) => Math.ceil(child.getBoundingClientRect().height));
      const heights = Array.from({ length: count }, (_, i) => measured[i] || TOAST_HEIGHT_GUESS);
      const fits = placeStack(area, obstacles, heights);
      const next = fits.placement === null ? { ...fits, fallback: toastPlacement(area, overlays, heights[0] ?? TOAST_HEIGHT_GUESS) } : fits;
      setPlace((current) => (samePlace(current, next) ? current : next));
    };
    const schedule = () => {
      if (timer === 0) timer = window.setTimeout(update, Math.max(0, MEASURE_EVERY_MS - (performance.now() - last)));
      window.clearTimeout(settle);
      settle = window.setTimeout(update, SETTLE_MS);
    };
    update();
    // A control can also move with no mutation seen here (a container's size settling, a scrollbar coming): looked at
    // again every second while toasts show, so the stack is clear of it within a second whatever moved it.
    const poll = window.setInterval(update, RECHECK_MS);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
      window.clearInterval(poll);
      window.clearTimeout(timer);
      window.clearTimeout(settle);
    };
  }, [count, stack]);
  return place;
}

/**
 * Renders the visible toasts and keeps the rest queued (spec 000 §2; at most three, toastQueue.ts):
 * below the header, nearest the top-right corner where they cover no control, modal or drop-down
 * (toastPlacement.ts; where fewer fit, fewer show and the others wait), the user's own toasts above
 * the fleet notices. The stack is rendered right after the page, not in a portal (Mantine's
 * portals share one node, which may sit before the page): its close buttons come after the page's
 * controls in the Tab order, and a toast never takes the focus.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, EMPTY_TOASTS);
  const nextId = useRef(EMPTY_TOASTS.nextId);

  const show = useCallback((input: ToastInput) => {
    const id = nextId.current;
    nextId.current += 1;
    dispatch({ type: 'push', id, input, now: Date.now() });
    return id;
  }, []);
  const dismiss = useCallback((id: number) => dispatch({ type: 'dismiss', id }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const api = useMemo<ToastApi>(() => ({ show, dismiss, clear }), [show, dismiss, clear]);
  const stack = useRef<HTMLDivElement | null>(null);
  const measured = useToastPlacement(state.visible.length, stack);
  // The person's own confirmation or error never waits for room (feedback where the eye is): with no
  // place clear of every control (a modal over the page), it shows nearest the top right clear of
  // the modal, else in the spec's place, top right below the header, for its few seconds.
  const own = measured.placement === null && state.visible[0]?.source === 'user';
  const { placement, shown } = own ? { placement: measured.fallback ?? defaultPlacement(), shown: 1 } : measured;

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Stack
        ref={stack}
        gap={TOAST_STACK_GAP}
        data-testid="toasts"
        data-queued={state.queued.length + state.visible.length - shown}
        data-top={placement?.top}
        style={{
          position: 'fixed',
          top: placement?.top ?? 0,
          left: placement?.left ?? 0,
          width: placement?.width ?? TOAST_WIDTH,
          zIndex: 1000,
          pointerEvents: 'none',
          visibility: placement === null ? 'hidden' : undefined,
        }}
      >
        {state.visible.slice(0, Math.max(shown, placement === null ? 1 : 0)).map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={dismiss} paused={placement === null} />
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}
