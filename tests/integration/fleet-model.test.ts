/**
 * The simulated fleet never contradicts itself, with the core in the loop: fast-check's model-based
 * testing draws sequences of operations (tests/support/fleet-model.ts) and runs each against a real
 * core (SQLite) with the simulator attached in-process on a stepped clock, from a fleet restarted
 * from the seed; after every operation the clock advances, the core settles and every fleet
 * invariant is checked (the simulator's own, REST and /ws against it, derived counters, accepted
 * commands). A failure shrinks to the shortest failing sequence, which is written as a regression
 * scenario (simulator/scenarios/regressions/) and printed.
 *
 * CI runs a fixed seed (the same sequences every time); FUZZ_SEED=<n> runs another, FUZZ_SEED=random
 * a random one (printed); FLEET_MODEL_RUNS sets how many sequences (default 40).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, inventoryTopic, type ScenarioStep } from '@fleet/contracts';
import { SCENARIO_DIR, type Engine } from '@fleet/simulator';
import { startSimulator } from '@fleet/stack';
import { FleetRun, modelCommands, regressionScenario, type ModelEnv } from '../support/fleet-model.js';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';
import { connect, type WsClient } from './realtime-client.js';

/** Nothing happens by itself (autonomy is an operation); telemetry once a simulated minute (the invariants do not read it). */
const CALM = { meanTimeBetweenOutagesMs: 0, initiallyOffShare: 0, autonomyShare: 0, spontaneousLinkEvents: false, telemetryIntervalMs: 60_000 };
const FIXED_SEED = 20_261_125;
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FIXED_SEED;
const RUNS = Number(process.env.FLEET_MODEL_RUNS ?? 40);
const MAX_COMMANDS = 16;

describe('the simulated fleet with the core in the loop (model-based)', () => {
  let stack: TestStack;
  let engine: Engine;
  let ws: WsClient;
  let env: ModelEnv;

  beforeAll(async () => {
    stack = await startTestStack({ simulator: false, env: { DEVICE_COMMAND_TIMEOUT_MS: '1500' } });
    engine = startSimulator(stack.app, { seed: 1, clock: { kind: 'stepped' }, timings: CALM });
    await eventually(async () => engine.deviceCount() > 0 && [...engine.servers()].length > 0, 10_000);
    const base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = await stack.login('super_user');
    ws = await connect(base, { cookie });
    const db = stack.app.services.db;
    const groups = (await db.group.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((g) => g.id);
    const inventories = (await db.inventory.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((i) => i.id);
    ws.send({ op: 'subscribe', topics: [...groups.map(groupTopic), ...inventories.map(inventoryTopic)] });
    await ws.next((m) => m.op === 'subscribed');
    env = { app: stack.app, engine, cookie, ws, groups };
  });
  afterAll(async () => {
    ws?.ws.close();
    engine?.stop();
    await stack?.close();
  });

  it('two units asking for one idle channel at the same moment: exactly one gets it, the other "Selected channel busy or offline"', async () => {
    const run = new FleetRun(env);
    await run.reset();
    const units = ['LU800-0001', 'LU800-0003', 'SOLO-0001', 'LU300-0001'].filter((id) => engine.device(id)?.cameraConnected);
    expect(units.length).toBeGreaterThanOrEqual(2);
    const [a, b] = units as [string, string];
    const answers = await Promise.all([a, b].map((id) => run.rest('POST', `/v2/units/${id}/stream`, { channelId: 'MMH-0001-CH2' })));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)?.json).toEqual({ error: { code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' } });
    await run.advance(3000);
    expect((await run.check()).map(String)).toEqual([]);
    const owner = engine.server('MMH-0001')?.channelState('MMH-0001-CH2')?.allocatedTo;
    expect(owner).toBe(answers[0]!.status === 200 ? a : b);
  });

  it(`keeps every fleet invariant over ${RUNS} random sequences of operations (seed ${SEED})`, async () => {
    let operations = 0;
    const property = fc.asyncProperty(modelCommands(MAX_COMMANDS), async (cmds) => {
      const run = new FleetRun(env);
      await run.reset();
      const model = { steps: 0 };
      try {
        await fc.asyncModelRun(() => ({ model, real: run }), cmds);
      } finally {
        operations += model.steps;
      }
    });
    const out = await fc.check(property, { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: 240_000 });
    if (!out.failed) {
      expect(out.numRuns).toBe(RUNS);
      // The sequences did something: most operations ran (sequences are drawn from empty up to the maximum).
      expect(operations).toBeGreaterThan(RUNS * 2);
      console.log(`fleet model: ${RUNS} sequences, ${operations} operations, seed ${SEED}`);
      return;
    }
    // Run the shortest failing sequence once more to take its steps down as a regression scenario.
    const cmds = out.counterexample?.[0];
    const run = new FleetRun(env);
    await run.reset();
    let failure = String(out.errorInstance);
    try {
      if (cmds) await fc.asyncModelRun(() => ({ model: { steps: 0 }, real: run }), cmds);
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    }
    const first = /\[([a-z-]+)\] ([^\n]*)/.exec(failure);
    const steps: { step: ScenarioStep; label: string }[] = run.steps;
    const hash = createHash('sha256')
      .update(JSON.stringify(steps.map((s) => s.step)))
      .digest('hex')
      .slice(0, 8);
    const name = `regression-${first?.[1] ?? 'failure'}-${hash}`;
    const scenario = regressionScenario(name, first ? `${first[1]}: ${first[2]}` : failure, steps);
    const path = join(SCENARIO_DIR, 'regressions', `${name}.json`);
    writeFileSync(path, `${JSON.stringify(scenario, null, 2)}\n`);
    expect.fail(`seed ${SEED}, shrunk to ${steps.length} step(s) (written to ${path}):\n${String(cmds)}\n${failure}`);
  }, 300_000);
});
