/**
 * Reads the listed calls again when one of these /ws events arrives. The admin pages' events name
 * what changed (or carry a user-facing item, not the admin row), so the admin list is read again
 * through its role-checked call rather than patched.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointId, RealtimeEventType } from '@fleet/contracts';
import { isApiError } from '../../api/ApiError';
import { endpointPrefix } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';

export function useRefetchOn(types: readonly RealtimeEventType[], ids: readonly EndpointId[]): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  const typeKey = types.join(',');
  const idKey = ids.join(',');
  useEffect(
    () =>
      subscribe((event) => {
        if (!typeKey.split(',').includes(event.type)) return;
        for (const id of idKey.split(',')) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id as EndpointId) });
      }),
    [subscribe, queryClient, typeKey, idKey],
  );
}

/** The field's refusal from the core (`body.<field>`), if any. */
export function fieldProblem(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.fields.find((f) => f.path === `body.${field}`)?.message : undefined;
}
