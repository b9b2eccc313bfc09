/**
 * Keeps what the software upgrade screens cached current from /ws (`upgrade.changed`, patched in
 * place by upgradeCache.ts): the candidate pages, a device's targets and history, an opened job
 * and open batches. When a run ends, the device's targets are read again (its version and so its
 * eligibility changed). Used by the /devices upgrade tab and the /batch_upgrade page.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, UpgradeBatch, UpgradeCandidatePage, UpgradeJob, UpgradeJobPage, UpgradeTargets } from '@fleet/contracts';
import { endpointKey, endpointPrefix, type EndpointQueryKey } from '../../api/hooks';
import { newest } from '../../kit/cache';
import {
  applyStatusToCandidates,
  applyUpgradeToBatch,
  applyUpgradeToCandidates,
  applyUpgradeToHistory,
  applyUpgradeToTargets,
  type UpgradeChange,
} from './upgradeCache';
import { isRunningState } from './upgradeFormat';

const HISTORY_READS = { unit: 'listUnitUpgrades', server: 'listServerUpgrades' } as const;
const TARGET_READS = { unit: 'getUnitUpgradeTargets', server: 'getServerUpgradeTargets' } as const;

export function applyUpgradeChange(queryClient: QueryClient, change: UpgradeChange): void {
  queryClient.setQueriesData<UpgradeCandidatePage>({ queryKey: endpointPrefix('listUpgradeCandidates') }, (page) =>
    page ? applyUpgradeToCandidates(page, change) : page,
  );
  for (const deviceType of ['unit', 'server'] as const) {
    queryClient.setQueriesData<UpgradeTargets>({ queryKey: endpointPrefix(TARGET_READS[deviceType]) }, (targets) =>
      targets ? applyUpgradeToTargets(targets, change) : targets,
    );
    for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointPrefix(HISTORY_READS[deviceType]) })) {
      const key = query.queryKey as EndpointQueryKey<(typeof HISTORY_READS)[typeof deviceType]>;
      const deviceId = key[1].params?.id;
      if (deviceId === undefined) continue;
      queryClient.setQueryData<UpgradeJobPage>(key, (page) => (page ? applyUpgradeToHistory(page, { deviceType, deviceId }, change) : page));
    }
  }
  queryClient.setQueriesData<UpgradeBatch>({ queryKey: endpointPrefix('getUpgradeBatch') }, (batch) => (batch ? applyUpgradeToBatch(batch, change) : batch));
  queryClient.setQueryData<UpgradeJob>(endpointKey('getUpgradeJob', { params: { id: change.job.id } }), (job) => (job ? newest(job, change.job) : job));
  if (!isRunningState(change.job.state)) {
    void queryClient.invalidateQueries({
      queryKey: endpointPrefix(TARGET_READS[change.deviceType]),
      predicate: (query) => (query.queryKey[1] as { params?: { id?: string } } | undefined)?.params?.id === change.deviceId,
    });
  }
}

interface StatusChange {
  readonly deviceType: 'unit' | 'server';
  readonly deviceId: string;
  readonly status: string;
  readonly version?: string;
}

/** The device status an event reports, if it reports one. */
export function statusChange(event: RealtimeEvent): StatusChange | null {
  switch (event.type) {
    case 'server.status':
      return { deviceType: 'server', deviceId: event.serverId, status: event.status };
    case 'server.changed':
      return { deviceType: 'server', deviceId: event.server.id, status: event.server.status, version: event.server.swVersion };
    case 'unit.status':
      return { deviceType: 'unit', deviceId: event.unitId, status: event.status };
    case 'unit.updated':
      return { deviceType: 'unit', deviceId: event.unit.uniqueId, status: event.unit.status, version: event.unit.swVersion };
    default:
      return null;
  }
}

/** The upgrade caches with one event applied (the event table's `upgrade.changed` and device statuses). */
export function applyToUpgradeCaches(queryClient: QueryClient, event: RealtimeEvent): void {
  const status = statusChange(event);
  if (status !== null) {
    queryClient.setQueriesData<UpgradeCandidatePage>({ queryKey: endpointPrefix('listUpgradeCandidates') }, (page) =>
      page ? applyStatusToCandidates(page, status.deviceType, status.deviceId, status.status, status.version) : page,
    );
  }
  if (event.type === 'upgrade.changed') applyUpgradeChange(queryClient, { deviceType: event.deviceType, deviceId: event.deviceId, job: event.job });
}
