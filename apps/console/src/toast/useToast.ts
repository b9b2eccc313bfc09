import { useContext } from 'react';
import { ToastContext } from './ToastProvider';
import type { ToastApi } from './ToastProvider';

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
