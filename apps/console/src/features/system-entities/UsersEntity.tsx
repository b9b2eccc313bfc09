/**
 * Users (spec 001 §2 /system_entities users; §3 User; §5 user rules), declared on the resource kit:
 * the searchable, sortable, paged list over v2/users (super user and staff: every user) and the
 * /users screen's own user modal (features/users/UserModal: create, change, password, inventories —
 * at least one —, groups, activate / deactivate, delete, every spec message inline), so both
 * screens follow the same rules. Here the modal also holds the user's inventories among every
 * inventory the admin sees (GET and PUT v2/users/{id}/inventories: "User needs at least one
 * inventory" as the core says it).
 */
import { Suspense } from 'react';
import { lazy } from '../../lib/lazy';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_KEYS, USER_SORT_KEYS } from '@fleet/contracts';
import type { UserAccount, UserAccountDetail } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { defineResource, listRows, op, ResourcePage, searchQuery, type Change, type Op } from '../../kit';
import { inventoriesTab, type SystemEntitiesProps } from './entityPage';
import { useListRefresh } from './useEntityLive';

const UserModal = lazy(() => import('../users/UserModal'));

/** The user's inventories are set as a whole: the ones the admin sees now, with one added or taken out. */
function inventoryLink(change: (ids: string[], id: string) => string[]): Op<Change<UserAccountDetail>, unknown> {
  return {
    id: 'setUserInventories',
    key: () => ['setUserInventories'],
    run: async ({ of, id }) => {
      const current = (await callEndpoint('getUserInventories', { params: { id: of.id } })).map((i) => i.id);
      return callEndpoint('setUserInventories', { params: { id: of.id }, body: { inventoryIds: change(current, id) } });
    },
  };
}

const inventories = inventoriesTab({
  testId: 'user-inventories',
  members: { op: op('getUserInventories', (u: UserAccountDetail) => ({ params: { id: u.id } })), rows: listRows((i) => ({ id: i.id, label: i.name })) },
  add: inventoryLink((ids, id) => [...ids.filter((i) => i !== id), id]),
  remove: inventoryLink((ids, id) => ids.filter((i) => i !== id)),
  stale: ['getUserInventories', 'getUser', 'searchUsers', 'getUserGroups', 'getAdminGroupUsers'],
});

export const userResource = defineResource<UserAccount, UserAccount, never>({
  testId: 'users',
  formTestId: 'user',
  titles: { new: 'systemEntities.users.new', edit: 'systemEntities.users.new', noun: 'systemEntities.users.noun' },
  rowKey: (u) => u.id,
  label: (u) => u.username,
  list: {
    op: op('searchUsers', (view) => ({ query: searchQuery(view, USER_SEARCH_KEYS, USER_SORT_KEYS) })),
    searchKeys: USER_SEARCH_KEYS,
    searchLabels: { name: 'systemEntities.users.name' },
  },
  columns: (t) => [
    { id: 'username', header: t('systemEntities.users.username'), sortKey: 'username', render: (u) => u.username },
    { id: 'firstName', header: t('systemEntities.users.firstName'), sortKey: 'firstName', render: (u) => u.firstName },
    { id: 'lastName', header: t('systemEntities.users.lastName'), sortKey: 'lastName', render: (u) => u.lastName },
    { id: 'email', header: t('systemEntities.users.email'), sortKey: 'email', render: (u) => u.email ?? '—' },
    { id: 'userType', header: t('systemEntities.users.userType'), sortKey: 'userType', render: (u) => u.userType },
    { id: 'active', header: t('systemEntities.users.state'), sortKey: 'active', render: (u) => <ActiveBadge active={u.active} /> },
    { id: 'inventories', header: t('systemEntities.common.inventories'), render: (u) => u.inventories.map((i) => i.name).join(', ') || '—' },
  ],
  dialog: {
    create: 'createUser',
    render: (id, close, show) => <Dialog id={id} close={close} show={show} />,
  },
});

function ActiveBadge({ active }: { readonly active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? t('systemEntities.users.active') : t('systemEntities.users.inactive')}
    </Badge>
  );
}

function Dialog({ id, close, show }: { readonly id: string | null; readonly close: () => void; readonly show: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <UserModal userId={id} onClose={close} onCreated={show} extra={{ label: t(inventories.label), render: inventories.render }} />
    </Suspense>
  );
}

export default function UsersEntity(_props: SystemEntitiesProps) {
  return <ResourcePage resource={userResource} refreshMs={useListRefresh()} />;
}
