import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EASY_LIVE_ROLES, hasAnyRole } from '@fleet/contracts';
import { StandalonePage } from '../components/StandalonePage';
import { EASY_LIVE_PATH, LOGIN_PATH } from '../routing/routes';
import { rolesOf, useSessionUser } from '../session/hooks';
import { logout } from '../session/auth';
import { underBase } from '../config/base';
import { getRuntimeConfig } from '../config/runtimeConfig';

/** Spec 000 §6: "You are not allowed to access this application". */
export default function UnauthorizedUserPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const easyLive = user !== undefined && hasAnyRole(rolesOf(user), EASY_LIVE_ROLES);
  return (
    <StandalonePage title={t('unauthorized.title')} testId="unauthorized-page">
      <Text data-testid="unauthorized-message">{t('unauthorized.message')}</Text>
      <Group>
        {easyLive && (
          <Button component={Link} to={EASY_LIVE_PATH} data-testid="unauthorized-easy-live">
            {t('unauthorized.openEasyLive')}
          </Button>
        )}
        <Button
          variant="default"
          onClick={() => {
            void logout().then(() => window.location.assign(getRuntimeConfig().loginPageUrl ?? underBase(LOGIN_PATH)));
          }}
        >
          {t('unauthorized.signInAsSomeoneElse')}
        </Button>
      </Group>
    </StandalonePage>
  );
}
