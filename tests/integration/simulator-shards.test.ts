/**
 * The simulator as several shard processes' worth of engines, each attached to the core over the
 * /gateway websocket (the same code the shard CLI runs): the core partitions the fleet, routes
 * faults to the owning shard, a scenario runs across shards, and a shard that leaves is replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY, type UnitSummary } from '@fleet/contracts';
import { connectShard, CoreClient, Engine, loadScenarioFile, runScenario, SCENARIO_DIR } from '@fleet/simulator';
import { DEMO_PASSWORD, eventually, startTestStack, type TestStack } from '../support/stack.js';

const SPEED = 20;

describe('simulator shards over the gateway websocket', () => {
  let stack: TestStack;
  let base: string;
  let client: CoreClient;
  let operator: string;
  const engines: Engine[] = [];
  const links: ReturnType<typeof connectShard>[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ simulator: false });
    base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    client = new CoreClient({ baseUrl: base });
    operator = await client.login('super_user', DEMO_PASSWORD);
    for (const shardId of ['shard-1', 'shard-2']) {
      const engine = new Engine({
        seed: 1,
        shardId,
        clock: { kind: 'accelerated', factor: SPEED },
        timings: { initiallyOffShare: 0, meanTimeBetweenOutagesMs: 0 },
      });
      engines.push(engine);
      links.push(connectShard(engine, { url: `${base.replace('http', 'ws')}${GATEWAY.wsPath}`, token: stack.config.GATEWAY_TOKEN, reconnectMs: 200 }));
    }
  });
  afterAll(async () => {
    for (const l of links) l.close();
    for (const e of engines) e.stop();
    await stack?.close();
  });

  const units = async () => (await client.rest(operator, 'GET', '/devices/fetch')).body as UnitSummary[];

  it('partitions the fleet over the shards; every unit comes online through its shard, in batched frames', async () => {
    await eventually(async () => stack.app.services.gateway.shardCount() === 2, 10_000);
    await eventually(async () => (await units()).every((u) => u.status === 'idle'), 20_000);
    const status = (await client.query(operator, 'fleet.status')) as { shards: number; shardStatus: { shardId: string; devices: number; servers: number }[] };
    expect(status.shards).toBe(2);
    const devices = status.shardStatus.map((s) => s.devices);
    expect(devices.reduce((a, b) => a + b, 0)).toBe(24);
    expect(Math.min(...devices)).toBeGreaterThan(0);
    // Every shard knows every server (a replica); each server is reported by one of them.
    expect(status.shardStatus.map((s) => s.servers)).toEqual([5, 5]);
    // Batching: what a shard emits in one turn (here: every unit restarting) travels in few frames.
    // With the clocks stepped nothing else flows, so the frames counted are the reset's alone.
    await client.mutate(operator, 'clock.set', { mode: { kind: 'stepped' } });
    const stats = stack.app.services.gateway.stats;
    const frames0 = stats.received;
    const messages0 = stats.messages;
    await client.mutate(operator, 'reset', { seed: 1 });
    // The replies travelled behind the 24 "restarting: offline" states and the servers' reports.
    expect(stats.messages - messages0).toBeGreaterThanOrEqual(24 + 2);
    expect(stats.received - frames0).toBeLessThanOrEqual(2);
    expect(stats.rejected).toBe(0);
    await client.mutate(operator, 'clock.set', { mode: { kind: 'accelerated', factor: SPEED } });
    await eventually(async () => (await units()).every((u) => u.status === 'idle'), 20_000);
  });

  it('routes a fault to the shard that owns the unit', async () => {
    const onSecond = (await units()).map((u) => u.uniqueId).find((id) => engines[1]!.device(id) !== undefined)!;
    expect(engines[0]!.device(onSecond)).toBeUndefined();
    const r = (await client.mutate(operator, 'fault.inject', { unitId: onSecond, fault: { type: 'camera', connected: false } })) as { applied: number };
    expect(r.applied).toBe(1);
    await eventually(async () => (await units()).find((u) => u.uniqueId === onSecond)?.cameraConnected === false, 10_000);
  });

  it('runs library scenarios across the shards', async () => {
    for (const name of ['camera-disconnected', 'server-offline-video-return']) {
      const lines: string[] = [];
      // Stepped: each advance answers once the core applied what both shards reported over their sockets.
      const r = await runScenario(loadScenarioFile(`${SCENARIO_DIR}${name}.json`), {
        baseUrl: base,
        password: DEMO_PASSWORD,
        stepped: true,
        log: (l) => lines.push(l),
      });
      expect(
        r.steps.filter((s) => !s.ok).map((s) => s.detail),
        lines.join('\n'),
      ).toEqual([]);
    }
    await client.mutate(operator, 'clock.set', { mode: { kind: 'accelerated', factor: SPEED } });
  });

  it('hands the units of a shard that leaves to the shards that remain', async () => {
    links[1]!.close();
    await eventually(async () => stack.app.services.gateway.shardCount() === 1, 10_000);
    await eventually(async () => engines[0]!.deviceCount() === 24, 10_000);
    await eventually(async () => (await units()).every((u) => u.status === 'idle'), 20_000);
  });
});
