/**
 * Which real-time events the console tells the user about, and how (spec 000 §9 "Default alert
 * settings: offlineToOnline, startedStreaming, streamingToOnline, onlineToOffline,
 * streamingToOffline, fileUploadStarted, fileUploadCompleted, newDeviceAdded all on; alert sound on
 * for critical, off for warning"; 001 §4 "Unit status change events relayed by the real-time
 * client"). Each notice follows the user's preference of the same name (unitAlertsSettings, the
 * default where the user has none); a unit alert plays a sound when the user's sound setting of its
 * severity is on (unitAlertsSoundSettings).
 *
 * Readings: a start of store and forward is a start of streaming (spec 000 §4 "online to
 * store-and-forward (counted as streaming)"), its end an end of streaming; an `unknown` change is
 * not told; a unit alert is always told (the settings name no alert), its sound follows its severity.
 * The same change of several units, several new devices, several file transfers starting or
 * completing, several hubs or channels going offline, relayed together (the events of a short
 * window: RealtimeProvider's notice batch) make one notice naming them ("5 units went offline: …"),
 * so that a fleet coming online does not queue a toast per unit.
 *
 * A hub or a channel going offline is told as a warning whatever the settings (they name units'
 * changes only; a receiver lost is what an operator must not miss); the channels of a hub going
 * offline in the same batch are told with it, not one by one. Every notice here is a fleet notice
 * (`source: 'fleet'`): the user's own confirmations and errors go ahead of it (toastQueue.ts).
 */
import type { TFunction } from 'i18next';
import { DEFAULT_ALERT_SETTINGS, DEFAULT_ALERT_SOUND_SETTINGS } from '@fleet/contracts';
import type { AlertLevel, RealtimeEvent, UnitStatusChangeEvent, UserPreferences } from '@fleet/contracts';
import type { ToastInput } from '../toast/toastQueue';

export type AlertSetting = keyof typeof DEFAULT_ALERT_SETTINGS;

export type NoticePreferences = Pick<UserPreferences, 'unitAlertsSettings' | 'unitAlertsSoundSettings'>;

/** The setting that gates the notice of a unit status change, or null when it has none. */
export function statusChangeSetting(change: UnitStatusChangeEvent): AlertSetting | null {
  switch (change) {
    case 'offlineToOnline':
      return 'offlineToOnline';
    case 'onlineToStreaming':
    case 'offlineToStreaming':
    case 'onlineToStoreAndForward':
    case 'offlineToStoreAndForward':
      return 'startedStreaming';
    case 'streamingToOnline':
    case 'storeAndForwardToOnline':
      return 'streamingToOnline';
    case 'onlineToOffline':
      return 'onlineToOffline';
    case 'streamingToOffline':
    case 'storeAndForwardToOffline':
      return 'streamingToOffline';
    case 'unknown':
      return null;
  }
}

export function settingOn(preferences: NoticePreferences | undefined, setting: AlertSetting): boolean {
  return preferences?.unitAlertsSettings?.[setting] ?? DEFAULT_ALERT_SETTINGS[setting];
}

export function soundOn(preferences: NoticePreferences | undefined, level: AlertLevel): boolean {
  return (preferences?.unitAlertsSoundSettings ?? DEFAULT_ALERT_SOUND_SETTINGS)[level];
}

/** What to tell about one event: its message key and values are the provider's; here whether and how. */
export type Notice =
  | { readonly kind: 'statusChange'; readonly change: Exclude<UnitStatusChangeEvent, 'unknown'>; readonly unitId: string }
  | { readonly kind: 'fileTransfer'; readonly phase: 'started' | 'completed' | 'failed'; readonly unitId: string; readonly fileName: string }
  | { readonly kind: 'deviceAdded'; readonly unitId: string }
  | { readonly kind: 'alert'; readonly level: AlertLevel; readonly message: string; readonly unitId: string | null; readonly sound: boolean }
  | { readonly kind: 'serverOffline'; readonly serverId: string }
  | { readonly kind: 'channelOffline'; readonly channelId: string; readonly serverId: string | null };

/** The notice of `event` under the user's preferences, or null when there is none to give. */
export function noticeOf(event: RealtimeEvent, preferences: NoticePreferences | undefined): Notice | null {
  switch (event.type) {
    case 'unit.status': {
      if (event.change === null || event.change === 'unknown') return null;
      const setting = statusChangeSetting(event.change);
      return setting !== null && settingOn(preferences, setting) ? { kind: 'statusChange', change: event.change, unitId: event.unitId } : null;
    }
    case 'file.transferStarted':
      return settingOn(preferences, 'fileUploadStarted') ? { kind: 'fileTransfer', phase: 'started', unitId: event.unitId, fileName: event.fileName } : null;
    case 'file.transferCompleted':
      // A failed transfer is told whatever the setting: nothing else says the file did not arrive.
      if (!event.ok) return { kind: 'fileTransfer', phase: 'failed', unitId: event.unitId, fileName: event.fileName };
      return settingOn(preferences, 'fileUploadCompleted')
        ? { kind: 'fileTransfer', phase: 'completed', unitId: event.unitId, fileName: event.fileName }
        : null;
    case 'device.added':
      return settingOn(preferences, 'newDeviceAdded') ? { kind: 'deviceAdded', unitId: event.unitId } : null;
    case 'server.status':
      // A hub lost (not its first report, not a repeat): a warning.
      return event.status === 'offline' && event.previous !== null && event.previous !== 'offline' ? { kind: 'serverOffline', serverId: event.serverId } : null;
    case 'channel.status':
      return event.status === 'offline' && event.previous !== null && event.previous !== 'offline'
        ? { kind: 'channelOffline', channelId: event.channelId, serverId: event.serverId }
        : null;
    case 'alert.raised':
      return {
        kind: 'alert',
        level: event.alert.level,
        message: event.alert.message,
        unitId: event.alert.unitId,
        sound: soundOn(preferences, event.alert.level),
      };
    default:
      return null;
  }
}

const STATUS_VARIANT: Record<Exclude<UnitStatusChangeEvent, 'unknown'>, NonNullable<ToastInput['variant']>> = {
  offlineToOnline: 'info',
  onlineToStreaming: 'success',
  offlineToStreaming: 'success',
  onlineToStoreAndForward: 'success',
  offlineToStoreAndForward: 'success',
  streamingToOnline: 'info',
  storeAndForwardToOnline: 'info',
  onlineToOffline: 'warning',
  streamingToOffline: 'warning',
  storeAndForwardToOffline: 'warning',
};

/** Several units' same status change, several new devices, file transfers, hubs or channels, told as one. */
export type GroupedNotice =
  | Notice
  | { readonly kind: 'statusChanges'; readonly change: Exclude<UnitStatusChangeEvent, 'unknown'>; readonly unitIds: readonly string[] }
  | { readonly kind: 'devicesAdded'; readonly unitIds: readonly string[] }
  | { readonly kind: 'fileTransfers'; readonly phase: 'started' | 'completed'; readonly fileNames: readonly string[] }
  | { readonly kind: 'serversOffline'; readonly serverIds: readonly string[] }
  | { readonly kind: 'channelsOffline'; readonly channelIds: readonly string[] };

/** The group a notice joins, or null when it is told alone (a failed transfer, an alert). */
function groupKey(notice: Notice): string | null {
  switch (notice.kind) {
    case 'statusChange':
      return `status:${notice.change}`;
    case 'deviceAdded':
      return 'added';
    case 'fileTransfer':
      return notice.phase === 'failed' ? null : `file:${notice.phase}`;
    case 'serverOffline':
      return 'serverOffline';
    case 'channelOffline':
      return 'channelOffline';
    case 'alert':
      return null;
  }
}

/** One group's notice: the notice itself when alone, else the group naming every member. */
function grouped(members: readonly Notice[]): GroupedNotice | null {
  const [first] = members;
  if (first === undefined) return null;
  if (members.length === 1) return first;
  switch (first.kind) {
    case 'statusChange':
      return { kind: 'statusChanges', change: first.change, unitIds: members.map((n) => (n.kind === 'statusChange' ? n.unitId : '')) };
    case 'deviceAdded':
      return { kind: 'devicesAdded', unitIds: members.map((n) => (n.kind === 'deviceAdded' ? n.unitId : '')) };
    case 'fileTransfer':
      return {
        kind: 'fileTransfers',
        phase: first.phase === 'completed' ? 'completed' : 'started',
        fileNames: members.map((n) => (n.kind === 'fileTransfer' ? n.fileName : '')),
      };
    case 'serverOffline':
      return { kind: 'serversOffline', serverIds: members.map((n) => (n.kind === 'serverOffline' ? n.serverId : '')) };
    case 'channelOffline':
      return { kind: 'channelsOffline', channelIds: members.map((n) => (n.kind === 'channelOffline' ? n.channelId : '')) };
    case 'alert':
      return first;
  }
}

/**
 * The notices of one batch of events: those of one group (the same change of several units, new
 * devices, transfers starting or completing, hubs or channels going offline) as one, in order of
 * the group's first arrival; the channels of a hub going offline in the batch are left to the hub's.
 */
export function groupNotices(notices: readonly Notice[]): GroupedNotice[] {
  const hubsDown = new Set(notices.flatMap((n) => (n.kind === 'serverOffline' ? [n.serverId] : [])));
  const groups: Notice[][] = [];
  const at = new Map<string, Notice[]>();
  for (const notice of notices) {
    if (notice.kind === 'channelOffline' && notice.serverId !== null && hubsDown.has(notice.serverId)) continue;
    const key = groupKey(notice);
    const members = key === null ? undefined : at.get(key);
    if (members) {
      members.push(notice);
      continue;
    }
    const group = [notice];
    if (key !== null) at.set(key, group);
    groups.push(group);
  }
  return groups.flatMap((members) => grouped(members) ?? []);
}

/** At most this many are named in a grouped notice (the count says how many in all). */
const NAMED_IN_GROUP = 3;

function namesOf(ids: readonly string[], nameOf: (id: string) => string): string {
  const named = ids.slice(0, NAMED_IN_GROUP).map(nameOf).join(', ');
  return ids.length > NAMED_IN_GROUP ? `${named}, …` : named;
}

/** Names by id for the notices (the id itself for what the console does not know). */
export interface NoticeNames {
  readonly unit: (unitId: string) => string;
  readonly server: (serverId: string) => string;
  readonly channel: (channelId: string) => string;
}

/** The toast of a notice, in the user's language: a fleet notice, behind the user's own toasts. */
export function noticeToast(notice: GroupedNotice, t: TFunction, names: NoticeNames): ToastInput {
  return { ...noticeContent(notice, t, names), source: 'fleet' };
}

function noticeContent(notice: GroupedNotice, t: TFunction, names: NoticeNames): ToastInput {
  const unitName = names.unit;
  switch (notice.kind) {
    case 'statusChanges':
      return {
        message: t(`toasts.statusChanges.${notice.change}`, { count: notice.unitIds.length, names: namesOf(notice.unitIds, unitName) }),
        variant: STATUS_VARIANT[notice.change],
      };
    case 'devicesAdded':
      return { message: t('toasts.devicesAdded', { count: notice.unitIds.length, names: namesOf(notice.unitIds, unitName) }), variant: 'info' };
    case 'fileTransfers':
      return {
        message: t(notice.phase === 'started' ? 'toasts.fileTransfersStarted' : 'toasts.fileTransfersCompleted', {
          count: notice.fileNames.length,
          names: namesOf(notice.fileNames, (name) => name),
        }),
        variant: 'info',
      };
    case 'serversOffline':
      return { message: t('toasts.serversOffline', { count: notice.serverIds.length, names: namesOf(notice.serverIds, names.server) }), variant: 'warning' };
    case 'channelsOffline':
      return {
        message: t('toasts.channelsOffline', { count: notice.channelIds.length, names: namesOf(notice.channelIds, names.channel) }),
        variant: 'warning',
      };
    case 'serverOffline':
      return { message: t('toasts.serverOffline', { name: names.server(notice.serverId) }), variant: 'warning' };
    case 'channelOffline':
      return { message: t('toasts.channelOffline', { name: names.channel(notice.channelId) }), variant: 'warning' };
    case 'statusChange':
      return { message: t(`toasts.statusChange.${notice.change}`, { name: unitName(notice.unitId) }), variant: STATUS_VARIANT[notice.change] };
    case 'fileTransfer': {
      const key =
        notice.phase === 'started'
          ? 'realtime.fileTransferStarted'
          : notice.phase === 'completed'
            ? 'realtime.fileTransferCompleted'
            : 'realtime.fileTransferFailed';
      return { message: t(key, { file: notice.fileName, name: unitName(notice.unitId) }), variant: notice.phase === 'failed' ? 'error' : 'info' };
    }
    case 'deviceAdded':
      return { message: t('toasts.deviceAdded', { name: unitName(notice.unitId) }), variant: 'info' };
    case 'alert':
      return {
        title: t(notice.level === 'critical' ? 'toasts.alertCritical' : 'toasts.alertWarning'),
        message: notice.unitId === null ? notice.message : t('toasts.alertOf', { name: unitName(notice.unitId), message: notice.message }),
        variant: notice.level === 'critical' ? 'error' : 'warning',
        sound: notice.sound,
      };
  }
}
