/**
 * Units (spec 001 §2 /system_entities units; spec 000 §3 Unit; 000 §7 admin unit calls): the
 * searchable, sortable, paged list over v2/admin/units; a modal to register one in an inventory,
 * or to change (name, comment, ownership), delete and associate one — its inventories ("Unit max
 * inventories reached", "Association already exists" as the core says them) and the groups of
 * its inventories.
 */
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OWNERSHIP_VALUES, UNIT_DEVICE_GROUPS } from '@fleet/contracts';
import type { AdminUnitDetail, AdminUnitRow, AdminUnitSearchQuery, CreateAdminUnitBody, Ownership } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import { AssociationPanel } from './AssociationPanel';
import { checkUnit, unitCreateBody, unitForm, unitUpdateBody, type UnitForm } from './entityForms';
import type { SystemEntitiesProps } from './SystemEntities';
import { useListRefresh, useEntityLive } from './useEntityLive';
import { DeleteButton, InventorySelect, ModalFooter, ResourceList, ResourceModal, useListView } from '../../kit';
import { listQuery } from '../contractor-entities/entityKinds';
import type { ListColumn } from '../../components/ListTable';

const NEW = 'new';
const SEARCH_KEYS = ['name', 'uniqueId', 'serialNumber', 'productType', 'status', 'swVersion', 'ownership', 'comment'] as const;
const UNIT_READS = ['searchAdminUnits', 'getAdminUnit', 'listAdminInventoryUnits', 'getAdminUnitInventories', 'getAdminUnitGroups', 'getAdminUnitGroupsOfInventories', 'searchAdminGroups'] as const;

export default function UnitsEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useEntityLive();
  const [view, setView] = useListView('name');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpointQuery(
    'searchAdminUnits',
    { query: { ...listQuery(view), searchKey: view.searchKey as AdminUnitSearchQuery['searchKey'], sortBy: view.sortBy as AdminUnitSearchQuery['sortBy'] } },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const columns: ListColumn<AdminUnitRow>[] = [
    { id: 'name', header: t('systemEntities.units.name'), sortKey: 'name', render: (u) => u.name },
    { id: 'uniqueId', header: t('systemEntities.units.uniqueId'), sortKey: 'uniqueId', render: (u) => u.uniqueId },
    { id: 'productType', header: t('systemEntities.units.productType'), sortKey: 'productType', render: (u) => u.productType },
    { id: 'status', header: t('systemEntities.units.status'), sortKey: 'status', render: (u) => u.status },
    { id: 'swVersion', header: t('systemEntities.units.swVersion'), sortKey: 'swVersion', render: (u) => u.swVersion },
    { id: 'ownership', header: t('systemEntities.units.ownership'), sortKey: 'ownership', render: (u) => u.ownership || '—' },
    { id: 'inventories', header: t('systemEntities.common.inventories'), render: (u) => u.inventoryIds.length },
  ];
  return (
    <>
      <ResourceList
        testId="units"
        searchKeys={SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemEntities.units.searchKeys.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(u) => u.uniqueId}
        onOpen={(u) => setOpen(u.uniqueId)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="units-new">
            {t('systemEntities.units.new')}
          </Button>
        }
      />
      {open !== null && <UnitModal id={open === NEW ? null : open} onClose={() => setOpen(null)} onCreated={setOpen} />}
    </>
  );
}

function useUnitChanged(): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const key of UNIT_READS) void queryClient.invalidateQueries({ queryKey: endpointPrefix(key) });
  };
}

function UnitModal({ id, onClose, onCreated }: { id: string | null; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminUnit', { params: { id: id ?? '' } }, { enabled: id !== null });
  return (
    <ResourceModal
      testId="unit"
      title={id === null ? t('systemEntities.units.new') : t('systemEntities.units.editTitle', { name: query.data?.name ?? '' })}
      isNew={id === null}
      query={query}
      editor={(unit) => <UnitEditor unit={unit} onClose={onClose} onCreated={onCreated} />}
      tabs={[
        { value: 'inventories', label: t('systemEntities.common.inventories'), render: (unit) => <UnitInventories unitId={unit.uniqueId} /> },
        { value: 'groups', label: t('systemEntities.common.groups'), render: (unit) => <UnitGroups unitId={unit.uniqueId} /> },
      ]}
      onClose={onClose}
    />
  );
}

function UnitEditor({ unit, onClose, onCreated }: { unit: AdminUnitDetail | null; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const changed = useUnitChanged();
  const form = useForm<UnitForm>(unitForm(unit), checkUnit(unit === null));
  const error = useFieldError('unit-error', form.errors);
  const create = useEndpointMutation('createAdminUnit');
  const update = useEndpointMutation('updateAdminUnit');
  const remove = useEndpointMutation('deleteAdminUnit');

  const save = () => {
    const values = form.submit();
    if (!values) return;
    if (unit === null) {
      create.mutate(
        { body: unitCreateBody(values) },
        {
          onSuccess: (created) => {
            form.saved();
            changed();
            toast.show({ message: t('systemEntities.units.created', { name: created.name }), variant: 'success' });
            onCreated(created.uniqueId);
          },
          onError: (e) => form.failed(e),
        },
      );
      return;
    }
    update.mutate(
      { params: { id: unit.uniqueId }, body: unitUpdateBody(values, unit.version) },
      {
        onSuccess: (saved) => {
          form.saved();
          changed();
          void queryClient.invalidateQueries({ queryKey: ['getAdminUnit', { params: { id: saved.uniqueId } }] });
          toast.show({ message: t('systemEntities.units.saved', { name: saved.name }), variant: 'success' });
        },
        onError: (e) => form.failed(e),
      },
    );
  };

  const del = () => {
    if (!unit) return;
    remove.mutate(
      { params: { id: unit.uniqueId } },
      {
        onSuccess: () => {
          changed();
          toast.show({ message: t('systemEntities.units.deleted', { name: unit.name }), variant: 'success' });
          onClose();
        },
        onError: (e) => form.failed(e, {}),
      },
    );
  };

  return (
    <Stack gap="sm">
      {form.error !== null && Object.keys(form.errors).length === 0 && <Alert color="red" data-testid="unit-form-error">{errorText(form.error)}</Alert>}
      <TextInput label={t('systemEntities.units.name')} value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={error('name')} required data-testid="unit-name" />
      {unit === null && (
        <>
          <Select
            label={t('systemEntities.units.typeGroup')}
            data={UNIT_DEVICE_GROUPS.map((g) => ({ value: g, label: g }))}
            value={form.values.typeGroup}
            onChange={(g) => g && form.set({ typeGroup: g as CreateAdminUnitBody['typeGroup'] })}
            allowDeselect={false}
            error={error('typeGroup')}
            data-testid="unit-type-group"
          />
          <TextInput label={t('systemEntities.units.productType')} value={form.values.productType} onChange={(e) => form.set({ productType: e.currentTarget.value })} error={error('productType')} required data-testid="unit-product-type" />
          <TextInput label={t('systemEntities.units.serialNumber')} value={form.values.serialNumber} onChange={(e) => form.set({ serialNumber: e.currentTarget.value })} error={error('serialNumber')} required data-testid="unit-serial" />
          <InventorySelect label={t('systemEntities.units.inventory')} value={form.values.inventoryId} onChange={(inventoryId) => form.set({ inventoryId })} error={error('inventoryId')} testId="unit-inventory" />
        </>
      )}
      <TextInput label={t('systemEntities.units.comment')} value={form.values.comment} onChange={(e) => form.set({ comment: e.currentTarget.value })} error={error('comment')} data-testid="unit-comment" />
      <Select
        label={t('systemEntities.units.ownership')}
        data={OWNERSHIP_VALUES.map((o) => ({ value: o, label: o }))}
        value={form.values.ownership}
        onChange={(o) => form.set({ ownership: o as Ownership | null })}
        clearable
        error={error('ownership')}
        data-testid="unit-ownership"
      />
      <ModalFooter
        testId="unit"
        onSave={save}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
        left={unit !== null && <DeleteButton testId="unit" onConfirm={del} loading={remove.isPending} />}
      />
    </Stack>
  );
}

/** The unit's inventories: any inventory found by name joins; leaving one takes the unit out of its groups too. */
function UnitInventories({ unitId }: { unitId: string }) {
  const [search, setSearch] = useState('');
  const changed = useUnitChanged();
  const members = useEndpointQuery(
    'getAdminUnitInventories',
    { params: { id: unitId } },
    { select: (list) => ({ total: list.length, items: list.map((i) => ({ id: i.id, label: i.name, detail: i.region })) }) },
  );
  const candidates = useEndpointQuery(
    'searchAdminInventories',
    { query: { limit: 20, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminUnitInventory');
  const remove = useEndpointMutation('removeAdminUnitInventory');
  return (
    <AssociationPanel
      testId="unit-inventories"
      members={members}
      candidates={(candidates.data?.items ?? []).map((i) => ({ id: i.id, label: i.name, detail: i.region }))}
      onCandidateSearch={setSearch}
      onAdd={(inventoryId) => add.mutateAsync({ params: { id: unitId, inventoryId } }).then(changed)}
      onRemove={(inventoryId) => remove.mutateAsync({ params: { id: unitId, inventoryId } }).then(changed)}
    />
  );
}

/** The unit's groups: a group of one of the unit's inventories joins (groups/ofInventories gives them). */
function UnitGroups({ unitId }: { unitId: string }) {
  const [search, setSearch] = useState('');
  const changed = useUnitChanged();
  const members = useEndpointQuery(
    'getAdminUnitGroups',
    { params: { id: unitId }, query: { limit: 100 } },
    { select: (page) => ({ total: page.total, items: page.items.map((g) => ({ id: g.id, label: g.name, detail: g.inventoryName })) }) },
  );
  const candidates = useEndpointQuery(
    'getAdminUnitGroupsOfInventories',
    { params: { id: unitId }, query: { limit: 50, ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminUnitGroup');
  const remove = useEndpointMutation('removeAdminUnitGroup');
  return (
    <AssociationPanel
      testId="unit-groups"
      members={members}
      candidates={(candidates.data?.items ?? []).filter((g) => !g.associated).map((g) => ({ id: g.id, label: g.name, detail: g.inventoryName }))}
      onCandidateSearch={setSearch}
      onAdd={(groupId) => add.mutateAsync({ params: { id: unitId, groupId } }).then(changed)}
      onRemove={(groupId) => remove.mutateAsync({ params: { id: unitId, groupId } }).then(changed)}
    />
  );
}
