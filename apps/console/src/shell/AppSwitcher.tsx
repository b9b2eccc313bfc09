import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplicationId } from './appSwitcher';
import { switcherEntries } from './appSwitcher';
import { useApplicationConfigurationLive, useApplicationUrls } from './useApplicationUrls';

const LABEL_KEYS = {
  console: 'appSwitcher.mainConsole',
  videoReturnPortal: 'appSwitcher.videoReturnPortal',
  matrix: 'appSwitcher.matrix',
} as const satisfies Record<ApplicationId, string>;

/**
 * Spec 000 §2 application switcher: the main console, a video-return portal and a matrix product,
 * each offered when the deployment gave it a URL (GET application_urls, read again when an
 * application configuration row changes). The console is this application (same tab); the others
 * open in a new tab.
 */
export function AppSwitcher() {
  const { t } = useTranslation();
  const entries = switcherEntries(useApplicationUrls().data);
  useApplicationConfigurationLive();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" data-testid="app-switcher" aria-label={t('appSwitcher.label')}>
          {t('appSwitcher.mainConsole')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="app-switcher-menu">
        <Menu.Label>{t('appSwitcher.label')}</Menu.Label>
        {entries.map((entry) => (
          <Menu.Item
            key={entry.id}
            component="a"
            href={entry.url}
            data-testid={`app-switcher-${entry.id}`}
            {...(entry.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : { 'aria-current': 'true' as const })}
          >
            {t(LABEL_KEYS[entry.id])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
