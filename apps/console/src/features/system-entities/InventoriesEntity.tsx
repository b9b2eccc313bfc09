/**
 * Inventories (spec 001 §2 /system_entities inventories; §3 Inventory; §7 Inventories admin CRUD):
 * the searchable, sortable, paged list over v2/admin/inventories; a modal to create one, or to
 * change, delete and see the associations of one — its units (added and removed with the admin
 * unit inventory association calls, "Unit max inventories reached" and "Association already
 * exists" shown as the core says them), channels, video return channels and groups — then its
 * own tabs (InventoryTabs.tsx: tally, IFB, properties, serviceable devices, ingest account and
 * servers). The count of the inventories the search matches shows above the list.
 */
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminInventory, AdminInventorySearchQuery } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import { AssociationPanel } from './AssociationPanel';
import { checkInventory, inventoryBody, inventoryForm, type InventoryForm } from './entityForms';
import type { SystemEntitiesProps } from './SystemEntities';
import { useListRefresh, useEntityLive } from './useEntityLive';
import { DeleteButton, InventorySelect, ModalFooter, ResourceList, ResourceModal, useListView, useUserRoles } from '../../kit';
import { inventoryCountQuery } from './inventoryTabRules';
import { inventoryModalTabs } from './InventoryTabs';
import { listQuery } from '../contractor-entities/entityKinds';
import type { ListColumn } from '../../components/ListTable';

const NEW = 'new';
const SEARCH_KEYS = ['name', 'id', 'region', 'parentName', 'sipServer'] as const;

export default function InventoriesEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useEntityLive();
  const [view, setView] = useListView('name');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpointQuery(
    'searchAdminInventories',
    { query: { ...listQuery(view), searchKey: view.searchKey as AdminInventorySearchQuery['searchKey'], sortBy: view.sortBy as AdminInventorySearchQuery['sortBy'] } },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const count = useEndpointQuery('countAdminInventories', { query: inventoryCountQuery(view) }, { placeholderData: keepPreviousData, refetchInterval: listRefresh });
  const columns: ListColumn<AdminInventory>[] = [
    { id: 'name', header: t('systemEntities.inventories.name'), sortKey: 'name', render: (i) => i.name },
    { id: 'id', header: t('systemEntities.inventories.id'), sortKey: 'id', render: (i) => i.id },
    { id: 'region', header: t('systemEntities.inventories.region'), sortKey: 'region', render: (i) => i.region || '—' },
    { id: 'parentName', header: t('systemEntities.inventories.parent'), sortKey: 'parentName', render: (i) => i.parentName ?? '—' },
    { id: 'sipServer', header: t('systemEntities.inventories.sipServer'), render: (i) => i.sipServer ?? '—' },
    { id: 'createdAt', header: t('systemEntities.common.createdAt'), sortKey: 'createdAt', render: (i) => new Date(i.createdAt).toLocaleDateString() },
  ];
  return (
    <>
      {count.data !== undefined && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="inventories-count">
          {t('systemEntities.inventoryTabs.count', { count: count.data.count })}
        </Text>
      )}
      <ResourceList
        testId="inventories"
        searchKeys={SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemEntities.inventories.searchKeys.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(i) => i.id}
        onOpen={(i) => setOpen(i.id)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="inventories-new">
            {t('systemEntities.inventories.new')}
          </Button>
        }
      />
      {open !== null && <InventoryModal id={open === NEW ? null : open} onClose={() => setOpen(null)} onCreated={setOpen} />}
    </>
  );
}

function InventoryModal({ id, onClose, onCreated }: { id: string | null; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const roles = useUserRoles();
  const query = useEndpointQuery('getAdminInventory', { params: { id: id ?? '' } }, { enabled: id !== null });
  return (
    <ResourceModal
      testId="inventory"
      title={id === null ? t('systemEntities.inventories.new') : t('systemEntities.inventories.editTitle', { name: query.data?.name ?? '' })}
      isNew={id === null}
      query={query}
      editor={(inventory) => <InventoryEditor inventory={inventory} onClose={onClose} onCreated={onCreated} />}
      tabs={[
        { value: 'units', label: t('systemEntities.common.units'), render: (inventory) => <InventoryUnits inventoryId={inventory.id} /> },
        { value: 'channels', label: t('systemEntities.common.channels'), render: (inventory) => <InventoryChannels inventoryId={inventory.id} /> },
        { value: 'vrChannels', label: t('systemEntities.common.vrChannels'), render: (inventory) => <InventoryVrChannels inventoryId={inventory.id} /> },
        { value: 'groups', label: t('systemEntities.common.groups'), render: (inventory) => <InventoryGroups inventoryId={inventory.id} /> },
        ...inventoryModalTabs(t, roles),
      ]}
      onClose={onClose}
    />
  );
}

function InventoryEditor({ inventory, onClose, onCreated }: { inventory: AdminInventory | null; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const form = useForm<InventoryForm>(inventoryForm(inventory), checkInventory(inventory?.id ?? null));
  const error = useFieldError('inventory-error', form.errors);
  const create = useEndpointMutation('createAdminInventory');
  const update = useEndpointMutation('updateAdminInventory');
  const remove = useEndpointMutation('deleteAdminInventory');
  const changed = () => {
    for (const key of ['searchAdminInventories', 'countAdminInventories'] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(key) });
  };

  const save = () => {
    const values = form.submit();
    if (!values) return;
    const body = inventoryBody(values);
    if (inventory === null) {
      create.mutate(
        { body },
        {
          onSuccess: (created) => {
            form.saved();
            changed();
            toast.show({ message: t('systemEntities.inventories.created', { name: created.name }), variant: 'success' });
            onCreated(created.id);
          },
          onError: (e) => form.failed(e),
        },
      );
      return;
    }
    update.mutate(
      { params: { id: inventory.id }, body: { ...body, version: inventory.version } },
      {
        onSuccess: (saved) => {
          form.saved();
          changed();
          queryClient.setQueryData(['getAdminInventory', { params: { id: saved.id } }], saved);
          toast.show({ message: t('systemEntities.inventories.saved', { name: saved.name }), variant: 'success' });
        },
        onError: (e) => form.failed(e),
      },
    );
  };

  const del = () => {
    if (!inventory) return;
    remove.mutate(
      { params: { id: inventory.id } },
      {
        onSuccess: () => {
          changed();
          toast.show({ message: t('systemEntities.inventories.deleted', { name: inventory.name }), variant: 'success' });
          onClose();
        },
        onError: (e) => form.failed(e, {}),
      },
    );
  };

  return (
    <Stack gap="sm">
      {form.error !== null && Object.keys(form.errors).length === 0 && (
        <Alert color="red" data-testid="inventory-form-error">{errorText(form.error)}</Alert>
      )}
      <TextInput
        label={t('systemEntities.inventories.name')}
        value={form.values.name}
        onChange={(e) => form.set({ name: e.currentTarget.value })}
        error={error('name')}
        required
        data-testid="inventory-name"
      />
      <TextInput
        label={t('systemEntities.inventories.region')}
        value={form.values.region}
        onChange={(e) => form.set({ region: e.currentTarget.value })}
        error={error('region')}
        data-testid="inventory-region"
      />
      <InventorySelect
        label={t('systemEntities.inventories.parent')}
        value={form.values.parentId}
        valueName={inventory?.parentName ?? null}
        onChange={(parentId) => form.set({ parentId })}
        error={error('parentId')}
        clearable
        testId="inventory-parent"
      />
      <TextInput
        label={t('systemEntities.inventories.sipServer')}
        value={form.values.sipServer}
        onChange={(e) => form.set({ sipServer: e.currentTarget.value })}
        error={error('sipServer')}
        data-testid="inventory-sip-server"
      />
      <ModalFooter
        testId="inventory"
        onSave={save}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
        left={inventory !== null && <DeleteButton testId="inventory" onConfirm={del} loading={remove.isPending} />}
      />
    </Stack>
  );
}

/** The inventory's units: listed by name; units found by name join (a unit may be in several inventories). */
function InventoryUnits({ inventoryId }: { inventoryId: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const members = useEndpointQuery(
    'listAdminInventoryUnits',
    { params: { id: inventoryId }, query: { limit: 100, sortBy: 'name', sortDir: 'asc' } },
    { select: (page) => ({ total: page.total, items: page.items.map((u) => ({ id: u.uniqueId, label: u.name, detail: u.productType })) }) },
  );
  const candidates = useEndpointQuery(
    'searchAdminUnits',
    { query: { limit: 20, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminUnitInventory');
  const remove = useEndpointMutation('removeAdminUnitInventory');
  const changed = () => {
    for (const key of ['listAdminInventoryUnits', 'searchAdminUnits', 'getAdminUnit'] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(key) });
  };
  return (
    <AssociationPanel
      testId="inventory-units"
      members={members}
      candidates={(candidates.data?.items ?? []).map((u) => ({ id: u.uniqueId, label: u.name, detail: u.productType }))}
      onCandidateSearch={setSearch}
      onAdd={(unitId) => add.mutateAsync({ params: { id: unitId, inventoryId } }).then(changed)}
      onRemove={(unitId) => remove.mutateAsync({ params: { id: unitId, inventoryId } }).then(changed)}
    />
  );
}

/** The inventory's channels (channels/fetch of the inventory); a channel found by name joins, one leaves (and its groups of the inventory). */
function InventoryChannels({ inventoryId }: { inventoryId: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const members = useEndpointQuery(
    'fetchChannels',
    { query: { inventory: inventoryId } },
    { select: (list) => ({ total: list.channels.length, items: list.channels.map((c) => ({ id: c.channelId, label: c.channelName, detail: c.type })) }) },
  );
  const candidates = useEndpointQuery(
    'searchAdminChannels',
    { query: { limit: 20, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminInventoryChannel');
  const remove = useEndpointMutation('removeAdminInventoryChannel');
  const changed = () => {
    for (const key of ['fetchChannels', 'searchAdminChannels'] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(key) });
  };
  return (
    <AssociationPanel
      testId="inventory-channels"
      members={members}
      candidates={(candidates.data?.items ?? []).map((c) => ({ id: c.channelId, label: c.channelName, detail: c.type }))}
      onCandidateSearch={setSearch}
      onAdd={(id) => add.mutateAsync({ params: { inventoryId, id } }).then(changed)}
      onRemove={(id) => remove.mutateAsync({ params: { inventoryId, id } }).then(changed)}
    />
  );
}

/** The inventory's video return channels; one found by name joins, one leaves (not its last inventory). */
function InventoryVrChannels({ inventoryId }: { inventoryId: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const members = useEndpointQuery(
    'listAdminInventoryVrChannels',
    { params: { id: inventoryId }, query: { limit: 100 } },
    { select: (page) => ({ total: page.total, items: page.items.map((v) => ({ id: v.uniqueId, label: v.name, detail: v.status })) }) },
  );
  const candidates = useEndpointQuery(
    'searchAdminVrChannels',
    { query: { limit: 20, ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminInventoryVrChannel');
  const remove = useEndpointMutation('removeAdminInventoryVrChannel');
  const changed = () => {
    for (const key of ['listAdminInventoryVrChannels', 'searchAdminVrChannels'] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(key) });
  };
  return (
    <AssociationPanel
      testId="inventory-vr-channels"
      members={members}
      candidates={(candidates.data?.items ?? []).map((v) => ({ id: v.uniqueId, label: v.name, detail: v.status }))}
      onCandidateSearch={setSearch}
      onAdd={(vrChannelId) => add.mutateAsync({ params: { id: inventoryId, vrChannelId } }).then(changed)}
      onRemove={(vrChannelId) => remove.mutateAsync({ params: { id: inventoryId, vrChannelId } }).then(changed)}
    />
  );
}

/** The inventory's groups (read here; a group is created, changed and given members under groups). */
function InventoryGroups({ inventoryId }: { inventoryId: string }) {
  const { t } = useTranslation();
  const members = useEndpointQuery(
    'listAdminInventoryGroups',
    { params: { id: inventoryId }, query: { limit: 100, sortBy: 'name', sortDir: 'asc' } },
    { select: (page) => ({ total: page.total, items: page.items.map((g) => ({ id: g.id, label: g.name, detail: t('systemEntities.inventories.groupCounts', g.counts) })) }) },
  );
  return <AssociationPanel testId="inventory-groups" members={members} candidates={[]} onCandidateSearch={() => undefined} onAdd={async () => undefined} onRemove={async () => undefined} readOnly />;
}
