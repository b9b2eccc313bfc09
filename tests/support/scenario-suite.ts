/**
 * The scenario library in CI: a real core (SQLite, seeded) with the real simulator attached
 * in-process, listening on a port; every shipped scenario runs through the same runner the CLI
 * uses (REST and the tRPC control plane over HTTP) on the stepped clock — the runner advances
 * simulated time and the core's clock together, half a second at a time, and checks after each
 * step — and must pass. The library is run in parts (tests/integration/scenarios/part-N.test.ts),
 * each on a stack of its own, so the parts run side by side: part `n` of `parts` takes every
 * `parts`-th scenario by name.
 *
 * The stack runs as `npm start` runs it: the lively demo preset on, its clock in real time. Each
 * run reserves the units and servers its scenario names (the preset leaves them alone), takes the
 * clock for itself (stepped) and gives it back: after every scenario the clock is real time again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClockStatus } from '@fleet/contracts';
import { loadDemoPreset, loadLibrary, runScenario, type Engine } from '@fleet/simulator';
import { TestClock } from '@fleet/core';
import { startSimulator } from '@fleet/stack';
import { DEMO_PASSWORD, startTestStack, type TestStack } from './stack.js';

const library = loadLibrary();

export const SCENARIO_PARTS = 4;

export function scenarioSuite(part: number): void {
  const mine = library.filter((_, i) => i % SCENARIO_PARTS === part - 1);
  describe(`scenario library against the running core, part ${part} of ${SCENARIO_PARTS}`, () => {
    let stack: TestStack;
    let sim: Engine;
    let base: string;

    beforeAll(async () => {
      stack = await startTestStack({ simulator: false, clock: new TestClock(), env: { DEVICE_COMMAND_TIMEOUT_MS: '1500' } });
      sim = startSimulator(stack.app, { seed: 1, clock: { kind: 'realtime' }, demo: loadDemoPreset('lively') });
      base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      sim?.stop();
      await stack?.close();
    });

    it.each(mine.map((s) => [s.name, s] as const))('%s passes', async (_name, scenario) => {
      const lines: string[] = [];
      const r = await runScenario(scenario, { baseUrl: base, password: DEMO_PASSWORD, stepped: true, log: (l) => lines.push(l) });
      expect(
        r.steps.filter((s) => !s.ok).map((s) => s.detail),
        lines.join('\n'),
      ).toEqual([]);
      expect(r.steps.length).toBeGreaterThan(0);
      // The run gave the clock back as it found it: real time.
      const operator = await stack.login('super_user');
      const clock = await stack.app.inject({ method: 'GET', url: '/mock/trpc/clock.get', headers: { cookie: operator } });
      expect(
        ClockStatus.array()
          .parse(clock.json<{ result: { data: unknown } }>().result.data)
          .map((c) => c.kind),
      ).toEqual(['realtime']);
    });
  });
}
