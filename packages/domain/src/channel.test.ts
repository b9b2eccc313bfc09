import { describe, expect, it } from 'vitest';
import { CHANNEL_STATUSES, type ChannelStatus } from '@fleet/contracts';
import {
  applyChannelStatusChange,
  CHANNEL_MARKS,
  channelStatusClass,
  countChannels,
  emptyChannelCounters,
  hasChannelMark,
  countChannelStatuses,
  deriveChannelType,
  groupChannelStatus,
  isOutputChannel,
  type ChannelCounterSubject,
  type ChannelGroupStatus,
  type ChannelMark,
  type ChannelStatusClass,
  type ChannelStatusCounters,
  type ChannelTypeFlags,
  type DerivedChannelType,
} from './channel.js';

describe('channelStatusClass (spec 001 §4, every status)', () => {
  it.each<[ChannelStatus, ChannelStatusClass]>([
    ['offline', 'offline'],
    ['unavailable', 'offline'],
    ['idle', 'idle'],
    ['collecting', 'busy'],
    ['online', 'busy'],
    ['PlayStoredFile', 'busy'],
    ['connecting', 'busy'],
    ['upgrading', 'busy'],
  ])('%s → %s', (status, expected) => {
    expect(channelStatusClass(status)).toBe(expected);
  });

  it('classifies every contracts status', () => {
    for (const status of CHANNEL_STATUSES) expect(['offline', 'idle', 'busy']).toContain(channelStatusClass(status));
  });
});

describe('groupChannelStatus (spec 001 §4)', () => {
  it.each<[string, ChannelStatus[], ChannelGroupStatus]>([
    ['empty group', [], 'offline'],
    ['one idle', ['idle'], 'idle'],
    ['idle wins over collecting', ['collecting', 'idle'], 'idle'],
    ['idle wins over offline', ['offline', 'offline', 'idle'], 'idle'],
    ['collecting when none idle', ['offline', 'collecting'], 'collecting'],
    ['collecting wins over online', ['online', 'collecting'], 'collecting'],
    ['all offline', ['offline', 'offline'], 'offline'],
    ['unavailable → offline', ['unavailable'], 'offline'],
    ['online only → offline (literal reading)', ['online'], 'offline'],
    ['PlayStoredFile only → offline', ['PlayStoredFile'], 'offline'],
    ['connecting and upgrading → offline', ['connecting', 'upgrading'], 'offline'],
  ])('%s', (_label, statuses, expected) => {
    expect(groupChannelStatus(statuses)).toBe(expected);
  });
});

describe('deriveChannelType (spec 001 §4)', () => {
  it.each<[string, ChannelTypeFlags, DerivedChannelType, boolean]>([
    ['no flags → preview', {}, 'preview', false],
    [
      'all flags false → preview',
      { sdi: false, output: false, forwardRtmp: false, ndi: false, forceOutput: false, smpte: false, distributor: false },
      'preview',
      false,
    ],
    ['output flag alone → preview', { output: true }, 'preview', false],
    ['sdi without output → input', { sdi: true }, 'input', false],
    ['sdi with output false → input', { sdi: true, output: false }, 'input', false],
    ['sdi input stays input with forceOutput', { sdi: true, forceOutput: true }, 'input', false],
    ['sdi input stays input with forwardRtmp', { sdi: true, forwardRtmp: true }, 'input', false],
    ['sdi with output → output', { sdi: true, output: true }, 'output', true],
    ['forwardRtmp → output', { forwardRtmp: true }, 'output', true],
    ['ndi → output', { ndi: true }, 'output', true],
    ['forceOutput → output', { forceOutput: true }, 'output', true],
    ['smpte → output', { smpte: true }, 'output', true],
    ['distributor alone → distributor', { distributor: true }, 'distributor', true],
    ['distributor beats sdi input', { distributor: true, sdi: true }, 'distributor', true],
    ['distributor beats output flags', { distributor: true, forwardRtmp: true, ndi: true }, 'distributor', true],
  ])('%s', (_label, flags, type, output) => {
    expect(deriveChannelType(flags)).toBe(type);
    expect(isOutputChannel(flags)).toBe(output);
  });
});

describe('countChannelStatuses', () => {
  it.each<[ChannelStatus[], ChannelStatusCounters]>([
    [[], { offline: 0, idle: 0, busy: 0 }],
    [['offline', 'unavailable'], { offline: 2, idle: 0, busy: 0 }],
    [['idle', 'collecting', 'online', 'PlayStoredFile', 'connecting', 'upgrading'], { offline: 0, idle: 1, busy: 5 }],
  ])('%j → %j', (statuses, expected) => {
    expect(countChannelStatuses(statuses)).toEqual(expected);
  });
});

describe('applyChannelStatusChange (spec 001 §4 counters)', () => {
  const base: ChannelStatusCounters = { offline: 3, idle: 3, busy: 3 };
  it.each<[ChannelStatus | undefined, ChannelStatus | undefined, ChannelStatusCounters]>([
    ['offline', 'idle', { offline: 2, idle: 4, busy: 3 }],
    ['idle', 'collecting', { offline: 3, idle: 2, busy: 4 }],
    ['collecting', 'idle', { offline: 3, idle: 4, busy: 2 }],
    ['collecting', 'offline', { offline: 4, idle: 3, busy: 2 }],
    ['idle', 'unavailable', { offline: 4, idle: 2, busy: 3 }],
    ['unavailable', 'upgrading', { offline: 2, idle: 3, busy: 4 }],
    ['offline', 'unavailable', { offline: 3, idle: 3, busy: 3 }],
    ['online', 'collecting', { offline: 3, idle: 3, busy: 3 }],
    ['idle', 'idle', { offline: 3, idle: 3, busy: 3 }],
    [undefined, 'idle', { offline: 3, idle: 4, busy: 3 }],
    [undefined, 'offline', { offline: 4, idle: 3, busy: 3 }],
    ['collecting', undefined, { offline: 3, idle: 3, busy: 2 }],
    [undefined, undefined, { offline: 3, idle: 3, busy: 3 }],
  ])('%s → %s', (prev, next, expected) => {
    const result = applyChannelStatusChange(base, prev, next);
    expect(result).toEqual(expected);
    expect(result).not.toBe(base);
    expect(base).toEqual({ offline: 3, idle: 3, busy: 3 });
  });

  it('never goes below zero', () => {
    expect(applyChannelStatusChange({ offline: 0, idle: 0, busy: 0 }, 'idle', 'offline')).toEqual({ offline: 1, idle: 0, busy: 0 });
  });

  const pairs = CHANNEL_STATUSES.flatMap((prev) => CHANNEL_STATUSES.map((next) => [prev, next] as const));
  it.each(pairs)('keeps counters consistent for %s → %s', (prev, next) => {
    expect(applyChannelStatusChange(countChannelStatuses([prev]), prev, next)).toEqual(countChannelStatuses([next]));
  });
});

describe('countChannels (spec 001 §3 counters)', () => {
  const plain: ChannelCounterSubject = {
    status: 'idle',
    type: 'preview',
    hasSdi: false,
    hasSmpte: false,
    hasCdn: false,
    isStudio: false,
    isSharing: false,
    isDistributor: false,
    isOutput: false,
    isInput: false,
  };

  it('counts nothing for no channels', () => {
    expect(countChannels([])).toEqual(emptyChannelCounters());
  });

  it('counts each channel once under its status class and once under every kind it carries', () => {
    const counters = countChannels([
      plain,
      { ...plain, status: 'unavailable', type: 'output', hasSdi: true, isOutput: true, isSharing: true },
      { ...plain, status: 'collecting', type: 'input', hasSdi: true, isInput: true, hasCdn: true },
      { ...plain, status: 'PlayStoredFile', type: 'distributor', isDistributor: true, isOutput: true, isStudio: true, hasSmpte: true },
    ]);
    expect(counters).toEqual({
      busy: 2,
      idle: 1,
      offline: 1,
      sdi: 2,
      smpte: 1,
      cdn: 1,
      preview: 1,
      studio: 1,
      share: 1,
      distributor: 1,
      output: 2,
      input: 1,
    });
  });

  it('status counters agree with countChannelStatuses for every status', () => {
    const counters = countChannels(CHANNEL_STATUSES.map((status) => ({ ...plain, status })));
    expect({ offline: counters.offline, idle: counters.idle, busy: counters.busy }).toEqual(countChannelStatuses(CHANNEL_STATUSES));
  });

  it.each(CHANNEL_MARKS)('a channel with only the %s mark counts under that kind alone', (mark) => {
    const flags: Record<ChannelMark, Partial<ChannelCounterSubject>> = {
      sdi: { hasSdi: true },
      smpte: { hasSmpte: true },
      cdn: { hasCdn: true },
      preview: { type: 'preview' },
      studio: { isStudio: true },
      share: { isSharing: true },
      distributor: { isDistributor: true },
      output: { isOutput: true },
      input: { isInput: true },
    };
    const channel = { ...plain, type: 'output' as const, ...flags[mark] };
    expect(CHANNEL_MARKS.filter((m) => hasChannelMark(channel, m))).toEqual([mark]);
    expect(countChannels([channel])[mark]).toBe(1);
  });
});
