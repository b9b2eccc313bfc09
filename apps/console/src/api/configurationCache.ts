/**
 * A unit's configuration (answered by every unit update, carried by `unit.configuration` events)
 * taken into every cached read it changes: the configuration read of the configuration modal, the
 * enhanced info of the unit detail, and the summary fields it holds on the unit and in the unit
 * lists. An older configuration arriving late never undoes a newer one. The patches are pure (the
 * same object when nothing changed); useApplyConfiguration writes them.
 */
import { useCallback } from 'react';
import { replaceEqualDeep, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EnhancedUnitInfo, UnitConfiguration, UnitDetail, UnitSummary } from '@fleet/contracts';
import { endpointKey, endpointPrefix } from './hooks';
import { replaces } from '../kit/cache';

/** True when the configuration replaces the cached one (the kit's version rule). */
export function isNewerConfiguration(current: UnitConfiguration | undefined, next: UnitConfiguration): boolean {
  return replaces(next, current);
}

/** The enhanced info with the newer configuration (an older one arriving late is ignored). */
export function withConfiguration(info: EnhancedUnitInfo | undefined, configuration: UnitConfiguration): EnhancedUnitInfo | undefined {
  if (info === undefined || !isNewerConfiguration(info.configuration, configuration)) return info;
  return { ...info, configuration };
}

/**
 * A read's answer taken into the cache (React Query's `structuralSharing`) with the version rule: a read
 * that left before a change and lands after the change's event keeps the newer configuration the event
 * brought (the unit detail's enhanced info is read again every 60 s, and that read may cross an event).
 */
export function sharedEnhanced(old: unknown, next: unknown): unknown {
  const current = old as EnhancedUnitInfo | undefined;
  const answer = next as EnhancedUnitInfo;
  if (current === undefined || isNewerConfiguration(current.configuration, answer.configuration)) return replaceEqualDeep(old, next);
  return replaceEqualDeep(old, { ...answer, configuration: current.configuration });
}

/** {@link sharedEnhanced} for the configuration read itself (the configuration modal's). */
export function sharedConfiguration(old: unknown, next: unknown): unknown {
  const current = old as UnitConfiguration | undefined;
  return current === undefined || isNewerConfiguration(current, next as UnitConfiguration) ? replaceEqualDeep(old, next) : old;
}

/** The unit with the summary fields the configuration holds: transmission mode, working mode, selected channel. */
export function withConfigurationFields<T extends Pick<UnitSummary, 'transmissionMode' | 'workingMode' | 'selectedChannel'>>(
  unit: T,
  configuration: UnitConfiguration,
): T {
  const sameChannel = unit.selectedChannel.channelId === configuration.selectedChannelId;
  if (unit.transmissionMode === configuration.transmissionMode && unit.workingMode === configuration.workingMode && sameChannel) return unit;
  return {
    ...unit,
    transmissionMode: configuration.transmissionMode,
    workingMode: configuration.workingMode,
    selectedChannel: sameChannel ? unit.selectedChannel : { ...unit.selectedChannel, channelId: configuration.selectedChannelId, external: false },
  };
}

export function detailWithConfiguration(unit: UnitDetail | undefined, configuration: UnitConfiguration): UnitDetail | undefined {
  return unit === undefined ? undefined : withConfigurationFields(unit, configuration);
}

/** The unit list with the one unit's configuration fields; the same array when nothing changed. */
export function listWithConfiguration(list: UnitSummary[] | undefined, unitId: string, configuration: UnitConfiguration): UnitSummary[] | undefined {
  if (list === undefined) return undefined;
  const index = list.findIndex((unit) => unit.uniqueId === unitId);
  const current = index < 0 ? undefined : list[index];
  if (current === undefined) return list;
  const patched = withConfigurationFields(current, configuration);
  if (patched === current) return list;
  const next = list.slice();
  next[index] = patched;
  return next;
}

/** Takes a unit's configuration into the cached reads it changes (those that are cached): a save's answer, or `unit.configuration` (live/table). */
export function applyConfiguration(queryClient: QueryClient, unitId: string, configuration: UnitConfiguration): void {
  const params = { params: { id: unitId } };
  queryClient.setQueryData<UnitConfiguration>(endpointKey('getUnitConfigurationV2', params), (old) =>
    old === undefined || !isNewerConfiguration(old, configuration) ? old : configuration,
  );
  queryClient.setQueryData<EnhancedUnitInfo>(endpointKey('getUnitEnhanced', params), (old) => withConfiguration(old, configuration));
  queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', params), (old) => detailWithConfiguration(old, configuration));
  queryClient.setQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }, (list) => listWithConfiguration(list, unitId, configuration));
}

/** {@link applyConfiguration} for one unit, from a component. */
export function useApplyConfiguration(unitId: string): (configuration: UnitConfiguration) => void {
  const queryClient = useQueryClient();
  return useCallback((configuration: UnitConfiguration) => applyConfiguration(queryClient, unitId, configuration), [queryClient, unitId]);
}
