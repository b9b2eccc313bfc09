/**
 * The inventory's own tabs (spec 001 §3 Inventory, §7 Inventories): tally and IFB channels, the
 * properties, the serviceable devices, the ingest account and the ingest servers. Which tab a user
 * sees follows the catalogue roles of the tab's read; its writes are gated call by call where the
 * tab renders. Shown in the system admin console's inventory modal and, for the inventory admins the
 * catalogue lets in, on /inventory_services. Pure; no React here.
 *
 * The core keeps one version for the inventory row, its properties, its tally and IFB channels and
 * its geocoding profile (each change of one bumps it): after a write of one, the others are read
 * again (`versionReadsAfter`), else the next save of another would be refused as changed.
 */
import { ADMIN_INVENTORY_SEARCH_KEYS, ADMIN_INVENTORY_SORT_KEYS, INGEST_TEST_REASONS } from '@fleet/contracts';
import type { TFunction } from 'i18next';
import type { ChannelLive, EndpointId, InventoryIfb, InventoryTally, RealtimeEvent, Role } from '@fleet/contracts';
import { canCall } from '../../kit/access';
import type { TextKey } from '../../kit/formRules';
import { searchQuery, type ListView } from '../../kit/resource';
import type { Member } from '../../kit/Association';
import type { QueryLike } from '../../components/queryView';

export type InventoryTabValue = 'tally' | 'ifb' | 'properties' | 'serviceableDevices' | 'ingestAccount' | 'ingestServers';

export type InventoryTabSpec = ReturnType<typeof tab>;

/**
 * A tab labelled by its value (`systemEntities.inventoryTabs.tabs.<value>`), with the call it reads
 * with (the tab shows when the user may make it) and the calls it writes with (each gated where it
 * is offered).
 */
function tab(value: InventoryTabValue, read: EndpointId, ...writes: EndpointId[]) {
  return { value, label: `systemEntities.inventoryTabs.tabs.${value}` satisfies TextKey, read, writes };
}

export const INVENTORY_TABS: readonly InventoryTabSpec[] = [
  tab('tally', 'getInventoryTally', 'addInventoryTallyChannel', 'removeInventoryTallyChannel'),
  tab('ifb', 'getInventoryIfb', 'addInventoryIfbChannel', 'removeInventoryIfbChannel'),
  tab('properties', 'getAdminInventoryProperties', 'updateAdminInventoryProperties', 'setInventoryGeocodingProfile'),
  tab('serviceableDevices', 'getAdminInventoryServiceableDevices'),
  tab(
    'ingestAccount',
    'getIngestAccount',
    'updateIngestAccount',
    'setIngestAccountPassword',
    'uploadIngestAccountXslt',
    'deleteIngestAccount',
    'testIngestAccount',
  ),
  tab('ingestServers', 'getInventoryIngestServers', 'addInventoryIngestServerChannel', 'removeInventoryIngestServerChannel'),
];

/** The tabs a user with these roles sees. */
export function visibleInventoryTabs(roles: readonly Role[]): readonly InventoryTabSpec[] {
  return INVENTORY_TABS.filter((tab) => canCall(roles, tab.read));
}

/** The writes of a tab the user may make (the catalogue's roles of each call). */
export function allowedWrites(roles: readonly Role[], tab: InventoryTabSpec): readonly EndpointId[] {
  return tab.writes.filter((id) => canCall(roles, id));
}

/** The reads that carry the inventory's one version (see the file's comment). */
export const INVENTORY_VERSION_READS = [
  'getAdminInventory',
  'getAdminInventoryProperties',
  'getInventoryTally',
  'getInventoryIfb',
] as const satisfies readonly EndpointId[];

/** What a write through `written` makes stale of the inventory's versioned reads (the written one's answer is in the cache already). */
export function versionReadsAfter(written: EndpointId | null): readonly EndpointId[] {
  return INVENTORY_VERSION_READS.filter((id) => id !== written);
}

/** Every read of the tabs of one inventory. */
export const INVENTORY_TAB_READS = [
  ...INVENTORY_VERSION_READS,
  'getInventoryIfbCounts',
  'getAdminInventoryServiceableDevices',
  'getIngestAccount',
  'getInventoryIngestServers',
  'getInventoryIngestServerChannels',
] as const satisfies readonly EndpointId[];

/**
 * The tab reads of `inventoryId` a realtime event makes stale: any change of the inventory (its row,
 * settings, properties or ingest account: the core announces each as `inventory.changed`), a
 * channel's (the tally, IFB and ingest rows show its status), a server's or a unit's (the ingest
 * servers and the serviceable devices show theirs).
 */
export function staleInventoryTabReads(event: RealtimeEvent, inventoryId: string): readonly EndpointId[] {
  switch (event.type) {
    case 'inventory.changed':
      return event.inventory.id === inventoryId ? INVENTORY_TAB_READS : [];
    case 'channel.changed':
    case 'channel.removed':
      return ['getInventoryTally', 'getInventoryIfb', 'getInventoryIngestServerChannels', 'getInventoryIngestServers'];
    case 'server.changed':
    case 'server.status':
      return ['getInventoryIngestServers', 'getAdminInventoryServiceableDevices'];
    case 'unit.updated':
    case 'device.added':
    case 'device.removed':
      return ['getAdminInventoryServiceableDevices'];
    default:
      return [];
  }
}

/** The count call's query for the list's search (the count above the list is of what the list shows). */
export function inventoryCountQuery(view: ListView) {
  const { searchKey, searchValue } = searchQuery(view, ADMIN_INVENTORY_SEARCH_KEYS, ADMIN_INVENTORY_SORT_KEYS);
  return searchKey === undefined || searchValue === undefined ? {} : { searchKey, searchValue };
}

type TallyRow = InventoryTally['channels'][number];
type IfbRow = InventoryIfb['channels'][number];

/** A channel row's second column: its server and status class. */
function channelDetail(row: { readonly serverName: string; readonly online: boolean; readonly busy: boolean }, t: TFunction): string {
  const state = row.busy
    ? t('systemEntities.inventoryTabs.channel.busy')
    : row.online
      ? t('systemEntities.inventoryTabs.channel.online')
      : t('systemEntities.inventoryTabs.channel.offline');
  return row.serverName === '' ? state : `${row.serverName} · ${state}`;
}

/** The tally's channels as members; with the tally service, their live tally too. */
export function tallyMembers(channels: readonly TallyRow[], t: TFunction): Member[] {
  return channels.map((c) => {
    const live =
      c.tally == null
        ? []
        : [
            c.tally.onAir ? t('systemEntities.inventoryTabs.tally.onAir') : t('systemEntities.inventoryTabs.tally.offAir'),
            ...(c.tally.tallyName ? [c.tally.tallyName] : []),
          ];
    return { id: c.channelId, label: c.channelName, detail: [channelDetail(c, t), ...live].join(' · ') };
  });
}

/** The IFB's channels as members, with whether IFB is on now. */
export function ifbMembers(channels: readonly IfbRow[], t: TFunction): Member[] {
  return channels.map((c) => ({
    id: c.channelId,
    label: c.channelName,
    detail: [channelDetail(c, t), ...(c.ifb ? [t('systemEntities.inventoryTabs.ifb.on')] : [])].join(' · '),
  }));
}

/** A read as an association panel's members: its state, and its answer's rows (every member: the total is their count). */
export function memberRows<T>(read: QueryLike<T>, rows: (data: T) => Member[]) {
  const items = read.data === undefined ? undefined : rows(read.data);
  return { isPending: read.isPending, isError: read.isError, error: read.error, data: items && { items, total: items.length } };
}

/** The channels of the inventory that may join an association (the core takes channels of the inventory only). */
export function channelCandidates(channels: readonly ChannelLive[], t: TFunction): Member[] {
  return channels.map((c) => ({ id: c.channelId, label: c.channelName, detail: channelDetail(c, t) }));
}

export type IngestTestReason = keyof typeof INGEST_TEST_REASONS;

/** The key of a failed test's reason (the core answers its English text), or null for one the console does not know. */
export function ingestTestReason(reason: string | null): IngestTestReason | null {
  if (reason === null) return null;
  const found = (Object.keys(INGEST_TEST_REASONS) as IngestTestReason[]).find((key) => INGEST_TEST_REASONS[key] === reason);
  return found ?? null;
}

/** The name a toast gives a channel just added or removed: from the associations before or after, else the candidates, else its id. */
export function associationName(
  channelId: string,
  rows: readonly { readonly channelId: string; readonly channelName: string }[],
  candidates: readonly { readonly id: string; readonly label: string }[],
): string {
  return rows.find((c) => c.channelId === channelId)?.channelName ?? candidates.find((c) => c.id === channelId)?.label ?? channelId;
}
