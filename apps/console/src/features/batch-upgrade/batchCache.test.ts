import { describe, expect, it } from 'vitest';
import type { UpgradeBatch, UpgradeBatchPage, UpgradeBatchSummary } from '@fleet/contracts';
import { applyBatchToDetail, applyBatchToPage } from './batchCache';

const summary = (over: Partial<UpgradeBatchSummary> = {}): UpgradeBatchSummary => ({
  id: 'b1',
  name: 'Night run',
  targetVersions: ['10.1'],
  state: 'running',
  counts: { total: 3, pending: 2, upgrading: 1, succeeded: 0, failed: 0, rejected: 0 },
  requestedById: 'u1',
  createdAt: '2026-11-23T01:00:00.000Z',
  updatedAt: '2026-11-23T01:00:00.000Z',
  ...over,
});
const page = (items: UpgradeBatchSummary[], offset = 0): UpgradeBatchPage => ({ items, total: items.length, offset, limit: 2 });

describe('upgradeBatch.changed', () => {
  it('puts a new batch on top of the first page, within its size, and counts it', () => {
    const older = summary({ id: 'b0', createdAt: '2026-11-22T01:00:00.000Z', updatedAt: '2026-11-22T01:00:00.000Z' });
    const oldest = summary({ id: 'bz', createdAt: '2026-11-21T01:00:00.000Z', updatedAt: '2026-11-21T01:00:00.000Z' });
    const next = applyBatchToPage(page([older, oldest]), summary());
    expect(next.items.map((b) => b.id)).toEqual(['b1', 'b0']);
    expect(next.total).toBe(3);
    const second = page([oldest], 2);
    expect(applyBatchToPage(second, summary())).toBe(second);
  });

  it('moves a listed batch on, and ignores a repeat or an older summary', () => {
    const listed = page([summary()]);
    const done = summary({ state: 'completed', counts: { total: 3, pending: 0, upgrading: 0, succeeded: 2, failed: 1, rejected: 0 }, updatedAt: '2026-11-23T01:05:00.000Z' });
    const next = applyBatchToPage(listed, done);
    expect(next.items[0]).toMatchObject({ state: 'completed', counts: { failed: 1 } });
    expect(applyBatchToPage(next, summary())).toBe(next);
    expect(applyBatchToPage(next, done)).toBe(next);
  });

  it('updates an open batch’s state and counts and keeps its jobs', () => {
    const detail: UpgradeBatch = { ...summary(), jobs: [] };
    expect(applyBatchToDetail(detail, summary({ id: 'other', updatedAt: '2026-11-24T00:00:00.000Z' }))).toBe(detail);
    const next = applyBatchToDetail(detail, summary({ state: 'completed', updatedAt: '2026-11-23T01:05:00.000Z' }));
    expect(next.state).toBe('completed');
    expect(next.jobs).toBe(detail.jobs);
  });
});
