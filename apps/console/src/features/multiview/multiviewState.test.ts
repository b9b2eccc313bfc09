import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../test-utils/fixtures';
import {
  clampPanelWidth,
  filterUnits,
  isAlarm,
  LEFT_PANEL,
  mockPreviewUrl,
  NO_CHOICE,
  outputsOf,
  parseLayout,
  sparklinePoints,
  statusColourOf,
  toggleTile,
  visibleTiles,
} from './multiviewState';

const channel = (channelId: string | null, external = false) => ({
  channelId,
  previewChannelId: null,
  highQualityChannelId: null,
  proxyChannelId: null,
  external,
});

describe('left panel width', () => {
  it('keeps a stored width within the bounds and defaults a missing one', () => {
    expect(clampPanelWidth(null)).toBe(LEFT_PANEL.default);
    expect(clampPanelWidth(undefined)).toBe(LEFT_PANEL.default);
    expect(clampPanelWidth(Number.NaN)).toBe(LEFT_PANEL.default);
    expect(clampPanelWidth(10)).toBe(LEFT_PANEL.min);
    expect(clampPanelWidth(5000)).toBe(LEFT_PANEL.max);
    expect(clampPanelWidth(333.6)).toBe(334);
  });
});

describe('feed tiles', () => {
  const live = makeUnit({ uniqueId: 'A', name: 'zulu', status: 'streaming' });
  const idle = makeUnit({ uniqueId: 'B', name: 'alpha', status: 'idle' });
  const both = makeUnit({ uniqueId: 'C', name: 'mike', status: 'streamingandforwarding' });

  it('shows live units without a choice, live ones first', () => {
    expect(visibleTiles([idle, live, both], NO_CHOICE).map((u) => u.uniqueId)).toEqual(['C', 'A']);
  });

  it('adds a picked unit and removes it on a second click', () => {
    const picked = toggleTile(idle, NO_CHOICE);
    expect(visibleTiles([idle, live], picked).map((u) => u.uniqueId)).toEqual(['A', 'B']);
    const again = toggleTile(idle, picked);
    expect(visibleTiles([idle, live], again).map((u) => u.uniqueId)).toEqual(['A']);
    expect(again).toEqual(NO_CHOICE);
  });

  it('hides a live unit on click and brings it back on the next', () => {
    const hidden = toggleTile(live, NO_CHOICE);
    expect(visibleTiles([live], hidden)).toEqual([]);
    const back = toggleTile(live, hidden);
    expect(visibleTiles([live], back).map((u) => u.uniqueId)).toEqual(['A']);
  });

  it('keeps a picked unit when it starts and stops streaming', () => {
    const picked = toggleTile(idle, NO_CHOICE);
    const streaming = { ...idle, status: 'streaming' as const };
    expect(visibleTiles([streaming], picked).map((u) => u.uniqueId)).toEqual(['B']);
    expect(visibleTiles([idle], picked).map((u) => u.uniqueId)).toEqual(['B']);
  });
});

describe('outputs', () => {
  it('lists the selected channels of live units once, marked External when so', () => {
    const units = [
      makeUnit({ uniqueId: 'A', name: 'b-unit', status: 'streaming', selectedChannel: channel('CH2') }),
      makeUnit({ uniqueId: 'B', name: 'a-unit', status: 'streaming', selectedChannel: channel('CH2', true) }),
      makeUnit({ uniqueId: 'C', name: 'c-unit', status: 'idle', selectedChannel: channel('CH1') }),
      makeUnit({ uniqueId: 'D', name: 'd-unit', status: 'streaming', selectedChannel: channel(null) }),
      makeUnit({ uniqueId: 'E', name: 'e-unit', status: 'streamingandforwarding', selectedChannel: channel('CH0') }),
    ];
    expect(outputsOf(units)).toEqual([
      { channelId: 'CH0', external: false, units: [{ uniqueId: 'E', name: 'e-unit' }] },
      {
        channelId: 'CH2',
        external: true,
        units: [
          { uniqueId: 'B', name: 'a-unit' },
          { uniqueId: 'A', name: 'b-unit' },
        ],
      },
    ]);
  });
});

describe('left panel filter', () => {
  const units = [
    makeUnit({ uniqueId: 'LU800-0001', name: 'Newsroom_1', status: 'streaming' }),
    makeUnit({ uniqueId: 'LU300-0001', name: 'backpack', status: 'offline' }),
    makeUnit({ uniqueId: 'SOLO-0001', name: 'solo', status: 'idle' }),
  ];

  it('searches name and id regardless of case', () => {
    expect(filterUnits(units, { search: 'news', status: 'all' }).map((u) => u.uniqueId)).toEqual(['LU800-0001']);
    expect(filterUnits(units, { search: ' lu300 ', status: 'all' }).map((u) => u.uniqueId)).toEqual(['LU300-0001']);
    expect(filterUnits(units, { search: '', status: 'all' }).map((u) => u.name)).toEqual(['backpack', 'Newsroom_1', 'solo']);
  });

  it('filters by status class', () => {
    expect(filterUnits(units, { search: '', status: 'online' }).map((u) => u.uniqueId)).toEqual(['SOLO-0001']);
    expect(filterUnits(units, { search: '', status: 'offline' }).map((u) => u.uniqueId)).toEqual(['LU300-0001']);
  });

  it('colours statuses by class', () => {
    expect(statusColourOf('streamingandforwarding')).toBe('red');
    expect(statusColourOf('unavailable')).toBe('gray');
  });
});

describe('the wall: layouts, picture URLs, alarms, sparklines', () => {
  const unit = makeUnit({ uniqueId: 'LU 1', name: 'Cam', status: 'streaming', applications: { video: { state: 'running' } }, totalBitrate: 5800 });

  it('reads a stored layout, the default for anything else', () => {
    expect(parseLayout('2')).toBe(2);
    expect(parseLayout(4)).toBe(4);
    expect(parseLayout('5')).toBe(3);
    expect(parseLayout(null)).toBe(3);
  });

  it('a picture URL changes with what the card shows (a bitrate step, the channel, the status), not with every sample', () => {
    const url = mockPreviewUrl(unit);
    expect(url.startsWith('/mock/preview/units/LU%201?v=')).toBe(true);
    expect(mockPreviewUrl({ ...unit, totalBitrate: 5900 })).toBe(url);
    expect(mockPreviewUrl({ ...unit, totalBitrate: 4000 })).not.toBe(url);
    expect(mockPreviewUrl({ ...unit, status: 'idle' })).not.toBe(url);
    expect(mockPreviewUrl({ ...unit, channelsInUse: [{ channelId: 'c2', channelName: 'CH2', serverId: 's', serverName: 'Hub' }] })).not.toBe(url);
  });

  it('is in alarm offline or with a critical alert only', () => {
    expect(isAlarm(unit)).toBe(false);
    expect(isAlarm({ ...unit, status: 'idle' })).toBe(false);
    expect(isAlarm({ ...unit, status: 'offline' })).toBe(true);
    expect(isAlarm({ ...unit, alerts: [{ type: 'battery', level: 'warning', message: '', raisedAt: '' }] })).toBe(false);
    expect(isAlarm({ ...unit, alerts: [{ type: 'battery', level: 'critical', message: '', raisedAt: '' }] })).toBe(true);
  });

  it('draws a sparkline from 0 at the bottom to the largest value at the top', () => {
    expect(sparklinePoints([], 60, 20)).toBe('');
    expect(sparklinePoints([0, 50, 100], 60, 20)).toBe('0,20 30,10 60,0');
  });
});
