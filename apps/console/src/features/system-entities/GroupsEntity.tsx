/**
 * Groups (spec 001 §2 /system_entities groups; §3 Group; §7 Groups admin calls): the searchable,
 * sortable, paged list over v2/admin/groups; a modal to create one in an inventory, or to rename
 * one, change its auto-association flags, delete it and change its members — units (admin unit
 * group association calls), channels (admin group channel calls) and users (the user's groups,
 * PUT v2/users/{id}/groups) — each among the objects of the group's inventory.
 */
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminGroupSearchQuery, GroupAutoAssociation, GroupDetail, GroupListRow } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import { AssociationPanel } from './AssociationPanel';
import { checkGroup, groupCreateBody, groupForm, groupUpdateBody, type GroupForm } from './entityForms';
import type { SystemEntitiesProps } from './SystemEntities';
import { useListRefresh, useEntityLive } from './useEntityLive';
import { DeleteButton, InventorySelect, ModalFooter, ResourceList, ResourceModal, useListView } from '../../kit';
import { listQuery } from '../contractor-entities/entityKinds';
import type { ListColumn } from '../../components/ListTable';

const NEW = 'new';
const SEARCH_KEYS = ['name', 'inventoryName'] as const;
const AUTO_KEYS = ['units', 'channels', 'vrChannels', 'users'] as const satisfies readonly (keyof GroupAutoAssociation)[];
/** The reads a membership change makes stale. */
const MEMBER_READS = ['getAdminGroup', 'searchAdminGroups', 'getAdminGroupUnits', 'getAdminGroupChannels', 'getAdminGroupUsers', 'getAdminUnit', 'searchAdminUnits'] as const;

export default function GroupsEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useEntityLive();
  const [view, setView] = useListView('name');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpointQuery(
    'searchAdminGroups',
    { query: { ...listQuery(view), searchKey: view.searchKey as AdminGroupSearchQuery['searchKey'], sortBy: view.sortBy as AdminGroupSearchQuery['sortBy'] } },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const columns: ListColumn<GroupListRow>[] = [
    { id: 'name', header: t('systemEntities.groups.name'), sortKey: 'name', render: (g) => g.name },
    { id: 'inventoryName', header: t('systemEntities.groups.inventory'), sortKey: 'inventoryName', render: (g) => g.inventoryName },
    { id: 'units', header: t('systemEntities.common.units'), render: (g) => g.counts.units },
    { id: 'channels', header: t('systemEntities.common.channels'), render: (g) => g.counts.channels },
    { id: 'users', header: t('systemEntities.common.users'), render: (g) => g.counts.users },
    { id: 'createdOn', header: t('systemEntities.common.createdAt'), sortKey: 'createdOn', render: (g) => new Date(g.createdOn).toLocaleDateString() },
  ];
  return (
    <>
      <ResourceList
        testId="groups"
        searchKeys={SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemEntities.groups.searchKeys.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(g) => g.id}
        onOpen={(g) => setOpen(g.id)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="groups-new">
            {t('systemEntities.groups.new')}
          </Button>
        }
      />
      {open !== null && <GroupModal id={open === NEW ? null : open} onClose={() => setOpen(null)} onCreated={setOpen} />}
    </>
  );
}

function GroupModal({ id, onClose, onCreated }: { id: string | null; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminGroup', { params: { id: id ?? '' } }, { enabled: id !== null });
  return (
    <ResourceModal
      testId="group"
      title={id === null ? t('systemEntities.groups.new') : t('systemEntities.groups.editTitle', { name: query.data?.name ?? '' })}
      isNew={id === null}
      query={query}
      editor={(group) => <GroupEditor group={group} onClose={onClose} onCreated={onCreated} />}
      tabs={[
        { value: 'units', label: t('systemEntities.common.units'), render: (group) => <GroupUnits group={group} /> },
        { value: 'channels', label: t('systemEntities.common.channels'), render: (group) => <GroupChannels group={group} /> },
        { value: 'users', label: t('systemEntities.common.users'), render: (group) => <GroupUsers group={group} /> },
      ]}
      onClose={onClose}
    />
  );
}

function GroupEditor({ group, onClose, onCreated }: { group: GroupDetail | null; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const form = useForm<GroupForm>(groupForm(group), checkGroup(group === null));
  const error = useFieldError('group-error', form.errors);
  const create = useEndpointMutation('createAdminGroup');
  const update = useEndpointMutation('updateAdminGroup');
  const remove = useEndpointMutation('deleteAdminGroup');
  const changed = () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('searchAdminGroups') });

  const save = () => {
    const values = form.submit();
    if (!values) return;
    if (group === null) {
      create.mutate(
        { body: groupCreateBody(values) },
        {
          onSuccess: (created) => {
            form.saved();
            changed();
            toast.show({ message: t('systemEntities.groups.created', { name: created.name }), variant: 'success' });
            onCreated(created.id);
          },
          onError: (e) => form.failed(e),
        },
      );
      return;
    }
    update.mutate(
      { params: { id: group.id }, body: groupUpdateBody(values, group.version) },
      {
        onSuccess: (saved) => {
          form.saved();
          changed();
          queryClient.setQueryData(['getAdminGroup', { params: { id: saved.id } }], saved);
          toast.show({ message: t('systemEntities.groups.saved', { name: saved.name }), variant: 'success' });
        },
        onError: (e) => form.failed(e),
      },
    );
  };

  const del = () => {
    if (!group) return;
    remove.mutate(
      { params: { id: group.id } },
      {
        onSuccess: () => {
          changed();
          toast.show({ message: t('systemEntities.groups.deleted', { name: group.name }), variant: 'success' });
          onClose();
        },
        onError: (e) => form.failed(e, {}),
      },
    );
  };

  return (
    <Stack gap="sm">
      {form.error !== null && Object.keys(form.errors).length === 0 && <Alert color="red" data-testid="group-form-error">{errorText(form.error)}</Alert>}
      <TextInput
        label={t('systemEntities.groups.name')}
        value={form.values.name}
        onChange={(e) => form.set({ name: e.currentTarget.value })}
        error={error('name')}
        required
        data-testid="group-name"
      />
      <InventorySelect
        label={t('systemEntities.groups.inventory')}
        value={form.values.inventoryId}
        valueName={group?.inventoryName ?? null}
        onChange={(inventoryId) => form.set({ inventoryId })}
        error={error('inventoryId')}
        disabled={group !== null}
        testId="group-inventory"
      />
      <Text size="sm" fw={500}>{t('systemEntities.groups.autoAssociation')}</Text>
      <Group gap="md">
        {AUTO_KEYS.map((k) => (
          <Checkbox
            key={k}
            label={t(`systemEntities.groups.auto.${k}`)}
            checked={form.values.autoAssociation[k]}
            onChange={(e) => form.set({ autoAssociation: { ...form.values.autoAssociation, [k]: e.currentTarget.checked } })}
            data-testid={`group-auto-${k}`}
          />
        ))}
      </Group>
      <ModalFooter
        testId="group"
        onSave={save}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
        left={group !== null && <DeleteButton testId="group" onConfirm={del} loading={remove.isPending} />}
      />
    </Stack>
  );
}

function useMembersChanged(): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const key of MEMBER_READS) void queryClient.invalidateQueries({ queryKey: endpointPrefix(key) });
  };
}

/** Units of the group's inventory join; a unit leaves (it stays in the inventory). */
function GroupUnits({ group }: { group: GroupDetail }) {
  const [search, setSearch] = useState('');
  const changed = useMembersChanged();
  const members = useEndpointQuery(
    'getAdminGroupUnits',
    { params: { id: group.id }, query: { limit: 100 } },
    { select: (page) => ({ total: page.total, items: page.items.map((u) => ({ id: u.id, label: u.name, detail: u.productType })) }) },
  );
  const candidates = useEndpointQuery(
    'listAdminInventoryUnits',
    { params: { id: group.inventoryId }, query: { limit: 20, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminUnitGroup');
  const remove = useEndpointMutation('removeAdminUnitGroup');
  return (
    <AssociationPanel
      testId="group-units"
      members={members}
      candidates={(candidates.data?.items ?? []).map((u) => ({ id: u.uniqueId, label: u.name, detail: u.productType }))}
      onCandidateSearch={setSearch}
      onAdd={(unitId) => add.mutateAsync({ params: { id: unitId, groupId: group.id } }).then(changed)}
      onRemove={(unitId) => remove.mutateAsync({ params: { id: unitId, groupId: group.id } }).then(changed)}
    />
  );
}

/** Channels of the group's inventory join and leave (admin group channel calls). */
function GroupChannels({ group }: { group: GroupDetail }) {
  const [search, setSearch] = useState('');
  const changed = useMembersChanged();
  const members = useEndpointQuery(
    'getAdminGroupChannels',
    { params: { id: group.id }, query: { limit: 100 } },
    { select: (page) => ({ total: page.total, items: page.items.map((c) => ({ id: c.id, label: c.name, detail: c.type })) }) },
  );
  const candidates = useEndpointQuery(
    'searchAdminChannels',
    { query: { limit: 50, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminGroupChannel');
  const remove = useEndpointMutation('removeAdminGroupChannel');
  return (
    <AssociationPanel
      testId="group-channels"
      members={members}
      candidates={(candidates.data?.items ?? []).filter((c) => c.inventoryIds.includes(group.inventoryId)).map((c) => ({ id: c.channelId, label: c.channelName, detail: c.type }))}
      onCandidateSearch={setSearch}
      onAdd={(channelId) => add.mutateAsync({ params: { id: group.id, channelId } }).then(changed)}
      onRemove={(channelId) => remove.mutateAsync({ params: { id: group.id, channelId } }).then(changed)}
    />
  );
}

/**
 * Users of the group's inventory join and leave. A user's groups are set as a whole
 * (PUT v2/users/{id}/groups), so the user's current groups are read first and this group added to
 * or taken out of them.
 */
function GroupUsers({ group }: { group: GroupDetail }) {
  const [search, setSearch] = useState('');
  const changed = useMembersChanged();
  const members = useEndpointQuery(
    'getAdminGroupUsers',
    { params: { id: group.id }, query: { limit: 100 } },
    { select: (page) => ({ total: page.total, items: page.items.map((u) => ({ id: u.id, label: u.username, detail: u.userType })) }) },
  );
  const candidates = useEndpointQuery(
    'searchUsers',
    { query: { limit: 20, inventoryId: group.inventoryId, sortBy: 'username', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'username', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const setGroups = async (userId: string, change: (ids: string[]) => string[]) => {
    const current = await callEndpoint('getUserGroups', { params: { id: userId } });
    await callEndpoint('setUserGroups', { params: { id: userId }, body: { groupIds: change(current.map((g) => g.id)) } });
    changed();
  };
  return (
    <AssociationPanel
      testId="group-users"
      members={members}
      candidates={(candidates.data?.items ?? []).map((u) => ({ id: u.id, label: u.username, detail: u.userType }))}
      onCandidateSearch={setSearch}
      onAdd={(userId) => setGroups(userId, (ids) => [...ids.filter((g) => g !== group.id), group.id])}
      onRemove={(userId) => setGroups(userId, (ids) => ids.filter((g) => g !== group.id))}
    />
  );
}
