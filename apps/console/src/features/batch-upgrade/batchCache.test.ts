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

  it('moves a listed batch on as its jobs finish (the batch’s own updatedAt stays), and ignores a repeat or an older summary', () => {
    const listed = page([summary()]);
    const one = summary({ counts: { total: 3, pending: 1, upgrading: 1, succeeded: 1, failed: 0, rejected: 0 } });
    const done = summary({ state: 'completed', counts: { total: 3, pending: 0, upgrading: 0, succeeded: 2, failed: 1, rejected: 0 } });
    const first = applyBatchToPage(listed, one);
    expect(first.items[0]?.counts.succeeded).toBe(1);
    const next = applyBatchToPage(first, done);
    expect(next.items[0]).toMatchObject({ state: 'completed', counts: { failed: 1 } });
    expect(applyBatchToPage(next, one)).toBe(next);
    expect(applyBatchToPage(next, done)).toBe(next);
    expect(applyBatchToPage(next, summary({ updatedAt: '2026-11-22T00:00:00.000Z' }))).toBe(next);
    expect(applyBatchToPage(next, summary({ name: 'Renamed', updatedAt: '2026-11-23T02:00:00.000Z' })).items[0]?.name).toBe('Renamed');
  });

  it('updates an open batch’s state and counts and keeps its jobs', () => {
    const detail: UpgradeBatch = { ...summary(), jobs: [], rows: [] };
    expect(applyBatchToDetail(detail, summary({ id: 'other', updatedAt: '2026-11-24T00:00:00.000Z' }))).toBe(detail);
    expect(applyBatchToDetail(detail, summary())).toBe(detail);
    const next = applyBatchToDetail(detail, summary({ state: 'completed', counts: { total: 3, pending: 0, upgrading: 0, succeeded: 3, failed: 0, rejected: 0 } }));
    expect(next.state).toBe('completed');
    expect(next.jobs).toBe(detail.jobs);
  });
});
