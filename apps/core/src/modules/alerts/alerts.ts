/**
 * Alerts (spec 000 §3 Alerts, spec 001 §4): the alerts active on the caller's units and servers,
 * the platform's default alert configuration, and the alert configuration in force for a unit in
 * each mode (automatic: inherit from the last group; by group; manual).
 */
import {
  ALERT_CONFIG_MODES,
  ALERT_TYPES,
  AlertConfigMode,
  AlertLevel,
  AlertType,
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_ALERT_SOUND_SETTINGS,
  DEFAULT_ALERT_TYPE_SETTINGS,
  LIMITS,
  VALIDATION,
  type ActiveAlert,
  type AlertSettings,
  type AlertTypeSettings,
  type DefaultAlertConfiguration,
  type UnitAlertsConfiguration,
  RULES,
} from '@fleet/contracts';
import { type Prisma } from '@fleet/db';
import { validationError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import { anyObject, parseOr } from '../../platform/storage/json-column.js';
import { resolveAlertConfiguration, type AlertConfigRow } from './alert-configuration.js';
import type { ServiceDeps } from '../deps.js';
import type { DeviceEventOf } from '../../platform/device-events.js';
import type { ServerService } from '../servers/servers.js';
import type { UnitRecord } from '../../platform/storage/unit-rows.js';
import { callsOf } from '../../calls.js';
import * as repo from './repository.js';

/**
 * What the alerts ask of the units module: a unit the caller may see (404 otherwise). Declared
 * here, met by the units' UnitService, so the alerts module does not import the units module
 * (which reads the alerts' configuration).
 */
export interface VisibleUnits {
  findVisible(user: AuthUser, id: string): UnitRecord;
}

export class AlertService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: VisibleUnits,
    private readonly servers: Pick<ServerService, 'has' | 'topicsOf'>,
  ) {
    deps.events.on('alert', (e, at) => this.applyAlert(e, at));
  }

  async alertsConfiguration(user: AuthUser, id: string): Promise<UnitAlertsConfiguration> {
    const row = await this.units.findVisible(user, id);
    const extra = await this.deps.readModel.unitRows.requireExtras(id);
    return this.resolveAlerts(row, parseOr(AlertConfigMode, extra.alertsConfigMode, 'automatic'), undefined);
  }

  async possibleAlertsConfiguration(user: AuthUser, id: string, mode: AlertConfigMode, groupId: string | undefined): Promise<UnitAlertsConfiguration> {
    const row = await this.units.findVisible(user, id);
    if (mode === 'group') {
      if (groupId === undefined) throw validationError([{ path: 'query.groupId', message: VALIDATION.required }]);
      if (!row.groups.some((g) => g.groupId === groupId)) throw validationError([{ path: 'query.groupId', message: RULES.notOfGroup }]);
    }
    return this.resolveAlerts(row, mode, mode === 'group' ? groupId : undefined);
  }

  /** Active alerts (Alert table) of the units the caller can see, newest first (at most pageSizeMax). */
  async activeAlerts(user: AuthUser, groupId: string | undefined): Promise<ActiveAlert[]> {
    const unitWhere: Prisma.UnitWhereInput = user.global
      ? {}
      : {
          OR: [{ inventories: { some: { inventoryId: { in: user.inventoryIds } } } }, { groups: { some: { groupId: { in: user.groupIds } } } }],
        };
    const scoped: Prisma.UnitWhereInput = groupId === undefined ? unitWhere : { AND: [unitWhere, { groups: { some: { groupId } } }] };
    const rows = await repo.findActiveUnitAlerts(this.deps.db, scoped, LIMITS.pageSizeMax);
    return rows.flatMap((a) => {
      const type = AlertType.safeParse(a.type);
      const level = AlertLevel.safeParse(a.level);
      if (!type.success || !level.success || a.unitId === null) return [];
      return [
        {
          id: a.id,
          unitId: a.unitId,
          unitName: a.unit?.name ?? '',
          type: type.data,
          level: level.data,
          message: a.message,
          value: a.value,
          acknowledged: a.acknowledged,
          raisedAt: a.raisedAt.toISOString(),
        },
      ];
    });
  }

  async defaultAlertConfiguration(): Promise<DefaultAlertConfiguration> {
    const row = await repo.findDefaultAlertConfiguration(this.deps.db);
    return {
      modes: [...ALERT_CONFIG_MODES],
      defaultMode: 'automatic',
      alerts: alertTypeSettings(row?.alerts, {}),
      settings: alertSettings(row?.settings),
      soundSettings: soundSettings(row?.soundSettings),
    };
  }

  /** The alerts configuration applying to a unit in `mode` (alert-configuration.ts resolves it), as GET alerts/configuration answers it. */
  private async resolveAlerts(row: UnitRecord, mode: AlertConfigMode, explicitGroupId: string | undefined): Promise<UnitAlertsConfiguration> {
    const r = await resolveAlertConfiguration(this.deps.readModel, row.id, mode, explicitGroupId);
    return this.alertsAnswer(row.id, mode, r.groupId, r.source, r.row, r.groupThresholds);
  }

  private alertsAnswer(
    uniqueId: string,
    mode: AlertConfigMode,
    groupId: string | null,
    source: UnitAlertsConfiguration['source'],
    row: AlertConfigRow,
    groupThresholds: Record<string, unknown>,
  ): UnitAlertsConfiguration {
    return {
      uniqueId,
      mode,
      groupId,
      source,
      alerts: alertTypeSettings(row.alerts, groupThresholds),
      settings: alertSettings(row.settings),
      soundSettings: soundSettings(row.soundSettings),
      recipients: row.recipients
        .map((r) => ({
          alertType: r.alertType === 'all' ? ('all' as const) : parseOr(AlertType, r.alertType, 'all' as const),
          email: r.email,
          verified: r.verified,
        }))
        .sort((a, b) => (a.email + a.alertType < b.email + b.alertType ? -1 : 1)),
    };
  }

  alertTopics(e: { unitId: string | null; serverId: string | null }): readonly string[] {
    if (e.unitId) return this.deps.index.topicsOf(e.unitId);
    return e.serverId ? this.servers.topicsOf(e.serverId) : [];
  }

  /** Raised (or changed level): one active Alert row per type and device; cleared: rows closed. */
  private async applyAlert(e: DeviceEventOf<'alert'>, at: number): Promise<void> {
    const db = this.deps.db;
    if (e.unitId && !(await repo.unitExists(db, e.unitId))) return;
    if (e.serverId && !this.servers.has(e.serverId)) return;
    const owner = { unitId: e.unitId, serverId: e.serverId };
    const active = await repo.findActiveAlertsOfDevice(db, owner, e.alertType);
    const topics = this.alertTopics(e);
    if (e.level === null) {
      if (active.length === 0) return;
      await repo.clearAlerts(db, active, at);
      for (const a of active) {
        this.deps.hub.publish(topics, {
          type: 'alert.cleared',
          alertId: a.id,
          alertType: e.alertType,
          unitId: e.unitId,
          serverId: e.serverId,
          channelId: e.channelId,
          at,
        });
      }
      return;
    }
    const same = active.find((a) => a.level === e.level);
    if (same) return;
    if (active.length > 0) await repo.clearAlerts(db, active, at);
    const row = await repo.createAlert(db, {
      type: e.alertType,
      level: e.level,
      message: e.message,
      ...owner,
      channelId: e.channelId,
      value: e.value,
      details: { sound: e.sound },
      raisedAt: new Date(at),
    });
    this.deps.hub.publish(topics, {
      type: 'alert.raised',
      alert: {
        id: row.id,
        type: e.alertType,
        level: e.level,
        message: e.message,
        unitId: e.unitId,
        serverId: e.serverId,
        channelId: e.channelId,
        raisedAt: row.raisedAt.toISOString(),
      },
      at,
    });
  }

  /** The fleet restarted from its seed: what devices had raised is over (active alerts cleared). */
  async clearActive(at: number): Promise<void> {
    const db = this.deps.db;
    const active = await repo.findActiveDeviceAlerts(db);
    if (active.length === 0) return;
    await repo.clearAlerts(db, active, at);
    for (const a of active) {
      const type = parseOr(AlertType, a.type, 'battery');
      this.deps.hub.publish(this.alertTopics(a), {
        type: 'alert.cleared',
        alertId: a.id,
        alertType: type,
        unitId: a.unitId,
        serverId: a.serverId,
        channelId: a.channelId,
        at,
      });
    }
  }
}

// ── pure helpers ───────────────────────────────────────────────────────────────────────────

export function alertTypeSettings(stored: unknown, groupThresholds: Record<string, unknown>): AlertTypeSettings {
  const alerts = anyObject.read(stored);
  const out = {} as AlertTypeSettings;
  for (const t of ALERT_TYPES) {
    const base = DEFAULT_ALERT_TYPE_SETTINGS[t];
    const s = anyObject.read(alerts[t]);
    const th = anyObject.read(s.thresholds ?? groupThresholds[t]);
    const hasThresholds = Object.keys(th).length > 0;
    out[t] = {
      enabled: typeof s.enabled === 'boolean' ? s.enabled : base.enabled,
      level: parseOr(AlertLevel, s.level, base.level),
      thresholds: hasThresholds
        ? { warning: typeof th.warning === 'number' ? th.warning : null, critical: typeof th.critical === 'number' ? th.critical : null }
        : base.thresholds,
    };
  }
  return out;
}

function alertSettings(stored: unknown): AlertSettings {
  const s = anyObject.read(stored);
  const out = { ...DEFAULT_ALERT_SETTINGS } as AlertSettings;
  for (const k of Object.keys(DEFAULT_ALERT_SETTINGS) as (keyof AlertSettings)[]) if (typeof s[k] === 'boolean') out[k] = s[k];
  return out;
}

function soundSettings(stored: unknown): { critical: boolean; warning: boolean } {
  const s = anyObject.read(stored);
  return {
    critical: typeof s.critical === 'boolean' ? s.critical : DEFAULT_ALERT_SOUND_SETTINGS.critical,
    warning: typeof s.warning === 'boolean' ? s.warning : DEFAULT_ALERT_SOUND_SETTINGS.warning,
  };
}

/** The calls UnitReadService answers. */

export const alertCalls = callsOf<AlertService>()({
  getUnitAlertsConfiguration: (s, { params }, user) => s.alertsConfiguration(user, params.id),
  getUnitPossibleAlertsConfiguration: (s, { params, query }, user) => s.possibleAlertsConfiguration(user, params.id, query.mode, query.groupId),
  fetchActiveAlerts: (s, { query }, user) => s.activeAlerts(user, query.group),
  getDefaultAlertConfiguration: (s, _input) => s.defaultAlertConfiguration(),
});
