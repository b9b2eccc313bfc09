/**
 * /users (spec 001 §2 "manage users"; MANAGE_ROLES): the users of the caller's inventories (GET
 * v2/users, paged, sorted and searched by the core: 50 a page, spec 001 §9), filtered by inventory,
 * in the kit's list, kept current over /ws; "New user" and a row open the user modal (`?user=new` /
 * `?user=<id>`, survives a reload). The organisation's user licences show beside "New user" (GET
 * v2/users/licences, read again on every user event), with the spec's "no available user license"
 * when none is left (§8).
 */
import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_KEYS, USER_SORT_KEYS } from '@fleet/contracts';
import type { UserLicences } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { errorCodeText } from '../../api/errorMessage';
import { PageTitle } from '../../components/PageTitle';
import { ResourceList, searchQuery, useListView, MutedText } from '../../kit';
import type { PageProps } from '../../pages/types';
import { useSearchParam } from '../../routing/useSearchParam';
import { useSessionUser } from '../../session/hooks';
import { userColumns } from './userColumns';

// Not needed to show the list: loaded when a user opens.
const UserModal = lazy(() => import('./UserModal'));

/** `/users?user=<id>` opens that user, `?user=new` the new-user form. */
export const USER_PARAM = 'user';
export const NEW_USER = 'new';
const SEARCH_DEBOUNCE_MS = 300;

export default function UsersPage(_props: PageProps) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [openId, setOpenId] = useSearchParam(USER_PARAM);
  const [view, setView] = useListView('username', 'username');
  const [searchValue] = useDebouncedValue(view.searchValue, SEARCH_DEBOUNCE_MS);
  const [inventoryId, setInventoryId] = useState<string | null>(null);
  const query = { ...searchQuery({ ...view, searchValue }, USER_SEARCH_KEYS, USER_SORT_KEYS), ...(inventoryId === null ? {} : { inventoryId }) };
  const list = useEndpointQuery('searchUsers', { query }, { placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const shown = list.data?.items.length ?? 0;

  return (
    <Stack gap="sm" data-testid="users-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <PageTitle title={t('routes.users')} />
        <Group gap="sm">
          <Licences />
          <Button onClick={() => setOpenId(NEW_USER)} data-testid="users-new">
            {t('users.new')}
          </Button>
        </Group>
      </Group>
      <ResourceList
        testId="users"
        rowTestId="user"
        tableTestId="table"
        searchKeys={USER_SEARCH_KEYS.map((key) => ({ value: key, label: t(`users.searchKeys.${key}`) }))}
        columns={userColumns(t)}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(u) => u.id}
        rowData={(u) => ({
          'data-username': u.username,
          'data-active': String(u.active),
          'data-managed': String(u.managedExternally),
          'data-selected': u.id === openId || undefined,
        })}
        onOpen={(u) => setOpenId(u.id)}
        emptyText={t('users.noMatch')}
        errorTitle={t('users.loadFailed')}
        toolbar={
          <Select
            label={t('users.inventory')}
            placeholder={t('users.allInventories')}
            data={(me?.inventories ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={inventoryId}
            onChange={(id) => {
              setInventoryId(id);
              setView((v) => ({ ...v, page: 1 }));
            }}
            clearable
            w={220}
            data-testid="users-inventory"
          />
        }
        actions={
          <Text size="sm" c="dimmed" data-testid="users-summary" data-total={total} data-shown={shown}>
            {t('users.summary', { shown, total })}
          </Text>
        }
      />
      {openId !== null && (
        <Suspense fallback={null}>
          <UserModal userId={openId === NEW_USER ? null : openId} onClose={() => setOpenId(null)} onCreated={setOpenId} />
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
  const attributes = {
    'data-testid': 'users-licences',
    'data-active': data.activeUsers,
    'data-max': data.maxUsers ?? '',
    'data-available': data.available ?? '',
  };
  if (data.maxUsers == null || data.available == null) {
    return (
      <Text size="sm" c="dimmed" {...attributes}>
        {t('users.licences.unlimited', { active: data.activeUsers })}
      </Text>
    );
  }
  return (
    <Group gap="xs" {...attributes}>
      <MutedText>{t('users.licences.limited', { active: data.activeUsers, max: data.maxUsers, available: data.available })}</MutedText>
      {data.available === 0 && (
        <Badge color="red" variant="light" tt="none" data-testid="users-licences-none">
          {errorCodeText(t, 'NO_USER_LICENSE')}
        </Badge>
      )}
    </Group>
  );
}
