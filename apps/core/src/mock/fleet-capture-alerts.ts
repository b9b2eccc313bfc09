/**
 * What a recording saw of alerts (pure; part of mock/fleet-capture.ts): the active alerts (the
 * alert list GET alerts/active, `alert.raised`, `alert.cleared`) and the alerts configurations
 * (a group's: GET/PUT v2/groups/{id}/alerts/configuration and `groupAlerts.changed`; a unit's:
 * GET v2/units/{id}/alerts/configuration, not the possible one, which is a preview; an inventory's:
 * no answer names one, but a unit's answer that came from its inventory's configuration without a
 * group between them shows it whole, and a unit in one inventory tells which; the platform
 * default: GET alerts/configuration/default). Each answer comes parsed with its call's answer
 * schema; the last word on a field stands. Recipients are e-mail addresses with their state: the
 * verification tokens are never answered, so a pending recipient imported has no link that works.
 */
import type { ActiveAlert, DefaultAlertConfiguration, GroupAlertsConfiguration, LiveAlert, UnitAlertsConfiguration } from '@fleet/contracts';
import { withoutSecrets, type CapturedObject, type Row } from './fleet-capture-columns.js';

/** A mailing-list entry as answered (its state only; no token). */
export interface CapturedRecipient {
  alertType: string;
  email: string;
  verified: boolean;
  /** Until when a pending recipient's link works (a group's list shows it). */
  verificationExpiresAt?: string | null;
}

/** An alerts configuration: whose (`default`, `inventory:<id>`, `group:<id>`, `unit:<id>`), and what was seen of it. */
export interface CapturedAlertConfiguration {
  scope: 'default' | 'inventory' | 'group' | 'unit';
  ownerId: string | null;
  /** AlertConfiguration columns shown: alerts, settings, soundSettings, sourceGroupId, version (a group's). */
  columns: Record<string, unknown>;
  /** A group's mode (kept in its settings, as the groups service keeps it). */
  groupMode?: string;
  /** The whole mailing list when an answer showed it. */
  recipients?: CapturedRecipient[];
}

export interface CapturedAlerts {
  /** Alerts by id; `active: false` once the recording saw one cleared. */
  alerts: Map<string, CapturedObject>;
  alertConfigurations: Map<string, CapturedAlertConfiguration>;
}

function alertOf(c: CapturedAlerts, id: string): CapturedObject {
  let o = c.alerts.get(id);
  if (!o) c.alerts.set(id, (o = { id, columns: {} }));
  return o;
}

function configOf(c: CapturedAlerts, scope: CapturedAlertConfiguration['scope'], ownerId: string | null): CapturedAlertConfiguration {
  const key = ownerId === null ? scope : `${scope}:${ownerId}`;
  let o = c.alertConfigurations.get(key);
  if (!o) c.alertConfigurations.set(key, (o = { scope, ownerId, columns: {} }));
  return o;
}

const recipientsOf = (list: readonly CapturedRecipient[]): CapturedRecipient[] | undefined => {
  const kept = withoutSecrets(
    list.map((r) => ({
      alertType: r.alertType,
      email: r.email,
      verified: r.verified,
      ...(r.verificationExpiresAt !== undefined ? { verificationExpiresAt: r.verificationExpiresAt } : {}),
    })),
  );
  return Array.isArray(kept) ? (kept as CapturedRecipient[]) : undefined;
};

const setColumns = (o: CapturedAlertConfiguration, columns: Row): void => void Object.assign(o.columns, withoutSecrets(columns));

/** An active alert of the alert list (always a unit's). */
export function captureActiveAlert(c: CapturedAlerts, a: ActiveAlert): void {
  const { id, unitName: _name, ...rest } = a;
  Object.assign(alertOf(c, id).columns, { ...rest, active: true });
}

/** `alert.raised`: a unit's, server's or channel's alert. */
export function captureRaisedAlert(c: CapturedAlerts, a: LiveAlert): void {
  const { id, ...rest } = a;
  Object.assign(alertOf(c, id).columns, { ...rest, active: true });
}

/** `alert.cleared`: no longer active (an alert only seen cleared changes where the mock has it). */
export function captureClearedAlert(c: CapturedAlerts, alertId: string, at: number): void {
  Object.assign(alertOf(c, alertId).columns, { active: false, clearedAt: new Date(at).toISOString() });
}

/** A group's alerts configuration: its mode, the group it follows, its own settings and mailing list. */
export function captureGroupAlerts(c: CapturedAlerts, g: GroupAlertsConfiguration): void {
  const o = configOf(c, 'group', g.groupId);
  setColumns(o, { alerts: g.ownAlerts, sourceGroupId: g.sourceGroupId, version: g.version });
  o.groupMode = g.mode;
  o.recipients = recipientsOf(g.recipients) ?? o.recipients;
}

/**
 * A unit's alerts configuration: its mode is the unit's (the caller stores it on the unit); when
 * the unit's own configuration answered (manual), its settings and mailing list; in group mode,
 * the group it follows.
 */
export function captureUnitAlerts(c: CapturedAlerts, u: UnitAlertsConfiguration): void {
  if (u.source === 'unit') {
    const o = configOf(c, 'unit', u.uniqueId);
    setColumns(o, { alerts: u.alerts, settings: u.settings, soundSettings: u.soundSettings });
    o.recipients = recipientsOf(u.recipients) ?? o.recipients;
  }
  if (u.mode === 'group' && u.groupId !== null) setColumns(configOf(c, 'unit', u.uniqueId), { sourceGroupId: u.groupId });
}

/**
 * Whether a unit's answer shows its inventory's configuration as stored: it came from the inventory's
 * (`source: inventory`) with no group between them (a group's thresholds would be merged into it).
 */
export const showsInventoryAlerts = (u: UnitAlertsConfiguration): boolean => u.source === 'inventory' && u.groupId === null;

/** An inventory's configuration, as a unit's answer that {@link showsInventoryAlerts} showed it. */
export function captureInventoryAlerts(c: CapturedAlerts, inventoryId: string, u: UnitAlertsConfiguration): void {
  const o = configOf(c, 'inventory', inventoryId);
  setColumns(o, { alerts: u.alerts, settings: u.settings, soundSettings: u.soundSettings });
  o.recipients = recipientsOf(u.recipients) ?? o.recipients;
}

/** The platform default's per-type settings, settings and sound settings. */
export function captureDefaultAlerts(c: CapturedAlerts, d: DefaultAlertConfiguration): void {
  setColumns(configOf(c, 'default', null), { alerts: d.alerts, settings: d.settings, soundSettings: d.soundSettings });
}
