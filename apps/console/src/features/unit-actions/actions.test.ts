import { describe, expect, it } from 'vitest';
import { MANAGE_ROLES, ROLES, UNIT_CONTROL_ROLES, UNIT_STATUSES } from '@fleet/contracts';
import type { Role } from '@fleet/contracts';
import { actionBlocker, canManageServices, canUseAction, isConfirmedAction, UNIT_ACTIONS, visibleActions } from './actions';

describe('visibleActions', () => {
  it('gives a regular user every unit action but no service management', () => {
    expect(visibleActions(['luc_regular'])).toEqual(['rename', 'reboot', 'shutdown', 'pairingCode', 'removePairing', 'services']);
    expect(canManageServices(['luc_regular'])).toBe(false);
  });

  it('gives a read-only user no write entry (the pairing code and services only)', () => {
    const actions = visibleActions(['luc_read']);
    expect(actions).toEqual(['pairingCode', 'services']);
    expect(canManageServices(['luc_read'])).toBe(false);
  });

  it('lets the manage roles add and remove services', () => {
    for (const role of MANAGE_ROLES) expect(canManageServices([role])).toBe(true);
  });

  it('shows the write entries exactly to the unit-control roles (the catalogue roles of the calls)', () => {
    for (const role of ROLES as readonly Role[]) {
      const expected = UNIT_CONTROL_ROLES.includes(role);
      for (const action of ['rename', 'reboot', 'shutdown', 'removePairing'] as const) expect(canUseAction([role], action), `${role} ${action}`).toBe(expected);
    }
  });

  it('gives the group unit settings to the manage roles and the inventory details to support staff and super users', () => {
    expect(visibleActions(['luc_admin'])).toContain('groupUnitSettings');
    expect(visibleActions(['luc_admin'])).not.toContain('inventoryDetails');
    expect(visibleActions(['staff'])).toContain('inventoryDetails');
    expect(visibleActions(['staff'])).not.toContain('groupUnitSettings');
    expect(visibleActions(['super_user'])).toEqual([...UNIT_ACTIONS]);
  });

  it('gives nothing without roles', () => {
    expect(visibleActions([])).toEqual([]);
  });

  it('confirms only the destructive actions', () => {
    expect(UNIT_ACTIONS.filter(isConfirmedAction)).toEqual(['reboot', 'shutdown', 'removePairing']);
  });
});

describe('actionBlocker', () => {
  it('blocks reboot and shutdown of an offline-like unit only', () => {
    expect(actionBlocker('reboot', 'offline')).toBe('offline');
    expect(actionBlocker('shutdown', 'unavailable')).toBe('offline');
    expect(actionBlocker('reboot', 'idle')).toBeNull();
    expect(actionBlocker('shutdown', 'streaming')).toBeNull();
  });

  it('never blocks the entries that do not reach the device', () => {
    for (const status of UNIT_STATUSES) {
      for (const action of ['rename', 'pairingCode', 'removePairing', 'services', 'inventoryDetails', 'groupUnitSettings'] as const)
        expect(actionBlocker(action, status)).toBeNull();
    }
  });
});
