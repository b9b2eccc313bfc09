/**
 * The control plane's active faults (fault.active, fault.clear) against a real core with the real
 * simulator attached in-process: a fault injected there is listed with its target's name and when,
 * a later fault on the same part replaces it, a return to normal ends it, and "Clear" / "Clear all"
 * undo them on the devices (the core then reports the part normal again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveFaultView, UnitDetail } from '@fleet/contracts';
import { ControlPlaneError, CoreClient, type Engine } from '@fleet/simulator';
import { TestClock } from '@fleet/core';
import { startSimulator } from '@fleet/stack';
import { DEMO_PASSWORD, eventually, startTestStack, type TestStack } from '../support/stack.js';

describe('control plane: active faults', () => {
  let stack: TestStack;
  let sim: Engine;
  let client: CoreClient;
  let operator: string;
  let regular: string;

  beforeAll(async () => {
    stack = await startTestStack({ simulator: false, clock: new TestClock() });
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
