/** The /users list's columns: spec 001 §3 User as a row shows it; the sortable ones name the call's sort key. */
import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { UserAccount } from '@fleet/contracts';
import type { ListColumn } from '../../kit';
import { enumLabel } from '../../lib/tolerant';

/**
 * The widest a text cell grows (px): longer names, e-mails and labels end in "…" with the whole text
 * as the cell's title, so the table fits the page at 1280 px (the label shows from the xl breakpoint up) with every column in view.
 */
const TEXT_WIDTH = 140;

export function userColumns(t: TFunction): readonly ListColumn<UserAccount>[] {
  return [
    {
      id: 'username',
      header: t('users.columns.username'),
      sortKey: 'username',
      render: (u) => (
        <Text size="sm" fw={500} truncate="end" maw={TEXT_WIDTH} title={u.username} data-testid={`user-username-${u.id}`}>
          {u.username}
        </Text>
      ),
    },
    {
      id: 'name',
      header: t('users.columns.name'),
      sortKey: 'lastName',
      render: (u) => (
        <Text
          size="sm"
          truncate="end"
          maw={TEXT_WIDTH}
          title={`${u.firstName} ${u.lastName}`}
          data-testid={`user-name-${u.id}`}
        >{`${u.firstName} ${u.lastName}`}</Text>
      ),
    },
    {
      id: 'email',
      header: t('users.columns.email'),
      sortKey: 'email',
      render: (u) => (
        <Text size="sm" truncate="end" maw={TEXT_WIDTH} title={u.email ?? undefined}>
          {u.email ?? t('users.none')}
        </Text>
      ),
    },
    {
      id: 'type',
      header: t('users.columns.type'),
      sortKey: 'userType',
      render: (u) => (
        <Text size="sm" data-testid={`user-type-${u.id}`}>
          {enumLabel(t, 'users.types', u.userType)}
        </Text>
      ),
    },
    {
      id: 'label',
      header: t('users.columns.label'),
      sortKey: 'userLabel',
      // Secondary: below 1408 px the label is read in the user's form.
      visibleFrom: 'xl',
      render: (u) => (
        <Text size="sm" truncate="end" maw={TEXT_WIDTH} title={u.userLabel ?? undefined}>
          {u.userLabel ?? ''}
        </Text>
      ),
    },
    {
      id: 'inventories',
      header: t('users.columns.inventories'),
      render: (u) => (
        <Text size="sm" truncate="end" maw={TEXT_WIDTH} title={u.inventories.map((i) => i.name).join(', ')}>
          {u.inventories.map((i) => i.name).join(', ')}
        </Text>
      ),
    },
    {
      id: 'active',
      header: t('users.columns.active'),
      sortKey: 'active',
      render: (u) => (
        <Badge color={u.active ? 'green' : 'gray'} variant="light" data-testid={`user-active-${u.id}`} data-active={String(u.active)}>
          {u.active ? t('users.active') : t('users.inactive')}
        </Badge>
      ),
    },
    {
      id: 'managed',
      header: t('users.columns.managed'),
      render: (u) => (
        <Group gap={4} wrap="nowrap">
          {u.sso && (
            <Badge size="sm" variant="outline" data-testid={`user-sso-${u.id}`}>
              {t('users.sso')}
            </Badge>
          )}
          {u.enterprise && (
            <Badge size="sm" variant="outline" color="grape" data-testid={`user-enterprise-${u.id}`}>
              {t('users.enterprise')}
            </Badge>
          )}
        </Group>
      ),
    },
  ];
}
