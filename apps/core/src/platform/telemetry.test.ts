import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Battery, Location, Modem } from '@fleet/contracts';
import { TelemetryStore, isoMillis, type TelemetryReport } from './telemetry.js';

const modem = (id: string, over: Partial<Modem> = {}): Modem => ({
  id,
  port: 1,
  name: `Modem ${id}`,
  uiType: 'cell',
  connected: true,
  enabled: true,
  uplinkKbps: 800.5,
  downlinkKbps: 12.25,
  signalQuality: 66.6,
  roaming: false,
  activeSim: 'A',
  lastUpdated: '2026-11-21T08:00:00.123Z',
  ...over,
});
const report = (kbps: number, t: number, over: Partial<TelemetryReport> = {}): TelemetryReport => ({
  battery: { connected: true, charging: false, percentage: 57.5 },
  location: { lat: 48.137154, lng: 11.576124, address: 'Marienplatz' },
  modems: [modem('m1'), modem('m2', { uiType: 'wifi', activeSim: null, signalQuality: null, roaming: true })],
  cameraConnected: true,
  sample: { t, kbps },
  ...over,
});

describe('TelemetryStore', () => {
  it('answers the last report, the samples oldest first and the links’ total', () => {
    const store = new TelemetryStore(3);
    expect(store.get('u1')).toBeUndefined();
    for (let i = 1; i <= 5; i++) store.update('u1', report(100 * i, 1000 * i));
    const t = store.get('u1')!;
    const last = report(500, 5000);
    expect(t.battery).toEqual(last.battery);
    expect(t.location).toEqual(last.location);
    expect(t.modems).toEqual(last.modems);
    expect(t.totalBitrate).toBe(500); // the sample's kbps when the report gives no total
    expect(t.cameraConnected).toBe(true);
    expect(t.lastSampleAt).toBe(5000);
    expect(t.samples).toEqual([
      { t: 3000, kbps: 300 },
      { t: 4000, kbps: 400 },
      { t: 5000, kbps: 500 },
    ]);
    expect(store.samplesOf('u1')).toEqual(t.samples);
    store.update('u1', report(1, 6000, { totalBitrate: 42, battery: null, location: null, modems: [], cameraConnected: false }));
    expect(store.get('u1')).toMatchObject({ battery: null, location: null, modems: [], totalBitrate: 42, cameraConnected: false, lastSampleAt: 6000 });
  });

  it('hands out snapshots that later reports do not change', () => {
    const store = new TelemetryStore();
    store.update('u1', report(100, 1));
    const before = store.get('u1')!;
    const copy = structuredClone({ battery: before.battery, location: before.location, modems: before.modems, samples: before.samples });
    store.update('u1', report(200, 2, { battery: { connected: false, charging: true, percentage: null }, modems: [modem('m9', { port: 9 })] }));
    expect({ battery: before.battery, location: before.location, modems: before.modems, samples: before.samples }).toEqual(copy);
    expect(store.get('u1')!.modems.map((m) => m.id)).toEqual(['m9']);
  });

  it('marks a unit offline: links disconnected and carrying nothing, the rest kept', () => {
    const store = new TelemetryStore();
    store.update('u1', report(900, 1, { totalBitrate: 900 }));
    store.markOffline('u1');
    store.markOffline('unknown');
    const t = store.get('u1')!;
    expect(t.totalBitrate).toBe(0);
    expect(t.modems).toEqual(report(0, 0).modems.map((m) => ({ ...m, connected: false, uplinkKbps: 0, downlinkKbps: 0 })));
    expect(t.battery).toEqual(report(0, 0).battery);
    expect(t.samples).toEqual([{ t: 1, kbps: 900 }]);
  });

  it('forgets a deleted unit; a unit reusing its place starts empty', () => {
    const store = new TelemetryStore();
    store.update('u1', report(1, 1));
    store.delete('u1');
    expect(store.get('u1')).toBeUndefined();
    store.update('u2', report(2, 2, { modems: [], location: null }));
    expect(store.get('u2')).toMatchObject({ modems: [], location: null, samples: [{ t: 2, kbps: 2 }] });
  });

  it('keeps exactly the values reported, over any sequence of reports', () => {
    const num = fc.double({ noNaN: true, noDefaultInfinity: true });
    const battery: fc.Arbitrary<Battery | null> = fc.option(
      fc.record({ connected: fc.boolean(), charging: fc.boolean(), percentage: fc.option(fc.double({ min: 0, max: 100, noNaN: true })) }),
    );
    const location: fc.Arbitrary<Location | null> = fc.option(fc.record({ lat: num, lng: num, address: fc.option(fc.string()) }));
    const modems: fc.Arbitrary<Modem[]> = fc.array(
      fc.record({
        id: fc.string(),
        port: fc.integer(),
        name: fc.string(),
        uiType: fc.constantFrom('wifi', 'lan', 'cell'),
        connected: fc.boolean(),
        enabled: fc.boolean(),
        uplinkKbps: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
        downlinkKbps: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
        signalQuality: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
        roaming: fc.boolean(),
        activeSim: fc.constantFrom('A', 'B', null),
        lastUpdated: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string(),
        ),
      }),
      { maxLength: 6 },
    );
    const rep: fc.Arbitrary<TelemetryReport> = fc.record({
      battery,
      location,
      modems,
      totalBitrate: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
      cameraConnected: fc.boolean(),
      sample: fc.record({ t: fc.maxSafeInteger(), kbps: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }) }),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), rep), { minLength: 1, maxLength: 30 }), (reports) => {
        const store = new TelemetryStore(4);
        for (const [id, r] of reports) store.update(id, r);
        for (const id of ['a', 'b', 'c']) {
          const mine = reports.filter(([u]) => u === id).map(([, r]) => r);
          const last = mine.at(-1);
          const t = store.get(id);
          if (!last) {
            expect(t).toBeUndefined();
            continue;
          }
          expect(t).toMatchObject({
            battery: last.battery,
            location: last.location,
            modems: last.modems,
            totalBitrate: last.totalBitrate,
            cameraConnected: last.cameraConnected,
          });
          expect(t!.samples).toEqual(mine.slice(-4).map((r) => r.sample));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('isoMillis', () => {
  it('reads every canonical ISO time of years 1000–9999 exactly', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (d) => {
        expect(isoMillis(d.toISOString())).toBe(d.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it('answers NaN for anything that would not come back as the same text', () => {
    for (const s of [
      '2026-02-29T00:00:00.000Z',
      '2024-02-30T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T00:60:00.000Z',
      '0999-12-31T00:00:00.000Z',
      '2026-01-01T00:00:00.000+',
      '2026-01-01 00:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '+020000-01-01T00:00:00.000Z',
      '２026-01-01T00:00:00.000Z',
      '2026-0a-01T00:00:00.000Z',
      '',
    ]) {
      expect(isoMillis(s)).toBeNaN();
    }
    expect(isoMillis('2024-02-29T23:59:59.999Z')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59, 999));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)), (s) => {
        const ms = isoMillis(s);
        if (!Number.isNaN(ms)) expect(new Date(ms).toISOString()).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});
