/**
 * The mock's tRPC control plane against a real core with the real simulator attached in-process:
 * fleet size and mix, fault injection per device, clock control, reset to seed, scenario
 * start/status/stop, the core's views of what devices reported, and the active faults (fault.active,
 * fault.clear: listed with their target's name and since when, replaced per part, ended by a return to
 * normal, undone one by one or all, forgotten at a reset). Calls go over HTTP in tRPC's
 * wire format, the way the console panel and the scenario CLI call them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveFaultView, UnitDetail, UnitSummary } from '@fleet/contracts';
import { deriveUnitStatusFromReport } from '@fleet/domain';
import { ControlPlaneError, CoreClient, type Engine } from '@fleet/simulator';
import { TestClock } from '@fleet/core';
import { startSimulator } from '@fleet/stack';
import { DEMO_PASSWORD, eventually, startTestStack, type TestStack } from '../support/stack.js';

describe('simulator control plane', () => {
  let stack: TestStack;
  let sim: Engine;
  let client: CoreClient;
  let operator: string;
  let regular: string;

  beforeAll(async () => {
    stack = await startTestStack({ simulator: false, clock: new TestClock() });
    // No spontaneous outages or late boots: what the tests see is what they did.
    sim = startSimulator(stack.app, { seed: 1, speed: 20, timings: { initiallyOffShare: 0, meanTimeBetweenOutagesMs: 0 } });
    const base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    client = new CoreClient({ baseUrl: base });
    operator = await client.login('super_user', DEMO_PASSWORD);
    regular = await client.login('luc_regular', DEMO_PASSWORD);
  });
  afterAll(async () => {
    sim?.stop();
    await stack?.close();
  });

  const unit = async (id: string) => (await client.rest(operator, 'GET', `/v2/units/${id}`)).body as UnitDetail;
  const active = async (session = operator) => (await client.query(session, 'fault.active')) as ActiveFaultView[];
  const inject = (target: object) => client.mutate(operator, 'fault.inject', target);
  const codeOf = async (p: Promise<unknown>) =>
    p.then(
      () => 'OK',
      (e: unknown) => (e instanceof ControlPlaneError ? e.code : String(e)),
    );

  it('answers the capability probe with every control procedure', async () => {
    const caps = (await client.query('', 'capabilities')) as { mock: boolean; controlPlane: string[] };
    expect(caps.mock).toBe(true);
    for (const p of ['fleet.generate', 'fault.inject', 'clock.set', 'reset', 'scenario.start', 'scenario.status', 'scenario.stop'])
      expect(caps.controlPlane).toContain(p);
  });

  it('refuses without a session and to users who do not run the mock', async () => {
    expect(await codeOf(client.query('', 'fleet.status'))).toBe('UNAUTHORIZED');
    expect(await codeOf(client.mutate(regular, 'fault.inject', { unitId: 'LU800-0001', fault: { type: 'reboot' } }))).toBe('FORBIDDEN');
    expect(await codeOf(client.mutate(regular, 'reset', { seed: 1 }))).toBe('FORBIDDEN');
    expect(await codeOf(client.mutate(operator, 'fault.inject', { unitId: 'LU800-0001', fault: { type: 'modemFail', modem: 99 } }))).toBe('BAD_REQUEST');
  });

  it('generates a fleet of a given size and mix that the simulator runs and the core lists, and clears it', async () => {
    const r = (await client.mutate(operator, 'fleet.generate', {
      size: 40,
      mix: { fieldUnits: 1, smartUnits: 1, ptmpUnits: 0, liteUnits: 0, ptpUnits: 0, extenderDevices: 0 },
    })) as {
      created: number;
      byGroup: Record<string, number>;
    };
    expect(r.created).toBe(40);
    expect(r.byGroup).toMatchObject({ fieldUnits: 20, smartUnits: 20, ptmpUnits: 0 });
    const status = (await client.query(operator, 'fleet.status')) as { shards: number; shardStatus: { devices: number }[]; mix: Record<string, number> };
    expect(status.shards).toBe(1);
    expect(status.shardStatus[0]!.devices).toBe(24 + 40);
    expect(status.mix.smartUnits).toBe(3 + 20);
    // The generated units come online and report telemetry.
    await eventually(async () => {
      const list = (await client.rest(operator, 'GET', '/devices/fetch')).body as UnitSummary[];
      const sims = list.filter((u) => u.uniqueId.startsWith('SIM-'));
      return sims.length === 40 && sims.every((u) => u.status === 'idle' && u.battery !== null);
    }, 20_000);
    const cleared = (await client.mutate(operator, 'fleet.clear')) as { removed: number };
    expect(cleared.removed).toBe(40);
    const after = (await client.query(operator, 'fleet.status')) as { shardStatus: { devices: number }[] };
    expect(after.shardStatus[0]!.devices).toBe(24);
  });

  it('injects a fault into the owning device; the core reports its effect', async () => {
    const r = (await client.mutate(operator, 'fault.inject', { unitId: 'LU800-0001', fault: { type: 'modemFail', modem: 2 } })) as {
      applied: number;
      error: string | null;
    };
    expect(r).toEqual({ applied: 1, error: null });
    await eventually(async () => (await unit('LU800-0001')).modems.find((m) => m.port === 2)?.connected === false, 10_000);
    await client.mutate(operator, 'fault.inject', { unitId: 'LU800-0001', fault: { type: 'modemRecover', modem: 2 } });
    await eventually(async () => (await unit('LU800-0001')).modems.find((m) => m.port === 2)?.connected === true, 10_000);
    // A refused operation answers the device's error code.
    const refused = (await client.mutate(operator, 'fault.inject', { unitId: 'LU800-0002', fault: { type: 'record', start: true } })) as {
      error: string | null;
    };
    expect(refused.error).toBe('FEATURE_DISABLED');
    expect(await codeOf(client.mutate(operator, 'fault.inject', { unitId: 'NO-SUCH-UNIT', fault: { type: 'reboot' } }))).toBe('NOT_FOUND');
    // A server fault reaches the server's replica: its channel's status changes in storage.
    await client.mutate(operator, 'fault.inject', { serverId: 'MMH-0002', fault: { type: 'channelStatus', channelId: 'MMH-0002-CH1', status: 'offline' } });
    await eventually(
      async () => ((await client.query(operator, 'core.channel', { channelId: 'MMH-0002-CH1' })) as { status: string }).status === 'offline',
      10_000,
    );
    const row = await stack.app.services.db.channel.findUnique({ where: { id: 'MMH-0002-CH1' } });
    expect(row?.status).toBe('offline');
  });

  it('controls the clock: accelerated, stepped with advance, back again', async () => {
    const fast = (await client.mutate(operator, 'clock.set', { mode: { kind: 'accelerated', factor: 50 } })) as { kind: string; factor: number }[];
    expect(fast[0]).toMatchObject({ kind: 'accelerated', factor: 50 });
    const stepped = (await client.mutate(operator, 'clock.set', { mode: { kind: 'stepped' } })) as { now: number }[];
    const before = stepped[0]!.now;
    const wallBefore = stack.app.services.clock.now();
    const after = (await client.mutate(operator, 'clock.set', { advanceMs: 60_000 })) as { now: number; kind: string }[];
    expect(after[0]).toMatchObject({ kind: 'stepped', now: before + 60_000 });
    // The core's business time follows the step; its wall clock (sessions, lockouts) does not.
    expect(stack.app.services.businessClock.now()).toBe(before + 60_000);
    expect(stack.app.services.clock.now() - wallBefore).toBeLessThan(60_000);
    const still = (await client.query(operator, 'clock.get')) as { now: number }[];
    expect(still[0]!.now).toBe(before + 60_000);
    await client.mutate(operator, 'clock.set', { mode: { kind: 'accelerated', factor: 20 } });
    expect(await codeOf(client.mutate(operator, 'clock.set', { advanceMs: 1000 }))).toBe('BAD_REQUEST');
  });

  it('steps a day: answers once the step has ended, the core holding what the devices ended the day in', async () => {
    await client.mutate(operator, 'clock.set', { mode: { kind: 'stepped' } });
    // Nothing to cancel: answered with the clock as it is.
    const idle = (await client.mutate(operator, 'clock.cancel', {})) as { step?: unknown; now: number }[];
    expect(idle[0]!.step ?? null).toBeNull();
    const day = 86_400_000;
    const after = (await client.mutate(operator, 'clock.set', { advanceMs: day })) as { now: number; step?: unknown }[];
    expect(after[0]).toMatchObject({ kind: 'stepped', now: idle[0]!.now + day });
    expect(after[0]!.step ?? null).toBeNull();
    expect(stack.app.services.businessClock.now()).toBe(idle[0]!.now + day);
    // The core's units are the simulator's truth after the step (the fleet invariants, against the core's answers).
    const check = (await client.query(operator, 'fleet.check')) as { violations: unknown[] };
    expect(check.violations).toEqual([]);
    for (const device of sim.units()) {
      const truth = device.truth();
      expect((await unit(device.spec.unitId)).status, device.spec.unitId).toBe(
        deriveUnitStatusFromReport({ online: truth.online, applications: truth.online ? truth.applications : {} }),
      );
    }
    // A fresh fleet (a day unplugged empties batteries) at the pace the other tests run at.
    await client.mutate(operator, 'reset', { seed: 1 });
    await client.mutate(operator, 'clock.set', { mode: { kind: 'accelerated', factor: 20 } });
  });

  it('resets the fleet to a seed: devices restart, what they raised is cleared', async () => {
    await client.mutate(operator, 'fault.inject', { unitId: 'LULITE-0001', fault: { type: 'battery', percentage: 5, charging: false } });
    await eventually(async () => {
      const view = (await client.query(operator, 'core.unit', { unitId: 'LULITE-0001' })) as { activeAlerts: { type: string; level: string }[] };
      return view.activeAlerts.some((a) => a.type === 'battery' && a.level === 'critical');
    }, 10_000);
    const r = (await client.mutate(operator, 'reset', { seed: 7 })) as { shards: number; devices: number };
    expect(r).toEqual({ shards: 1, devices: 24 });
    const view = (await client.query(operator, 'core.unit', { unitId: 'LULITE-0001' })) as { activeAlerts: unknown[] };
    expect(view.activeAlerts).toEqual([]);
    const status = (await client.query(operator, 'fleet.status')) as { shardStatus: { seed: number }[] };
    expect(status.shardStatus[0]!.seed).toBe(7);
    await eventually(async () => (await unit('LULITE-0001')).status === 'idle', 10_000);
  });

  it('starts, reports and stops a scenario; its faults are applied at their simulated times', async () => {
    const scenario = {
      name: 'control-plane-test',
      description: 'Camera pulled after ten simulated seconds.',
      timeline: [{ do: 'fault', at: 10_000, unitId: 'LU800-0003', fault: { type: 'camera', connected: false } }],
    };
    const started = (await client.mutate(operator, 'scenario.start', { scenario, speed: 20 })) as { name: string; stepsTotal: number };
    expect(started).toMatchObject({ name: 'control-plane-test', stepsTotal: 1 });
    await eventually(async () => (await unit('LU800-0003')).cameraConnected === false, 15_000);
    const status = (await client.query(operator, 'scenario.status')) as {
      scenario: { stepsApplied: number; elapsedMs: number; outcomes: unknown[] };
      clock: { factor: number };
    };
    expect(status.scenario.stepsApplied).toBe(1);
    expect(status.scenario.elapsedMs).toBeGreaterThanOrEqual(10_000);
    expect(status.scenario.outcomes).toEqual([{ index: 0, error: null }]);
    expect(status.clock.factor).toBe(20);
    const stopped = (await client.mutate(operator, 'scenario.stop')) as { running: boolean };
    expect(stopped.running).toBe(false);
    expect(await codeOf(client.mutate(operator, 'scenario.start', { scenario: { ...scenario, name: 'Bad Name' } }))).toBe('BAD_REQUEST');
  });

  it('shows what the core recorded of servers and video return channels', async () => {
    const server = (await client.query(operator, 'core.server', { serverId: 'VRS-0001' })) as {
      server: { status: string } | null;
      channels: { channelId: string }[];
    };
    expect(server.server?.status).toBe('online');
    expect(server.channels.map((c) => c.channelId)).toEqual(['VRS-0001-CH1', 'VRS-0001-CH2']);
    const vr = (await client.query(operator, 'core.vrChannel', { vrChannelId: 'VRC-0003' })) as { status: string };
    expect(vr.status).toBe('idle');
    // The seeded server status (offline) was replaced by what the simulated server reports.
    expect((await stack.app.services.db.server.findUnique({ where: { id: 'VRS-0001' } }))?.status).toBe('online');
  });

  it('lists the faults injected that are still in effect, named, and undoes one or all of them', async () => {
    expect(await active()).toEqual([]);
    await inject({ unitId: 'LU800-0001', fault: { type: 'modemFail', modem: 2 } });
    await inject({ unitId: 'LU800-0001', fault: { type: 'modemSignal', modem: 1, factor: 0.2 } });
    await inject({ serverId: 'MMH-0002', fault: { type: 'serverBusy', busy: true } });
    // Operations and settings without a normal state are applied, not listed.
    await inject({ unitId: 'LU800-0002', fault: { type: 'reboot' } });
    // A later fault on the same part replaces the earlier one.
    await inject({ unitId: 'LU800-0001', fault: { type: 'modemSignal', modem: 1, factor: 0.1 } });

    const listed = await active();
    const unitName = (await unit('LU800-0001')).name;
    expect(listed.map((f) => f.id)).toEqual(['unit:LU800-0001:modem:2:network', 'server:MMH-0002:busy', 'unit:LU800-0001:modem:1:signal']);
    expect(listed[0]).toMatchObject({ targetName: unitName, target: { unitId: 'LU800-0001', fault: { type: 'modemFail', modem: 2 } } });
    expect(listed[0]!.since).toBeLessThanOrEqual(listed[1]!.since);
    expect(listed[2]!.since).toBeLessThanOrEqual(sim.clock.now());
    expect(listed[2]!.target).toMatchObject({ fault: { factor: 0.1 } });
    expect(listed[1]!.targetName).toBe(stack.app.services.readModel.servers.get('MMH-0002')?.name);
    await eventually(async () => (await unit('LU800-0001')).modems.find((m) => m.port === 2)?.connected === false, 10_000);

    // Anyone signed in may read the list; only the mock's operators change it.
    expect((await active(regular)).length).toBe(3);
    expect(await codeOf(client.mutate(regular, 'fault.clear', {}))).toBe('FORBIDDEN');
    expect(await codeOf(client.mutate(operator, 'fault.clear', { id: 'unit:NOPE:power' }))).toBe('NOT_FOUND');

    // Clear one: the modem comes back on the unit, the entry is gone.
    const one = (await client.mutate(operator, 'fault.clear', { id: 'unit:LU800-0001:modem:2:network' })) as { cleared: number; active: ActiveFaultView[] };
    expect(one.cleared).toBe(1);
    expect(one.active.map((f) => f.id)).toEqual(['server:MMH-0002:busy', 'unit:LU800-0001:modem:1:signal']);
    await eventually(async () => (await unit('LU800-0001')).modems.find((m) => m.port === 2)?.connected === true, 10_000);

    // A return to normal injected by hand ends its entry too.
    await inject({ serverId: 'MMH-0002', fault: { type: 'serverBusy', busy: false } });
    expect((await active()).map((f) => f.id)).toEqual(['unit:LU800-0001:modem:1:signal']);

    // Clear all.
    await inject({ unitId: 'LU800-0003', fault: { type: 'power', on: false } });
    await eventually(async () => (await unit('LU800-0003')).status === 'offline', 10_000);
    const all = (await client.mutate(operator, 'fault.clear', {})) as { cleared: number; active: ActiveFaultView[] };
    expect(all).toEqual({ cleared: 2, active: [] });
    expect(await active()).toEqual([]);
    await eventually(async () => (await unit('LU800-0003')).status !== 'offline', 20_000);
  });

  it('forgets every active fault when the fleet is reset', async () => {
    await inject({ unitId: 'LU800-0001', fault: { type: 'camera', connected: false } });
    expect((await active()).length).toBe(1);
    await client.mutate(operator, 'reset', { seed: 1 });
    expect(await active()).toEqual([]);
  });
});
