/**
 * The one table from realtime event kind to the cached reads it changes and how. The realtime
 * provider applies every event through it (and nowhere else patches a cache from /ws); every patch
 * goes through the one version rule of kit/cache (`applyVersioned`: an older patch is dropped, the
 * fields an event carries replace, the others stay).
 *
 * Each entry names:
 * - `patches`: the reads patched in place (never refetched);
 * - `rereads`: the reads made stale (read again where shown): answers the event does not carry;
 * - `screens`: what else follows the event outside the cache (a dialog's progress, a toast), for
 *   the reader; they listen through `useRealtime().subscribe`.
 *
 * The unit lists (fetchDevices, thousands of rows) are patched once per /ws frame for all its
 * events (`applyToUnitLists`), by the same per-unit rule as every other read of a unit.
 */
import type { QueryClient } from '@tanstack/react-query';
import { groupChannelStatus } from '@fleet/domain';
import type {
  ActiveAlert,
  ClientNotification,
  EndpointId,
  GroupChannelDetails,
  LicenceActivationView,
  P2pLink,
  RealtimeEvent,
  RealtimeEventType,
  UnitDetail,
  UnitLocationInfo,
  UnitSummary,
} from '@fleet/contracts';
import { applyConfiguration } from '../api/configurationCache';
import { endpointKey, endpointPrefix, type EndpointQueryKey } from '../api/hooks';
import { staleGraphicsReads } from '../features/graphics/graphicsState';
import { STORY_READS } from '../features/stories/storyLogic';
import { newest } from '../kit/cache';
import { applyToServiceLists } from '../features/managed-services/InventoryServices.page';
import { applyToServicesStatus } from '../shell/useServiceGates';
import { applyToChannelsLive } from '../features/channels/useChannelsLive';
import { applyChannelEvent } from '../features/channels/channelCache';
import type { ChannelEvent } from '../features/channels/channelCache';
import { applyToServerCaches } from '../features/devices/useServers';
import { applyToUpgradeCaches } from '../features/devices/useUpgradesLive';
import { applyToFileCaches } from '../features/files/useChannelFilesLive';
import { applyToGroupsLive } from '../features/groups/useGroupsLive';
import { applyToVrCaches } from '../features/video-return/vrCache';
import { withoutNotification } from '../notifications/polling';
import {
  alertUnitId,
  applyAlertToSummary,
  applyToDetail,
  applyToSummary,
  isUnitListEvent,
  patchActiveAlerts,
  patchFileTransfer,
  patchNotifications,
  patchStatusById,
  patchUnitListBatch,
  STATUS_READS,
  statusTarget,
  unitIdOf,
} from './cachePatch';
import type { AlertEvent, StatusEvent, UnitEvent, UnitListEvent } from './cachePatch';
import { invalidateReads, staleSystemEntityReads } from './systemEntities';

export { isUnitListEvent };

export interface TableContext {
  readonly queryClient: QueryClient;
  /** A unit's name as the cached lists know it (the active alerts list shows it). */
  readonly unitName: (unitId: string) => string;
}

type EventOf<K extends RealtimeEventType> = Extract<RealtimeEvent, { type: K }>;

export interface EventEntry<K extends RealtimeEventType> {
  readonly patches: readonly EndpointId[];
  readonly rereads?: readonly EndpointId[];
  readonly screens?: string;
  readonly apply?: (ctx: TableContext, event: EventOf<K>) => void;
}

/** The remote action history pages and an opened action. */
const REMOTE_ACTION_READS: readonly EndpointId[] = ['listRemoteActions', 'getRemoteAction'];

// ── how the entries patch ───────────────────────────────────────────────────────────────────────

/** A unit's other single reads (its detail, the map popup's unit) with a unit event applied. */
function patchUnitReads({ queryClient }: TableContext, event: UnitEvent): void {
  const id = unitIdOf(event);
  queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id } }), (unit) => (unit ? applyToDetail(unit, event) : unit));
  queryClient.setQueryData<UnitSummary>(endpointKey('fetchDeviceById', { params: { id } }), (unit) => (unit ? applyToSummary(unit, event) : unit));
}

function patchAlert(ctx: TableContext, event: AlertEvent): void {
  const unitId = alertUnitId(event);
  if (unitId !== null) {
    ctx.queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id: unitId } }), (unit) => (unit ? applyAlertToSummary(unit, event) : unit));
  }
  ctx.queryClient.setQueriesData<ActiveAlert[]>({ queryKey: endpointPrefix('fetchActiveAlerts') }, (list) => patchActiveAlerts(list, event, ctx.unitName));
}

/** The reads that hold the entity with its status, by id. */
function patchStatus({ queryClient }: TableContext, event: StatusEvent): void {
  const { id, status } = statusTarget(event);
  for (const read of STATUS_READS[event.type]) {
    queryClient.setQueriesData({ queryKey: endpointPrefix(read) }, (data: unknown) => patchStatusById(data, id, status, event.at, event.type.split('.')[0]));
  }
}

/**
 * A group's channel details with a channel event applied, and the group's status by spec 001 §4
 * (idle if any is idle, else collecting if any is collecting, else offline) from its channels.
 */
export function patchGroupChannelDetails(data: GroupChannelDetails | undefined, event: ChannelEvent): GroupChannelDetails | undefined {
  if (data === undefined) return data;
  // A channel joins a group's details by a read of the group (its memberships are not in the event).
  if (event.type === 'channel.changed' && !data.channels.some((c) => c.channelId === event.channel.channelId)) return data;
  const list = applyChannelEvent(data, event);
  if (list === data) return data;
  return { ...data, ...list, status: groupChannelStatus(list.channels.map((c) => c.status)) };
}

function patchChannel(ctx: TableContext, event: ChannelEvent): void {
  applyToChannelsLive(ctx.queryClient, event);
  ctx.queryClient.setQueriesData<GroupChannelDetails>({ queryKey: endpointPrefix('getGroupChannelDetails') }, (data) => patchGroupChannelDetails(data, event));
}

/** The position the detail header shows: a report without one keeps the last known (the core then answers the stored address). */
function patchLocation({ queryClient }: TableContext, event: EventOf<'unit.telemetry'>): void {
  if (event.location === null) return;
  const key = endpointKey('getDeviceLocation', { params: { id: event.unitId } });
  if (queryClient.getQueryData(key) === undefined) return;
  queryClient.setQueryData<UnitLocationInfo>(key, { uniqueId: event.unitId, location: event.location, live: true });
}

/** A reread of these calls' cached answers. */
const reread =
  (ids: readonly EndpointId[]) =>
  ({ queryClient }: TableContext): void =>
    invalidateReads(queryClient, ids);

/** An inventory's usage reports are read again (usage written, a usage profile changed). */
function rereadUsage({ queryClient }: TableContext, event: { readonly inventoryId: string }): void {
  void queryClient.invalidateQueries({
    queryKey: endpointPrefix('getInventoryUsageReport'),
    predicate: (query) => (query.queryKey as EndpointQueryKey<'getInventoryUsageReport'>)[1].params?.id === event.inventoryId,
  });
}

/** A unit's licences changed with it: the licence activation views that list it are read again. */
function rereadLicences({ queryClient }: TableContext, event: EventOf<'unit.updated'>): void {
  const views = queryClient.getQueriesData<LicenceActivationView>({ queryKey: endpointPrefix('getLicenceActivation') });
  if (views.some(([, view]) => view?.units.some((u) => u.unitId === event.unit.uniqueId))) invalidateReads(queryClient, ['getLicenceActivation']);
}

/** A composition or the graphics service of an inventory changed: its graphics reads are read again. */
function rereadGraphics({ queryClient }: TableContext, event: RealtimeEvent): void {
  const stale = staleGraphicsReads(event);
  if (stale === null) return;
  for (const read of stale.reads) void queryClient.invalidateQueries({ queryKey: endpointKey(read, { params: { id: stale.inventoryId } }) });
}

// ── the table ───────────────────────────────────────────────────────────────────────────────────

export const EVENT_TABLE: { readonly [K in RealtimeEventType]: EventEntry<K> } = {
  'unit.status': {
    patches: ['fetchDevices', 'getUnit', 'fetchDeviceById', 'listUpgradeCandidates'],
    screens: 'counter bar, status toasts, transitions, map markers',
    apply: (ctx, event) => {
      patchUnitReads(ctx, event);
      applyToUpgradeCaches(ctx.queryClient, event);
    },
  },
  'unit.telemetry': {
    patches: ['fetchDevices', 'getUnit', 'fetchDeviceById', 'getDeviceLocation'],
    screens: 'map markers',
    apply: (ctx, event) => {
      patchUnitReads(ctx, event);
      patchLocation(ctx, event);
    },
  },
  'unit.updated': {
    patches: ['fetchDevices', 'getUnit', 'fetchDeviceById', 'listUpgradeCandidates'],
    rereads: ['getLicenceActivation'],
    apply: (ctx, event) => {
      patchUnitReads(ctx, event);
      applyToUpgradeCaches(ctx.queryClient, event);
      rereadLicences(ctx, event);
    },
  },
  'unit.channels': {
    patches: ['fetchDevices', 'getUnit', 'fetchDeviceById'],
    screens: 'the channel a unit streams to on the list, the detail, Multiview and the map popup',
    apply: patchUnitReads,
  },
  'unit.tally': {
    patches: ['getUnit'],
    apply: ({ queryClient }, event) =>
      queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id: event.unitId } }), (unit) => (unit ? applyToDetail(unit, event) : unit)),
  },
  'device.added': { patches: [], rereads: ['fetchDevices'], screens: 'the unit list is read again, debounced (provider)' },
  'device.removed': { patches: [], rereads: ['fetchDevices'], screens: 'the unit list is read again, debounced (provider)' },
  'alert.raised': { patches: ['fetchDevices', 'getUnit', 'fetchActiveAlerts'], screens: 'alert toasts', apply: patchAlert },
  'alert.cleared': { patches: ['fetchDevices', 'getUnit', 'fetchActiveAlerts'], apply: patchAlert },
  'unit.transition': { patches: [], screens: 'transition flags (lib/transitions)' },
  'channel.status': {
    patches: ['fetchChannels', 'fetchChannelDetails', 'getGroupChannelDetails', ...STATUS_READS['channel.status']],
    apply: (ctx, e) => {
      patchChannel(ctx, e);
      patchStatus(ctx, e);
    },
  },
  'server.status': {
    patches: ['getServer', 'listUpgradeCandidates', ...STATUS_READS['server.status']],
    apply: (ctx, event) => {
      applyToServerCaches(ctx.queryClient, event);
      applyToUpgradeCaches(ctx.queryClient, event);
      patchStatus(ctx, event);
    },
  },
  'vrChannel.status': {
    patches: ['listGroupVrChannels', ...STATUS_READS['vrChannel.status']],
    apply: (ctx, event) => {
      applyToVrCaches(ctx.queryClient, event);
      patchStatus(ctx, event);
    },
  },
  'channel.changed': { patches: ['fetchChannels', 'fetchChannelDetails', 'getGroupChannelDetails'], apply: patchChannel },
  'channel.removed': { patches: ['fetchChannels', 'fetchChannelDetails', 'getGroupChannelDetails'], apply: patchChannel },
  'channelDestinations.changed': { patches: [], rereads: ['fetchChannelDestinations'], apply: (ctx, event) => applyToChannelsLive(ctx.queryClient, event) },
  'server.changed': {
    patches: ['getServer', 'listUpgradeCandidates'],
    rereads: ['getServerServices', 'getServerCapabilities'],
    apply: (ctx, event) => {
      applyToServerCaches(ctx.queryClient, event);
      applyToUpgradeCaches(ctx.queryClient, event);
    },
  },
  'vrChannel.changed': { patches: ['listGroupVrChannels'], apply: (ctx, event) => applyToVrCaches(ctx.queryClient, event) },
  'vrChannel.removed': { patches: ['listGroupVrChannels'], apply: (ctx, event) => applyToVrCaches(ctx.queryClient, event) },
  'p2p.changed': {
    patches: ['getP2pLink'],
    screens: "the LU-Link tab (its announced links; the link's groups read again)",
    apply: ({ queryClient }, event) =>
      queryClient.setQueryData<P2pLink>(endpointKey('getP2pLink', { params: { id: event.link.id } }), (cached) =>
        cached === undefined ? cached : newest(cached, event.link),
      ),
  },
  'group.changed': {
    patches: ['fetchGroups'],
    rereads: ['fetchGroupDetails', 'getGroupDefaultConfiguration', 'getGroupAdhocSettings', 'getGroupPermanentSettings'],
    apply: (ctx, event) => applyToGroupsLive(ctx.queryClient, event),
  },
  'group.removed': { patches: ['fetchGroups'], rereads: ['fetchGroupDetails'], apply: (ctx, event) => applyToGroupsLive(ctx.queryClient, event) },
  'groupAlerts.changed': { patches: ['getGroupAlertsConfiguration'], apply: (ctx, event) => applyToGroupsLive(ctx.queryClient, event) },
  'file.transferStarted': {
    patches: ['getUnitStorageFiles'],
    screens: 'the upload dialog',
    apply: ({ queryClient }, event) =>
      queryClient.setQueriesData({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] }, (data: unknown) => patchFileTransfer(data, event)),
  },
  'file.transferCompleted': {
    patches: ['getUnitStorageFiles'],
    screens: 'the upload dialog, transfer toasts',
    apply: ({ queryClient }, event) =>
      queryClient.setQueriesData({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] }, (data: unknown) => patchFileTransfer(data, event)),
  },
  notification: {
    patches: ['fetchClientNotifications'],
    screens: 'the banner starts polling',
    apply: ({ queryClient }, event) =>
      queryClient.setQueriesData<ClientNotification[]>({ queryKey: endpointPrefix('fetchClientNotifications') }, (list) =>
        patchNotifications(list, event.notification),
      ),
  },
  'notification.removed': {
    patches: ['fetchClientNotifications'],
    apply: ({ queryClient }, event) =>
      queryClient.setQueriesData<ClientNotification[]>({ queryKey: endpointPrefix('fetchClientNotifications') }, (list) =>
        withoutNotification(list, event.notificationId),
      ),
  },
  'config.changed': { patches: [], screens: 'a changed websocket library reloads the page (provider)' },
  'unit.configuration': {
    patches: ['getUnitConfigurationV2', 'getUnitEnhanced', 'getUnit', 'fetchDevices'],
    screens: "the configuration modal reads the setting's own reads again",
    apply: ({ queryClient }, event) => applyConfiguration(queryClient, event.unitId, event.configuration),
  },
  'unit.commandResult': { patches: [], screens: 'speed test and cellular scan dialogs' },
  'story.changed': { patches: [], rereads: STORY_READS, apply: reread(STORY_READS) },
  'story.removed': { patches: [], rereads: STORY_READS, apply: reread(STORY_READS) },
  'channelFile.added': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
  'channelFile.changed': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
  'channelFile.removed': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
  'audioRoom.changed': { patches: [], screens: 'audio rooms (read again)' },
  'audioRoom.removed': { patches: [], screens: 'audio rooms (read again)' },
  'graphics.changed': { patches: [], rereads: ['listMyGraphics', 'getGraphicsPermissions', 'listGraphicsTemplates'], apply: rereadGraphics },
  'share.changed': { patches: [], screens: 'publishers and subscribers (read again)' },
  'share.removed': { patches: [], screens: 'publishers and subscribers (read again)' },
  'usageProfile.changed': { patches: [], rereads: ['getInventoryUsageReport'], screens: 'usage profiles (read again)', apply: rereadUsage },
  'usageProfile.removed': { patches: [], rereads: ['getInventoryUsageReport'], screens: 'usage profiles (read again)', apply: rereadUsage },
  'usage.changed': { patches: [], rereads: ['getInventoryUsageReport'], apply: rereadUsage },
  'softwareVersion.changed': {
    patches: [],
    rereads: ['listSoftwareVersionProducts'],
    screens: 'software versions (read again)',
    apply: reread(['listSoftwareVersionProducts']),
  },
  'softwareVersion.removed': {
    patches: [],
    rereads: ['listSoftwareVersionProducts'],
    screens: 'software versions (read again)',
    apply: reread(['listSoftwareVersionProducts']),
  },
  'inventory.changed': { patches: [], screens: 'inventory tabs (read again)' },
  'inventory.removed': { patches: [], screens: 'inventory tabs (read again)' },
  'user.changed': { patches: [], screens: 'user lists and licences (read again)' },
  'user.removed': { patches: [], screens: 'user lists and licences (read again)' },
  'remoteAction.changed': { patches: [], rereads: REMOTE_ACTION_READS, apply: reread(REMOTE_ACTION_READS) },
  'upgrade.changed': {
    patches: ['listUpgradeCandidates', 'getUnitUpgradeTargets', 'getServerUpgradeTargets', 'listUnitUpgrades', 'listServerUpgrades', 'getUpgradeBatch'],
    apply: (ctx, event) => applyToUpgradeCaches(ctx.queryClient, event),
  },
  'upgradeBatch.changed': { patches: [], rereads: ['listUpgradeBatches', 'getUpgradeBatch'], apply: reread(['listUpgradeBatches', 'getUpgradeBatch']) },
  'managedService.changed': {
    patches: ['getServicesStatus', 'listManagedServices', 'listAdminManagedServices'],
    rereads: ['getGraphicsPermissions', 'listMyGraphics', 'listGraphicsTemplates'],
    apply: (ctx, event) => {
      applyToServicesStatus(ctx.queryClient, event);
      applyToServiceLists(ctx.queryClient, event);
      rereadGraphics(ctx, event);
    },
  },
  'whatsNew.changed': { patches: [], rereads: ['listWhatsNew'], apply: reread(['listWhatsNew']) },
  'whatsNew.removed': { patches: [], rereads: ['listWhatsNew'], apply: reread(['listWhatsNew']) },
  'accessApproval.changed': { patches: [], screens: 'access approvals (read again)' },
  'systemSetting.changed': { patches: [], screens: 'system settings, application URLs (read again)' },
  'systemDevice.changed': { patches: [], screens: 'admin device lists (read again)' },
  'systemEntities.changed': {
    patches: [],
    rereads: ['searchAdminUnits', 'searchAdminGroups', 'searchAdminInventories', 'searchUsers', 'searchAdminChannels', 'searchAdminServers'],
    apply: ({ queryClient }, event) => invalidateReads(queryClient, staleSystemEntityReads(event.kinds)),
  },
};

/** Applies one event to every cached read but the unit lists (see `applyToUnitLists`). */
export function applyEvent(ctx: TableContext, event: RealtimeEvent): void {
  const entry = EVENT_TABLE[event.type] as EventEntry<RealtimeEventType>;
  entry.apply?.(ctx, event as never);
}

/** The unit list events applied to the cached unit lists: one copy of each list for all of them. */
export function applyToUnitLists(queryClient: QueryClient, listEvents: readonly UnitListEvent[]): void {
  if (listEvents.length === 0) return;
  queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => patchUnitListBatch(list, listEvents));
}
