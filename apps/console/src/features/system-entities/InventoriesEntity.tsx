/**
 * Inventories (spec 001 §2 /system_entities inventories; §3 Inventory; §7 Inventories admin CRUD),
 * declared on the resource kit: the searchable, sortable, paged list over v2/admin/inventories with
 * the count of the inventories the search matches above it; a modal creates one (then edits it), or
 * changes, deletes and shows the associations of one — its units (added and removed with the admin
 * unit inventory association calls, "Unit max inventories reached" and "Association already exists"
 * shown as the core says them), channels, video return channels and groups — then its own tabs
 * (InventoryTabs.tsx: tally, IFB, properties, serviceable devices, ingest account and servers).
 */
import { Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_INVENTORY_SEARCH_KEYS, ADMIN_INVENTORY_SORT_KEYS } from '@fleet/contracts';
import type { AdminInventory } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import {
  associationTab,
  BY_NAME,
  defineResource,
  nameSearch,
  op,
  pageRows,
  ResourcePage,
  searchQuery,
  versionedUpdate,
  type Change,
  type Field,
  type ListView,
  type Search,
} from '../../kit';
import { SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';
import { checkInventory, inventoryBody, inventoryForm, type InventoryForm } from './entityForms';
import { inventoryCountQuery, INVENTORY_TABS } from './inventoryTabRules';
import { InventoryTabPanel } from './InventoryTabs';
import type { SystemEntitiesProps } from './entityPage';
import { useListRefresh } from './useEntityLive';
import { dateText } from '../../lib/dateFormat';

const FIELDS: readonly Field<InventoryForm>[] = [
  { name: 'name', kind: 'text', label: 'systemEntities.inventories.name', required: true },
  { name: 'region', kind: 'text', label: 'systemEntities.inventories.region' },
  { name: 'parentId', kind: 'inventory', label: 'systemEntities.inventories.parent', clearable: true, testId: 'parent', valueName: (v) => v.parentName },
  { name: 'sipServer', kind: 'text', label: 'systemEntities.inventories.sipServer', testId: 'sip-server' },
];

/** The first hundred members of the inventory, by name. */
const firstByName = (i: AdminInventory) => ({ params: { id: i.id }, query: { limit: 100, ...BY_NAME } });

const unitLink = (id: 'addAdminUnitInventory' | 'removeAdminUnitInventory') =>
  op(id, ({ of, id: unitId }: Change<AdminInventory>) => ({ params: { id: unitId, inventoryId: of.id } }));
const channelLink = (id: 'addAdminInventoryChannel' | 'removeAdminInventoryChannel') =>
  op(id, ({ of, id: channelId }: Change<AdminInventory>) => ({ params: { inventoryId: of.id, id: channelId } }));
const vrChannelLink = (id: 'addAdminInventoryVrChannel' | 'removeAdminInventoryVrChannel') =>
  op(id, ({ of, id: vrChannelId }: Change<AdminInventory>) => ({ params: { id: of.id, vrChannelId } }));

export const inventoryResource = defineResource<AdminInventory, AdminInventory, InventoryForm>({
  testId: 'inventories',
  formTestId: 'inventory',
  titles: { new: 'systemEntities.inventories.new', edit: 'systemEntities.inventories.editTitle', noun: 'systemEntities.inventories.noun' },
  rowKey: (i) => i.id,
  label: (i) => i.name,
  list: {
    op: op('searchAdminInventories', (view) => ({ query: searchQuery(view, ADMIN_INVENTORY_SEARCH_KEYS, ADMIN_INVENTORY_SORT_KEYS) })),
    searchKeys: ADMIN_INVENTORY_SEARCH_KEYS,
  },
  columns: (t) => [
    { id: 'name', header: t('systemEntities.inventories.name'), sortKey: 'name', render: (i) => i.name },
    { id: 'id', header: t('systemEntities.inventories.id'), sortKey: 'id', render: (i) => i.id },
    { id: 'region', header: t('systemEntities.inventories.region'), sortKey: 'region', render: (i) => i.region || '—' },
    { id: 'parentName', header: t('systemEntities.inventories.parent'), sortKey: 'parentName', render: (i) => i.parentName ?? '—' },
    { id: 'sipServer', header: t('systemEntities.inventories.sipServer'), render: (i) => i.sipServer ?? '—' },
    {
      id: 'createdAt',
      header: t('systemEntities.common.createdAt'),
      sortKey: 'createdAt',
      render: (i) => dateText(i.createdAt, (d) => d.toLocaleDateString()),
    },
  ],
  get: op('getAdminInventory', (id: string) => ({ params: { id } })),
  form: { fields: FIELDS, initial: inventoryForm, check: (values, inventory) => checkInventory(inventory?.id ?? null)(values) },
  create: op('createAdminInventory', (values: InventoryForm) => ({ body: inventoryBody(values) })),
  update: versionedUpdate('updateAdminInventory', inventoryBody),
  remove: op('deleteAdminInventory', (i: AdminInventory) => ({ params: { id: i.id } })),
  reopen: (i) => i.id,
  stale: ['countAdminInventories'],
  tabs: [
    // Units found by name join (a unit may be in several inventories).
    associationTab({
      value: 'units',
      label: 'systemEntities.common.units',
      testId: 'inventory-units',
      members: { op: op('listAdminInventoryUnits', firstByName), rows: pageRows((u) => ({ id: u.uniqueId, label: u.name, detail: u.productType })) },
      candidates: {
        op: op('searchAdminUnits', ({ search }: Search<AdminInventory>) => ({ query: { limit: 20, ...BY_NAME, ...nameSearch(search) } })),
        rows: (page) => page.items.map((u) => ({ id: u.uniqueId, label: u.name, detail: u.productType })),
      },
      add: unitLink('addAdminUnitInventory'),
      remove: unitLink('removeAdminUnitInventory'),
      stale: SYSTEM_ENTITY_READS.unit,
    }),
    // The inventory's channels (channels/fetch of the inventory); one leaves with its groups of the inventory.
    associationTab({
      value: 'channels',
      label: 'systemEntities.common.channels',
      testId: 'inventory-channels',
      members: {
        op: op('fetchChannels', (i: AdminInventory) => ({ query: { inventory: i.id } })),
        rows: ({ channels }) => ({ total: channels.length, items: channels.map((c) => ({ id: c.channelId, label: c.channelName, detail: c.type })) }),
      },
      candidates: {
        op: op('searchAdminChannels', ({ search }: Search<AdminInventory>) => ({ query: { limit: 20, ...BY_NAME, ...nameSearch(search) } })),
        rows: (page) => page.items.map((c) => ({ id: c.channelId, label: c.channelName, detail: c.type })),
      },
      add: channelLink('addAdminInventoryChannel'),
      remove: channelLink('removeAdminInventoryChannel'),
      stale: ['fetchChannels', ...SYSTEM_ENTITY_READS.channel],
    }),
    // Video return channels; one leaves unless it is its last inventory.
    associationTab({
      value: 'vrChannels',
      label: 'systemEntities.common.vrChannels',
      testId: 'inventory-vr-channels',
      members: {
        op: op('listAdminInventoryVrChannels', (i: AdminInventory) => ({ params: { id: i.id }, query: { limit: 100 } })),
        rows: pageRows((v) => ({ id: v.uniqueId, label: v.name, detail: v.status })),
      },
      candidates: {
        op: op('searchAdminVrChannels', ({ search }: Search<AdminInventory>) => ({ query: { limit: 20, ...nameSearch(search) } })),
        rows: (page) => page.items.map((v) => ({ id: v.uniqueId, label: v.name, detail: v.status })),
      },
      add: vrChannelLink('addAdminInventoryVrChannel'),
      remove: vrChannelLink('removeAdminInventoryVrChannel'),
      stale: SYSTEM_ENTITY_READS.vrChannel,
    }),
    // Read here: a group is created, changed and given members under groups.
    associationTab({
      value: 'groups',
      label: 'systemEntities.common.groups',
      testId: 'inventory-groups',
      members: {
        op: op('listAdminInventoryGroups', firstByName),
        rows: pageRows((g, t) => ({ id: g.id, label: g.name, detail: t('systemEntities.inventories.groupCounts', g.counts) })),
      },
      stale: [],
    }),
    ...INVENTORY_TABS.map((tab) => ({
      value: tab.value,
      label: tab.label,
      call: tab.read,
      render: (i: AdminInventory) => <InventoryTabPanel value={tab.value} inventoryId={i.id} />,
    })),
  ],
});

/** How many inventories the search matches. */
function InventoryCount({ view }: { readonly view: ListView }) {
  const { t } = useTranslation();
  const count = useEndpointQuery(
    'countAdminInventories',
    { query: inventoryCountQuery(view) },
    { placeholderData: keepPreviousData, refetchInterval: useListRefresh() },
  );
  if (count.data === undefined) return null;
  return (
    <Text size="sm" c="dimmed" mb="xs" data-testid="inventories-count">
      {t('systemEntities.inventoryTabs.count', { count: count.data.count })}
    </Text>
  );
}

export default function InventoriesEntity(_props: SystemEntitiesProps) {
  return <ResourcePage resource={inventoryResource} refreshMs={useListRefresh()} above={(view) => <InventoryCount view={view} />} />;
}
