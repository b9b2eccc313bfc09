import { Suspense, useState } from 'react';
import { lazy } from '../lib/lazy';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fleet/contracts';
import { useChatSupport } from '../features/account/useChatSupport';
import { useLogout } from '../session/useLogout';

// The dialogs' code (their forms, schemas and lists) loads when one first opens, not with the frame.
const AccountModal = lazy(() => import('../features/account/AccountModal').then((m) => ({ default: m.AccountModal })));
const PreferencesModal = lazy(() => import('../features/account/PreferencesModal').then((m) => ({ default: m.PreferencesModal })));
const AboutModal = lazy(() => import('../features/account/AboutModal').then((m) => ({ default: m.AboutModal })));
const WhatsNewModal = lazy(() => import('../features/account/WhatsNewModal').then((m) => ({ default: m.WhatsNewModal })));

type Screen = 'account' | 'preferences' | 'about' | 'whatsNew';

function initials(user: CurrentUser): string {
  const text = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return text === '' ? user.username.charAt(0).toUpperCase() : text.toUpperCase();
}

/**
 * Spec 000 §2 user menu: account, preferences, about, what's new, logout, chat toggle (shown when
 * the configuration enables chat support; the choice is remembered in the preferences).
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const chat = useChatSupport();
  const [screen, setOpenScreen] = useState<Screen | null>(null);
  // A dialog stays mounted once opened (a closed Mantine modal renders nothing), so it closes as before.
  const [mounted, setMounted] = useState<ReadonlySet<Screen>>(() => new Set());
  const setScreen = (next: Screen) => {
    setMounted((before) => (before.has(next) ? before : new Set(before).add(next)));
    setOpenScreen(next);
  };
  const close = () => setOpenScreen(null);
  const displayName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
        <Menu.Target>
          {/* Named by what it shows first (the initials), then what it is. Escape closes the menu also while the
              focus is still on this button (the menu moves it to its first item a moment after opening). */}
          <UnstyledButton
            data-testid="user-menu"
            aria-label={`${initials(user)} – ${t('userMenu.label')}`}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpened(false);
            }}
          >
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
          {chat.available && (
            <Menu.Item data-testid="user-menu-chat" data-chat-hidden={chat.hidden} onClick={chat.toggle}>
              {chat.hidden ? t('account.chat.show') : t('account.chat.hide')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item data-testid="logout" color="red" onClick={() => void logout()}>
            {t('userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {mounted.has('account') && <AccountModal user={user} opened={screen === 'account'} onClose={close} />}
        {mounted.has('preferences') && <PreferencesModal opened={screen === 'preferences'} onClose={close} />}
        {mounted.has('about') && <AboutModal opened={screen === 'about'} onClose={close} />}
        {mounted.has('whatsNew') && <WhatsNewModal opened={screen === 'whatsNew'} onClose={close} />}
      </Suspense>
    </>
  );
}
