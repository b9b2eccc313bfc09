import { createContext, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Notification, Stack } from '@mantine/core';
import type { ToastVariant } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { clearToasts, dismissToast, EMPTY_TOASTS, pushToast } from './toastQueue';
import type { Toast, ToastInput, ToastState } from './toastQueue';
import { playToastSound } from './sound';
import { toastPlacement } from './toastPlacement';
import type { Box, ToastPlacement } from './toastPlacement';

export interface ToastApi {
  /** Shows a toast (or queues it); returns its id. */
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

type Action = { type: 'push'; id: number; input: ToastInput } | { type: 'dismiss'; id: number } | { type: 'clear' };

function reducer(state: ToastState, action: Action): ToastState {
  switch (action.type) {
    case 'push':
      return pushToast(state, action.input, action.id).state;
    case 'dismiss':
      return dismissToast(state, action.id);
    case 'clear':
      return clearToasts(state);
  }
}

const COLOURS: Record<ToastVariant, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (toast.sound) playToastSound(toast.variant);
    if (toast.timeoutMs <= 0) return undefined;
    const timer = window.setTimeout(() => onClose(toast.id), toast.timeoutMs);
    return () => window.clearTimeout(timer);
  }, [toast, onClose]);
  return (
    <Notification
      data-testid="toast"
      data-variant={toast.variant}
      data-sound={toast.sound}
      data-source={toast.source}
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
    </Notification>
  );
}

/** What the stack keeps clear of: the header, open modals and open drop-downs (Mantine's static class names). */
const HEADER_SELECTOR = '.mantine-AppShell-header';
const OBSTACLE_SELECTOR = '.mantine-Modal-content, .mantine-Popover-dropdown';
/** A modal or drop-down opens with a transition: measured again once it has settled. */
const SETTLE_MS = 250;

function measurePlacement(): ToastPlacement {
  const header = document.querySelector(HEADER_SELECTOR)?.getBoundingClientRect();
  const obstacles: Box[] = [];
  for (const element of document.querySelectorAll(OBSTACLE_SELECTOR)) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) obstacles.push(rect);
  }
  return toastPlacement(window.innerWidth, header?.bottom ?? 0, obstacles);
}

function samePlacement(a: ToastPlacement, b: ToastPlacement): boolean {
  return a.top === b.top && a.right === b.right && a.width === b.width;
}

/**
 * The stack's place (toastPlacement.ts), followed while toasts are shown: on resize, and when the
 * page's elements change (a modal or a drop-down opening or closing), once per frame.
 */
function useToastPlacement(active: boolean): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>(() => measurePlacement());
  useEffect(() => {
    if (!active) return undefined;
    let frame = 0;
    let settle = 0;
    const update = () =>
      setPlacement((current) => {
        const next = measurePlacement();
        return samePlacement(current, next) ? current : next;
      });
    const schedule = () => {
      if (frame === 0) {
        frame = window.requestAnimationFrame(() => {
          frame = 0;
          update();
        });
      }
      window.clearTimeout(settle);
      settle = window.setTimeout(update, SETTLE_MS);
    };
    update();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.cancelAnimationFrame(frame);
      window.clearTimeout(settle);
    };
  }, [active]);
  return placement;
}

/**
 * Renders the visible toasts top-right and keeps the rest queued (spec 000 §2): below the header,
 * clear of an open modal or drop-down (toastPlacement.ts), the user's own toasts above the fleet
 * notices (toastQueue.ts). The stack is rendered right after the page, not in a portal (Mantine's
 * portals share one node, which may sit before the page): its close buttons come after the page's
 * controls in the Tab order, and a toast never takes the focus.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, EMPTY_TOASTS);
  const nextId = useRef(EMPTY_TOASTS.nextId);

  const show = useCallback((input: ToastInput) => {
    const id = nextId.current;
    nextId.current += 1;
    dispatch({ type: 'push', id, input });
    return id;
  }, []);
  const dismiss = useCallback((id: number) => dispatch({ type: 'dismiss', id }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  const api = useMemo<ToastApi>(() => ({ show, dismiss, clear }), [show, dismiss, clear]);
  const placement = useToastPlacement(state.visible.length > 0);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Stack
        gap="xs"
        data-testid="toasts"
        data-queued={state.queued.length}
        data-top={placement.top}
        style={{ position: 'fixed', top: placement.top, right: placement.right, width: placement.width, zIndex: 1000, pointerEvents: 'none' }}
      >
        {state.visible.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={dismiss} />
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}
