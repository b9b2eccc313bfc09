/** The inventories a software version may be assigned to by this user: all of them for a global user (the admin list), else their own. */
import { useMemo } from 'react';
import { LIMITS } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { picksAmongAllInventories } from '../../shell/scope';

export function useInventoryOptions() {
  const user = useSessionUser();
  const global = user !== undefined && picksAmongAllInventories(rolesOf(user));
  const all = useEndpointQuery('searchAdminInventories', { query: { limit: LIMITS.pageSizeMax } }, { enabled: global, staleTime: 60_000 });
  const options = useMemo(
    () => (global ? (all.data?.items ?? []).map((i) => ({ id: i.id, name: i.name })) : (user?.inventories ?? []).map((i) => ({ id: i.id, name: i.name }))),
    [global, all.data, user],
  );
  return { global, options };
}
