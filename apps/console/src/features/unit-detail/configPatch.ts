/**
 * A unit's configuration (answered by every unit update, carried by `unit.configuration` events)
 * applied to the cached reads it also changes. Pure; the same object when nothing changed.
 */
import type { EnhancedUnitInfo, UnitConfiguration, UnitDetail, UnitSummary } from '@fleet/contracts';

/** The enhanced info with the newer configuration (an older one arriving late is ignored). */
export function withConfiguration(info: EnhancedUnitInfo | undefined, configuration: UnitConfiguration): EnhancedUnitInfo | undefined {
  if (info === undefined || info.configuration.version > configuration.version) return info;
  return { ...info, configuration };
}

/** The unit with the summary fields the configuration holds: transmission mode, working mode, selected channel. */
export function withConfigurationFields<T extends Pick<UnitSummary, 'transmissionMode' | 'workingMode' | 'selectedChannel'>>(unit: T, configuration: UnitConfiguration): T {
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
