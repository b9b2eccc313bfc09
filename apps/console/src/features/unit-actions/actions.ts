/**
 * Which unit actions of the detail header a user sees (spec 000 §6: a control shows only when the
 * user's roles may make the call behind it, as the catalogue declares them; "Apply and OK buttons
 * only for regular users": write actions also need APPLY_BUTTON_ROLES) and what blocks one.
 */
import { endpointRoles, hasAnyRole } from '@fleet/contracts';
import type { EndpointId, Role, UnitStatus } from '@fleet/contracts';
import { isOfflineLike } from '@fleet/domain';
import { canApply } from '../../kit/access';

export const UNIT_ACTIONS = ['rename', 'reboot', 'shutdown', 'pairingCode', 'removePairing', 'services', 'inventoryDetails', 'groupUnitSettings'] as const;
export type UnitAction = (typeof UNIT_ACTIONS)[number];

/** Actions that ask for a confirmation naming the unit before the call. */
export const CONFIRMED_ACTIONS = ['reboot', 'shutdown', 'removePairing'] as const;
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];

export function isConfirmedAction(action: UnitAction): action is ConfirmedAction {
  return (CONFIRMED_ACTIONS as readonly UnitAction[]).includes(action);
}

/**
 * The catalogue call behind each action (the services and pairing code entries open with a read;
 * the inventory details are support staff's, spec 000 §7 "internal inventory-unit-details"; the
 * group unit settings give a group this unit's settings, §7 "v0 group unit settings").
 */
export const ACTION_CALLS = {
  rename: 'renameDevice',
  reboot: 'commandReboot',
  shutdown: 'shutdownUnit',
  pairingCode: 'getUnitPairingCode',
  removePairing: 'removeUnitPairing',
  services: 'getUnitServices',
  inventoryDetails: 'updateInventoryUnitDetails',
  groupUnitSettings: 'updateGroupUnitSettings',
} as const satisfies Record<UnitAction, EndpointId>;

/** The entries that only read (every other entry changes something, so the apply-button roles apply too). */
const READS: readonly UnitAction[] = ['pairingCode', 'services'];

export function canUseAction(roles: readonly Role[], action: UnitAction): boolean {
  const id = ACTION_CALLS[action];
  return READS.includes(action) ? hasAnyRole(roles, endpointRoles(id)) : canApply(roles, id);
}

/** The entries of the Actions menu for these roles, in menu order (empty: no menu at all). */
export function visibleActions(roles: readonly Role[]): UnitAction[] {
  return UNIT_ACTIONS.filter((action) => canUseAction(roles, action));
}

/** Whether the user may add and remove services (MANAGE_ROLES in the catalogue). */
export function canManageServices(roles: readonly Role[]): boolean {
  return canApply(roles, 'addUnitService') && canApply(roles, 'removeUnitService');
}

/**
 * Why an action cannot run now: reboot and shutdown reach the device, which an offline unit is
 * not (the core answers UNIT_OFFLINE); the other entries work offline too.
 */
export function actionBlocker(action: UnitAction, status: UnitStatus): 'offline' | null {
  if ((action === 'reboot' || action === 'shutdown') && isOfflineLike(status)) return 'offline';
  return null;
}
