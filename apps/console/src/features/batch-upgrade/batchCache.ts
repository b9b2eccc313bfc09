/**
 * `upgradeBatch.changed` (a batch created, or its state and counts moved on) applied in place to
 * the cached batch list pages and to an open batch; a batch's per-device jobs follow
 * `upgrade.changed` (devices/upgradeCache.ts). Pure: the same object back when nothing changed.
 * The summary carries no version and its `updatedAt` is the batch's own (it does not move when a
 * job does): a summary is taken unless its `updatedAt` is older or it has fewer finished jobs than
 * the one shown (jobs only ever finish, so fewer is an older report); an identical one is a repeat.
 */
import type { UpgradeBatch, UpgradeBatchPage, UpgradeBatchSummary } from '@fleet/contracts';

const finished = (b: UpgradeBatchSummary) => b.counts.succeeded + b.counts.failed + b.counts.rejected;

/** Whether `next` should replace `current` (see the module comment). */
export function isNewerSummary(next: UpgradeBatchSummary, current: UpgradeBatchSummary): boolean {
  if (next.updatedAt < current.updatedAt) return false;
  if (next.updatedAt > current.updatedAt) return true;
  if (finished(next) < finished(current)) return false;
  return next.state !== current.state || JSON.stringify(next.counts) !== JSON.stringify(current.counts) || next.name !== current.name;
}

const newestFirst = (a: UpgradeBatchSummary, b: UpgradeBatchSummary) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : a.id > b.id ? -1 : 1);

/** `newestFirst`: the list's order (the page shows newest first unless asked otherwise). */
export function applyBatchToPage(page: UpgradeBatchPage, batch: UpgradeBatchSummary, newestOnTop = true): UpgradeBatchPage {
  const index = page.items.findIndex((item) => item.id === batch.id);
  if (index < 0) {
    // A new batch belongs on top of the first page of a newest-first list; other pages keep their rows.
    if (!newestOnTop || page.offset !== 0) return page;
    const items = [batch, ...page.items].sort(newestFirst).slice(0, page.limit);
    return { ...page, items, total: page.total + 1 };
  }
  const current = page.items[index];
  if (current === undefined || !isNewerSummary(batch, current)) return page;
  const items = page.items.slice();
  items[index] = batch;
  return { ...page, items };
}

export function applyBatchToDetail(detail: UpgradeBatch, batch: UpgradeBatchSummary): UpgradeBatch {
  if (detail.id !== batch.id || !isNewerSummary(batch, detail)) return detail;
  return { ...detail, ...batch, jobs: detail.jobs };
}
