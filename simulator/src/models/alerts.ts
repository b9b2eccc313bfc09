/**
 * Alerts a device raises and clears (spec 000 §3 Alerts: battery, cameraDisconnected, serverCpu,
 * serverStorage, bitrateDrop; levels warning and critical). Each type has a warning and a critical
 * threshold; an alert is reported when its level changes (raised, escalated, lowered, cleared),
 * never repeated while it stays. Alert sound follows the default alert settings of spec 000 §9
 * (critical on, warning off) unless configured otherwise.
 */
import { DEFAULT_ALERT_SETTINGS, DEFAULT_ALERT_SOUND_SETTINGS, type AlertLevel, type AlertType, type DeviceEvent } from '@fleet/contracts';

export interface LevelThresholds {
  warning: number;
  critical: number;
}

/**
 * Thresholds per alert type. battery: % at or below which the level applies; bitrateDrop: % drop
 * of the bitrate below the encoder's demand while streaming; serverCpu/serverStorage: % used.
 * The defaults are the group thresholds the seed gives every group.
 */
export interface AlertThresholds {
  battery: LevelThresholds;
  bitrateDrop: LevelThresholds;
  serverCpu: LevelThresholds;
  serverStorage: LevelThresholds;
}
export const DEFAULT_ALERT_THRESHOLDS: AlertThresholds = {
  battery: { warning: 30, critical: 10 },
  bitrateDrop: { warning: 50, critical: 80 },
  serverCpu: { warning: 80, critical: 95 },
  serverStorage: { warning: 80, critical: 95 },
};

export interface AlertConfig {
  thresholds: AlertThresholds;
  settings: Record<keyof typeof DEFAULT_ALERT_SETTINGS, boolean>;
  sound: Record<AlertLevel, boolean>;
}

export function defaultAlertConfig(thresholds: AlertThresholds = DEFAULT_ALERT_THRESHOLDS): AlertConfig {
  return { thresholds, settings: { ...DEFAULT_ALERT_SETTINGS }, sound: { ...DEFAULT_ALERT_SOUND_SETTINGS } };
}

/** Level for a value that is bad when LOW (battery). */
export function levelBelow(value: number, t: LevelThresholds): AlertLevel | null {
  if (value <= t.critical) return 'critical';
  if (value <= t.warning) return 'warning';
  return null;
}
/** Level for a value that is bad when HIGH (cpu, storage, bitrate drop). */
export function levelAbove(value: number, t: LevelThresholds): AlertLevel | null {
  if (value >= t.critical) return 'critical';
  if (value >= t.warning) return 'warning';
  return null;
}

type Target = { unitId: string | null; serverId: string | null; channelId: string | null };

export class AlertMonitor {
  private readonly active = new Map<AlertType, AlertLevel>();

  constructor(
    private readonly target: Target,
    public config: AlertConfig,
    private readonly report: (e: DeviceEvent) => void,
  ) {}

  level(type: AlertType): AlertLevel | null {
    return this.active.get(type) ?? null;
  }

  activeAlerts(): { type: AlertType; level: AlertLevel }[] {
    return [...this.active].map(([type, level]) => ({ type, level }));
  }

  /**
   * The device is going away (the fleet restarts): each alert it holds is reported cleared, in
   * order after what it reported before, so the core holds nothing its successor does not raise.
   */
  clearAll(): void {
    for (const type of [...this.active.keys()]) this.set(type, null, `${type} alert: the device restarted`, null);
  }

  /** Set the level of one alert type; reports only a change. */
  set(type: AlertType, level: AlertLevel | null, message: string, value: number | null): void {
    const prev = this.active.get(type) ?? null;
    if (prev === level) return;
    if (level === null) this.active.delete(type);
    else this.active.set(type, level);
    this.report({
      type: 'alert',
      ...this.target,
      alertType: type,
      level,
      message: level === null ? `${message} (cleared)` : message,
      value,
      sound: level === null ? false : this.config.sound[level],
    });
  }
}
