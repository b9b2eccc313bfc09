import { Box, Burger, Center, Group, Loader, Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { matchRoute } from '../routing/routes';
import { COMPACT_BREAKPOINT, FRAME_HEADER_HEIGHT, FRAME_NAVBAR_WIDTH } from '../shell/useCompactLayout';

const BORDER = '1px solid light-dark(var(--mantine-color-gray-3), var(--mantine-color-dark-4))';

/**
 * What a page of the console shows while the session and the frame's code load: the frame's outline
 * (its header with the console's name, the menu's column on a wide window, the menu button's place
 * on a narrow one) with the page's title where the page puts it, and a loader. On a phone's network
 * it shows within the entry's download instead of after the session and the page's files; the frame
 * and the page then take its place without moving the name or the title.
 *
 * The title is the route's (`routes.<id>`, which a page's title and the browser tab's are): for an
 * address that names a page of the frame; `/` (the saved route follows) and the others show none.
 */
export function FrameLoader({ pathname }: { readonly pathname: string }) {
  const { t } = useTranslation();
  const route = matchRoute(pathname)?.route;
  const page = route?.kind === 'page' && route.access === 'console' && route.section === undefined ? route : null;
  return (
    <Box data-testid="frame-loading">
      <Box
        component="header"
        h={FRAME_HEADER_HEIGHT}
        px={{ base: 'xs', [COMPACT_BREAKPOINT]: 'md' }}
        style={{ borderBottom: BORDER, display: 'flex', alignItems: 'center' }}
      >
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger size="sm" hiddenFrom={COMPACT_BREAKPOINT} aria-hidden tabIndex={-1} style={{ visibility: 'hidden' }} />
          <Title order={4} style={{ whiteSpace: 'nowrap' }}>
            {t('app.name')}
          </Title>
        </Group>
      </Box>
      <Box style={{ display: 'flex', minHeight: `calc(100dvh - ${FRAME_HEADER_HEIGHT}px)` }}>
        {page && <Box w={FRAME_NAVBAR_WIDTH} visibleFrom={COMPACT_BREAKPOINT} style={{ borderRight: BORDER, flexShrink: 0 }} />}
        <Box p={{ base: 'xs', [COMPACT_BREAKPOINT]: 'md' }} style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {page && (
            <Title order={1} size="h2" data-testid="frame-loading-title">
              {t(`routes.${page.id}`)}
            </Title>
          )}
          <Center style={{ flex: 1 }}>
            <Loader aria-label={t('common.loading')} />
          </Center>
        </Box>
      </Box>
    </Box>
  );
}

/** {@link FrameLoader} for the router's current address. */
export function RoutedFrameLoader() {
  return <FrameLoader pathname={useLocation().pathname} />;
}
