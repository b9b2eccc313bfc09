import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EASY_LIVE_ROLES, hasAnyRole } from '@fleet/contracts';
import { StandalonePage } from '../components/StandalonePage';
import { EASY_LIVE_PATH } from '../routing/routes';
import { rolesOf, useSessionUser } from '../session/hooks';
import { applicationUrl } from '../shell/appSwitcher';
import { useApplicationUrls } from '../shell/useApplicationUrls';
import { SignedInFooter } from './EntryPageParts';
import type { PageProps } from './types';

/**
 * The Limited Access page of video-return-only accounts (spec 000 §2, §6; the rule is contracts
 * `isVideoReturnOnly`): what the account can use — the video-return portal of application_urls,
 * in a new tab, or a sentence saying it is not configured — and log-out.
 */
export default function LimitedAccessPage({ route }: PageProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const urls = useApplicationUrls();
  const portal = applicationUrl(urls.data, 'videoReturnPortal');
  const easyLive = user !== undefined && hasAnyRole(rolesOf(user), EASY_LIVE_ROLES);
  return (
    <StandalonePage title={t(`routes.${route.id}`)} testId="limited-access-page">
      <Text data-testid="limited-access-message">{t('entryPages.limitedAccess.message')}</Text>
      {portal !== null ? (
        <>
          <Text size="sm">{t('entryPages.limitedAccess.canUse')}</Text>
          <Group>
            <Button
              component="a"
              href={portal}
              target="_blank"
              rel="noopener noreferrer"
              title={t('entryPages.common.opensInNewTab')}
              data-testid="limited-access-portal"
            >
              {t('entryPages.limitedAccess.openPortal')}
            </Button>
          </Group>
        </>
      ) : (
        urls.isSuccess && (
          <Text size="sm" c="dimmed" data-testid="limited-access-no-portal">
            {t('entryPages.limitedAccess.portalNotConfigured')}
          </Text>
        )
      )}
      {easyLive && (
        <Group>
          <Button variant="light" component={Link} to={EASY_LIVE_PATH} data-testid="limited-access-easy-live">
            {t('entryPages.limitedAccess.openEasyLive')}
          </Button>
        </Group>
      )}
      <SignedInFooter user={user} />
    </StandalonePage>
  );
}
