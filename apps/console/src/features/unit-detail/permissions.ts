/**
 * Who sees which write action in the unit detail: exactly the roles the catalogue declares for the
 * call behind it, so a button shows only when the core would accept the call (spec 000 §6).
 */
import { useCallback } from 'react';
import { hasAnyRole, UNIT_CONTROL_ROLES } from '@fleet/contracts';
import type { EndpointId, Role } from '@fleet/contracts';
import type { DetailDialog } from './detailParams';
import { canCall, useUserRoles } from '../../kit/access';

/**
 * The roles that may open each unit dialog: the roles of the call the dialog makes (speed test,
 * send logs, guest invite); AI is closed to read-only users (spec 000 §6), so it needs the unit
 * control roles; the upload progress only shows, so everyone sees it.
 */
export function canOpenDialog(roles: readonly Role[], dialog: DetailDialog): boolean {
  switch (dialog) {
    case 'speedTest':
      return canCall(roles, 'commandSpeedTest');
    case 'sendLogs':
      return canCall(roles, 'startFetchLogs');
    case 'guestInvite':
      return canCall(roles, 'createGroupInvitation');
    case 'aiSession':
      return hasAnyRole(roles, UNIT_CONTROL_ROLES);
    case 'uploadProgress':
      return true;
  }
}

export function useCanCall(): (id: EndpointId) => boolean {
  const roles = useUserRoles();
  return useCallback((id: EndpointId) => canCall(roles, id), [roles]);
}
