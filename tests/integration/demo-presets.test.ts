/**
 * The demo presets (simulator/demos) against a real core (SQLite, seeded with the medium fleet, the
 * one `npm start` seeds: about 60 units) with the simulator attached in-process on the stepped clock,
 * as `npm start` runs them: what each role that sees units sees 10 simulated seconds after the start,
 * how many units change state in each simulated minute, the spread after an hour (a long demo looks
 * like its first minute, not like its residue), and the same event log for the same seed and preset.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelList, DemoPresetName, DeviceToCore, UnitSummary } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { loadDemoPreset, type Engine } from '@fleet/simulator';
import { startSimulator } from '@fleet/stack';
import { devicesSettled, eventually, startTestStack, type TestStack } from '../support/stack.js';
import { trpc } from '../support/trpc.js';

/** A unit at rest (spec 000 §4); any other status is a unit at work: streaming, recording, forwarding, upgrading, bridging, testing. */
const AT_REST = new Set(['offline', 'idle', 'online', 'unavailable']);
const ROLES = ['super_user', 'luc_regular'] as const;

interface Demo {
  stack: TestStack;
  engine: Engine;
  log: string[];
}

let running: Demo[] = [];
afterEach(async () => {
  for (const demo of running) {
    demo.engine.stop();
    await demo.stack.close();
  }
  running = [];
});

async function startDemo(preset: DemoPresetName): Promise<Demo> {
  const stack = await startTestStack({ simulator: false, clock: new TestClock(), fleet: 'medium' });
  const log: string[] = [];
  const engine = startSimulator(stack.app, {
    seed: 1,
    clock: { kind: 'stepped' },
    startAt: 1_780_000_000_000,
    demo: loadDemoPreset(preset),
    onEmit: (m: DeviceToCore) => log.push(JSON.stringify(m)),
  });
  const demo = { stack, engine, log };
  running.push(demo);
  await eventually(async () => engine.deviceCount() > 0 && [...engine.servers()].length > 0, 10_000);
  return demo;
}

/**
 * Simulated time forward in steps (half seconds unless told), the core applying what the devices report
 * after each step.
 */
async function advance(demo: Demo, ms: number, stepMs = 500): Promise<void> {
  for (let t = 0; t < ms; t += stepMs) {
    demo.engine.clock.advance(Math.min(stepMs, ms - t));
    await devicesSettled(demo.stack.app);
  }
}

async function get<T>(demo: Demo, username: string, path: string): Promise<T> {
  const cookie = await demo.stack.login(username);
  const res = await demo.stack.app.inject({ method: 'GET', url: `/api${path}`, headers: { cookie } });
  expect(res.statusCode, path).toBe(200);
  return res.json() as T;
}

const unitsAs = (demo: Demo, username: string) => get<UnitSummary[]>(demo, username, '/devices/fetch');

function spread(units: readonly UnitSummary[]) {
  const atWork = units.filter((u) => !AT_REST.has(u.status)).length;
  return {
    atWork: atWork / units.length,
    /** `at work / seen`, for the messages. */
    of: `${atWork}/${units.length}`,
    offline: units.filter((u) => u.status === 'offline').length,
    alerting: units.filter((u) => u.alerts.length > 0).length,
  };
}

/** How many units change status in each of `minutes` simulated minutes (sampled every 10 s). */
async function changesPerMinute(demo: Demo, minutes: number): Promise<number[]> {
  let before = new Map((await unitsAs(demo, 'super_user')).map((u) => [u.uniqueId, u.status]));
  const perMinute: number[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    let changes = 0;
    for (let i = 0; i < 6; i++) {
      await advance(demo, 10_000);
      const now = await unitsAs(demo, 'super_user');
      changes += now.filter((u) => before.get(u.uniqueId) !== u.status).length;
      before = new Map(now.map((u) => [u.uniqueId, u.status]));
    }
    perMinute.push(changes);
  }
  return perMinute;
}

/** Every channel a unit streams to shows collecting in the core's channel list. */
async function fedChannelsCollect(demo: Demo): Promise<number> {
  const fed = demo.engine.fleetCheck().channels.filter((c) => c.allocatedTo !== null);
  const listed = new Map((await get<ChannelList>(demo, 'super_user', '/channels/fetch')).channels.map((c) => [c.channelId, c.status]));
  for (const c of fed) expect(listed.get(c.channelId), c.channelId).toBe('collecting');
  return fed.length;
}

/**
 * The operator sees where each of their units streams: every channel a unit of theirs feeds is one
 * of their channels, collecting from that unit (a unit given no channel takes one its people see).
 */
async function operatorSeesWhereUnitsStream(demo: Demo): Promise<void> {
  const units = await unitsAs(demo, 'luc_regular');
  const channels = new Map((await get<ChannelList>(demo, 'luc_regular', '/channels/fetch')).channels.map((c) => [c.channelId, c]));
  const feeding = units.filter((u) => u.channelsInUse.length > 0);
  expect(feeding.length, 'luc_regular’s units feeding a channel').toBeGreaterThanOrEqual(3);
  for (const u of feeding)
    for (const c of u.channelsInUse) expect(channels.get(c.channelId)?.allocatedToUnitUid, `${u.uniqueId} feeds ${c.channelId}`).toBe(u.uniqueId);
}

describe('demo presets on the stepped clock', () => {
  it('lively (the default) is alive at 10 s for every role, keeps moving, and after an hour looks like its first minute', async () => {
    const demo = await startDemo('lively');
    await advance(demo, 10_000);
    expect((await unitsAs(demo, 'super_user')).length, 'the medium fleet').toBeGreaterThanOrEqual(55);
    for (const role of ROLES) {
      const s = spread(await unitsAs(demo, role));
      expect(s.atWork, `${role}: share of units at work (${s.of})`).toBeGreaterThanOrEqual(0.4);
      expect(s.offline, `${role}: units offline`).toBeGreaterThanOrEqual(1);
      expect(s.alerting, `${role}: units with an alert`).toBeGreaterThanOrEqual(1);
    }
    expect(await fedChannelsCollect(demo)).toBeGreaterThanOrEqual(3);
    await operatorSeesWhereUnitsStream(demo);
    const alerts = await Promise.all(['MMH-0002', 'ING-0001'].map((id) => demo.stack.app.services.servers.viewServer(id)));
    expect(alerts.flatMap((v) => v.activeAlerts).length, 'a server in alert').toBeGreaterThanOrEqual(1);
    // The drone crosses the map.
    const drone = async () => (await unitsAs(demo, 'super_user')).find((u) => u.uniqueId === 'DRONE-0001')!.location;
    const from = await drone();
    await advance(demo, 10_000);
    expect(await drone()).not.toEqual(from);

    const perMinute = await changesPerMinute(demo, 10);
    expect(Math.min(...perMinute), `units changing state in each minute: ${perMinute.join(' ')}`).toBeGreaterThanOrEqual(2);

    // The rest of the hour in steps of 5 s (the telemetry's period): what is checked after it is the state the fleet
    // settles in, not each device's round trip.
    await advance(demo, 50 * 60_000, 5_000);
    for (const role of ROLES) {
      const s = spread(await unitsAs(demo, role));
      expect(s.atWork, `${role} after an hour: share at work (${s.of})`).toBeGreaterThanOrEqual(0.4);
      expect(s.offline, `${role} after an hour: offline`).toBeGreaterThanOrEqual(1);
      expect(s.alerting, `${role} after an hour: with an alert`).toBeGreaterThanOrEqual(1);
    }
    await fedChannelsCollect(demo);
    await operatorSeesWhereUnitsStream(demo);
    expect(demo.engine.fleetCheck().violations).toEqual([]);
  }, 300_000);

  it('the same seed and preset give the same event log', async () => {
    const digests: string[] = [];
    for (let run = 0; run < 2; run++) {
      const demo = await startDemo('lively');
      await advance(demo, 5 * 60_000);
      digests.push(createHash('sha256').update(demo.log.join('\n')).digest('hex'));
    }
    expect(digests[1]).toBe(digests[0]);
  }, 120_000);

  it('calm: a few units live, none offline, no alert beyond the seeded fleet’s', async () => {
    const still = await startDemo('off');
    await advance(still, 10_000);
    const seededAlerts = spread(await unitsAs(still, 'super_user')).alerting;
    const demo = await startDemo('calm');
    await advance(demo, 10_000);
    const s = spread(await unitsAs(demo, 'super_user'));
    expect(s.atWork).toBeGreaterThan(0);
    expect(s.atWork).toBeLessThan(0.4);
    expect(s.offline).toBe(0);
    expect(s.alerting).toBeLessThanOrEqual(seededAlerts);
  }, 120_000);

  it('breaking-news: the crews go live together on one hub; it goes offline and they move to other channels; it comes back', async () => {
    const crews = ['LU800-0001', 'LU800-0002', 'LU800-0003', 'LULITE-0001'];
    const demo = await startDemo('breaking-news');
    const streamingTo = () =>
      new Map(
        demo.engine
          .fleetCheck()
          .channels.filter((c) => c.allocatedTo !== null)
          .map((c) => [c.allocatedTo!, c.channelId]),
      );
    await advance(demo, 10_000);
    for (const id of crews) expect(streamingTo().get(id), id).toMatch(/^MMH-0001-/);
    await fedChannelsCollect(demo);
    await advance(demo, 150_000);
    for (const id of crews) expect(streamingTo().get(id) ?? '', id).not.toMatch(/^MMH-0001-/);
    expect(streamingTo().size).toBeGreaterThanOrEqual(3);
    expect((await demo.stack.app.services.servers.viewServer('MMH-0001')).server?.status).toBe('offline');
    await advance(demo, 170_000);
    expect((await demo.stack.app.services.servers.viewServer('MMH-0001')).server?.status).not.toBe('offline');
    expect(demo.engine.fleetCheck().violations).toEqual([]);
  }, 120_000);

  it('the control plane switches the preset and resets the demo: the fleet restarts from its seed and the preset plays from its start', async () => {
    const demo = await startDemo('lively');
    const operator = await demo.stack.login('super_user');
    const preset = async () => ((await trpc(demo.stack, operator, 'query', 'demo.status')).data as { preset: string | null }).preset;
    await advance(demo, 60_000);
    expect(await preset()).toBe('lively');
    expect(spread(await unitsAs(demo, 'super_user')).atWork).toBeGreaterThan(0);

    expect(await trpc(demo.stack, await demo.stack.login('luc_regular'), 'mutation', 'demo.set', { preset: 'off' })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await trpc(demo.stack, operator, 'mutation', 'demo.set', { preset: 'stormy' })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await preset()).toBe('lively');

    expect(await trpc(demo.stack, operator, 'mutation', 'demo.set', { preset: 'off' })).toEqual({ data: { preset: 'off', shards: 1 } });
    // A reset gives the demo back its real-time clock; this test steps it again at once (in this turn, before
    // a real-time timer can fire).
    expect(demo.engine.clock.mode()).toEqual({ kind: 'realtime' });
    demo.engine.clock.setMode({ kind: 'stepped' });
    expect(await preset()).toBe('off');
    // The fleet restarted from its seed: no unit is at work (each is off, or booted idle in the moments the
    // reset's real-time clock ran), then nothing acts on its own.
    await devicesSettled(demo.stack.app);
    expect(spread(await unitsAs(demo, 'super_user')).atWork).toBe(0);
    await advance(demo, 10_000);
    expect(spread(await unitsAs(demo, 'super_user'))).toMatchObject({ atWork: 0, offline: 0 });
    expect(await changesPerMinute(demo, 1)).toEqual([0]);
  }, 120_000);

  it('a preset switch shows no unit offline that is not: the restarted units take over, none goes offline in between', async () => {
    const demo = await startDemo('lively');
    const operator = await demo.stack.login('super_user');
    await advance(demo, 60_000);
    const onBefore = (await unitsAs(demo, 'super_user')).filter((u) => u.status !== 'offline').map((u) => u.uniqueId);
    expect(onBefore.length).toBeGreaterThan(40);
    const db = demo.stack.app.services.db;
    const mark = (await db.unitStatusChange.aggregate({ _max: { id: true } }))._max.id ?? 0;

    expect(await trpc(demo.stack, operator, 'mutation', 'demo.set', { preset: 'calm' })).toEqual({ data: { preset: 'calm', shards: 1 } });
    demo.engine.clock.setMode({ kind: 'stepped' });
    await devicesSettled(demo.stack.app);
    // At once, and through the first seconds of the new preset: every unit on before is on, and the
    // core recorded no unit of them going offline.
    const offlineNow = (await unitsAs(demo, 'super_user')).filter((u) => u.status === 'offline').map((u) => u.uniqueId);
    expect(offlineNow.filter((id) => onBefore.includes(id))).toEqual([]);
    await advance(demo, 5000);
    const wentOffline = await db.unitStatusChange.findMany({ where: { id: { gt: mark }, to: 'offline' }, select: { unitId: true } });
    expect(wentOffline.map((c) => c.unitId).filter((id) => onBefore.includes(id))).toEqual([]);
  }, 120_000);

  it('off: the seeded fleet with no motion', async () => {
    const demo = await startDemo('off');
    await advance(demo, 10_000);
    expect(spread(await unitsAs(demo, 'super_user')).atWork).toBe(0);
    expect(await changesPerMinute(demo, 3)).toEqual([0, 0, 0]);
  }, 120_000);
});
