import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CoreToDevice, DeviceSpec, DeviceToCore } from '@fleet/contracts';
import { deriveUnitStatusFromReport } from '@fleet/domain';
import { engineHarness, SERVERS } from './testing/harness.js';

const fleet: DeviceSpec[] = Array.from({ length: 6 }, (_, i) => ({
  unitId: `U${i}`,
  name: `unit_${i}`,
  productType: i % 2 ? 'LU800' : 'LU300',
  typeGroup: i % 3 === 0 ? 'fieldUnits' : i % 3 === 1 ? 'liteUnits' : 'smartUnits',
  swVersion: '8.0.1',
  capabilities: {},
}));

/** Run an engine on a stepped clock, driving it like the core would, and return what it sent. */
async function run(seed: number, outagesMs: number, script: (send: (m: CoreToDevice) => void, advance: (ms: number) => Promise<void>) => Promise<void>) {
  const { engine, log, send, flush } = await engineHarness({ devices: fleet, servers: SERVERS, seed, timings: { meanTimeBetweenOutagesMs: outagesMs } });
  await script(send, async (ms) => {
    for (let t = 0; t < ms; t += 2000) {
      engine.clock.advance(Math.min(2000, ms - t));
      await flush();
    }
  });
  engine.stop();
  return log;
}

describe('simulator engine', () => {
  it('boots devices online, streams on command through connecting to running, and stops again', async () => {
    const log = await run(7, 0, async (send, advance) => {
      await advance(5000);
      send({ kind: 'command', commandId: 'c1', unitId: 'U1', command: { type: 'startStream', channelId: null } });
      await advance(5000);
      send({ kind: 'command', commandId: 'c2', unitId: 'U1', command: { type: 'stopStream' } });
      await advance(5000);
    });
    const states = log.filter((m): m is Extract<DeviceToCore, { kind: 'state' }> => m.kind === 'state' && m.unitId === 'U1');
    const statuses = states.map((m) => deriveUnitStatusFromReport({ online: m.online, applications: m.applications }));
    const acks = log.filter((m) => m.kind === 'ack');
    if (acks[0]?.kind === 'ack' && acks[0].ok) {
      expect(states.map((s) => s.applications.video?.state ?? null)).toEqual([null, 'connecting', 'running', 'disconnecting', null]);
      expect(statuses).toEqual(['idle', 'streaming', 'streaming', 'streaming', 'idle']);
      // Given no channel and having selected none, the unit streamed to a free one it took, and gave it back.
      const channel = log.filter(
        (m): m is Extract<DeviceToCore, { kind: 'event' }> => m.kind === 'event' && m.event.type === 'channelState' && m.event.channelId === 'CH-2',
      );
      expect(channel.map((m) => (m.event.type === 'channelState' ? [m.event.status, m.event.allocatedToUnitUid] : null)).slice(-2)).toEqual([
        ['collecting', 'U1'],
        ['idle', null],
      ]);
    } else {
      // The seeded device may have no camera: then the command is refused, as the spec says.
      expect(acks[0]).toMatchObject({ ok: false, error: 'CAMERA_NOT_CONNECTED' });
    }
  });

  it('reports telemetry whose total bitrate is the sum of its connected links', async () => {
    const log = await run(3, 0, (_send, advance) => advance(20_000));
    const t = log.filter((m) => m.kind === 'telemetry');
    expect(t.length).toBeGreaterThan(10);
    for (const m of t) {
      if (m.kind !== 'telemetry') continue;
      const sum = m.modems.filter((x) => x.connected && x.enabled).reduce((s, x) => s + x.uplinkKbps, 0);
      expect(m.sample.kbps).toBe(sum);
    }
  });

  it('produces an identical event log for the same seed, a different one for another seed', async () => {
    const script = async (send: (m: CoreToDevice) => void, advance: (ms: number) => Promise<void>) => {
      await advance(3000);
      send({ kind: 'command', commandId: 'c', unitId: 'U0', command: { type: 'startStream', channelId: null } });
      await advance(600_000);
    };
    const a = await run(42, 60_000, script);
    const b = await run(42, 60_000, script);
    const c = await run(43, 60_000, script);
    const digest = (log: unknown[]) => createHash('sha256').update(JSON.stringify(log)).digest('hex');
    expect(a.length).toBe(b.length);
    expect(digest(a)).toBe(digest(b));
    expect(digest(a)).not.toBe(digest(c));
    // Outages happen in ten simulated minutes with a one-minute mean: units go offline and back.
    const offline = a.filter((m) => m.kind === 'state' && !m.online);
    expect(offline.length).toBeGreaterThan(0);
  });
});
