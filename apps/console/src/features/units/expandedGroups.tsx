/**
 * The groups of the unit list's expanded rows (spec 001 §7 GET groups/fetch_machinegroups: for
 * each unit id given, the groups it is in that the user may see): one read for every expanded row
 * the list holds (never one per row), handed to the rows through a context. Expanding another row
 * reads the set again; what was read stays shown meanwhile.
 */
import { createContext, useContext, useMemo } from 'react';
import { Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MachineGroups, UnitGroupRef, UnitSummary } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';

export interface ExpandedGroups {
  /** The groups of each unit read so far. */
  readonly byUnit: ReadonlyMap<string, readonly UnitGroupRef[]>;
  readonly failed: boolean;
}

const NO_GROUPS: ExpandedGroups = { byUnit: new Map(), failed: false };
const ExpandedGroupsContext = createContext<ExpandedGroups>(NO_GROUPS);
export const ExpandedGroupsProvider = ExpandedGroupsContext.Provider;

/** How long the groups read stay current: group membership changes rarely (the rows' other values are live). */
const GROUPS_STALE_MS = 60_000;

/** The ids of the expanded rows the list holds, sorted (a unit gone from the list would make the read answer 404). */
export function expandedIdsOf(expanded: ReadonlySet<string>, units: readonly UnitSummary[]): string {
  if (expanded.size === 0) return '';
  const known = new Set(units.map((u) => u.uniqueId));
  return [...expanded]
    .filter((id) => known.has(id))
    .sort()
    .join(',');
}

/** One read of the expanded rows' groups (`unitIds`: see {@link expandedIdsOf}). */
export function useExpandedGroups(unitIds: string): ExpandedGroups {
  const read = useEndpointQuery(
    'fetchMachineGroups',
    { query: { unitIds } },
    { enabled: unitIds !== '', staleTime: GROUPS_STALE_MS, placeholderData: keepPreviousData },
  );
  const data: MachineGroups | undefined = read.data;
  return useMemo(
    () => (data === undefined ? { byUnit: new Map(), failed: read.isError } : { byUnit: new Map(data.map((m) => [m.unitId, m.groups])), failed: read.isError }),
    [data, read.isError],
  );
}

/** An expanded row's groups: their names, "No group", or that they could not be read. */
export function UnitGroupsText({ unitId }: { readonly unitId: string }) {
  const { t } = useTranslation();
  const { byUnit, failed } = useContext(ExpandedGroupsContext);
  const groups = byUnit.get(unitId);
  if (groups === undefined) {
    return (
      <Text size="sm" c="dimmed" data-testid={`unit-groups-${unitId}`} data-state={failed ? 'failed' : 'loading'}>
        {failed ? t('unitList.expanded.groupsFailed') : t('common.loading')}
      </Text>
    );
  }
  const names = groups.map((g) => g.name).join(', ');
  return (
    <Text
      size="sm"
      c={groups.length === 0 ? 'dimmed' : undefined}
      truncate="end"
      title={names}
      data-testid={`unit-groups-${unitId}`}
      data-state="read"
      data-count={groups.length}
    >
      {groups.length === 0 ? t('unitList.expanded.noGroups') : names}
    </Text>
  );
}
