/**
 * Which alert configuration applies to a unit (spec 000 §3 alerts configuration modes, spec 001 §4):
 * manual = the unit's own (until one is saved: what automatic mode gives); group = the chosen
 * group's (explicit, else the one stored with the unit while the unit is still in it, else its last
 * group); automatic = the last group the unit joined ("inherit from last group", ties by the larger
 * id). A group's configuration applies as the group's mode says (groupAlertConfiguration); a group
 * without one of its own inherits its inventory's, then the platform default.
 * One resolution for every answer that shows it (the unit's configuration, GET alerts/configuration).
 */
import type { AlertConfigMode, UnitAlertsConfiguration } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { groupAlertMode } from './alert-columns.js';
import { anyObject } from '../../platform/storage/json-column.js';
import type { ReadModel } from '../../platform/storage/read-model.js';
import { compareText } from '../../platform/order.js';

/** The parts of an alert configuration row an answer is built from. */
export type AlertConfigRow = Pick<
  Prisma.AlertConfigurationGetPayload<{ include: { recipients: true } }>,
  'alerts' | 'settings' | 'soundSettings' | 'recipients'
>;

export interface ResolvedAlertConfiguration {
  /** The group the answer names (null in manual mode and when the unit is in no group). */
  groupId: string | null;
  source: UnitAlertsConfiguration['source'];
  row: AlertConfigRow;
  /** The thresholds the group sets for alert types that do not set their own. */
  groupThresholds: Record<string, unknown>;
}

const EMPTY: AlertConfigRow = { alerts: {}, settings: {}, soundSettings: {}, recipients: [] };

export async function resolveAlertConfiguration(
  readModel: Pick<ReadModel, 'groups' | 'units' | 'alertConfigurationOf'>,
  unitId: string,
  mode: AlertConfigMode,
  explicitGroupId?: string,
): Promise<ResolvedAlertConfiguration> {
  const own = readModel.alertConfigurationOf({ unitId });
  if (mode === 'manual' && own) return { groupId: null, source: 'unit', row: own, groupThresholds: {} };
  const unit = readModel.units.get(unitId);
  // The last group joined first (ties: the larger id).
  const links = [...(unit?.groups ?? [])].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || compareText(y.groupId, x.groupId));
  let groupId: string | null = null;
  if (mode === 'group') groupId = explicitGroupId ?? (own?.sourceGroupId && links.some((l) => l.groupId === own.sourceGroupId) ? own.sourceGroupId : null);
  groupId ??= links[0]?.groupId ?? null;
  const answerGroupId = mode === 'manual' ? null : groupId;
  if (groupId !== null) {
    const ofGroup = groupAlertConfiguration(readModel, groupId);
    if (ofGroup) return { groupId: answerGroupId, ...ofGroup };
  } else {
    // The first inventory joined (ties: the smaller id).
    const first = [...(unit?.inventories ?? [])].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || compareText(x.inventoryId, y.inventoryId))[0];
    if (first) {
      const inv = readModel.alertConfigurationOf({ inventoryId: first.inventoryId });
      if (inv) return { groupId: null, source: 'inventory', row: inv, groupThresholds: {} };
    }
  }
  const def = readModel.alertConfigurationOf('default');
  return { groupId: answerGroupId, source: 'default', row: def ?? EMPTY, groupThresholds: {} };
}

/**
 * A group's mode (spec 001 §4, v2/groups/{id}/alerts/configuration): stored with its configuration;
 * a group row saved before groups had a mode (the seed's) applies its own settings, as manual.
 */
export function groupModeOf(row: Pick<AlertConfigRow, 'settings'> | null): AlertConfigMode {
  if (!row) return 'automatic';
  return groupAlertMode.read(row.settings).groupMode ?? 'manual';
}

/**
 * The configuration a group gives its units: manual = its own; group = the followed group's own
 * (that group must be manual: one level, no chains); automatic, or a followed group that is not
 * manual = its inventory's. Null when the group is unknown or only the platform default applies.
 */
export function groupAlertConfiguration(
  readModel: Pick<ReadModel, 'groups' | 'alertConfigurationOf'>,
  groupId: string,
): (Omit<ResolvedAlertConfiguration, 'groupId' | 'source'> & { source: 'group' | 'inventory' }) | null {
  const group = readModel.groups.get(groupId);
  if (!group) return null;
  const groupThresholds = anyObject.read(group.alertThresholds);
  const own = readModel.alertConfigurationOf({ groupId });
  const mode = groupModeOf(own);
  if (own && mode === 'manual') return { source: 'group', row: own, groupThresholds };
  if (own && mode === 'group' && own.sourceGroupId) {
    const followed = readModel.groups.get(own.sourceGroupId);
    const theirs = followed ? readModel.alertConfigurationOf({ groupId: followed.id }) : null;
    if (followed && theirs && groupModeOf(theirs) === 'manual')
      return { source: 'group', row: theirs, groupThresholds: anyObject.read(followed.alertThresholds) };
  }
  const inv = readModel.alertConfigurationOf({ inventoryId: group.inventoryId });
  return inv ? { source: 'inventory', row: inv, groupThresholds } : null;
}
