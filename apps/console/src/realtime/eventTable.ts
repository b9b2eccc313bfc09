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
 * The unit lists (fetchDevices, thousands of rows) and the map's markers (fetchDeviceCoords) are
 * patched once per /ws frame for all its events (`applyBatched`), by the same per-unit rule as every
 * other read of a unit.
 *
 * Screens keep only their own state from /ws (a dialog waiting for its own outcome, an upload's
 * progress bars, the links a tab has heard of): no screen patches or rereads a cached answer.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ClientNotification, P2pLink, RealtimeEvent, RealtimeEventType, UnitCoords, UnitDetail, UnitSummary } from '@fleet/contracts';
import { applyConfiguration } from '../api/configurationCache';
import { endpointKey, endpointPrefix } from '../api/hooks';
import { STORY_READS } from '../features/stories/storyLogic';
import { newest } from '../kit/cache';
import { applyToServiceLists } from '../features/managed-services/serviceView';
import { applyToServicesStatus } from '../shell/useServiceGates';
import { applyToChannelsLive } from '../features/channels/useChannelsLive';
import { applyToServerCaches } from '../features/devices/useServers';
import { applyToUpgradeCaches } from '../features/devices/useUpgradesLive';
import { applyToFileCaches } from '../features/files/useChannelFilesLive';
import { applyToGroupsLive } from '../features/groups/useGroupsLive';
import { applyToVrCaches } from '../features/video-return/vrCache';
import { INVENTORY_TAB_READS } from '../features/system-entities/inventoryTabRules';
import { patchCoordsBatch } from '../features/map/mapData';
import { withoutNotification } from '../notifications/polling';
import { applyToDetail, isUnitListEvent, patchFileTransfer, patchNotifications, patchUnitListBatch, STATUS_READS } from './cachePatch';
import type { UnitListEvent } from './cachePatch';
import { invalidateReads, SYSTEM_ENTITY_READS, staleSystemEntityReads } from './systemEntities';

export { isUnitListEvent };
export type { EventEntry, TableContext } from './eventPatches';
import {
  REMOTE_ACTION_READS,
  patchUnitReads,
  patchAlert,
  patchStatus,
  patchChannel,
  patchLocation,
  reread,
  rereadUsage,
  rereadLicences,
  rereadGraphics,
  rereadBy,
  all,
  rereadContractorLists,
  rereadAdminEntities,
  rereadInventoryTabs,
  rereadUnitFiles,
  rereadUnitSetting,
  rereadLinkGroups,
  USER_READS,
  rereadSetting,
  SETTING_READS,
  ROOM_READS,
  SOFTWARE_VERSION_READS,
  WHATS_NEW_READS,
  SYSTEM_MESSAGE_READS,
  APPROVAL_READS,
  USAGE_PROFILE_READS,
  shareReads,
} from './eventPatches';
import type { EventEntry, EventOf, TableContext } from './eventPatches';

// ── the table ───────────────────────────────────────────────────────────────────────────────────

export const EVENT_TABLE: { readonly [K in RealtimeEventType]: EventEntry<K> } = {
  'unit.status': {
    patches: ['fetchDevices', 'fetchDeviceCoords', 'getUnit', 'fetchDeviceById', 'listUpgradeCandidates'],
    rereads: ['searchAdminUnits'],
    screens: 'counter bar, status toasts, transitions; the contractor units list read again (throttled)',
    apply: (ctx, event) => {
      patchUnitReads(ctx, event);
      applyToUpgradeCaches(ctx.queryClient, event);
      rereadContractorLists(ctx, event);
    },
  },
  'unit.telemetry': {
    patches: ['fetchDevices', 'fetchDeviceCoords', 'getUnit', 'fetchDeviceById', 'getDeviceLocation'],
    apply: (ctx, event) => {
      patchUnitReads(ctx, event);
      patchLocation(ctx, event);
    },
  },
  'unit.updated': {
    patches: ['fetchDevices', 'fetchDeviceCoords', 'getUnit', 'fetchDeviceById', 'listUpgradeCandidates'],
    rereads: ['getLicenceActivation', ...SYSTEM_ENTITY_READS.unit, 'getAdminInventoryServiceableDevices'],
    apply: (ctx, event) => {
      patchUnitReads(ctx, event);
      applyToUpgradeCaches(ctx.queryClient, event);
      rereadLicences(ctx, event);
      rereadAdminEntities(ctx, event);
      rereadInventoryTabs(ctx, event);
      rereadContractorLists(ctx, event);
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
  'device.added': {
    patches: ['fetchDeviceCoords'],
    rereads: ['fetchDevices', ...SYSTEM_ENTITY_READS.unit, 'getAdminInventoryServiceableDevices'],
    screens: 'the unit list is read again, debounced (provider); the markers are read again (applyBatched)',
    apply: all(rereadAdminEntities, rereadInventoryTabs, rereadContractorLists),
  },
  'device.removed': {
    patches: ['fetchDeviceCoords'],
    rereads: ['fetchDevices', ...SYSTEM_ENTITY_READS.unit, 'getAdminInventoryServiceableDevices'],
    screens: 'the unit list is read again, debounced (provider)',
    apply: all(rereadAdminEntities, rereadInventoryTabs, rereadContractorLists),
  },
  'alert.raised': { patches: ['fetchDevices', 'getUnit', 'fetchActiveAlerts'], screens: 'alert toasts', apply: patchAlert },
  'alert.cleared': { patches: ['fetchDevices', 'getUnit', 'fetchActiveAlerts'], apply: patchAlert },
  'unit.transition': { patches: [], screens: 'transition flags (lib/transitions)' },
  'channel.status': {
    patches: ['fetchChannels', 'fetchChannelDetails', 'getGroupChannelDetails', ...STATUS_READS['channel.status']],
    rereads: ['searchAdminChannels'],
    screens: 'the contractor channels list read again (throttled)',
    apply: (ctx, e) => {
      patchChannel(ctx, e);
      patchStatus(ctx, e);
      rereadContractorLists(ctx, e);
    },
  },
  'server.status': {
    patches: ['getServer', 'listUpgradeCandidates', ...STATUS_READS['server.status']],
    rereads: ['getInventoryIngestServers', 'getAdminInventoryServiceableDevices', 'adminInventoryServers'],
    screens: 'the contractor servers list read again (throttled)',
    apply: (ctx, event) => {
      applyToServerCaches(ctx.queryClient, event);
      applyToUpgradeCaches(ctx.queryClient, event);
      patchStatus(ctx, event);
      rereadInventoryTabs(ctx, event);
      rereadContractorLists(ctx, event);
    },
  },
  'vrChannel.status': {
    patches: ['listGroupVrChannels', ...STATUS_READS['vrChannel.status']],
    rereads: ['searchAdminVrChannels'],
    screens: 'the contractor video return list read again (throttled)',
    apply: (ctx, event) => {
      applyToVrCaches(ctx.queryClient, event);
      patchStatus(ctx, event);
      rereadContractorLists(ctx, event);
    },
  },
  'channel.changed': {
    patches: ['fetchChannels', 'fetchChannelDetails', 'getGroupChannelDetails'],
    rereads: [...SYSTEM_ENTITY_READS.channel, 'getInventoryTally', 'getInventoryIfb', 'getInventoryIngestServerChannels', 'getInventoryIngestServers'],
    apply: all(patchChannel, rereadAdminEntities, rereadInventoryTabs, rereadContractorLists),
  },
  'channel.removed': {
    patches: ['fetchChannels', 'fetchChannelDetails', 'getGroupChannelDetails'],
    rereads: [...SYSTEM_ENTITY_READS.channel, 'getInventoryTally', 'getInventoryIfb', 'getInventoryIngestServerChannels', 'getInventoryIngestServers'],
    apply: all(patchChannel, rereadAdminEntities, rereadInventoryTabs, rereadContractorLists),
  },
  'channelDestinations.changed': { patches: [], rereads: ['fetchChannelDestinations'], apply: (ctx, event) => applyToChannelsLive(ctx.queryClient, event) },
  'server.changed': {
    patches: ['getServer', 'listUpgradeCandidates'],
    rereads: ['getServerServices', 'getServerCapabilities', ...SYSTEM_ENTITY_READS.server, 'getInventoryIngestServers', 'getAdminInventoryServiceableDevices'],
    screens: 'the contractor servers list read again (throttled)',
    apply: (ctx, event) => {
      applyToServerCaches(ctx.queryClient, event);
      applyToUpgradeCaches(ctx.queryClient, event);
      rereadAdminEntities(ctx, event);
      rereadInventoryTabs(ctx, event);
      rereadContractorLists(ctx, event);
    },
  },
  'vrChannel.changed': {
    patches: ['listGroupVrChannels'],
    rereads: SYSTEM_ENTITY_READS.vrChannel,
    apply: all((ctx, event) => applyToVrCaches(ctx.queryClient, event), rereadAdminEntities, rereadContractorLists),
  },
  'vrChannel.removed': {
    patches: ['listGroupVrChannels'],
    rereads: SYSTEM_ENTITY_READS.vrChannel,
    apply: all((ctx, event) => applyToVrCaches(ctx.queryClient, event), rereadAdminEntities, rereadContractorLists),
  },
  'p2p.changed': {
    patches: ['getP2pLink'],
    rereads: ['getP2pLinkGroups', 'getP2pLinkSelectedGroups'],
    screens: 'the LU-Link tab (the links it has heard of)',
    apply: all<EventOf<'p2p.changed'>>(
      ({ queryClient }, event) =>
        queryClient.setQueryData<P2pLink>(endpointKey('getP2pLink', { params: { id: event.link.id } }), (cached) =>
          cached === undefined ? cached : newest(cached, event.link),
        ),
      rereadLinkGroups,
    ),
  },
  'group.changed': {
    patches: ['fetchGroups'],
    rereads: ['fetchGroupDetails', 'getGroupDefaultConfiguration', 'getGroupAdhocSettings', 'getGroupPermanentSettings', ...SYSTEM_ENTITY_READS.group],
    apply: all((ctx, event) => applyToGroupsLive(ctx.queryClient, event), rereadAdminEntities),
  },
  'group.removed': {
    patches: ['fetchGroups'],
    rereads: ['fetchGroupDetails', ...SYSTEM_ENTITY_READS.group],
    apply: all((ctx, event) => applyToGroupsLive(ctx.queryClient, event), rereadAdminEntities),
  },
  'groupAlerts.changed': { patches: ['getGroupAlertsConfiguration'], apply: (ctx, event) => applyToGroupsLive(ctx.queryClient, event) },
  'file.transferStarted': {
    patches: ['getUnitStorageFiles'],
    rereads: ['getUnitStorageFiles'],
    screens: 'the upload dialog',
    apply: all<EventOf<'file.transferStarted'>>(
      ({ queryClient }, event) =>
        queryClient.setQueriesData({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] }, (data: unknown) => patchFileTransfer(data, event)),
      rereadUnitFiles,
    ),
  },
  'file.transferCompleted': {
    patches: ['getUnitStorageFiles'],
    rereads: ['getUnitStorageFiles'],
    screens: 'the upload dialog, transfer toasts',
    apply: all<EventOf<'file.transferCompleted'>>(
      ({ queryClient }, event) =>
        queryClient.setQueriesData({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] }, (data: unknown) => patchFileTransfer(data, event)),
      rereadUnitFiles,
    ),
  },
  notification: {
    patches: ['fetchClientNotifications'],
    rereads: SYSTEM_MESSAGE_READS,
    screens: 'the banner starts polling',
    apply: all<EventOf<'notification'>>(
      ({ queryClient }, event) =>
        queryClient.setQueriesData<ClientNotification[]>({ queryKey: endpointPrefix('fetchClientNotifications') }, (list) =>
          patchNotifications(list, event.notification),
        ),
      reread(SYSTEM_MESSAGE_READS),
    ),
  },
  'notification.removed': {
    patches: ['fetchClientNotifications'],
    rereads: SYSTEM_MESSAGE_READS,
    apply: all<EventOf<'notification.removed'>>(
      ({ queryClient }, event) =>
        queryClient.setQueriesData<ClientNotification[]>({ queryKey: endpointPrefix('fetchClientNotifications') }, (list) =>
          withoutNotification(list, event.notificationId),
        ),
      reread(SYSTEM_MESSAGE_READS),
    ),
  },
  'config.changed': { patches: [], screens: 'a changed websocket library reloads the page (provider)' },
  'unit.configuration': {
    patches: ['getUnitConfigurationV2', 'getUnitEnhanced', 'getUnit', 'fetchDevices'],
    rereads: ['getUnitAlertsConfiguration', 'getUnitModemConfig', 'getUnitBwLimitationTotal', 'getUnitBwLimitationCellular'],
    apply: all<EventOf<'unit.configuration'>>(
      ({ queryClient }, event) => applyConfiguration(queryClient, event.unitId, event.configuration),
      rereadUnitSetting,
    ),
  },
  'unit.commandResult': { patches: [], screens: 'speed test and cellular scan dialogs' },
  'story.changed': { patches: [], rereads: STORY_READS, apply: reread(STORY_READS) },
  'story.removed': { patches: [], rereads: STORY_READS, apply: reread(STORY_READS) },
  'channelFile.added': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
  'channelFile.changed': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
  'channelFile.removed': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
  'audioRoom.changed': { patches: [], rereads: ROOM_READS, apply: reread(ROOM_READS) },
  'audioRoom.removed': { patches: [], rereads: ROOM_READS, apply: reread(ROOM_READS) },
  'graphics.changed': { patches: [], rereads: ['listMyGraphics', 'getGraphicsPermissions', 'listGraphicsTemplates'], apply: rereadGraphics },
  'share.changed': { patches: [], rereads: ['listPublishers', 'listSubscriberFolders', 'listSubscribers'], apply: rereadBy(shareReads) },
  'share.removed': { patches: [], rereads: ['listPublishers', 'listSubscriberFolders', 'listSubscribers'], apply: rereadBy(shareReads) },
  'usageProfile.changed': { patches: [], rereads: ['getInventoryUsageReport', ...USAGE_PROFILE_READS], apply: all(rereadUsage, reread(USAGE_PROFILE_READS)) },
  'usageProfile.removed': { patches: [], rereads: ['getInventoryUsageReport', ...USAGE_PROFILE_READS], apply: all(rereadUsage, reread(USAGE_PROFILE_READS)) },
  'usage.changed': { patches: [], rereads: ['getInventoryUsageReport'], apply: rereadUsage },
  'softwareVersion.changed': { patches: [], rereads: SOFTWARE_VERSION_READS, apply: reread(SOFTWARE_VERSION_READS) },
  'softwareVersion.removed': { patches: [], rereads: SOFTWARE_VERSION_READS, apply: reread(SOFTWARE_VERSION_READS) },
  'inventory.changed': {
    patches: [],
    rereads: [...SYSTEM_ENTITY_READS.inventory, ...INVENTORY_TAB_READS],
    screens: "the inventory's tabs: that inventory's reads only",
    apply: all(rereadAdminEntities, rereadInventoryTabs),
  },
  'inventory.removed': { patches: [], rereads: SYSTEM_ENTITY_READS.inventory, apply: rereadAdminEntities },
  'user.changed': { patches: [], rereads: USER_READS, apply: reread(USER_READS) },
  'user.removed': { patches: [], rereads: USER_READS, apply: reread(USER_READS) },
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
  'whatsNew.changed': { patches: [], rereads: WHATS_NEW_READS, apply: reread(WHATS_NEW_READS) },
  'whatsNew.removed': { patches: [], rereads: WHATS_NEW_READS, apply: reread(WHATS_NEW_READS) },
  'accessApproval.changed': { patches: [], rereads: APPROVAL_READS, apply: reread(APPROVAL_READS) },
  'systemSetting.changed': { patches: [], rereads: SETTING_READS, screens: "only the changed kind's reads", apply: rereadSetting },
  'systemDevice.changed': {
    patches: [],
    rereads: [...SYSTEM_ENTITY_READS.server, ...SYSTEM_ENTITY_READS.dbGateway, 'adminInventoryServers', 'searchAdminDbGateways'],
    screens: 'the contractor lists read again (throttled)',
    apply: all(rereadAdminEntities, rereadContractorLists),
  },
  'systemEntities.changed': {
    patches: [],
    rereads: ['searchAdminUnits', 'searchAdminGroups', 'searchAdminInventories', 'searchUsers', 'searchAdminChannels', 'searchAdminServers'],
    screens: 'the contractor lists of those kinds read again (throttled)',
    apply: all<EventOf<'systemEntities.changed'>>(
      ({ queryClient }, event) => invalidateReads(queryClient, staleSystemEntityReads(event.kinds)),
      rereadContractorLists,
    ),
  },
};

/** Applies one event to every cached read but the unit lists (see `applyToUnitLists`). */
export function applyEvent(ctx: TableContext, event: RealtimeEvent): void {
  const entry = EVENT_TABLE[event.type] as EventEntry<RealtimeEventType>;
  entry.apply?.(ctx, event as never);
}

/** The events the table applies a frame at a time: the unit lists' and the map markers'. */
export type BatchedEvent = UnitListEvent | EventOf<'device.added'> | EventOf<'device.removed'>;

export function isBatchedEvent(event: RealtimeEvent): event is BatchedEvent {
  return isUnitListEvent(event) || event.type === 'device.added' || event.type === 'device.removed';
}

/**
 * A frame's unit events applied to the reads of every unit: the unit lists (`applyToUnitLists`) and
 * the map's markers (map/mapData `patchCoordsBatch`, each field by the one version rule; read again
 * when an event brings a unit they do not hold).
 */
export function applyBatched(queryClient: QueryClient, events: readonly BatchedEvent[]): void {
  if (events.length === 0) return;
  applyToUnitLists(queryClient, events.filter(isUnitListEvent));
  const coordsKey = endpointKey('fetchDeviceCoords', {});
  const coords = queryClient.getQueryData<readonly UnitCoords[]>(coordsKey);
  if (coords === undefined) return;
  const next = patchCoordsBatch(coords, events);
  if (next === null) void queryClient.invalidateQueries({ queryKey: coordsKey, exact: true });
  else if (next !== coords) queryClient.setQueryData(coordsKey, next);
}

/** The unit list events applied to the cached unit lists: one copy of each list for all of them. */
export function applyToUnitLists(queryClient: QueryClient, listEvents: readonly UnitListEvent[]): void {
  if (listEvents.length === 0) return;
  queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => patchUnitListBatch(list, listEvents));
}
