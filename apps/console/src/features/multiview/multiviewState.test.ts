import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../test-utils/fixtures';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../../config/runtimeConfig';
import {
  clampPanelWidth,
  filterUnits,
  isAlarm,
  LEFT_PANEL,
  mockPreviewUrl,
  outputsOf,
  defaultWall,
  parseLayout,
  parseWall,
  shownKbps,
  sparklinePoints,
  statusColourOf,
  toggleWall,
  WALL,
  wallTiles,
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

describe('the wall', () => {
  const live = makeUnit({ uniqueId: 'A', name: 'zulu', status: 'streaming' });
  const idle = makeUnit({ uniqueId: 'B', name: 'alpha', status: 'idle' });
  const both = makeUnit({ uniqueId: 'C', name: 'mike', status: 'streamingandforwarding' });

  it('by default holds the first 16: live units first, then by name as people count (CH2 before CH10), then by id', () => {
    expect(defaultWall([idle, live, both])).toEqual(['C', 'A', 'B']);
    const many = Array.from({ length: 40 }, (_, i) =>
      makeUnit({ uniqueId: `U${String(i).padStart(2, '0')}`, name: `CH${i}`, status: i % 10 === 3 ? 'streaming' : 'idle' }),
    );
    const wall = defaultWall(many);
    expect(wall).toHaveLength(WALL.defaultSize);
    // CH3, CH13, CH23, CH33 stream; then the others as people count: CH0, CH1, CH2, CH4, ... CH10 after CH9.
    expect(wall.slice(0, 6)).toEqual(['U03', 'U13', 'U23', 'U33', 'U00', 'U01']);
    expect(wall.indexOf('U09')).toBeLessThan(wall.indexOf('U10'));
    // Two units of one name: by id.
    expect(defaultWall([makeUnit({ uniqueId: 'Z', name: 'cam' }), makeUnit({ uniqueId: 'Y', name: 'Cam' })])).toEqual(['Y', 'Z']);
  });

  it('shows the tiles in the wall order, skipping units that are gone or out of sight', () => {
    expect(wallTiles([idle, live, both], ['B', 'X', 'A']).map((u) => u.uniqueId)).toEqual(['B', 'A']);
  });

  it('adds a unit at the end, takes one off on a second click, and a full wall takes no more', () => {
    const added = toggleWall(['A'], 'B');
    expect(added).toEqual(['A', 'B']);
    expect(toggleWall(added, 'A')).toEqual(['B']);
    const full = Array.from({ length: WALL.max }, (_, i) => `U${i}`);
    expect(toggleWall(full, 'X')).toBe(full);
    expect(toggleWall(full, 'U3')).toHaveLength(WALL.max - 1);
  });

  it('reads a saved wall: ids without repeats, at most the maximum; anything else is no saved wall', () => {
    expect(parseWall(null)).toBeNull();
    expect(parseWall(undefined)).toBeNull();
    expect(parseWall('A')).toBeNull();
    expect(parseWall([])).toEqual([]);
    expect(parseWall(['A', 'A', 3, '', 'B'])).toEqual(['A', 'B']);
    expect(parseWall(Array.from({ length: 64 }, (_, i) => `U${i}`))).toHaveLength(WALL.max);
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

  it('sorts names as people count: CH2 before CH10', () => {
    const chs = ['CH10', 'CH2', 'ch1'].map((name) => makeUnit({ uniqueId: name, name }));
    expect(filterUnits(chs, { search: 'ch', status: 'all' }).map((u) => u.name)).toEqual(['ch1', 'CH2', 'CH10']);
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

  it('a picture URL changes with what the card shows (the bitrate as the tile shows it, the channel, the status), not with every sample', () => {
    const url = mockPreviewUrl(unit);
    expect(url.startsWith('/mock/preview/units/LU%201?v=')).toBe(true);
    // The card is told the bitrate the tile shows (5.8 Mbps), so the two read the same.
    expect(new URL(url, 'http://x').searchParams.get('kbps')).toBe('5800');
    expect(mockPreviewUrl({ ...unit, totalBitrate: 5820 })).toBe(url);
    expect(mockPreviewUrl({ ...unit, totalBitrate: 5900 })).not.toBe(url);
    expect(new URL(mockPreviewUrl({ ...unit, totalBitrate: 162.4 }), 'http://x').searchParams.get('kbps')).toBe('162');
    // A card that shows no bitrate (no signal) is not fetched again when it changes.
    expect(mockPreviewUrl({ ...unit, status: 'idle', totalBitrate: 10 })).toBe(mockPreviewUrl({ ...unit, status: 'idle', totalBitrate: 900 }));
    expect(mockPreviewUrl({ ...unit, status: 'idle' })).not.toBe(url);
    expect(mockPreviewUrl({ ...unit, channelsInUse: [{ channelId: 'c2', channelName: 'CH2', serverId: 's', serverName: 'Hub' }] })).not.toBe(url);
  });

  it("asks a sandbox's mock for the picture, under the sandbox's base (the runtime configuration's mockBase)", () => {
    const atRoot = mockPreviewUrl(unit);
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, mockBase: '/sandboxes/ab12cd34ef/mock' });
    try {
      expect(mockPreviewUrl(unit)).toBe(`/sandboxes/ab12cd34ef${atRoot}`);
    } finally {
      // The unit project shares modules between files: leave the configuration as found.
      setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    }
  });

  it('takes the bitrate as the tile shows it: whole kbps up to 1000, tenths of Mbps above', () => {
    expect(shownKbps(162.4)).toBe(162);
    expect(shownKbps(1000)).toBe(1000);
    expect(shownKbps(1049)).toBe(1000);
    expect(shownKbps(5849)).toBe(5800);
    expect(shownKbps(-1)).toBeNull();
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
