import { useState } from 'react';
import { Avatar, Menu, Modal, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fleet/contracts';
import { useLogout } from '../session/useLogout';

type PendingScreen = 'account' | 'preferences' | 'about' | 'whatsNew';

function initials(user: CurrentUser): string {
  const text = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return text === '' ? user.username.charAt(0).toUpperCase() : text.toUpperCase();
}

/** Spec 000 §2 user menu: account, preferences, about, what's new, logout, chat toggle. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [screen, setScreen] = useState<PendingScreen | null>(null);
  const displayName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton data-testid="user-menu" aria-label={t('userMenu.label')}>
            <Avatar radius="xl" size="md" color="blue">
              {initials(user)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label data-testid="user-menu-name">{displayName}</Menu.Label>
          <Menu.Item data-testid="user-menu-account" onClick={() => setScreen('account')}>
            {t('userMenu.account')}
          </Menu.Item>
          <Menu.Item data-testid="user-menu-preferences" onClick={() => setScreen('preferences')}>
            {t('userMenu.preferences')}
          </Menu.Item>
          <Menu.Item data-testid="user-menu-about" onClick={() => setScreen('about')}>
            {t('userMenu.about')}
          </Menu.Item>
          <Menu.Item data-testid="user-menu-whats-new" onClick={() => setScreen('whatsNew')}>
            {t('userMenu.whatsNew')}
          </Menu.Item>
          <Menu.Item data-testid="user-menu-chat" disabled rightSection={t('common.notAvailableYet')}>
            {t('userMenu.chat')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item data-testid="logout" color="red" onClick={() => void logout()}>
            {t('userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={screen !== null} onClose={() => setScreen(null)} title={screen ? t(`userMenu.${screen}`) : ''} data-testid="not-available-modal">
        <Text>{t('common.notAvailableYetLong')}</Text>
      </Modal>
    </>
  );
}
