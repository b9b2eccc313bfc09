/**
 * What the inventory's tabs share: reading the inventory's versioned reads again after a write of
 * one of them (inventoryTabRules.ts `versionReadsAfter`). The tabs follow /ws through the realtime
 * event table (`staleInventoryTabReads`).
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointId } from '@fleet/contracts';
import { versionReadsAfter } from './inventoryTabRules';

/** The cached reads of one call for one inventory read again. */
function useInvalidate(inventoryId: string): (ids: readonly EndpointId[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (ids) => {
      // A key's object matches in part: every read of the call whose params name the inventory.
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: [id, { params: { id: inventoryId } }] });
    },
    [queryClient, inventoryId],
  );
}

/** After a write through `written` (its answer already cached, or null): the inventory's other versioned reads read again. */
export function useAfterInventoryWrite(inventoryId: string): (written: EndpointId | null) => void {
  const invalidate = useInvalidate(inventoryId);
  return useCallback((written) => invalidate(versionReadsAfter(written)), [invalidate]);
}
