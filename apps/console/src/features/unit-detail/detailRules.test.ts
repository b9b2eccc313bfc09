import { describe, expect, it } from 'vitest';
import { TIMINGS, VALIDATION } from '@fleet/contracts';
import type { Modem, UnitModem, UnitStorage } from '@fleet/contracts';
import en from '../../i18n/areas/unitDetail.en.json';
import { bitrateSeries, bitrateWindow, hasSdCard, modemRows, signalColour, timeTicks, transmissionModeOptions, uplinkShare } from './detailRules';

const modem = (overrides: Partial<Modem> = {}): Modem => ({
  id: 'm1',
  port: 1,
  name: 'Modem 1',
  uiType: 'cell',
  connected: true,
  enabled: true,
  uplinkKbps: 1500,
  downlinkKbps: 300,
  signalQuality: 70,
  roaming: false,
  activeSim: 'A',
  lastUpdated: '2024-01-01T00:00:00Z',
  ...overrides,
});

const sd: UnitStorage = { id: 'sd', name: 'SD card', rootDirectory: '/media/sd', totalBytes: null, freeBytes: null, usedBytes: 0, fileCount: 0 };

describe('bitrate graph', () => {
  it('keeps the newest 360 points, oldest first', () => {
    const samples = Array.from({ length: 400 }, (_, i) => ({ t: 400 - i, kbps: i }));
    const series = bitrateSeries(samples);
    expect(series).toHaveLength(TIMINGS.bitrateGraphMaxPoints);
    expect(series[0]?.t).toBe(41);
    expect(series.at(-1)?.t).toBe(400);
  });
});

describe('modem list', () => {
  it('derives the UI state of each live link (spec 000 §3)', () => {
    const rows = modemRows(
      [modem({ id: 'c', port: 3, connected: false }), modem({ id: 'a', port: 1 }), modem({ id: 'b', port: 2, enabled: false })],
      undefined,
    );
    expect(rows.map((r) => [r.id, r.uiState])).toEqual([
      ['a', 'connected'],
      ['b', 'disabled'],
      ['c', 'not_connected'],
    ]);
  });

  it('shows reported ports the live list no longer has as no_device', () => {
    const reported: UnitModem[] = [{ ...modem({ id: 'gone', port: 4 }), uiState: 'connected' }];
    expect(modemRows([modem()], reported).map((r) => [r.id, r.uiState])).toEqual([
      ['m1', 'connected'],
      ['gone', 'no_device'],
    ]);
    expect(modemRows([], reported).map((r) => r.uiState)).toEqual(['connected']);
  });
});

describe('transmission modes (spec 000 §4)', () => {
  const services = [{ serviceName: 'pro2', serviceStatus: 'enabled' }];

  it('disables Store & Forward without an SD card, with the spec reason', () => {
    const options = transmissionModeOptions({ services }, { sdCard: false }, undefined);
    expect(options.find((o) => o.mode === 'storeAndForward')?.blocker).toEqual({ kind: 'noSdCard' });
    expect(options.find((o) => o.mode === 'live')?.blocker).toBeNull();
    expect(en.camera.modeBlockers.noSdCard).toBe(VALIDATION.storeAndForwardNoSdCard);
  });

  it('needs the SD storage once the storages are known', () => {
    expect(hasSdCard({ sdCard: true }, undefined)).toBe(true);
    expect(hasSdCard({ sdCard: true }, [sd])).toBe(true);
    expect(hasSdCard({ sdCard: true }, [])).toBe(false);
    expect(hasSdCard({}, [sd])).toBe(false);
  });

  it('needs the multi camera licence for the multi-camera modes', () => {
    const options = transmissionModeOptions({ services: [] }, { sdCard: true, multiCamera: true }, [sd]);
    expect(options.find((o) => o.mode === 'multiHq')?.blocker).toEqual({ kind: 'error', code: 'NO_MULTI_CAMERA_LICENSE' });
    expect(options.find((o) => o.mode === 'storeAndForward')?.blocker).toBeNull();
  });
});

describe('bitrate graph ranges', () => {
  const MINUTE = 60_000;
  const points = [40, 25, 12, 4, 1, 0].map((m) => ({ t: 100 * MINUTE - m * MINUTE, kbps: 1000 }));

  it('ends the axis at the newest sample and spans the range, keeping the points inside it', () => {
    expect(bitrateWindow(points, '5m')).toEqual({ points: points.slice(3), from: 95 * MINUTE, to: 100 * MINUTE });
    expect(bitrateWindow(points, '30m')).toEqual({ points: points.slice(1), from: 70 * MINUTE, to: 100 * MINUTE });
    expect(bitrateWindow(points, 'all')).toEqual({ points, from: 60 * MINUTE, to: 100 * MINUTE });
  });

  it('has no axis before the first sample, and a lone sample ends one refresh after the axis starts', () => {
    expect(bitrateWindow([], '5m')).toBeNull();
    expect(bitrateWindow([{ t: 50_000, kbps: 1 }], 'all')).toEqual({
      points: [{ t: 50_000, kbps: 1 }],
      from: 50_000 - TIMINGS.bitrateGraphRefreshMs,
      to: 50_000,
    });
  });

  it('puts the ticks on whole steps inside the axis', () => {
    expect(timeTicks(95 * MINUTE + 20_000, 100 * MINUTE + 20_000)).toEqual([96, 97, 98, 99, 100].map((m) => m * MINUTE));
    expect(timeTicks(70 * MINUTE, 100 * MINUTE)).toEqual([70, 80, 90, 100].map((m) => m * MINUTE));
    expect(timeTicks(10_000, 30_000)).toEqual([10_000, 15_000, 20_000, 25_000, 30_000]);
  });
});

describe('link rows', () => {
  it('gives each link its share of the unit’s uplink, none while nothing is sent', () => {
    const links = [modem({ uplinkKbps: 3000 }), modem({ id: 'm2', uplinkKbps: 1000 })];
    expect(links.map((link) => uplinkShare(link, links))).toEqual([75, 25]);
    expect(uplinkShare(modem({ uplinkKbps: 0 }), [modem({ uplinkKbps: 0 })])).toBe(0);
  });

  it('colours the signal good, fair or poor', () => {
    expect([82, 60, 45, 30, 12].map(signalColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);
  });
});
