/** The /users grid's columns (grid id `users`): spec 001 §3 User as a row shows it. */
import { useMemo } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserAccount, UserSearchQuery } from '@fleet/contracts';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';

export const USER_GRID_ID = 'users';
export const USER_DEFAULT_SORT: SortState = { column: 'username', direction: 'asc' };

/** Grid columns the core sorts by (the list is paged by the core: sorting is the core's). */
export const SORT_KEY_OF_COLUMN: Readonly<Record<string, UserSearchQuery['sortBy']>> = {
  username: 'username',
  name: 'lastName',
  email: 'email',
  type: 'userType',
  label: 'userLabel',
  active: 'active',
};

export function useUserColumns(): DataGridColumn<UserAccount>[] {
  const { t } = useTranslation();
  return useMemo(
    (): DataGridColumn<UserAccount>[] => [
      {
        id: 'username',
        header: t('users.columns.username'),
        width: 200,
        minWidth: 100,
        sortValue: (u) => u.username,
        render: (u) => (
          <Text size="sm" fw={500} truncate="end" title={u.username} data-testid={`user-username-${u.id}`}>
            {u.username}
          </Text>
        ),
      },
      {
        id: 'name',
        header: t('users.columns.name'),
        width: 200,
        sortValue: (u) => u.lastName,
        render: (u) => <Text size="sm" truncate="end" data-testid={`user-name-${u.id}`}>{`${u.firstName} ${u.lastName}`}</Text>,
      },
      { id: 'email', header: t('users.columns.email'), width: 230, sortValue: (u) => u.email, render: (u) => <Text size="sm" truncate="end">{u.email ?? t('users.none')}</Text> },
      {
        id: 'type',
        header: t('users.columns.type'),
        width: 170,
        sortValue: (u) => u.userType,
        render: (u) => <Text size="sm" data-testid={`user-type-${u.id}`}>{t(`users.types.${u.userType}`)}</Text>,
      },
      { id: 'label', header: t('users.columns.label'), width: 140, sortValue: (u) => u.userLabel, render: (u) => <Text size="sm" truncate="end">{u.userLabel ?? ''}</Text> },
      {
        id: 'inventories',
        header: t('users.columns.inventories'),
        width: 220,
        render: (u) => (
          <Text size="sm" truncate="end" title={u.inventories.map((i) => i.name).join(', ')}>
            {u.inventories.map((i) => i.name).join(', ')}
          </Text>
        ),
      },
      {
        id: 'active',
        header: t('users.columns.active'),
        width: 110,
        sortValue: (u) => u.active,
        render: (u) => (
          <Badge color={u.active ? 'green' : 'gray'} variant="light" data-testid={`user-active-${u.id}`} data-active={String(u.active)}>
            {u.active ? t('users.active') : t('users.inactive')}
          </Badge>
        ),
      },
      {
        id: 'managed',
        header: t('users.columns.managed'),
        width: 150,
        render: (u) => (
          <Group gap={4} wrap="nowrap">
            {u.sso && <Badge size="sm" variant="outline" data-testid={`user-sso-${u.id}`}>{t('users.sso')}</Badge>}
            {u.enterprise && <Badge size="sm" variant="outline" color="grape" data-testid={`user-enterprise-${u.id}`}>{t('users.enterprise')}</Badge>}
          </Group>
        ),
      },
    ],
    [t],
  );
}
