import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../api/client';
import { endpointKey } from '../../api/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { StandalonePage } from '../../components/StandalonePage';
import { ERROR_PATH } from '../../routing/routes';
import { login } from '../../session/auth';
import { fetchCurrentUser } from '../../session/currentUser';
import { afterLoginTarget, NEXT_PARAM } from '../../session/initialRoute';
import { useSessionControl } from '../../session/SessionProvider';
import { afterSignIn } from '../account/accountForms';

/**
 * Demo log-in against the mock core (POST runtime config `loginUrl`). On success the user and the
 * preferences load, then the user goes to `next`, else the saved route, else the unit list.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const { markInitialRouteApplied } = useSessionControl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username, password);
      queryClient.clear();
      await queryClient.fetchQuery({
        queryKey: endpointKey('getCurrentUser'),
        queryFn: () => fetchCurrentUser({ skipUnauthorizedRedirect: true }),
      });
      let currentRoute: string | null | undefined;
      try {
        const prefs = await queryClient.fetchQuery({
          queryKey: endpointKey('getUserPreferences'),
          queryFn: () => callEndpoint('getUserPreferences', {}, { skipUnauthorizedRedirect: true }),
        });
        currentRoute = prefs.currentRoute;
      } catch {
        markInitialRouteApplied();
        await navigate(ERROR_PATH, { replace: true });
        return;
      }
      // Spec 000 §6: a password within 14 days of expiry goes to the change page first, unless dismissed.
      const expiry = await callEndpoint('getOwnPasswordExpiry', {}, { skipUnauthorizedRedirect: true }).catch(() => null);
      markInitialRouteApplied();
      await navigate(afterSignIn(afterLoginTarget(search.get(NEXT_PARAM), currentRoute), expiry), { replace: true });
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return (
    <StandalonePage title={t('login.title')} testId="login-page">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <ErrorAlert error={error} testId="login-error" role="alert" />
          <TextInput
            label={t('login.username')}
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            data-testid="login-username"
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-testid="login-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.toggleVisibility') }}
          />
          <Button type="submit" loading={busy} disabled={username === '' || password === ''} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </StandalonePage>
  );
}
