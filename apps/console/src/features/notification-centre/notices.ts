/**
 * Which real-time events the notification centre tells the user about, and how (spec 000 §9 "Default alert
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
 * A hub or a channel going offline is told as a warning whatever the settings (they name units'
 * changes only; a receiver lost is what an operator must not miss). How notices join the centre's
 * entries (one per unit and kind, counted) is centreState.ts.
 */
import { DEFAULT_ALERT_SETTINGS, DEFAULT_ALERT_SOUND_SETTINGS } from '@fleet/contracts';
import type { AlertLevel, RealtimeEvent, UnitStatusChangeEvent, UserPreferences } from '@fleet/contracts';

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
export type Notice = (
  | { readonly kind: 'statusChange'; readonly change: Exclude<UnitStatusChangeEvent, 'unknown'>; readonly unitId: string }
  | { readonly kind: 'fileTransfer'; readonly phase: 'started' | 'completed' | 'failed'; readonly unitId: string; readonly fileName: string }
  | { readonly kind: 'deviceAdded'; readonly unitId: string }
  | {
      readonly kind: 'alert';
      readonly level: AlertLevel;
      readonly alertType: string;
      readonly message: string;
      readonly unitId: string | null;
      readonly serverId: string | null;
      readonly channelId: string | null;
      readonly sound: boolean;
    }
  | { readonly kind: 'serverOffline'; readonly serverId: string }
  | { readonly kind: 'channelOffline'; readonly channelId: string; readonly serverId: string | null }
) & {
  /** When it happened (the event's time). */
  readonly at: number;
};

/** The notice of `event` under the user's preferences, or null when there is none to give. */
export function noticeOf(event: RealtimeEvent, preferences: NoticePreferences | undefined): Notice | null {
  const at = event.at;
  switch (event.type) {
    case 'unit.status': {
      if (event.change == null || event.change === 'unknown') return null;
      const setting = statusChangeSetting(event.change);
      return setting !== null && settingOn(preferences, setting) ? { kind: 'statusChange', change: event.change, unitId: event.unitId, at } : null;
    }
    case 'file.transferStarted':
      return settingOn(preferences, 'fileUploadStarted')
        ? { kind: 'fileTransfer', phase: 'started', unitId: event.unitId, fileName: event.fileName, at }
        : null;
    case 'file.transferCompleted':
      // A failed transfer is told whatever the setting: nothing else says the file did not arrive.
      if (!event.ok) return { kind: 'fileTransfer', phase: 'failed', unitId: event.unitId, fileName: event.fileName, at };
      return settingOn(preferences, 'fileUploadCompleted')
        ? { kind: 'fileTransfer', phase: 'completed', unitId: event.unitId, fileName: event.fileName, at }
        : null;
    case 'device.added':
      return settingOn(preferences, 'newDeviceAdded') ? { kind: 'deviceAdded', unitId: event.unitId, at } : null;
    case 'server.status':
      // A hub lost (not its first report, not a repeat): a warning.
      return event.status === 'offline' && event.previous != null && event.previous !== 'offline'
        ? { kind: 'serverOffline', serverId: event.serverId, at }
        : null;
    case 'channel.status':
      return event.status === 'offline' && event.previous != null && event.previous !== 'offline'
        ? { kind: 'channelOffline', channelId: event.channelId, serverId: event.serverId, at }
        : null;
    case 'alert.raised':
      return {
        kind: 'alert',
        level: event.alert.level,
        alertType: event.alert.type,
        message: event.alert.message,
        unitId: event.alert.unitId,
        serverId: event.alert.serverId,
        channelId: event.alert.channelId,
        sound: soundOn(preferences, event.alert.level),
        at,
      };
    default:
      return null;
  }
}
