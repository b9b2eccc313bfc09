/**
 * Users (spec 001 §2 /system_entities users; §3 User; §5 user rules): the searchable, sortable,
 * paged list over v2/users (super user and staff: every user) and the /users screen's own user
 * modal (features/users/UserModal: create, change, password, inventories — at least one —, groups,
 * activate / deactivate, delete, every spec message inline), so both screens follow the same rules.
 */
import { lazy, Suspense, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserAccount, UserSearchQuery } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useUsersLive } from '../users/useUsersLive';
import type { SystemEntitiesProps } from './SystemEntities';
import { useListRefresh, useEntityLive } from './useEntityLive';
import { ResourceList, useListView } from '../../kit';
import { listQuery } from '../contractor-entities/entityKinds';
import type { ListColumn } from '../../components/ListTable';

const UserModal = lazy(() => import('../users/UserModal'));

const NEW = 'new';
const SEARCH_KEYS = ['username', 'name', 'email'] as const;

export default function UsersEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useEntityLive();
  useUsersLive();
  const [view, setView] = useListView('username', 'username');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpointQuery(
    'searchUsers',
    { query: { ...listQuery(view), searchKey: view.searchKey as UserSearchQuery['searchKey'], sortBy: view.sortBy as UserSearchQuery['sortBy'] } },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const columns: ListColumn<UserAccount>[] = [
    { id: 'username', header: t('systemEntities.users.username'), sortKey: 'username', render: (u) => u.username },
    { id: 'firstName', header: t('systemEntities.users.firstName'), sortKey: 'firstName', render: (u) => u.firstName },
    { id: 'lastName', header: t('systemEntities.users.lastName'), sortKey: 'lastName', render: (u) => u.lastName },
    { id: 'email', header: t('systemEntities.users.email'), sortKey: 'email', render: (u) => u.email ?? '—' },
    { id: 'userType', header: t('systemEntities.users.userType'), sortKey: 'userType', render: (u) => u.userType },
    {
      id: 'active',
      header: t('systemEntities.users.state'),
      sortKey: 'active',
      render: (u) => (
        <Badge color={u.active ? 'green' : 'gray'} variant="light">
          {u.active ? t('systemEntities.users.active') : t('systemEntities.users.inactive')}
        </Badge>
      ),
    },
    { id: 'inventories', header: t('systemEntities.common.inventories'), render: (u) => u.inventories.map((i) => i.name).join(', ') || '—' },
  ];
  return (
    <>
      <ResourceList
        testId="users"
        searchKeys={SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemEntities.users.searchKeys.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(u) => u.id}
        onOpen={(u) => setOpen(u.id)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="users-new">
            {t('systemEntities.users.new')}
          </Button>
        }
      />
      {open !== null && (
        <Suspense fallback={null}>
          <UserModal userId={open === NEW ? null : open} onClose={() => setOpen(null)} onCreated={setOpen} />
        </Suspense>
      )}
    </>
  );
}
