/**
 * Which alert configuration applies to a unit (spec 000 §3 alerts configuration modes, spec 001 §4):
 * manual = the unit's own (until one is saved: what automatic mode gives); group = the chosen
 * group's (explicit, else the one stored with the unit while the unit is still in it, else its last
 * group); automatic = the last group the unit joined ("inherit from last group", ties by the larger
 * id). A group without its own configuration inherits its inventory's, then the platform default.
 * One resolution for every answer that shows it (the unit's configuration, GET alerts/configuration).
 */
import type { AlertConfigMode, UnitAlertsConfiguration } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { anyObject } from '../repositories/json-column.js';
import type { ReadModel } from '../repositories/read-model.js';
import { compareText } from './order.js';

/** The parts of an alert configuration row an answer is built from. */
export type AlertConfigRow = Pick<Prisma.AlertConfigurationGetPayload<{ include: { recipients: true } }>, 'alerts' | 'settings' | 'soundSettings' | 'recipients'>;

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
    const group = readModel.groups.get(groupId);
    if (group) {
      const groupThresholds = anyObject.read(group.alertThresholds);
      const ofGroup = readModel.alertConfigurationOf({ groupId });
      if (ofGroup) return { groupId: answerGroupId, source: 'group', row: ofGroup, groupThresholds };
      const inv = readModel.alertConfigurationOf({ inventoryId: group.inventoryId });
      if (inv) return { groupId: answerGroupId, source: 'inventory', row: inv, groupThresholds };
    }
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
