/**
 * The kinds of the contractor entities view (spec 001 §2 /entities: units, mmh_servers, channels,
 * vr_servers, vr_channels, transceiver_servers, ingest_servers, db_gateways; "one list view with a
 * chosen entity kind"): for each, the admin list call it reads (bound with the kit's `op`), whether
 * that call is per inventory, its search and sort keys, and the columns a row shows. Rows of every
 * call are made into one shape (`EntityRow`) so one list shows them all.
 */
import {
  ADMIN_CHANNEL_SEARCH_KEYS,
  ADMIN_CHANNEL_SORT_KEYS,
  ADMIN_SERVER_SEARCH_KEYS,
  ADMIN_SERVER_SORT_KEYS,
  ADMIN_UNIT_SEARCH_KEYS,
  ADMIN_UNIT_SORT_KEYS,
  DB_GATEWAY_SEARCH_KEYS,
  DB_GATEWAY_SORT_KEYS,
  VR_CHANNEL_SEARCH_KEYS,
  VR_CHANNEL_SORT_KEYS,
  type AdminChannelPage,
  type AdminDbGatewayPage,
  type AdminServerPage,
  type AdminUnitPage,
  type AdminVrChannelPage,
  type ServerType,
} from '@fleet/contracts';
import { mapOp, op, searchQuery, type ListView, type Op, type Page } from '../../kit';

export type EntityKind = 'units' | 'mmh_servers' | 'channels' | 'vr_servers' | 'vr_channels' | 'transceiver_servers' | 'ingest_servers' | 'db_gateways';
export type EntitySource = 'units' | 'servers' | 'channels' | 'vrChannels' | 'dbGateways';
export type EntityColumn = 'name' | 'uniqueId' | 'productType' | 'type' | 'server' | 'host' | 'status' | 'swVersion' | 'inventory' | 'units';

export interface EntityKindSpec {
  readonly source: EntitySource;
  /** The list is read per inventory (an inventory picker shows). */
  readonly perInventory: boolean;
  /** Search keys of the call; the first is the default. */
  readonly searchKeys: readonly string[];
  readonly columns: readonly EntityColumn[];
  /** The call's sort key of each sortable column. */
  readonly sortKeys: Partial<Record<EntityColumn, string>>;
  /** The list call (of the inventory, for a kind listed per inventory), its rows as `EntityRow`s. */
  readonly list: (inventoryId: string) => Op<ListView, EntityPage>;
}

const SERVER_COLUMNS: readonly EntityColumn[] = ['name', 'uniqueId', 'productType', 'status', 'swVersion', 'inventory'];
const SERVER_SORT = { name: 'name', uniqueId: 'uniqueId', productType: 'productType', status: 'status', swVersion: 'swVersion' } as const;
const SERVER_SEARCH = ['name', 'uniqueId', 'serial', 'alias', 'productType', 'status', 'swVersion'] as const;
const server = (serverType: ServerType): EntityKindSpec => ({
  source: 'servers',
  perInventory: true,
  searchKeys: SERVER_SEARCH,
  columns: SERVER_COLUMNS,
  sortKeys: SERVER_SORT,
  list: (inventoryId) =>
    mapOp(
      op('adminInventoryServers', (view: ListView) => ({
        params: { id: inventoryId },
        query: { ...searchQuery(view, ADMIN_SERVER_SEARCH_KEYS, ADMIN_SERVER_SORT_KEYS), type: serverType },
      })),
      serverRows,
    ),
});

export const ENTITY_KINDS: Record<EntityKind, EntityKindSpec> = {
  units: {
    source: 'units',
    perInventory: false,
    searchKeys: ['name', 'uniqueId', 'serialNumber', 'productType', 'status', 'swVersion'],
    columns: ['name', 'uniqueId', 'productType', 'status', 'swVersion', 'inventory'],
    sortKeys: { name: 'name', uniqueId: 'uniqueId', productType: 'productType', status: 'status', swVersion: 'swVersion' },
    list: () =>
      mapOp(
        op('searchAdminUnits', (view: ListView) => ({ query: searchQuery(view, ADMIN_UNIT_SEARCH_KEYS, ADMIN_UNIT_SORT_KEYS) })),
        unitRows,
      ),
  },
  mmh_servers: server('mmh_server'),
  vr_servers: server('vr_server'),
  transceiver_servers: server('transceiver_server'),
  ingest_servers: server('ingest_server'),
  channels: {
    source: 'channels',
    perInventory: false,
    searchKeys: ['name', 'uniqueId', 'serverId', 'type', 'status'],
    columns: ['name', 'uniqueId', 'type', 'server', 'status', 'swVersion', 'inventory'],
    sortKeys: { name: 'name', uniqueId: 'uniqueId', type: 'type', server: 'serverId', status: 'status' },
    list: () =>
      mapOp(
        op('searchAdminChannels', (view: ListView) => ({ query: searchQuery(view, ADMIN_CHANNEL_SEARCH_KEYS, ADMIN_CHANNEL_SORT_KEYS) })),
        channelRows,
      ),
  },
  vr_channels: {
    source: 'vrChannels',
    perInventory: false,
    searchKeys: ['name', 'uniqueId', 'serialNumber', 'status', 'description'],
    columns: ['name', 'uniqueId', 'server', 'status', 'inventory'],
    sortKeys: { name: 'name', uniqueId: 'uniqueId', status: 'status' },
    list: () =>
      mapOp(
        op('searchAdminVrChannels', (view: ListView) => ({ query: searchQuery(view, VR_CHANNEL_SEARCH_KEYS, VR_CHANNEL_SORT_KEYS) })),
        vrChannelRows,
      ),
  },
  db_gateways: {
    source: 'dbGateways',
    perInventory: false,
    searchKeys: ['name', 'host', 'status'],
    columns: ['name', 'host', 'status', 'inventory', 'units'],
    sortKeys: { name: 'name', host: 'host', status: 'status' },
    list: () =>
      mapOp(
        op('searchAdminDbGateways', (view: ListView) => ({ query: searchQuery(view, DB_GATEWAY_SEARCH_KEYS, DB_GATEWAY_SORT_KEYS) })),
        dbGatewayRows,
      ),
  },
};

export function isEntityKind(kind: string): kind is EntityKind {
  return Object.hasOwn(ENTITY_KINDS, kind);
}

/** One row of any kind: its key and the text of each column (inventories as ids; the view names them). */
export interface EntityRow {
  readonly key: string;
  readonly values: Partial<Record<Exclude<EntityColumn, 'inventory'>, string>>;
  readonly inventoryIds: readonly string[];
}

export type EntityPage = Page<EntityRow>;

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A page of one kind's items as rows. */
const rowsOf =
  <T>(row: (item: T) => EntityRow) =>
  <P extends { readonly total: number; readonly items: readonly T[] }>(page: P): EntityPage => ({ total: page.total, items: page.items.map(row) });

export const unitRows = rowsOf((u: AdminUnitPage['items'][number]) => ({
  key: u.uniqueId,
  values: { name: u.name, uniqueId: u.uniqueId, productType: u.productType, status: u.status, swVersion: u.swVersion },
  inventoryIds: u.inventoryIds,
}));

export const serverRows = rowsOf((s: AdminServerPage['items'][number]) => ({
  key: s.id,
  values: { name: s.name, uniqueId: s.uniqueId, productType: s.productType, status: s.status, swVersion: s.swVersion },
  inventoryIds: s.inventoryId ? [s.inventoryId] : [],
}));

export const channelRows = rowsOf((c: AdminChannelPage['items'][number]) => ({
  key: c.channelId,
  values: {
    name: c.channelName,
    uniqueId: c.channelId,
    type: c.type,
    server: c.serverName || c.serverId,
    status: c.status,
    swVersion: text(c.liveuVersion),
  },
  inventoryIds: c.inventoryIds,
}));

export const vrChannelRows = rowsOf((v: AdminVrChannelPage['items'][number]) => ({
  key: v.uniqueId,
  values: { name: v.name, uniqueId: v.uniqueId, server: text(v.serverName ?? v.serverId), status: v.status },
  inventoryIds: v.inventoryIds,
}));

export const dbGatewayRows = rowsOf((g: AdminDbGatewayPage['items'][number]) => ({
  key: g.id,
  values: { name: g.name, host: g.port == null ? g.host : `${g.host}:${g.port}`, status: g.status, units: String(g.unitCount) },
  inventoryIds: g.inventoryId ? [g.inventoryId] : [],
}));
