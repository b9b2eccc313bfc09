/**
 * A unit's settings as a group's unit settings (spec 000 §7 "v0 group unit settings": the defaults
 * a group gives its units — delay, transmission mode, store-and-forward quality, audio bitrate,
 * total and cellular capping). Only the unit's values a group may hold are offered (a sub-second
 * delay is not a group default, for one). Pure.
 */
import { GroupUnitSettings } from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import type { FieldErrors } from '../../lib/forms/fieldErrors';

export const GROUP_SETTING_KEYS = ['delayMs', 'transmissionMode', 'storeAndForwardQuality', 'audioBitrateKbps', 'totalKbps', 'cellularKbps'] as const;
export type GroupSettingKey = (typeof GROUP_SETTING_KEYS)[number];

export const isGroupSettingKey = (value: string): value is GroupSettingKey => GROUP_SETTING_KEYS.some((k) => k === value);

/** The unit's value of each group setting it has one for that a group accepts. */
export function offeredSettings(configuration: UnitConfiguration): GroupUnitSettings {
  const candidate: Record<GroupSettingKey, unknown> = {
    delayMs: configuration.delay ?? undefined,
    transmissionMode: configuration.transmissionMode,
    storeAndForwardQuality: configuration.storeAndForwardVideoQualityV2,
    audioBitrateKbps: configuration.audio.bitrateKbps,
    totalKbps: configuration.bandwidth.total,
    cellularKbps: configuration.bandwidth.cellular,
  };
  const offered: Record<string, unknown> = {};
  for (const key of GROUP_SETTING_KEYS) {
    const value = candidate[key];
    if (value !== undefined && GroupUnitSettings.shape[key].safeParse(value).success) offered[key] = value;
  }
  return GroupUnitSettings.parse(offered);
}

/** The body of PUT v0/groups/{id}/unitSettings: the chosen settings with the unit's values. */
export function settingsBody(offered: GroupUnitSettings, chosen: readonly string[]): GroupUnitSettings {
  const body: Record<string, unknown> = {};
  for (const key of chosen) if (isGroupSettingKey(key) && key in offered) body[key] = offered[key];
  return GroupUnitSettings.parse(body);
}

/** A problem of one setting (e.g. the cellular cap above the total, spec 001 §5) shown under the settings' field. */
export function onSettingsField(errors: FieldErrors): FieldErrors {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const target = isGroupSettingKey(field) || field === '' ? 'settings' : field;
    if (!(target in out)) out[target] = message;
  }
  return out;
}
