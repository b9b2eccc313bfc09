import { describe, expect, it } from 'vitest';
import type { DeviceEvent } from '@fleet/contracts';
import { addressAt } from '@fleet/domain';
import { Rng } from '../rng.js';
import { AlertMonitor, defaultAlertConfig, levelAbove, levelBelow } from './alerts.js';
import { BatteryModel } from './battery.js';
import { HOMES, LINK_PROFILES } from './constants.js';
import { LinkModel } from './link.js';
import { PositionModel } from './position.js';
import { StorageModel, extensionFor } from './storage.js';
import { UpgradeRun, failurePoint } from './upgrade.js';

type FileEv = Extract<DeviceEvent, { type: 'file' }>;

describe('storage: store-and-forward files', () => {
  const T = Date.UTC(2026, 0, 2, 3, 4, 5);
  const make = (sd = true) => {
    const events: DeviceEvent[] = [];
    const s = new StorageModel('U1', 'crew_a', sd, new Rng(1), (e) => events.push(e), { partMs: 60_000, maxFiles: 50 });
    return { s, files: () => events.filter((e): e is FileEv => e.type === 'file') };
  };

  it('records in parts named <prefix>_<date>_<time>_part<n>.<ext>, each pending once closed', () => {
    const { s, files } = make();
    expect(s.startRecording(T, 'mp4')).toBe(true);
    for (let t = 5000; t <= 130_000; t += 5000) s.stepRecording(T + t, 5000, 4000, 'mp4');
    s.stopRecording();
    const recorded = files().filter((e) => e.transfer === 'recorded');
    expect(recorded.map((e) => e.fileName)).toEqual([
      'crew_a_20260102_030405_part1.mp4',
      'crew_a_20260102_030405_part2.mp4',
      'crew_a_20260102_030405_part3.mp4',
    ]);
    expect(recorded.every((e) => e.status === 'pending' && e.sizeBytes > 0)).toBe(true);
    // 60 s at 4000 kbps = 30 MB
    expect(recorded[0]!.sizeBytes).toBe(60 * 4000 * 125);
  });

  it('uploads pending files with progress: started, progress, completed (uploaded)', () => {
    const { s, files } = make();
    s.startRecording(T, 'mkv');
    for (let t = 5000; t <= 60_000; t += 5000) s.stepRecording(T + t, 5000, 4000, 'mkv');
    s.stopRecording();
    for (let i = 0; i < 40; i++) s.stepUpload(1000, 8000, 'CH1');
    const transfers = files()
      .filter((e) => e.transfer !== 'recorded')
      .map((e) => e.transfer);
    expect(transfers[0]).toBe('started');
    expect(transfers).toContain('progress');
    expect(transfers.at(-1)).toBe('completed');
    const last = files().at(-1)!;
    expect(last).toMatchObject({ status: 'uploaded', progress: 100, isTransferring: false, channelId: 'CH1' });
  });

  it('ends uploads rejected or failed when told to; refuses to record without an SD card', () => {
    const { s, files } = make();
    s.startRecording(T, 'mp4');
    s.stepRecording(T + 5000, 5000, 4000, 'mp4');
    s.stopRecording();
    s.uploadFailure = 'rejected';
    s.stepUpload(1000, 8000, null);
    expect(files().at(-1)).toMatchObject({ transfer: 'completed', status: 'rejected' });
    expect(make(false).s.startRecording(T, 'mp4')).toBe(false);
  });

  it('uses every store-and-forward extension of the spec across the families', () => {
    expect(
      new Set([
        extensionFor('fieldUnits', 'high_h264'),
        extensionFor('fieldUnits', 'low_h265'),
        extensionFor('smartUnits', 'standard_h264'),
        extensionFor('liteUnits', 'high_h264'),
      ]),
    ).toEqual(new Set(['mp4', 'mkv', '3gp', 'mov']));
  });
});

describe('software upgrade runs', () => {
  it.each([
    [107, 10],
    [105, 30],
    [106, 30],
    [103, 50],
    [101, 70],
    [104, 70],
    [102, 85],
    [-1, 90],
  ])('code %i fails at %i percent', (code, at) => expect(failurePoint(code)).toBe(at));

  it('reports upgrading with progress, then succeeded; or failed with its code at its phase', () => {
    const events: DeviceEvent[] = [];
    const ok = new UpgradeRun('unit', 'U1', '8.0', '8.5', null, (e) => events.push(e));
    ok.start();
    let r: number | 'done' | null = null;
    for (let i = 0; i < 12 && r === null; i++) r = ok.advance(100 / 12);
    expect(r).toBe('done');
    expect(events.at(-1)).toMatchObject({ type: 'upgrade', state: 'succeeded', progress: 100, failureCode: null });
    const failed: DeviceEvent[] = [];
    const bad = new UpgradeRun('server', 'S1', '10.0', '10.1', 103, (e) => failed.push(e));
    bad.start();
    let code: number | 'done' | null = null;
    for (let i = 0; i < 12 && code === null; i++) code = bad.advance(100 / 12);
    expect(code).toBe(103);
    expect(failed.at(-1)).toMatchObject({ state: 'failed', failureCode: 103, progress: 50 });
  });
});

describe('alerts', () => {
  it('levels: low battery is bad below, cpu/storage/bitrate drop above', () => {
    const t = { warning: 30, critical: 10 };
    expect([levelBelow(50, t), levelBelow(30, t), levelBelow(10, t)]).toEqual([null, 'warning', 'critical']);
    const h = { warning: 80, critical: 95 };
    expect([levelAbove(50, h), levelAbove(80, h), levelAbove(99, h)]).toEqual([null, 'warning', 'critical']);
  });

  it('reports a change of level only, with the default alert sound (critical on, warning off)', () => {
    const events: DeviceEvent[] = [];
    const m = new AlertMonitor({ unitId: 'U1', serverId: null, channelId: null }, defaultAlertConfig(), (e) => events.push(e));
    m.set('battery', 'warning', 'Battery 25%', 25);
    m.set('battery', 'warning', 'Battery 24%', 24);
    m.set('battery', 'critical', 'Battery 8%', 8);
    m.set('battery', null, 'Battery 40%', 40);
    expect(events.map((e) => (e.type === 'alert' ? [e.level, e.sound] : null))).toEqual([
      ['warning', false],
      ['critical', true],
      [null, false],
    ]);
  });
});

describe('links and battery', () => {
  it('a failed link carries nothing and does not come back by itself; a weak one carries less', () => {
    const l = new LinkModel('m1', 1, 'Modem 1', LINK_PROFILES.cell, new Rng(3));
    l.setFailed(true);
    for (let i = 0; i < 50; i++) l.step(i * 1000, 0.5);
    expect(l.snapshot()).toMatchObject({ connected: false, uplinkKbps: 0, signalQuality: null });
    l.setFailed(false);
    l.step(60_000, 0.5);
    const full = l.uplinkKbps;
    l.signalFactor = 0.1;
    l.step(61_000, 0.5);
    expect(l.uplinkKbps).toBeLessThan(full * 0.3);
  });

  it('without spontaneous events a cellular link never drops or roams', () => {
    const l = new LinkModel('m1', 1, 'Modem 1', { ...LINK_PROFILES.cell, dropChance: 1, roamChance: 1 }, new Rng(5));
    const roaming = l.roaming;
    for (let i = 0; i < 100; i++) l.step(i, 0.1, 1, false);
    expect(l.connected).toBe(true);
    expect(l.roaming).toBe(roaming);
  });

  it('an idle unit on its battery is plugged in by its crew when low and unplugged once full: a day in one step as in 1,440', () => {
    const HOUR = 3_600_000;
    const once = new BatteryModel(true, new Rng(1));
    const often = new BatteryModel(true, new Rng(1));
    once.charging = often.charging = false;
    once.percentage = often.percentage = 50;
    once.step(24 * HOUR, false);
    for (let i = 0; i < 1440; i++) often.step(60_000, false);
    // 50 → 15 % idle (5.83 h), charged to 100 % (2.13 h), 100 → 15 % (14.17 h), then charging again for 1.88 h.
    const expected = 15 + (24 - 35 / 6 - 85 / 40 - 85 / 6) * 40;
    expect(once.percentage).toBeCloseTo(expected, 6);
    expect(often.percentage).toBeCloseTo(expected, 6);
    expect(once.charging && often.charging).toBe(true);
    expect(once.empty()).toBe(false);
  });

  it('a unit streaming on its battery runs empty (the crew plugs in idle units only); a battery a scenario set is left alone', () => {
    const streaming = new BatteryModel(true, new Rng(1));
    streaming.charging = false;
    streaming.percentage = 50;
    streaming.step(2 * 3_600_000, true);
    expect(streaming.empty()).toBe(true);
    streaming.plugIn();
    expect(streaming.charging).toBe(true);

    const scripted = new BatteryModel(true, new Rng(1));
    scripted.set(20, false);
    scripted.step(10 * 3_600_000, false);
    expect(scripted.empty()).toBe(true);
    scripted.plugIn();
    expect(scripted.charging).toBe(false);
  });

  it('drains linearly to the target, then is empty when drained to zero unplugged', () => {
    const b = new BatteryModel(true, new Rng(1));
    b.set(60, false);
    b.drainTo(20, 40_000);
    b.step(20_000, false);
    expect(b.percentage).toBeCloseTo(40, 5);
    b.step(30_000, false);
    expect(b.percentage).toBe(20);
    b.drainTo(0, 0);
    expect(b.empty()).toBe(true);
    b.charging = true;
    expect(b.empty()).toBe(false);
  });
});

describe('position: where a unit starts', () => {
  const berlin = { lat: 52.517, lng: 13.389, address: 'Friedrichstraße 43, 10117 Berlin' };

  it('starts at the position the core stores for the unit, and stays near it; the address follows the position', () => {
    const p = new PositionModel(new Rng(7), berlin);
    expect(p.snapshot()).toEqual(berlin);
    const addresses = new Set<string | null>();
    for (let i = 0; i < 2000; i++) {
      p.step(5000);
      addresses.add(p.snapshot().address);
    }
    const at = p.snapshot();
    // Driving crews are pulled back within about 2 km of home (a turn back takes a few hundred metres).
    expect(Math.abs(at.lat - berlin.lat)).toBeLessThan(0.05);
    expect(Math.abs(at.lng - berlin.lng)).toBeLessThan(0.08);
    // It drove through Berlin: every address it had is a Berlin one (a street's, or the city's away from the curated streets).
    expect([...addresses].filter((a) => /, \d{5} Berlin$/.test(a ?? '')).length).toBeGreaterThan(1);
    for (const a of addresses) expect(a).toMatch(/Berlin$/);
    const moved = new PositionModel(new Rng(7), berlin);
    moved.moveTo(at.lat, at.lng);
    expect(moved.snapshot().address).toBe(addressAt(at.lat, at.lng));
  });

  it('parked, the GPS jitter leaves the address as it is', () => {
    const p = new PositionModel(new Rng(7), berlin);
    p.moveTo(berlin.lat, berlin.lng, berlin.address);
    for (let i = 0; i < 100; i++) p.step(1000);
    expect(p.snapshot().address).toBe(berlin.address);
  });

  it('moved by a fault or a demo: the address of the new position (a street of the city it is in)', () => {
    const p = new PositionModel(new Rng(7), berlin);
    p.moveTo(55.8585, -4.256);
    expect(p.snapshot().address).toMatch(/^\d+ Argyle Street, Glasgow G2 8AG$/);
    // Where the gazetteer has no place, no address rather than a wrong one.
    p.moveTo(35.6762, 139.6503);
    expect(p.snapshot().address).toBeNull();
    p.moveTo(35.6762, 139.6503, 'Shibuya, Tokyo');
    expect(p.snapshot().address).toBe('Shibuya, Tokyo');
  });

  it('makes the same draws with or without a stored position (nothing later in the stream moves)', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    new PositionModel(a, berlin);
    new PositionModel(b);
    expect(a.next()).toBe(b.next());
  });

  it('without a stored position starts near one of the simulator’s cities', () => {
    const at = new PositionModel(new Rng(7)).snapshot();
    expect(HOMES.some((h) => (at.address ?? '').includes(h.address) && Math.abs(h.lat - at.lat) <= 0.05 && Math.abs(h.lng - at.lng) <= 0.05)).toBe(true);
  });
});
