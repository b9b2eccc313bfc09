import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 000 §2 application switcher: the main console, a video-return portal and a matrix product. */
export function AppSwitcher() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" data-testid="app-switcher" aria-label={t('appSwitcher.label')}>
          {t('appSwitcher.mainConsole')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('appSwitcher.label')}</Menu.Label>
        <Menu.Item data-testid="app-switcher-main" aria-current="true">
          {t('appSwitcher.mainConsole')}
        </Menu.Item>
        <Menu.Item data-testid="app-switcher-video-return" disabled rightSection={t('common.notAvailableYet')}>
          {t('appSwitcher.videoReturnPortal')}
        </Menu.Item>
        <Menu.Item data-testid="app-switcher-matrix" disabled rightSection={t('common.notAvailableYet')}>
          {t('appSwitcher.matrix')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
