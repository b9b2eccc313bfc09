import { describe, expect, it } from 'vitest';
import { TIMINGS, VALIDATION } from '@fleet/contracts';
import type { Modem, UnitModem, UnitStorage } from '@fleet/contracts';
import en from '../../i18n/areas/unitDetail.en.json';
import { bitrateSeries, hasSdCard, modemRows, transmissionModeOptions } from './detailRules';

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
