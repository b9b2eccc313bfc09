/** The console in Chinese: a screen's texts, the spec's messages and the catalogue's errors, and the switch between languages. */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_USER_PREFERENCES } from '@fleet/contracts';
import GroupNameModal from '../features/groups/GroupNameModal';
import GroupsPage from '../features/groups/Groups.page';
import { routeObjects } from '../Router';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { FakeApi, apiError } from '../test-utils/fakeApi';
import { makeGroupRow } from '../test-utils/fixtures';
import { fill, renderRoutes, renderWithApp } from '../test-utils/render';
import { LANGUAGE_STORAGE_KEY } from '.';

beforeAll(async () => {
  await Promise.all([import('../session/SessionGate'), import('../shell/AppLayout'), import('../features/groups/Groups.page')]);
});

const rows = [makeGroupRow({ id: 'g1', name: 'Sports' }), makeGroupRow({ id: 'g2', name: 'News' })];

describe('a screen in Chinese', () => {
  it('renders the groups list in Chinese', async () => {
    await renderWithApp(<GroupsPage />, { language: 'zh', api: new FakeApi().on('fetchGroups', rows) });
    await screen.findByTestId('group-row-g1');

    expect(screen.getByTestId('page-title')).toHaveTextContent('组');
    expect(screen.getByTestId('group-list-summary')).toHaveTextContent('共 2 个组，显示 2 个');
    expect(screen.getByTestId('group-create')).toHaveTextContent('创建组');
    expect(within(screen.getByTestId('grid-groups')).getByRole('button', { name: '名称' })).toBeVisible();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('words the spec’s field messages and the catalogue’s errors in Chinese', async () => {
    const api = new FakeApi().on('updateGroup', apiError('CONFLICT'));
    const { user } = await renderWithApp(<GroupNameModal group={rows[0]!} rows={rows} onClose={() => undefined} />, { language: 'zh', api });

    await fill(user, screen.getByTestId('group-name-input'), 'Sports desk');
    await user.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText('只允许字母、数字、下划线和连字符')).toBeVisible();

    await fill(user, screen.getByTestId('group-name-input'), 'News');
    await user.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText('名称必须唯一')).toBeVisible();

    await fill(user, screen.getByTestId('group-name-input'), 'Sports_desk');
    await user.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByTestId('group-name-error')).toHaveTextContent('该项目已被他人修改，请重新加载后重试');
  });
});

function Greeting() {
  const { t } = useTranslation();
  return <Text data-testid="greeting">{t('routes.groups')}</Text>;
}

describe('switching the language', () => {
  it('switches the texts at once and remembers the choice in the preferences and this browser', async () => {
    const api = new FakeApi();
    const { user } = await renderWithApp(
      <>
        <LanguageSwitch />
        <Greeting />
      </>,
      { api, realtime: false },
    );
    expect(screen.getByTestId('greeting')).toHaveTextContent('Groups');

    await user.click(screen.getByTestId('language-switch'));
    await user.click(await screen.findByTestId('language-switch-zh'));

    await waitFor(() => expect(screen.getByTestId('greeting')).toHaveTextContent('组'));
    expect(screen.getByTestId('language-switch')).toHaveAttribute('data-language', 'zh');
    await waitFor(() => expect(api.calls('updateUserPreferences').map((call) => call.body)).toEqual([{ language: 'zh' }]));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
  });

  it('opens the console in the language of the user’s preferences', async () => {
    await renderRoutes(routeObjects, {
      route: '/groups',
      roles: ['luc_admin'],
      preferences: { ...DEFAULT_USER_PREFERENCES, language: 'zh' },
      api: new FakeApi().on('fetchGroups', rows),
    });
    expect(await screen.findByTestId('groups-page', undefined, { timeout: 3000 })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('组'));
  });
});
