import { describe, expect, it } from 'vitest';
import { graphicsCompositionData } from './graphics-columns.js';

describe('a graphics composition’s data as stored', () => {
  it('keeps the jobs that name a job, an app and when they started, and the keys it does not know', () => {
    const job = { jobId: 'j1', appId: 'a1', createdAt: '2026-01-01T10:00:00Z' };
    const data = graphicsCompositionData.read({ jobs: [job, { jobId: 'j2', appId: 'a1', createdAt: 'yesterday' }, { appId: 'a1' }], layout: 'lower-third' });
    expect(data).toEqual({ jobs: [job], layout: 'lower-third' });
  });

  it('reads a column that is not an object as no data', () => {
    expect(graphicsCompositionData.read([1, 2])).toEqual({});
    expect(graphicsCompositionData.read(null)).toEqual({});
  });
});
