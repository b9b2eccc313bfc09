import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { AppShell, Burger, Divider, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fleet/contracts';
import { usePageViewAnalytics } from '../analytics/analytics';
import { RoutedFrameLoader } from '../components/FrameLoader';
import { RegionBoundary } from '../components/RegionBoundary';
import { FullPageLoader } from '../components/FullPageLoader';
import { frameMounted } from '../lib/framePaint';
import { ClientConfigurationNotice } from '../config/ClientConfigurationNotice';
import { useClientConfiguration } from '../config/clientConfiguration';
import { NotificationBanner } from '../notifications/NotificationBanner';
import { loadLiveTable } from '../live/load';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { useSessionUser } from '../session/hooks';
import { AppSwitcher } from './AppSwitcher';
import { LanguageSwitch } from './LanguageSwitch';
import { NavMenu } from './NavMenu';
import { PartialAccessBanner } from './PartialAccessBanner';
import { PartialUserNotice } from './PartialUserNotice';
import { RealtimeStatusIndicator } from './RealtimeStatusIndicator';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { ChaosIndicator } from './ChaosIndicator';
import { NotificationCentre } from '../features/notification-centre/NotificationCentre';
import { ScopePicker } from './ScopePicker';
import { COMPACT_BREAKPOINT, FRAME_HEADER_HEIGHT, FRAME_NAVBAR_WIDTH, useCompactLayout } from './useCompactLayout';

/** A sandbox's badge (runtime-config.json `sandbox`): its code loads only inside a sandbox. */
const SandboxBadge = lazy(() => import('./SandboxBadge').then((m) => ({ default: m.SandboxBadge })));
import { UserMenu } from './UserMenu';

/** The header's controls in the menu drawer of a narrow window: the scope pickers full width, then the switcher, language and user menu. */
function DrawerControls({ user }: { readonly user: CurrentUser }) {
  return (
    <Stack gap="xs" data-testid="shell-drawer-controls">
      <Part>
        <ScopePicker user={user} stacked />
      </Part>
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Part>
          <AppSwitcher />
        </Part>
        <Group gap="sm" wrap="nowrap">
          <Part>
            <LanguageSwitch />
          </Part>
          <Part>
            <UserMenu user={user} />
          </Part>
        </Group>
      </Group>
      <Divider />
    </Stack>
  );
}

/** A control of the header (or of the menu drawer): a region of its own, one line when it fails; the others stay. */
function Part({ children }: { readonly children: ReactNode }) {
  return (
    <RegionBoundary kind="header" compact standalone>
      {children}
    </RegionBoundary>
  );
}

/** A notice above the page (banners): a region of its own. */
function Notice({ children }: { readonly children: ReactNode }) {
  return (
    <RegionBoundary kind="panel" standalone>
      {children}
    </RegionBoundary>
  );
}

/** The client configuration's notice, subscribed to the configuration itself: its answer renders this alone, not the frame. */
function FrameConfigurationNotice() {
  return <ClientConfigurationNotice state={useClientConfiguration(true)} />;
}

/**
 * The console frame: header (the sandbox it runs in if any, switcher, current inventory and group,
 * realtime status, language, user menu), menu, banner, page. Below COMPACT_BREAKPOINT the header
 * keeps the burger, the name, the sandbox and the realtime status; the rest folds into the menu
 * drawer the burger opens.
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const compact = useCompactLayout();
  const [opened, { toggle, close }] = useDisclosure(false);
  // In a narrow window the drawer's content (the pickers, the menu) renders when the drawer first
  // opens, then stays: the first screen on a phone does not pay for what the folded drawer hides.
  const [drawerShown, setDrawerShown] = useState(false);
  if (opened && !drawerShown) setDrawerShown(true);
  const navbarContent = !compact || drawerShown;
  usePageViewAnalytics();
  useLayoutEffect(() => {
    if (user) frameMounted();
  }, [user]);
  if (!user) return <RoutedFrameLoader />;
  return (
    <RealtimeProvider user={user} loadTable={loadLiveTable}>
      <AppShell
        header={{ height: FRAME_HEADER_HEIGHT }}
        navbar={{ width: FRAME_NAVBAR_WIDTH, breakpoint: COMPACT_BREAKPOINT, collapsed: { mobile: !opened } }}
        padding={compact ? 'xs' : 'md'}
      >
        <AppShell.Header>
          <Group h="100%" px={compact ? 'xs' : 'md'} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {compact && (
                <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('shell.toggleMenu')} aria-expanded={opened} data-testid="shell-burger" />
              )}
              {/* On a phone the name gives way (cut with an ellipsis), never the header's indicators. */}
              <Title order={4} data-testid="app-name" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
                {t('app.name')}
              </Title>
              {getRuntimeConfig().sandbox !== null && (
                <Part>
                  <Suspense fallback={null}>
                    <SandboxBadge />
                  </Suspense>
                </Part>
              )}
              {!compact && (
                <Part>
                  <AppSwitcher />
                </Part>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap" style={compact ? { flexShrink: 0 } : undefined}>
              {!compact && (
                <Part>
                  <ScopePicker user={user} />
                </Part>
              )}
              <Part>
                <ChaosIndicator roles={user.roles} />
              </Part>
              <Part>
                <RealtimeStatusIndicator />
              </Part>
              <Part>
                <NotificationCentre />
              </Part>
              {!compact && (
                <Part>
                  <LanguageSwitch />
                </Part>
              )}
              {!compact && (
                <Part>
                  <UserMenu user={user} />
                </Part>
              )}
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" data-testid="shell-navbar" data-opened={compact ? opened : true}>
          {navbarContent && compact && (
            <AppShell.Section>
              <DrawerControls user={user} />
            </AppShell.Section>
          )}
          {navbarContent && (
            <AppShell.Section grow component={ScrollArea}>
              <RegionBoundary kind="menu" standalone>
                <NavMenu user={user} onNavigate={close} />
              </RegionBoundary>
            </AppShell.Section>
          )}
        </AppShell.Navbar>
        <AppShell.Main>
          <Notice>
            <PartialUserNotice user={user} />
          </Notice>
          <Notice>
            <PartialAccessBanner user={user} />
          </Notice>
          <Notice>
            <FrameConfigurationNotice />
          </Notice>
          <Notice>
            <NotificationBanner />
          </Notice>
          {/* Each page is a region of its own (Router.tsx); this one catches what fails around it. */}
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </RealtimeProvider>
  );
}
