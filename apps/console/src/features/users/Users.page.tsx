/**
 * /users (spec 001 §2 "manage users"; MANAGE_ROLES): the users of the caller's inventories (GET
 * v2/users, paged, sorted and searched by the core: 50 a page, spec 001 §9), kept current over /ws,
 * in the shared DataGrid; "New user" and a row open the user modal (`?user=new` / `?user=<id>`,
 * survives a reload). The organisation's user licences show beside "New user" (GET
 * v2/users/licences, read again on every user event), with the spec's "no available user license"
 * when none is left (§8).
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LIMITS, USER_SEARCH_KEYS } from '@fleet/contracts';
import type { UserAccount, UserLicences, UserSearchQuery } from '@fleet/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../api/hooks';
import { errorCodeText, useApiErrorMessage } from '../../api/errorMessage';
import { DataGrid } from '../../components/grid/DataGrid';
import type { SortState } from '../../components/grid/DataGrid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { useSearchParam } from '../../routing/useSearchParam';
import { useSessionUser } from '../../session/hooks';
import { SORT_KEY_OF_COLUMN, USER_DEFAULT_SORT, USER_GRID_ID, useUserColumns } from './userColumns';
import { useUsersLive } from './useUsersLive';

// Not needed to show the list: loaded when a user opens.
const UserModal = lazy(() => import('./UserModal'));

/** `/users?user=<id>` opens that user, `?user=new` the new-user form. */
export const USER_PARAM = 'user';
export const NEW_USER = 'new';
const PAGE_SIZE = LIMITS.unitSearchDefaultPageSize;
const SEARCH_DEBOUNCE_MS = 300;
const NO_USERS: readonly UserAccount[] = [];

const rowKey = (u: UserAccount) => u.id;
const rowTestId = (u: UserAccount) => `user-row-${u.id}`;
const rowAttributes = (u: UserAccount) => ({ 'data-username': u.username, 'data-active': String(u.active), 'data-managed': String(u.managedExternally) });

export default function UsersPage(_props: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.users'));
  const errorMessage = useApiErrorMessage();
  const me = useSessionUser();
  useUsersLive();
  const [openId, setOpenId] = useSearchParam(USER_PARAM);
  const [searchKey, setSearchKey] = useState<UserSearchQuery['searchKey']>('username');
  const [searchText, setSearchText] = useState('');
  const [searchValue] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [inventoryId, setInventoryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>(USER_DEFAULT_SORT);

  const query = useMemo(() => {
    const sortBy = sort ? SORT_KEY_OF_COLUMN[sort.column] : undefined;
    return {
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
      searchKey,
      ...(searchValue === '' ? {} : { searchValue }),
      ...(inventoryId === null ? {} : { inventoryId }),
      ...(sortBy && sort ? { sortBy, sortDir: sort.direction } : {}),
    };
  }, [inventoryId, page, searchKey, searchValue, sort]);
  const list = useEndpointQuery('searchUsers', { query }, { placeholderData: keepPreviousData });
  const rows = list.data?.items ?? NO_USERS;
  const total = list.data?.total ?? 0;
  const columns = useUserColumns();

  const onSortChange = useCallback((next: SortState | null) => {
    setSort(next);
    setPage(1);
  }, []);
  const open = useCallback((u: UserAccount) => setOpenId(u.id), [setOpenId]);
  const close = useCallback(() => setOpenId(null), [setOpenId]);

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} data-testid="users-loading" />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" data-testid="users-error" title={t('users.loadFailed')}>
        {errorMessage(list.error)}
      </Alert>
    );
  } else {
    body = (
      <DataGrid
        gridId={USER_GRID_ID}
        ariaLabel={t('routes.users')}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        rowTestId={rowTestId}
        rowAttributes={rowAttributes}
        selectedKey={openId}
        onRowClick={open}
        defaultSort={USER_DEFAULT_SORT}
        onSortChange={onSortChange}
        // The core sorts the pages: a sort remembered in preferences would not reach it.
        persist={false}
        empty={t('users.noMatch')}
      />
    );
  }

  return (
    <Stack gap="sm" data-testid="users-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} data-testid="page-title">
          {t('routes.users')}
        </Title>
        <Group gap="sm">
          <Licences />
          <Button onClick={() => setOpenId(NEW_USER)} data-testid="users-new">
            {t('users.new')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('users.searchBy')}
          data={USER_SEARCH_KEYS.map((key) => ({ value: key, label: t(`users.searchKeys.${key}`) }))}
          value={searchKey}
          onChange={(key) => {
            if (key === null) return;
            setSearchKey(key as UserSearchQuery['searchKey']);
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
          data-testid="users-search-key"
        />
        <TextInput
          label={t('users.search')}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setPage(1);
          }}
          w={260}
          data-testid="users-search"
        />
        <Select
          label={t('users.inventory')}
          placeholder={t('users.allInventories')}
          data={(me?.inventories ?? []).map((i) => ({ value: i.id, label: i.name }))}
          value={inventoryId}
          onChange={(id) => {
            setInventoryId(id);
            setPage(1);
          }}
          clearable
          w={220}
          data-testid="users-inventory"
        />
        <Text size="sm" c="dimmed" data-testid="users-summary" data-total={total} data-shown={rows.length}>
          {t('users.summary', { shown: rows.length, total })}
        </Text>
      </Group>
      <div data-testid="users-table">{body}</div>
      {total > PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" data-testid="users-pagination" />
        </Group>
      )}
      {openId !== null && (
        <Suspense fallback={null}>
          <UserModal userId={openId === NEW_USER ? null : openId} onClose={close} onCreated={setOpenId} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The caller's organisation's user licences (nothing shown until they are read, or when the read fails). */
function Licences() {
  const { t } = useTranslation();
  const licences = useEndpointQuery('getUserLicences', {});
  const data: UserLicences | undefined = licences.data;
  if (!data) return null;
  const attributes = { 'data-testid': 'users-licences', 'data-active': data.activeUsers, 'data-max': data.maxUsers ?? '', 'data-available': data.available ?? '' };
  if (data.maxUsers === null || data.available === null) {
    return (
      <Text size="sm" c="dimmed" {...attributes}>
        {t('users.licences.unlimited', { active: data.activeUsers })}
      </Text>
    );
  }
  return (
    <Group gap="xs" {...attributes}>
      <Text size="sm" c="dimmed">
        {t('users.licences.limited', { active: data.activeUsers, max: data.maxUsers, available: data.available })}
      </Text>
      {data.available === 0 && (
        <Badge color="red" variant="light" tt="none" data-testid="users-licences-none">
          {errorCodeText(t, 'NO_USER_LICENSE')}
        </Badge>
      )}
    </Group>
  );
}
