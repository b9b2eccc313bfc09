/** Who may make a call of the /groups screen (the call's own roles as the catalogue declares them), and field texts. */
import { catalogue, hasAnyRole } from '@fleet/contracts';
import type { EndpointId } from '@fleet/contracts';
import { useCallback } from 'react';
import { useSpecText } from '../../lib/forms/specText';
import { rolesOf, useSessionUser } from '../../session/hooks';

/**
 * Whether the signed-in user may make this call (write buttons show only then; the screen is
 * read-only otherwise). Unlike the unit dialogs, no "regular user" Apply rule applies here: the
 * screen's writes are MANAGE_ROLES calls (spec 001 §2).
 */
export function useCanCall(id: EndpointId): boolean {
  const user = useSessionUser();
  return user !== undefined && hasAnyRole(rolesOf(user), catalogue[id].roles);
}

/** A field's spec message in the user's language (forms.validation / apiErrors), undefined when the field has none. */
export function useFieldText(): (message: string | undefined) => string | undefined {
  const spec = useSpecText();
  return useCallback((message: string | undefined) => (message === undefined ? undefined : spec(message)), [spec]);
}
