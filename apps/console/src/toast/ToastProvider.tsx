import { createContext, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ReactNode } from 'react';
import { Notification, Portal, Stack } from '@mantine/core';
import type { ToastVariant } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { clearToasts, dismissToast, EMPTY_TOASTS, pushToast } from './toastQueue';
import type { Toast, ToastInput, ToastState } from './toastQueue';
import { playToastSound } from './sound';

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

/** Renders the visible toasts top-right and keeps the rest queued (spec 000 §2). */
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

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Portal>
        <Stack
          gap="xs"
          data-testid="toasts"
          data-queued={state.queued.length}
          style={{ position: 'fixed', top: 16, right: 16, width: 360, maxWidth: 'calc(100vw - 32px)', zIndex: 1000 }}
        >
          {state.visible.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={dismiss} />
          ))}
        </Stack>
      </Portal>
    </ToastContext.Provider>
  );
}
