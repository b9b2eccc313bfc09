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
 * The same change of several units, or several new devices, relayed together (one /ws frame) make
 * one notice naming them, so that a fleet coming online does not queue a toast per unit.
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
  | { readonly kind: 'alert'; readonly level: AlertLevel; readonly message: string; readonly unitId: string | null; readonly sound: boolean };

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

/** Several units' same status change, or several new devices, told as one. */
export type GroupedNotice =
  | Notice
  | { readonly kind: 'statusChanges'; readonly change: Exclude<UnitStatusChangeEvent, 'unknown'>; readonly unitIds: readonly string[] }
  | { readonly kind: 'devicesAdded'; readonly unitIds: readonly string[] };

/** The notices of one batch of events, the same change of several units (and new devices) as one, in order of first arrival. */
export function groupNotices(notices: readonly Notice[]): GroupedNotice[] {
  const out: GroupedNotice[] = [];
  const at = new Map<string, number>();
  for (const notice of notices) {
    const key = notice.kind === 'statusChange' ? `status:${notice.change}` : notice.kind === 'deviceAdded' ? 'added' : null;
    const index = key === null ? undefined : at.get(key);
    if (key === null || index === undefined) {
      if (key !== null) at.set(key, out.length);
      out.push(notice);
      continue;
    }
    const first = out[index];
    if (first === undefined || notice.kind === 'fileTransfer' || notice.kind === 'alert') continue;
    const unitIds =
      first.kind === 'statusChange' || first.kind === 'deviceAdded'
        ? [first.unitId]
        : first.kind === 'statusChanges' || first.kind === 'devicesAdded'
          ? first.unitIds
          : [];
    out[index] =
      notice.kind === 'statusChange'
        ? { kind: 'statusChanges', change: notice.change, unitIds: [...unitIds, notice.unitId] }
        : { kind: 'devicesAdded', unitIds: [...unitIds, notice.unitId] };
  }
  return out;
}

/** At most this many units are named in a grouped notice (the count says how many in all). */
const NAMED_IN_GROUP = 3;

function namesOf(unitIds: readonly string[], unitName: (unitId: string) => string): string {
  const named = unitIds.slice(0, NAMED_IN_GROUP).map(unitName).join(', ');
  return unitIds.length > NAMED_IN_GROUP ? `${named}, …` : named;
}

/** The toast of a notice, in the user's language; `unitName` names a unit by id. */
export function noticeToast(notice: GroupedNotice, t: TFunction, unitName: (unitId: string) => string): ToastInput {
  switch (notice.kind) {
    case 'statusChanges':
      return {
        message: t(`toasts.statusChanges.${notice.change}`, { count: notice.unitIds.length, names: namesOf(notice.unitIds, unitName) }),
        variant: STATUS_VARIANT[notice.change],
      };
    case 'devicesAdded':
      return { message: t('toasts.devicesAdded', { count: notice.unitIds.length, names: namesOf(notice.unitIds, unitName) }), variant: 'info' };
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
