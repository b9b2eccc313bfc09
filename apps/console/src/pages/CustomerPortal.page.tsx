import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isVideoReturnOnly } from '@fleet/contracts';
import { StandalonePage } from '../components/StandalonePage';
import { canOpen } from '../routing/decideRoute';
import { EASY_LIVE_PATH, LIMITED_ACCESS_PATH, LIST_PATH } from '../routing/routes';
import { toRouteUser, useSessionUser } from '../session/hooks';
import { switcherEntries } from '../shell/appSwitcher';
import { useApplicationUrls } from '../shell/useApplicationUrls';
import { SignedInFooter } from './EntryPageParts';
import type { PageProps } from './types';

/**
 * /customer_portal (spec 000 §2, 001 §1): a signed-in user's entry page listing what they can
 * open — the console (console users), Easy Live (ingest/studio-like roles and console users, the
 * same guard as the route), the Limited Access page (video-return-only accounts), and the other
 * products the deployment configured (new tab) — and log-out.
 */
export default function CustomerPortalPage({ route }: PageProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const routeUser = toRouteUser(user);
  const openConsole = canOpen(routeUser, LIST_PATH);
  const easyLive = canOpen(routeUser, EASY_LIVE_PATH);
  const limited = routeUser !== null && isVideoReturnOnly(routeUser.roles);
  const products = switcherEntries(useApplicationUrls().data).filter((entry) => entry.newTab);
  const nothing = !openConsole && !easyLive && !limited && products.length === 0;
  return (
    <StandalonePage title={t(`routes.${route.id}`)} testId="customer-portal-page">
      <Text>{t('entryPages.customerPortal.intro')}</Text>
      <Stack gap="xs">
        {openConsole && (
          <Button component={Link} to={LIST_PATH} data-testid="customer-portal-console">
            {t('entryPages.customerPortal.console')}
          </Button>
        )}
        {openConsole && (
          <Text size="xs" c="dimmed">
            {t('entryPages.customerPortal.consoleHint')}
          </Text>
        )}
        {easyLive && (
          <Button variant="light" component={Link} to={EASY_LIVE_PATH} data-testid="customer-portal-easy-live">
            {t('entryPages.customerPortal.easyLive')}
          </Button>
        )}
        {limited && (
          <Button variant="light" component={Link} to={LIMITED_ACCESS_PATH} data-testid="customer-portal-limited-access">
            {t('routes.limitedAccess')}
          </Button>
        )}
        {products.map((entry) => (
          <Button
            key={entry.id}
            variant="default"
            component="a"
            href={entry.url}
            target="_blank"
            rel="noopener noreferrer"
            title={t('entryPages.common.opensInNewTab')}
            data-testid={`customer-portal-${entry.id}`}
          >
            {t(entry.id === 'matrix' ? 'entryPages.customerPortal.matrix' : 'entryPages.customerPortal.videoReturnPortal')}
          </Button>
        ))}
        {nothing && (
          <Text c="dimmed" data-testid="customer-portal-nothing">
            {t('entryPages.customerPortal.nothing')}
          </Text>
        )}
      </Stack>
      <SignedInFooter user={user} />
    </StandalonePage>
  );
}
