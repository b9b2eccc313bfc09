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
import { isApiError } from '../api/ApiError';
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
  UnitCoords,
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
import { LIVE_REFRESH_MS, staleContractorReads } from '../features/contractor-entities/entitiesLive';
import { staleDeviceReads, staleReads } from '../features/system-entities/entityRereads';
import { INVENTORY_TAB_READS, staleInventoryTabReads } from '../features/system-entities/inventoryTabRules';
import { settingReads } from '../features/system-settings/settingParts';
import { settingRefetches } from '../features/unit-config/live';
import { patchCoordsBatch } from '../features/map/mapData';
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
import { invalidateReads, SYSTEM_ENTITY_READS, staleSystemEntityReads } from './systemEntities';

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

/** Reads the calls an event makes stale by `stale` (a rule of the screen that shows them). */
const rereadBy =
  (stale: (event: RealtimeEvent) => readonly EndpointId[]) =>
  ({ queryClient }: TableContext, event: RealtimeEvent): void =>
    invalidateReads(queryClient, stale(event));

/** Runs the steps in order. */
function all<E>(...steps: readonly ((ctx: TableContext, event: E) => void)[]): (ctx: TableContext, event: E) => void {
  return (ctx, event) => {
    for (const step of steps) step(ctx, event);
  };
}

/** The contractor lists waiting for their throttled reread, per query client. */
const contractorPending = new WeakMap<QueryClient, Set<EndpointId>>();

/**
 * The contractor entities lists the event touches (contractor-entities/entitiesLive), read again at
 * most once per LIVE_REFRESH_MS however many events come (statuses flap), and only when cached.
 */
function rereadContractorLists({ queryClient }: TableContext, event: RealtimeEvent): void {
  let pending = contractorPending.get(queryClient);
  if (pending === undefined) contractorPending.set(queryClient, (pending = new Set()));
  for (const id of staleContractorReads(event)) {
    if (pending.has(id) || queryClient.getQueryCache().findAll({ queryKey: endpointPrefix(id) }).length === 0) continue;
    const waiting = pending;
    waiting.add(id);
    setTimeout(() => {
      waiting.delete(id);
      invalidateReads(queryClient, [id]);
    }, LIVE_REFRESH_MS);
  }
}

/** The system entities' admin reads of the event's kind (system-entities/entityRereads). */
const rereadAdminEntities = rereadBy((event) => [...staleReads(event), ...staleDeviceReads(event)]);

/**
 * The inventory tabs' reads (inventoryTabRules): every tab read of the inventory an
 * `inventory.changed` names; the reads showing a channel, server or unit of any inventory.
 */
function rereadInventoryTabs({ queryClient }: TableContext, event: RealtimeEvent): void {
  if (event.type === 'inventory.changed') {
    for (const id of INVENTORY_TAB_READS) void queryClient.invalidateQueries({ queryKey: endpointKey(id, { params: { id: event.inventory.id } } as never) });
    return;
  }
  invalidateReads(queryClient, staleInventoryTabReads(event, ''));
}

/** A unit's file listings (every path) read again for the transfer's progress (no event carries it). */
function rereadUnitFiles({ queryClient }: TableContext, event: { readonly unitId: string }): void {
  void queryClient.invalidateQueries({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] });
}

/** A unit's reads derived from the setting a `unit.configuration` changed (the configuration modal's). */
function rereadUnitSetting({ queryClient }: TableContext, event: EventOf<'unit.configuration'>): void {
  for (const id of settingRefetches(event.setting)) {
    void queryClient.invalidateQueries({
      queryKey: endpointPrefix(id),
      predicate: (query) => (query.queryKey as EndpointQueryKey<'getUnitModemConfig'>)[1].params?.id === event.unitId,
    });
  }
}

/** A link's groups and selected groups read again (an announcement carries the link, not them). */
function rereadLinkGroups({ queryClient }: TableContext, event: EventOf<'p2p.changed'>): void {
  if (event.removed) return;
  const input = { params: { id: event.link.id } };
  void queryClient.invalidateQueries({ queryKey: endpointKey('getP2pLinkGroups', input) });
  void queryClient.invalidateQueries({ queryKey: endpointKey('getP2pLinkSelectedGroups', input) });
}

/** The users' reads: the lists, an open user, the licences (they count active users), a group's users. */
const USER_READS: readonly EndpointId[] = ['searchUsers', 'getUser', 'getUserLicences', 'getAdminGroupUsers'];

/** The reads a system setting shows (system-settings/settingParts), the licences (an organisation's max users), the application URLs. */
function rereadSetting({ queryClient }: TableContext, event: EventOf<'systemSetting.changed'>): void {
  invalidateReads(queryClient, settingReads(event.kind));
  if (event.kind === 'organization') invalidateReads(queryClient, ['getUserLicences']);
  if (event.kind === 'application_configuration') {
    // The switcher's URLs and the client configuration are read from those rows; one refused with 403 stays refused.
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('getApplicationUrls') });
    void queryClient.invalidateQueries({
      queryKey: endpointPrefix('getClientConfiguration'),
      predicate: (query) => !(isApiError(query.state.error) && query.state.error.status === 403),
    });
  }
}

/** Every read a `systemSetting.changed` may make stale (by its kind). */
const SETTING_READS: readonly EndpointId[] = [
  'searchClientApplications',
  'getClientApplication',
  'searchModemVendors',
  'getModemVendor',
  'searchAiCredentials',
  'getAiCredential',
  'listStreamProviders',
  'getStreamProvider',
  'listStreamProfiles',
  'getStreamProfile',
  'listStreamMediaProfiles',
  'getStreamMediaProfile',
  'searchOrganisations',
  'getOrganisation',
  'searchOrganisationInventories',
  'listGeocodingProfiles',
  'getGeocodingProfile',
  'searchApplicationConfiguration',
  'getApplicationConfiguration',
  'getUserLicences',
  'getApplicationUrls',
  'getClientConfiguration',
];

const ROOM_READS: readonly EndpointId[] = ['listInventoryAudioRooms', 'countInventoryAudioRooms'];
const SOFTWARE_VERSION_READS: readonly EndpointId[] = ['listSoftwareVersionProducts', 'listSoftwareVersions', 'getSoftwareVersion'];
const WHATS_NEW_READS: readonly EndpointId[] = ['listWhatsNew', 'listAdminWhatsNew', 'getWhatsNew'];
const SYSTEM_MESSAGE_READS: readonly EndpointId[] = ['listSystemMessages', 'getSystemMessage'];
const APPROVAL_READS: readonly EndpointId[] = ['listAccessApprovals', 'getAccessApproval'];
const USAGE_PROFILE_READS: readonly EndpointId[] = ['listInventoryUsageProfiles', 'listUnitUsageProfiles'];

/** A publisher's change: the publishers; a subscriber's or a folder's: the subscribers and folders. */
const shareReads = (event: RealtimeEvent): readonly EndpointId[] =>
  (event.type === 'share.changed' || event.type === 'share.removed') && event.kind === 'publisher'
    ? ['listPublishers']
    : ['listSubscriberFolders', 'listSubscribers'];

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
