import { Suspense } from 'react';
import { AppShell, Burger, Group, ScrollArea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageViewAnalytics } from '../analytics/analytics';
import { FullPageLoader } from '../components/FullPageLoader';
import { ClientConfigurationNotice } from '../config/ClientConfigurationNotice';
import { useClientConfiguration } from '../config/clientConfiguration';
import { NotificationBanner } from '../notifications/NotificationBanner';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { useSessionUser } from '../session/hooks';
import { AppSwitcher } from './AppSwitcher';
import { LanguageSwitch } from './LanguageSwitch';
import { NavMenu } from './NavMenu';
import { PartialAccessBanner } from './PartialAccessBanner';
import { RealtimeStatusIndicator } from './RealtimeStatusIndicator';
import { ScopePicker } from './ScopePicker';
import { UserMenu } from './UserMenu';

/** The console frame: header (switcher, current inventory and group, realtime status, language, user menu), menu, banner, page. */
export default function AppLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  usePageViewAnalytics();
  const clientConfiguration = useClientConfiguration(user !== undefined);
  if (!user) return <FullPageLoader />;
  return (
    <RealtimeProvider user={user}>
      <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.toggleMenu')} />
              <Title order={4} data-testid="app-name">
                {t('app.name')}
              </Title>
              <AppSwitcher />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <ScopePicker user={user} />
              <RealtimeStatusIndicator />
              <LanguageSwitch />
              <UserMenu user={user} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          <AppShell.Section grow component={ScrollArea}>
            <NavMenu user={user} onNavigate={close} />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <PartialAccessBanner user={user} />
          <ClientConfigurationNotice state={clientConfiguration} />
          <NotificationBanner />
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </RealtimeProvider>
  );
}
