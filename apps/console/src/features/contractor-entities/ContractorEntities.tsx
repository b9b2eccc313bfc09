/**
 * The contractor entities view (spec 001 §2 /entities/:kind, "one list view with a chosen entity
 * kind"): a searchable, sortable, paged, read-only grid over the admin list of the chosen kind —
 * v2/admin/units, v2/admin/inventories/{id}/servers?type=..., v2/admin/channels,
 * v2/admin/vrChannels, v2/admin/dbGateways — which answer the contractor's own inventories only.
 * Servers are listed per inventory (the call's shape), so an inventory picker shows for them.
 * The shown list is read again when /ws says one of its rows changed (entitiesLive.ts).
 */
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type {
  AdminChannelSearchQuery, AdminDbGatewaySearchQuery, AdminServerSearchQuery, AdminUnitSearchQuery, AdminVrChannelSearchQuery,
} from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { ListTable, type ListColumn } from '../../components/ListTable';
import { nextListSort } from '../../components/listSort';
import { QueryView } from '../../components/QueryView';
import { useSessionUser } from '../../session/hooks';
import {
  channelRows, dbGatewayRows, ENTITY_KINDS, ENTITY_PAGE_SIZE, initialView, listQuery, serverRows, unitRows, vrChannelRows,
  type EntityColumn, type EntityKind, type EntityPage, type EntityView,
} from './entityKinds';
import { useEntitiesLive } from './entitiesLive';

type EntityRow = EntityPage['rows'][number];

/** The search keys of every kind have a label (contractorEntities.searchKeys in the area's texts). */
type SearchKeyLabel = 'name' | 'uniqueId' | 'serialNumber' | 'serial' | 'alias' | 'productType' | 'status' | 'swVersion' | 'serverId' | 'type' | 'description' | 'host';

/** Shows one kind; remount it (key) to start a new kind from its initial search and sort. */
export function ContractorEntities({ kind }: { readonly kind: EntityKind }) {
  const { t } = useTranslation();
  const spec = ENTITY_KINDS[kind];
  const user = useSessionUser();
  const inventories = user?.inventories ?? [];
  const [view, setView] = useState<EntityView>(() => initialView(spec));
  const [inventoryId, setInventoryId] = useState<string | null>(inventories[0]?.id ?? null);
  const query = listQuery(view);
  useEntitiesLive(spec.source);
  const options = { placeholderData: keepPreviousData } as const;
  // Each kind reads one call; the others stay idle (enabled: false).
  const units = useEndpointQuery(
    'searchAdminUnits',
    { query: { ...query, sortBy: view.sortBy as AdminUnitSearchQuery['sortBy'], searchKey: view.searchKey as AdminUnitSearchQuery['searchKey'] } },
    { ...options, enabled: spec.source === 'units', select: unitRows },
  );
  const servers = useEndpointQuery(
    'adminInventoryServers',
    {
      params: { id: inventoryId ?? '' },
      query: { ...query, ...(spec.serverType ? { type: spec.serverType } : {}), sortBy: view.sortBy as AdminServerSearchQuery['sortBy'], searchKey: view.searchKey as AdminServerSearchQuery['searchKey'] },
    },
    { ...options, enabled: spec.source === 'servers' && inventoryId !== null, select: serverRows },
  );
  const channels = useEndpointQuery(
    'searchAdminChannels',
    { query: { ...query, sortBy: view.sortBy as AdminChannelSearchQuery['sortBy'], searchKey: view.searchKey as AdminChannelSearchQuery['searchKey'] } },
    { ...options, enabled: spec.source === 'channels', select: channelRows },
  );
  const vrChannels = useEndpointQuery(
    'searchAdminVrChannels',
    { query: { ...query, sortBy: view.sortBy as AdminVrChannelSearchQuery['sortBy'], searchKey: view.searchKey as AdminVrChannelSearchQuery['searchKey'] } },
    { ...options, enabled: spec.source === 'vrChannels', select: vrChannelRows },
  );
  const dbGateways = useEndpointQuery(
    'searchAdminDbGateways',
    { query: { ...query, sortBy: view.sortBy as AdminDbGatewaySearchQuery['sortBy'], searchKey: view.searchKey as AdminDbGatewaySearchQuery['searchKey'] } },
    { ...options, enabled: spec.source === 'dbGateways', select: dbGatewayRows },
  );
  const list = { units, servers, channels, vrChannels, dbGateways }[spec.source];

  const inventoryName = (id: string) => inventories.find((i) => i.id === id)?.name ?? id;
  const cell = (row: EntityRow, column: EntityColumn) =>
    column === 'inventory' ? row.inventoryIds.map(inventoryName).join(', ') || t('common.none') : row.values[column] || t('common.none');

  const columns: ListColumn<EntityRow>[] = spec.columns.map((column) => ({
    id: column,
    header: t(`contractorEntities.columns.${column}`),
    sortKey: spec.sortKeys[column],
    render: (row) => cell(row, column),
  }));

  const grid = (page: EntityPage) => (
    <ListTable
      items={page.rows}
      total={page.total}
      columns={columns}
      rowKey={(row) => row.key}
      testIdPrefix="entities"
      sort={view}
      onSort={(sortKey) => setView((v) => nextListSort(v, sortKey))}
      page={view.page}
      pageSize={ENTITY_PAGE_SIZE}
      onPage={(p) => setView((v) => ({ ...v, page: p }))}
      emptyText={t('contractorEntities.empty')}
      totalText={(count) => t('contractorEntities.total', { count })}
      minWidth={800}
    />
  );

  return (
    <Stack gap="sm" data-testid={`entities-${kind}`}>
      <Group gap="sm" align="flex-end">
        {spec.perInventory && (
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
        )}
        <Select
          label={t('contractorEntities.searchBy')}
          data={spec.searchKeys.map((k) => ({ value: k, label: t(`contractorEntities.searchKeys.${k as SearchKeyLabel}`) }))}
          value={view.searchKey}
          onChange={(k) => k && setView((v) => ({ ...v, searchKey: k, page: 1 }))}
          allowDeselect={false}
          w={180}
          data-testid="entities-search-key"
        />
        <TextInput
          label={t('contractorEntities.search')}
          value={view.searchValue}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setView((v) => ({ ...v, searchValue: value, page: 1 }));
          }}
          data-testid="entities-search"
        />
      </Group>
      {spec.perInventory && inventoryId === null ? (
        <Text c="dimmed" data-testid="entities-no-inventory">{t('contractorEntities.noInventory')}</Text>
      ) : (
        <QueryView query={list} testIdPrefix="entities" errorTitle={t('contractorEntities.loadError')}>
          {grid}
        </QueryView>
      )}
    </Stack>
  );
}
