import { describe, expect, it } from 'vitest';
import type { VrChannelDetail } from '@fleet/contracts';
import { countByStatus } from './presenter.js';

describe('countByStatus: the video return counters', () => {
  it('counts every channel and each known status', () => {
    const items = ['idle', 'collecting', 'collecting', 'offline', 'mystery'].map((status) => ({ status }) as VrChannelDetail);
    expect(countByStatus(items)).toEqual({ total: 5, idle: 1, inputConnected: 0, collecting: 2, offline: 1, connecting: 0 });
  });

  it('is all zeros for no channels', () => {
    expect(countByStatus([])).toEqual({ total: 0, idle: 0, inputConnected: 0, collecting: 0, offline: 0, connecting: 0 });
  });
});
