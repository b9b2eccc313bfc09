import { describe, expect, it } from 'vitest';
import type { ChannelStatus } from '@fleet/contracts';
import { groupChannelSummary, groupStatusColor, shownGroupStatus } from './groupChannelStatus';

const of = (...statuses: ChannelStatus[]) => statuses.map((status) => ({ status }));

describe('the group channel status (spec 001 §4)', () => {
  it('is idle if any channel is idle', () => {
    expect(groupChannelSummary(of('offline', 'collecting', 'idle'))).toEqual({ status: 'idle', total: 3, idle: 1, collecting: 1, other: 1 });
  });

  it('else collecting if any is collecting', () => {
    expect(groupChannelSummary(of('offline', 'collecting', 'online')).status).toBe('collecting');
  });

  it('else offline, also for a group of busy-but-not-collecting channels or none', () => {
    expect(groupChannelSummary(of('online', 'connecting', 'unavailable')).status).toBe('offline');
    expect(groupChannelSummary([])).toEqual({ status: 'offline', total: 0, idle: 0, collecting: 0, other: 0 });
  });

  it('shows the core’s group status, the rule only when the answer is not a group status', () => {
    expect(shownGroupStatus({ status: 'collecting', channels: of('idle') })).toBe('collecting');
    expect(shownGroupStatus({ status: 'online', channels: of('collecting', 'offline') })).toBe('collecting');
  });

  it('colours the status', () => {
    expect([groupStatusColor('idle'), groupStatusColor('collecting'), groupStatusColor('offline')]).toEqual(['green', 'red', 'gray']);
  });
});
