import { Box, Burger, Center, Group, Loader, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPACT_BREAKPOINT } from '../shell/useCompactLayout';

/**
 * What a page of the console shows while the session and the frame's code load: the frame's header
 * with the console's name where the frame puts it (the menu button's place kept on a narrow window),
 * and a loader. On a phone's network the frame shows within the entry's download instead of after the
 * session and the page's files; the frame then takes its place without moving the name.
 */
export function FrameLoader() {
  const { t } = useTranslation();
  return (
    <Box data-testid="frame-loading">
      <Box
        component="header"
        h={56}
        px={{ base: 'xs', [COMPACT_BREAKPOINT]: 'md' }}
        style={{ borderBottom: '1px solid light-dark(var(--mantine-color-gray-3), var(--mantine-color-dark-4))', display: 'flex', alignItems: 'center' }}
      >
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger size="sm" hiddenFrom={COMPACT_BREAKPOINT} aria-hidden tabIndex={-1} style={{ visibility: 'hidden' }} />
          <Title order={4} style={{ whiteSpace: 'nowrap' }}>
            {t('app.name')}
          </Title>
        </Group>
      </Box>
      <Center h="calc(100dvh - 56px)">
        <Loader aria-label={t('common.loading')} />
      </Center>
    </Box>
  );
}
