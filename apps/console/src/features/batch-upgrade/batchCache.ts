/**
 * `upgradeBatch.changed` (a batch created, or its state and counts moved on) applied in place to
 * the cached batch list pages and to an open batch; a batch's per-device jobs follow
 * `upgrade.changed` (devices/upgradeCache.ts). Pure: the same object back when nothing changed.
 * Newer means a later `updatedAt` (the summary carries no version); equal is a repeat.
 */
import type { UpgradeBatch, UpgradeBatchPage, UpgradeBatchSummary } from '@fleet/contracts';

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
  if (current === undefined || batch.updatedAt <= current.updatedAt) return page;
  const items = page.items.slice();
  items[index] = batch;
  return { ...page, items };
}

export function applyBatchToDetail(detail: UpgradeBatch, batch: UpgradeBatchSummary): UpgradeBatch {
  if (detail.id !== batch.id || batch.updatedAt <= detail.updatedAt) return detail;
  return { ...detail, ...batch, jobs: detail.jobs };
}
