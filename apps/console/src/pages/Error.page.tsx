import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../components/StandalonePage';
import { endpointPrefix } from '../api/hooks';
import { LOGIN_PATH, LIST_PATH } from '../routing/routes';
import { useSessionControl } from '../session/SessionProvider';

/** /error: shown when the session could not be loaded (its RouteGuard sends managers to the list). */
export default function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { resetSession } = useSessionControl();
  const retry = () => {
    resetSession();
    queryClient.removeQueries({ queryKey: endpointPrefix('getCurrentUser') });
    queryClient.removeQueries({ queryKey: endpointPrefix('getUserPreferences') });
    void navigate(LIST_PATH, { replace: true });
  };
  return (
    <StandalonePage title={t('errorPage.title')} testId="error-page">
      <Text>{t('errorPage.body')}</Text>
      <Group>
        <Button onClick={retry} data-testid="error-retry">
          {t('errorPage.retry')}
        </Button>
        <Button variant="default" onClick={() => void navigate(LOGIN_PATH)}>
          {t('errorPage.signInAgain')}
        </Button>
      </Group>
    </StandalonePage>
  );
}
