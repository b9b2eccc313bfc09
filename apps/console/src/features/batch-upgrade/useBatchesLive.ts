/** Keeps the cached batch list pages and open batches current from /ws (`upgradeBatch.changed`, patched in place by batchCache.ts). */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UpgradeBatch, UpgradeBatchPage } from '@fleet/contracts';
import { endpointPrefix, type EndpointQueryKey } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { applyBatchToDetail, applyBatchToPage } from './batchCache';

export function useBatchesLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type !== 'upgradeBatch.changed') return;
        for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointPrefix('listUpgradeBatches') })) {
          const key = query.queryKey as EndpointQueryKey<'listUpgradeBatches'>;
          const newestOnTop = key[1].query?.sortDir !== 'asc';
          queryClient.setQueryData<UpgradeBatchPage>(key, (page) => (page ? applyBatchToPage(page, event.batch, newestOnTop) : page));
        }
        queryClient.setQueriesData<UpgradeBatch>({ queryKey: endpointPrefix('getUpgradeBatch') }, (batch) => (batch ? applyBatchToDetail(batch, event.batch) : batch));
      }),
    [subscribe, queryClient],
  );
}
