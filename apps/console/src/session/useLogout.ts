import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { LOGIN_PATH } from '../routing/routes';
import { useToast } from '../toast/useToast';
import { logout } from './auth';
import { useSessionControl } from './SessionProvider';

/** Ends the session: POST logoutUrl, leave the console, then drop every cached answer. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { resetSession } = useSessionControl();
  return useCallback(async () => {
    await logout();
    toast.clear();
    resetSession();
    const { loginPageUrl } = getRuntimeConfig();
    if (loginPageUrl) {
      window.location.assign(loginPageUrl);
      return;
    }
    await navigate(LOGIN_PATH, { replace: true });
    queryClient.clear();
  }, [queryClient, navigate, toast, resetSession]);
}
