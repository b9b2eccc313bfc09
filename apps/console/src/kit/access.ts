/**
 * Who may make a call, as the catalogue declares it: the console shows a write (a button, a form's
 * save, a menu entry) only when the core would accept the call (spec 000 §6, 001 §6), so a screen
 * never offers what answers 403. Two rules:
 *
 * - `canCall`: the call's own roles;
 * - `canApply`: a write from a modal, which also needs the "Apply and OK buttons show only for
 *   regular users" set (APPLY_BUTTON_ROLES: not read-only or viewer accounts).
 */
// endpointRoles: the catalogue's roles as plain data (the catalogue itself carries every call's zod schemas).
import { APPLY_BUTTON_ROLES, endpointRoles, hasAnyRole } from '@fleet/contracts';
import type { EndpointId, Role } from '@fleet/contracts';
import { rolesOf, useSessionUser } from '../session/hooks';

export function canCall(roles: readonly Role[], id: EndpointId): boolean {
  return hasAnyRole(roles, endpointRoles(id));
}

export function canApply(roles: readonly Role[], id: EndpointId): boolean {
  return canCall(roles, id) && hasAnyRole(roles, APPLY_BUTTON_ROLES);
}

/** The signed-in user's roles, or none while the user is not known. */
export function useUserRoles(): readonly Role[] {
  const user = useSessionUser();
  return user === undefined ? [] : rolesOf(user);
}

export function useCanCall(id: EndpointId): boolean {
  return canCall(useUserRoles(), id);
}

export function useCanApply(id: EndpointId): boolean {
  return canApply(useUserRoles(), id);
}
