/**
 * The contractor entities view (spec 001 §2 /entities/:kind, "one list view with a chosen entity
 * kind"): the kit's searchable, sortable, paged, read-only list over the admin list of the chosen
 * kind — v2/admin/units, v2/admin/inventories/{id}/servers?type=..., v2/admin/channels,
 * v2/admin/vrChannels, v2/admin/dbGateways — which answer the contractor's own inventories only.
 * Servers are listed per inventory (the call's shape), so an inventory picker shows for them.
 * The shown list is read again when /ws says one of its rows changed (entitiesLive.ts).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Stack } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import type texts from '../../i18n/areas/contractorEntities.en.json';
import { ResourceList, useListView, type ListColumn } from '../../kit';
import { useSessionUser } from '../../session/hooks';
import { ENTITY_KINDS, type EntityKind, type EntityRow } from './entityKinds';
import { useRegionCall } from '../../api/regionCalls';

/** The search keys of every kind have a label (contractorEntities.searchKeys in the area's texts). */
type SearchKeyLabel = keyof typeof texts.searchKeys;

/** Shows one kind; remount it (key) to start a new kind from its initial search and sort. */
export function ContractorEntities({ kind }: { readonly kind: EntityKind }) {
  const { t } = useTranslation();
  const spec = ENTITY_KINDS[kind];
  const inventories = useSessionUser()?.inventories ?? [];
  const [view, setView] = useListView(spec.searchKeys[0] ?? 'name', spec.sortKeys.name ?? 'name');
  const [inventoryId, setInventoryId] = useState<string | null>(inventories[0]?.id ?? null);
  const waiting = spec.perInventory && inventoryId === null;
  const call = spec.list(inventoryId ?? '');
  useRegionCall(call.id);
  const list = useQuery({ queryKey: call.key(view), queryFn: ({ signal }) => call.run(view, signal), placeholderData: keepPreviousData, enabled: !waiting });
  // Servers of no inventory: nothing to read, an empty list that says why.
  const shown = waiting ? { isPending: false, isError: false, error: null, data: { items: [], total: 0 } } : list;

  const inventoryName = (id: string) => inventories.find((i) => i.id === id)?.name ?? id;
  const columns: ListColumn<EntityRow>[] = spec.columns.map((column) => ({
    id: column,
    header: t(`contractorEntities.columns.${column}`),
    sortKey: spec.sortKeys[column],
    render: (row) => (column === 'inventory' ? row.inventoryIds.map(inventoryName).join(', ') : row.values[column]) || t('common.none'),
  }));

  return (
    <Stack gap="sm" data-testid={`entities-${kind}`}>
      <ResourceList
        testId="entities"
        searchKeys={spec.searchKeys.map((k) => ({ value: k, label: t(`contractorEntities.searchKeys.${k as SearchKeyLabel}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={shown}
        rowKey={(row) => row.key}
        emptyText={waiting ? t('contractorEntities.noInventory') : undefined}
        errorTitle={t('contractorEntities.loadError')}
        toolbar={
          spec.perInventory && (
            <Select
              label={t('contractorEntities.inventory')}
              data={inventories.map((i) => ({ value: i.id, label: i.name }))}
              value={inventoryId}
              onChange={(id) => {
                setInventoryId(id);
                setView((v) => ({ ...v, page: 1 }));
              }}
              allowDeselect={false}
              data-testid="entities-inventory"
            />
          )
        }
      />
    </Stack>
  );
}
