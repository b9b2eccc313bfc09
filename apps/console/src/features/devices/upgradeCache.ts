/**
 * `upgrade.changed` applied in place to what the software upgrade screens hold, never a reload:
 * - a page of candidates: the device's row takes the job unless it is older than the one shown (a
 *   job is newer by its creation, then its version); a succeeded job also gives the row its new
 *   version;
 * - a device's targets: its job likewise;
 * - a batch: the job replaces its own row (per-device progress and result).
 * A device's status follows `server.status` / `server.changed` and `unit.status` / `unit.updated`
 * (applyStatusToCandidates).
 * Pure: the same object comes back when nothing changed. Events may arrive once per subscribed
 * topic (the inventory and its groups): idempotent.
 */
import type { RealtimeEvent, UpgradeBatch, UpgradeCandidate, UpgradeCandidatePage, UpgradeJob, UpgradeJobPage, UpgradeTargets } from '@fleet/contracts';
import { newest, replaces } from '../../kit/cache';

export type UpgradeChange = Omit<Extract<RealtimeEvent, { type: 'upgrade.changed' }>, 'type' | 'at'>;

/** Whether `next` should replace `current` (another run started later, or the same run moved on). */
export function isNewerJob(next: UpgradeJob, current: UpgradeJob | null): boolean {
  if (current === null) return true;
  if (next.id === current.id) return replaces(next, current);
  return next.createdAt > current.createdAt || (next.createdAt === current.createdAt && next.id > current.id);
}

function applyToCandidate(candidate: UpgradeCandidate, change: UpgradeChange): UpgradeCandidate {
  if (candidate.deviceType !== change.deviceType || candidate.id !== change.deviceId || !isNewerJob(change.job, candidate.job)) return candidate;
  const currentVersion = change.job.state === 'succeeded' ? change.job.targetVersion : candidate.currentVersion;
  return { ...candidate, job: change.job, currentVersion };
}

/** The page with each row passed through `patch`; the same page when no row changed. */
function patchRows(page: UpgradeCandidatePage, patch: (candidate: UpgradeCandidate) => UpgradeCandidate): UpgradeCandidatePage {
  const items = page.items.map(patch);
  return items.some((item, i) => item !== page.items[i]) ? { ...page, items } : page;
}

export function applyUpgradeToCandidates(page: UpgradeCandidatePage, change: UpgradeChange): UpgradeCandidatePage {
  return patchRows(page, (candidate) => applyToCandidate(candidate, change));
}

export function applyUpgradeToTargets(targets: UpgradeTargets, change: UpgradeChange): UpgradeTargets {
  if (targets.deviceType !== change.deviceType || targets.deviceId !== change.deviceId || !isNewerJob(change.job, targets.job)) return targets;
  return { ...targets, job: change.job, currentVersion: change.job.state === 'succeeded' ? change.job.targetVersion : targets.currentVersion };
}

/** `device`: whose history the cached page lists. */
export function applyUpgradeToHistory(
  page: UpgradeJobPage,
  device: { readonly deviceType: string; readonly deviceId: string },
  change: UpgradeChange,
): UpgradeJobPage {
  if (device.deviceType !== change.deviceType || device.deviceId !== change.deviceId) return page;
  const index = page.items.findIndex((job) => job.id === change.job.id);
  if (index < 0) {
    // A new run goes on top of the newest page only.
    if (page.offset !== 0) return page;
    return { ...page, items: [change.job, ...page.items], total: page.total + 1 };
  }
  const current = page.items[index];
  if (current === undefined || !replaces(change.job, current)) return page;
  const items = page.items.slice();
  items[index] = change.job;
  return { ...page, items };
}

export function applyUpgradeToBatch(batch: UpgradeBatch, change: UpgradeChange): UpgradeBatch {
  if (change.job.batchId !== batch.id) return batch;
  const index = batch.jobs.findIndex((job) => job.id === change.job.id);
  const current = batch.jobs[index];
  if (current === undefined) return batch;
  const job = newest(current, change.job);
  if (job === current) return batch;
  const jobs = batch.jobs.slice();
  jobs[index] = job;
  return { ...batch, jobs };
}

/** A device's live status (and a server's version, from `server.changed`) on the candidate pages. */
export function applyStatusToCandidates(
  page: UpgradeCandidatePage,
  deviceType: UpgradeJob['deviceType'],
  deviceId: string,
  status: string,
  version?: string,
): UpgradeCandidatePage {
  return patchRows(page, (candidate) => {
    if (candidate.deviceType !== deviceType || candidate.id !== deviceId) return candidate;
    const currentVersion = version ?? candidate.currentVersion;
    if (candidate.status === status && candidate.currentVersion === currentVersion) return candidate;
    return { ...candidate, status, currentVersion };
  });
}
