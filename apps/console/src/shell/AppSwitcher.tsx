import { Button, Menu, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplicationId } from './appSwitcher';
import { switcherMenu } from './appSwitcher';
import { useApplicationUrls } from './useApplicationUrls';

const LABEL_KEYS = {
  console: 'appSwitcher.mainConsole',
  videoReturnPortal: 'appSwitcher.videoReturnPortal',
  matrix: 'appSwitcher.matrix',
} as const satisfies Record<ApplicationId, string>;

/**
 * Spec 000 §2 application switcher: the main console, a video-return portal and a matrix product,
 * always all three; a product the deployment gave no URL (GET application_urls, read again when an
 * application configuration row changes) is shown disabled with a "not configured" tooltip. The
 * console is this application (same tab); the others open in a new tab.
 */
export function AppSwitcher() {
  const { t } = useTranslation();
  const entries = switcherMenu(useApplicationUrls().data);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" data-testid="app-switcher" aria-label={`${t('appSwitcher.mainConsole')} – ${t('appSwitcher.label')}`}>
          {t('appSwitcher.mainConsole')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="app-switcher-menu">
        <Menu.Label>{t('appSwitcher.label')}</Menu.Label>
        {entries.map((entry) =>
          entry.url == null ? (
            <Tooltip key={entry.id} label={t('appSwitcher.notConfigured')} position="right" withArrow>
              {/* A disabled item takes no pointer events: the wrapper carries the tooltip. */}
              <div data-testid={`app-switcher-${entry.id}-wrapper`}>
                <Menu.Item disabled data-testid={`app-switcher-${entry.id}`} aria-description={t('appSwitcher.notConfigured')}>
                  {t(LABEL_KEYS[entry.id])}
                </Menu.Item>
              </div>
            </Tooltip>
          ) : (
            <Menu.Item
              key={entry.id}
              component="a"
              href={entry.url}
              data-testid={`app-switcher-${entry.id}`}
              {...(entry.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : { 'aria-current': 'true' as const })}
            >
              {t(LABEL_KEYS[entry.id])}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
