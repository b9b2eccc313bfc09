/**
 * Scenario runs from the console's panel (the control plane's scenario.run / scenario.runs), and the
 * clock a scenario borrows: a real core with the simulator in-process, the lively demo preset on as
 * `npm start` runs it, the simulated clock in real time. A panel run goes step by step to a verdict
 * with one outcome per step of the file and a JUnit report; whatever ends a run — its end, Stop,
 * "Reset the demo" — gives the clock back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClockStatus, ScenarioRun } from '@fleet/contracts';
import { loadDemoPreset, loadLibrary, type Engine } from '@fleet/simulator';
import { startSimulator } from '@fleet/stack';
import { eventually, startTestStack, type TestStack } from '../support/stack.js';
import { trpc } from '../support/trpc.js';

const SCENARIO = 'server-offline-mid-stream';
const file = loadLibrary().find((s) => s.name === SCENARIO)!;

let stack: TestStack;
let sim: Engine;
let operator: string;

beforeAll(async () => {
  stack = await startTestStack({ simulator: false, env: { DEVICE_COMMAND_TIMEOUT_MS: '1500' } });
  sim = startSimulator(stack.app, { seed: 1, clock: { kind: 'realtime' }, demo: loadDemoPreset('lively') });
  operator = await stack.login('super_user');
});
afterAll(async () => {
  sim?.stop();
  await stack?.close();
});

const clockKinds = async () =>
  ClockStatus.array()
    .parse((await trpc(stack, operator, 'query', 'clock.get')).data)
    .map((c) => c.kind);
const clockPaces = async () => ((await trpc(stack, operator, 'query', 'clock.get')).data as { pace?: number }[]).map((c) => c.pace ?? null);
const runs = async () => ScenarioRun.array().parse((await trpc(stack, operator, 'query', 'scenario.runs')).data);
const ended = (id: string) =>
  eventually(async () => {
    const run = (await runs()).find((r) => r.id === id);
    return run && run.verdict !== 'running' ? run : undefined;
  }, 120_000);

describe('scenario runs from the panel', () => {
  it('runs a library scenario stepped to a verdict: one outcome per step of the file, a JUnit report, the clock back to real time', async () => {
    const started = ScenarioRun.parse((await trpc(stack, operator, 'mutation', 'scenario.run', { name: SCENARIO, speed: { kind: 'stepped' } })).data);
    expect(started).toMatchObject({ name: SCENARIO, verdict: 'running', speed: { kind: 'stepped' }, by: 'super_user' });
    // The counts are the file's: every step of its timeline, device steps included.
    expect(started.steps).toHaveLength(file.timeline.length);
    expect(started.steps.every((s) => s.state === 'pending')).toBe(true);
    // One run at a time.
    const again = await trpc(stack, operator, 'mutation', 'scenario.run', { name: SCENARIO, speed: { kind: 'stepped' } });
    expect(again.code).toBe('CONFLICT');

    const run = await ended(started.id);
    expect(
      run.verdict,
      run.steps
        .filter((s) => s.state !== 'passed')
        .map((s) => `${s.label}: ${s.detail}`)
        .join('\n'),
    ).toBe('passed');
    expect(run.steps.map((s) => s.state)).toEqual(file.timeline.map(() => 'passed'));
    expect(run.elapsedMs).toBeGreaterThanOrEqual(180_000);
    expect(run.endedAt).not.toBeNull();
    expect(await clockKinds()).toEqual(['realtime']);

    const junit = await stack.app.inject({ method: 'GET', url: `/mock/scenario-runs/${run.id}/junit.xml`, headers: { cookie: operator } });
    expect(junit.statusCode).toBe(200);
    expect(junit.headers['content-type']).toMatch(/^application\/xml/);
    expect(junit.headers['content-disposition']).toMatch(/^attachment; filename="server-offline-mid-stream-/);
    expect(junit.body).toContain(`<testsuite name="${SCENARIO}" tests="${file.timeline.length}" failures="0" errors="0" skipped="0"`);
    // Operators only, and only the runs the mock keeps.
    const regular = await stack.login('luc_regular');
    expect((await stack.app.inject({ method: 'GET', url: `/mock/scenario-runs/${run.id}/junit.xml`, headers: { cookie: regular } })).statusCode).toBe(403);
    expect((await stack.app.inject({ method: 'GET', url: '/mock/scenario-runs/nope/junit.xml', headers: { cookie: operator } })).statusCode).toBe(404);
  });

  it('runs a library scenario at ×20 to the verdict it has stepped: the run paces the stepped clock, never faster than ×20', async () => {
    const started = ScenarioRun.parse(
      (await trpc(stack, operator, 'mutation', 'scenario.run', { name: SCENARIO, speed: { kind: 'accelerated', factor: 20 } })).data,
    );
    const wallStart = performance.now();
    await eventually(async () => (await clockPaces())[0] === 20, 10_000);
    const run = await ended(started.id);
    expect(
      run.verdict,
      run.steps
        .filter((s) => s.state !== 'passed')
        .map((s) => `${s.label}: ${s.detail}`)
        .join('\n'),
    ).toBe('passed');
    expect(performance.now() - wallStart).toBeGreaterThanOrEqual(run.elapsedMs / 20);
    expect(await clockKinds()).toEqual(['realtime']);
    expect(await clockPaces()).toEqual([null]);
  });

  it('stops a run at ×N: the verdict says stopped, the steps never reached stay pending, the clock goes back', async () => {
    const started = ScenarioRun.parse(
      (await trpc(stack, operator, 'mutation', 'scenario.run', { name: SCENARIO, speed: { kind: 'accelerated', factor: 2 } })).data,
    );
    // Running at ×2: the run steps the clock at that pace, and the header's clock is told so.
    await eventually(async () => (await clockPaces())[0] === 2, 10_000);
    expect(await clockKinds()).toEqual(['stepped']);
    await trpc(stack, operator, 'mutation', 'scenario.stop');
    const run = await ended(started.id);
    expect(run.verdict).toBe('stopped');
    expect(run.steps.some((s) => s.state === 'pending')).toBe(true);
    expect(await clockKinds()).toEqual(['realtime']);
    expect((await runs()).map((r) => r.id).slice(0, 2)).toEqual([started.id, expect.any(String)]);
  });

  it('gives the clock back when a client started a scenario and "Reset the demo" came next', async () => {
    await trpc(stack, operator, 'mutation', 'clock.set', { mode: { kind: 'accelerated', factor: 5 } });
    expect((await trpc(stack, operator, 'mutation', 'scenario.start', { scenario: file, stepped: true })).code).toBeUndefined();
    expect(await clockKinds()).toEqual(['stepped']);
    await trpc(stack, operator, 'mutation', 'scenario.stop');
    // Stopped: the clock as it was before the scenario.
    expect(await clockKinds()).toEqual(['accelerated']);
    await trpc(stack, operator, 'mutation', 'scenario.start', { scenario: file, stepped: true });
    await trpc(stack, operator, 'mutation', 'demo.set', { preset: 'lively' });
    // Reset the demo: the scenario ends and the clock runs in real time.
    expect(await clockKinds()).toEqual(['realtime']);
    const status = (await trpc(stack, operator, 'query', 'scenario.status')).data as { scenario: { running: boolean } | null };
    expect(status.scenario?.running ?? false).toBe(false);
  });
});
