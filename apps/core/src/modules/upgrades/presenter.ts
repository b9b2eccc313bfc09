/** Upgrade job rows as the contract answers them (spec 001 §4 states, §8 failure texts). */
import { ERROR_CATALOGUE, UPGRADE_FAILURE_TEXTS, UpgradeState, type UpgradeDeviceType, type UpgradeJob } from '@fleet/contracts';
import type { UpgradeJobRow } from './jobs.js';

const stateOf = (raw: string): UpgradeState => {
  const parsed = UpgradeState.safeParse(raw);
  return parsed.success ? parsed.data : 'failed';
};

/** Spec 001 §8: the text of a failure code (101–107, -1), or the catalogue's text of a 68xx refusal. */
export function failureText(code: number | null): string | null {
  if (code === null) return null;
  const texts: Record<number, string> = UPGRADE_FAILURE_TEXTS;
  if (texts[code] !== undefined) return texts[code];
  const entry = Object.values(ERROR_CATALOGUE).find((e) => 'code' in e && e.code === code);
  return entry?.message ?? null;
}

/** A job row with its device's name (the device's id when the device is gone). */
export function presentJob(row: UpgradeJobRow, deviceName: string): UpgradeJob {
  const deviceType: UpgradeDeviceType = row.deviceType === 'server' ? 'server' : 'unit';
  return {
    id: row.id,
    deviceType,
    deviceId: row.deviceId,
    deviceName,
    fromVersion: row.fromVersion,
    targetVersion: row.targetVersion,
    state: stateOf(row.state),
    progress: Math.max(0, Math.min(100, row.progress)),
    failureCode: row.failureCode,
    failureText: failureText(row.failureCode),
    batchId: row.batchId,
    requestedById: row.requestedById,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
