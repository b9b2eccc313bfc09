/**
 * How the entries of the event table (eventTable.ts) patch and reread the cached reads: the
 * context they are applied with, the patch of each kind of read, and the sets of reads an event
 * makes stale. Every patch goes through the one version rule of kit/cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError';
import { groupChannelStatus } from '@fleet/domain';
import type {
  ActiveAlert,
  EndpointId,
  GroupChannelDetails,
  LicenceActivationView,
  RealtimeEvent,
  RealtimeEventType,
  UnitDetail,
  UnitLocationInfo,
  UnitSummary,
} from '@fleet/contracts';
import { endpointKey, endpointPrefix, type EndpointQueryKey } from '../api/hooks';
import { staleGraphicsReads } from '../features/graphics/graphicsState';
import { applyToChannelsLive } from '../features/channels/useChannelsLive';
import { applyChannelEvent } from '../features/channels/channelCache';
import type { ChannelEvent } from '../features/channels/channelCache';
import { LIVE_REFRESH_MS, staleContractorReads } from '../features/contractor-entities/entitiesLive';
import { staleDeviceReads, staleReads } from '../features/system-entities/entityRereads';
import { INVENTORY_TAB_READS, staleInventoryTabReads } from '../features/system-entities/inventoryTabRules';
import { settingReads } from '../features/system-settings/settingParts';
import { settingRefetches } from '../features/unit-config/live';
import {
  alertUnitId,
  applyAlertToSummary,
  applyToDetail,
  applyToSummary,
  patchActiveAlerts,
  patchStatusById,
  STATUS_READS,
  statusTarget,
  unitIdOf,
} from './cachePatch';
import type { AlertEvent, StatusEvent, UnitEvent } from './cachePatch';
import { invalidateReads } from './systemEntities';

export interface TableContext {
  readonly queryClient: QueryClient;
  /** A unit's name as the cached lists know it (the active alerts list shows it). */
  readonly unitName: (unitId: string) => string;
}

export type EventOf<K extends RealtimeEventType> = Extract<RealtimeEvent, { type: K }>;

export interface EventEntry<K extends RealtimeEventType> {
  readonly patches: readonly EndpointId[];
  readonly rereads?: readonly EndpointId[];
  readonly screens?: string;
  readonly apply?: (ctx: TableContext, event: EventOf<K>) => void;
}

/** The remote action history pages and an opened action. */
export const REMOTE_ACTION_READS: readonly EndpointId[] = ['listRemoteActions', 'getRemoteAction'];

// ── how the entries patch ───────────────────────────────────────────────────────────────────────

/** A unit's other single reads (its detail, the map popup's unit) with a unit event applied. */
export function patchUnitReads({ queryClient }: TableContext, event: UnitEvent): void {
  const id = unitIdOf(event);
  queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id } }), (unit) => (unit ? applyToDetail(unit, event) : unit));
  queryClient.setQueryData<UnitSummary>(endpointKey('fetchDeviceById', { params: { id } }), (unit) => (unit ? applyToSummary(unit, event) : unit));
}

export function patchAlert(ctx: TableContext, event: AlertEvent): void {
  const unitId = alertUnitId(event);
  if (unitId !== null) {
    ctx.queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id: unitId } }), (unit) => (unit ? applyAlertToSummary(unit, event) : unit));
  }
  ctx.queryClient.setQueriesData<ActiveAlert[]>({ queryKey: endpointPrefix('fetchActiveAlerts') }, (list) => patchActiveAlerts(list, event, ctx.unitName));
}

/** The reads that hold the entity with its status, by id. */
export function patchStatus({ queryClient }: TableContext, event: StatusEvent): void {
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

export function patchChannel(ctx: TableContext, event: ChannelEvent): void {
  applyToChannelsLive(ctx.queryClient, event);
  ctx.queryClient.setQueriesData<GroupChannelDetails>({ queryKey: endpointPrefix('getGroupChannelDetails') }, (data) => patchGroupChannelDetails(data, event));
}

/** The position the detail header shows: a report without one keeps the last known (the core then answers the stored address). */
export function patchLocation({ queryClient }: TableContext, event: EventOf<'unit.telemetry'>): void {
  if (event.location === null) return;
  const key = endpointKey('getDeviceLocation', { params: { id: event.unitId } });
  if (queryClient.getQueryData(key) === undefined) return;
  queryClient.setQueryData<UnitLocationInfo>(key, { uniqueId: event.unitId, location: event.location, live: true });
}

/** A reread of these calls' cached answers. */
export const reread =
  (ids: readonly EndpointId[]) =>
  ({ queryClient }: TableContext): void =>
    invalidateReads(queryClient, ids);

/** An inventory's usage reports are read again (usage written, a usage profile changed). */
export function rereadUsage({ queryClient }: TableContext, event: { readonly inventoryId: string }): void {
  void queryClient.invalidateQueries({
    queryKey: endpointPrefix('getInventoryUsageReport'),
    predicate: (query) => (query.queryKey as EndpointQueryKey<'getInventoryUsageReport'>)[1].params?.id === event.inventoryId,
  });
}

/** A unit's licences changed with it: the licence activation views that list it are read again. */
export function rereadLicences({ queryClient }: TableContext, event: EventOf<'unit.updated'>): void {
  const views = queryClient.getQueriesData<LicenceActivationView>({ queryKey: endpointPrefix('getLicenceActivation') });
  if (views.some(([, view]) => view?.units.some((u) => u.unitId === event.unit.uniqueId))) invalidateReads(queryClient, ['getLicenceActivation']);
}

/** A composition or the graphics service of an inventory changed: its graphics reads are read again. */
export function rereadGraphics({ queryClient }: TableContext, event: RealtimeEvent): void {
  const stale = staleGraphicsReads(event);
  if (stale === null) return;
  for (const read of stale.reads) void queryClient.invalidateQueries({ queryKey: endpointKey(read, { params: { id: stale.inventoryId } }) });
}

/** Reads the calls an event makes stale by `stale` (a rule of the screen that shows them). */
export const rereadBy =
  (stale: (event: RealtimeEvent) => readonly EndpointId[]) =>
  ({ queryClient }: TableContext, event: RealtimeEvent): void =>
    invalidateReads(queryClient, stale(event));

/** Runs the steps in order. */
export function all<E>(...steps: readonly ((ctx: TableContext, event: E) => void)[]): (ctx: TableContext, event: E) => void {
  return (ctx, event) => {
    for (const step of steps) step(ctx, event);
  };
}

/** The contractor lists waiting for their throttled reread, per query client. */
export const contractorPending = new WeakMap<QueryClient, Set<EndpointId>>();

/**
 * The contractor entities lists the event touches (contractor-entities/entitiesLive), read again at
 * most once per LIVE_REFRESH_MS however many events come (statuses flap), and only when cached.
 */
export function rereadContractorLists({ queryClient }: TableContext, event: RealtimeEvent): void {
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
export const rereadAdminEntities = rereadBy((event) => [...staleReads(event), ...staleDeviceReads(event)]);

/**
 * The inventory tabs' reads (inventoryTabRules): every tab read of the inventory an
 * `inventory.changed` names; the reads showing a channel, server or unit of any inventory.
 */
export function rereadInventoryTabs({ queryClient }: TableContext, event: RealtimeEvent): void {
  if (event.type === 'inventory.changed') {
    for (const id of INVENTORY_TAB_READS) void queryClient.invalidateQueries({ queryKey: endpointKey(id, { params: { id: event.inventory.id } } as never) });
    return;
  }
  invalidateReads(queryClient, staleInventoryTabReads(event, ''));
}

/** A unit's file listings (every path) read again for the transfer's progress (no event carries it). */
export function rereadUnitFiles({ queryClient }: TableContext, event: { readonly unitId: string }): void {
  void queryClient.invalidateQueries({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] });
}

/** A unit's reads derived from the setting a `unit.configuration` changed (the configuration modal's). */
export function rereadUnitSetting({ queryClient }: TableContext, event: EventOf<'unit.configuration'>): void {
  for (const id of settingRefetches(event.setting)) {
    void queryClient.invalidateQueries({
      queryKey: endpointPrefix(id),
      predicate: (query) => (query.queryKey as EndpointQueryKey<'getUnitModemConfig'>)[1].params?.id === event.unitId,
    });
  }
}

/** A link's groups and selected groups read again (an announcement carries the link, not them). */
export function rereadLinkGroups({ queryClient }: TableContext, event: EventOf<'p2p.changed'>): void {
  if (event.removed) return;
  const input = { params: { id: event.link.id } };
  void queryClient.invalidateQueries({ queryKey: endpointKey('getP2pLinkGroups', input) });
  void queryClient.invalidateQueries({ queryKey: endpointKey('getP2pLinkSelectedGroups', input) });
}

/** The users' reads: the lists, an open user, the licences (they count active users), a group's users. */
export const USER_READS: readonly EndpointId[] = ['searchUsers', 'getUser', 'getUserLicences', 'getAdminGroupUsers'];

/** The reads a system setting shows (system-settings/settingParts), the licences (an organisation's max users), the application URLs. */
export function rereadSetting({ queryClient }: TableContext, event: EventOf<'systemSetting.changed'>): void {
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
export const SETTING_READS: readonly EndpointId[] = [
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

export const ROOM_READS: readonly EndpointId[] = ['listInventoryAudioRooms', 'countInventoryAudioRooms'];
export const SOFTWARE_VERSION_READS: readonly EndpointId[] = ['listSoftwareVersionProducts', 'listSoftwareVersions', 'getSoftwareVersion'];
export const WHATS_NEW_READS: readonly EndpointId[] = ['listWhatsNew', 'listAdminWhatsNew', 'getWhatsNew'];
export const SYSTEM_MESSAGE_READS: readonly EndpointId[] = ['listSystemMessages', 'getSystemMessage'];
export const APPROVAL_READS: readonly EndpointId[] = ['listAccessApprovals', 'getAccessApproval'];
export const USAGE_PROFILE_READS: readonly EndpointId[] = ['listInventoryUsageProfiles', 'listUnitUsageProfiles'];

/** A publisher's change: the publishers; a subscriber's or a folder's: the subscribers and folders. */
export const shareReads = (event: RealtimeEvent): readonly EndpointId[] =>
  (event.type === 'share.changed' || event.type === 'share.removed') && event.kind === 'publisher'
    ? ['listPublishers']
    : ['listSubscriberFolders', 'listSubscribers'];
