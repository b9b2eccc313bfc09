/**
 * The runner's outcomes against a fake core (the control plane and REST over a stand-in fetch, the
 * clock stepped by the runner's own advances): a check that holds passes, one that does not fails
 * with the value observed once its window has passed, a stopped run ends stopped with what it had,
 * and each step's outcome is told as it comes.
 */
import { describe, expect, it } from 'vitest';
import { MOCK_AUTH, ScenarioFile } from '@fleet/contracts';
import { runScenario, type StepResult } from './runner.js';

const idle = ScenarioFile.parse({
  name: 'fake-run',
  description: 'Two checks on a unit that stays idle',
  timeline: [
    { do: 'expectUnit', at: 0, unitId: 'U1', check: { status: 'idle' } },
    { do: 'expectUnit', at: 1000, unitId: 'U1', within: 2000, check: { status: 'streaming' } },
    { do: 'expectUnit', at: 5000, unitId: 'U1', check: { status: 'idle' } },
  ],
});

/** A core whose unit U1 is idle whatever happens; its simulated clock moves only by `clock.set` advances. */
function fakeCore(file: ScenarioFile = idle) {
  let now = 1_000_000;
  const startedAt = now;
  const calls: string[] = [];
  const json = (data: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === MOCK_AUTH.loginPath) return json({}, { 'set-cookie': `${MOCK_AUTH.sessionCookie}=token; Path=/` });
    if (path === '/mock/trpc/clock.set') {
      now += (JSON.parse(String(init?.body)) as { advanceMs: number }).advanceMs;
      return json({ result: { data: [{ shardId: 's', kind: 'stepped', factor: 1, now }] } });
    }
    if (path === '/mock/trpc/scenario.status') {
      const scenario = { name: file.name, running: true, startedAt, elapsedMs: now - startedAt, stepsApplied: 0, stepsTotal: 0, outcomes: [] };
      return json({ result: { data: { scenario, clock: { kind: 'stepped', factor: 1, now }, coreNow: now } } });
    }
    if (path.startsWith('/mock/trpc/')) return json({ result: { data: null } });
    if (path === '/api/v2/units/U1') return json({ uniqueId: 'U1', status: 'idle' });
    if (path === '/api/devices/fetch') return json([{ uniqueId: 'U1', name: 'Camera One', status: 'idle' }]);
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const file = idle;

describe('the scenario runner', () => {
  it('passes what holds, fails what does not with the value observed, and tells each outcome as it comes', async () => {
    const core = fakeCore();
    const told: StepResult[] = [];
    const r = await runScenario(file, { baseUrl: 'http://core', password: 'p', stepped: true, fetch: core.fetch, onStep: (s) => told.push(s) });
    expect(r.ok).toBe(false);
    expect(r.stopped).toBeUndefined();
    expect(r.steps.map((s) => [s.index, s.ok])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
    expect(r.steps[1]!.detail).toContain('status = "idle", expected streaming');
    // The failed check waited out its window of simulated time first.
    expect(r.steps[1]!.doneAt).toBe(3000);
    expect(told).toEqual(r.steps);
    expect(core.calls.at(-1)).toBe('POST /mock/trpc/scenario.stop');
  });

  it('ends stopped when its signal says so: the scenario is stopped, the steps not reached have no outcome', async () => {
    const core = fakeCore();
    const abort = new AbortController();
    const r = await runScenario(file, {
      baseUrl: 'http://core',
      password: 'p',
      stepped: true,
      fetch: core.fetch,
      signal: abort.signal,
      onStep: () => abort.abort(),
    });
    expect(r).toMatchObject({ ok: false, stopped: true });
    expect(r.steps.map((s) => s.index)).toEqual([0]);
    expect(core.calls.at(-1)).toBe('POST /mock/trpc/scenario.stop');
  });

  it('finds a unit named by its name (the step is told as the file says it), and fails before starting on a name the fleet does not have', async () => {
    const byName = ScenarioFile.parse({
      name: 'by-name',
      description: 'A unit named as the console shows it',
      timeline: [{ do: 'expectUnit', at: 0, unitId: 'Camera One', check: { status: 'idle' } }],
    });
    const core = fakeCore(byName);
    const r = await runScenario(byName, { baseUrl: 'http://core', password: 'p', stepped: true, fetch: core.fetch });
    expect(r.steps.map((s) => [s.ok, s.detail])).toEqual([[true, 'unit Camera One (U1) {"status":"idle"}']]);
    expect(core.calls).toContain('GET /api/v2/units/U1');

    const unknown = ScenarioFile.parse({ ...byName, timeline: [{ ...byName.timeline[0], unitId: 'Camera Two' }] });
    const other = fakeCore(unknown);
    const lines: string[] = [];
    const bad = await runScenario(unknown, { baseUrl: 'http://core', password: 'p', stepped: true, fetch: other.fetch, log: (l) => lines.push(l) });
    expect(bad.ok).toBe(false);
    expect(bad.steps.map((s) => s.detail)).toEqual(['step 1 (expectUnit): unitId: no unit named "Camera Two" in the fleet (nor with that id)']);
    expect(lines).toEqual(['✗ step 1 (expectUnit): unitId: no unit named "Camera Two" in the fleet (nor with that id)']);
    expect(other.calls).not.toContain('POST /mock/trpc/scenario.start');
  });

  it('at ×20 on a loaded machine, every wait and window is on the simulated clock: the run passes as stepped does, never faster than ×20', async () => {
    // A unit streams from 1 s to 3 s of simulated time only; the expectation's window is that second.
    const brief = ScenarioFile.parse({
      name: 'brief-stream',
      description: 'A unit that streams for two simulated seconds',
      speed: 20,
      timeline: [
        { do: 'expectUnit', at: 1000, unitId: 'U1', within: 1000, check: { status: 'streaming' } },
        { do: 'expectUnit', at: 3500, unitId: 'U1', check: { status: 'idle' } },
      ],
    });
    const core = loadedCore(brief, 60);
    const lines: string[] = [];
    const started = performance.now();
    const r = await runScenario(brief, { baseUrl: 'http://core', password: 'p', fetch: core.fetch, log: (l) => lines.push(l) });
    expect(
      r.steps.filter((s) => !s.ok).map((s) => s.detail),
      lines.join('\n'),
    ).toEqual([]);
    expect(r.steps.map((s) => s.doneAt)).toEqual([1000, 3500]);
    // The clock was stepped by the run, told its pace, and went no faster than 20 times wall time.
    expect(core.started).toMatchObject({ stepped: true, speed: 20 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(3500 / 20);
  });
});

/**
 * A core on a loaded machine: every answer takes `lagMs` of wall time; its clock runs at the
 * scenario's factor on wall time unless the run starts it stepped; unit U1 streams from 1 s to 3 s
 * of the run's simulated time.
 */
function loadedCore(file: ScenarioFile, lagMs: number) {
  const wallStart = performance.now();
  const t0 = 1_000_000;
  let stepped = false;
  let factor = file.speed;
  let steppedNow = t0;
  const now = () => (stepped ? steppedNow : Math.floor(t0 + (performance.now() - wallStart) * factor));
  let started: Record<string, unknown> | null = null;
  const json = (data: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  const clock = () => ({ shardId: 's', kind: stepped ? 'stepped' : 'accelerated', factor: stepped ? 1 : factor, now: now() });
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    await new Promise((r) => setTimeout(r, lagMs));
    const path = new URL(String(input)).pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === MOCK_AUTH.loginPath) return json({}, { 'set-cookie': `${MOCK_AUTH.sessionCookie}=token; Path=/` });
    if (path === '/mock/trpc/scenario.start') {
      started = { stepped: body.stepped, speed: body.speed };
      stepped = body.stepped === true;
      if (!stepped) factor = typeof body.speed === 'number' ? body.speed : factor;
      return json({ result: { data: null } });
    }
    if (path === '/mock/trpc/clock.set') {
      if (!stepped) return new Response(JSON.stringify({ error: { message: 'CLOCK_NOT_STEPPED' } }), { status: 400 });
      steppedNow += body.advanceMs as number;
      return json({ result: { data: [clock()] } });
    }
    if (path === '/mock/trpc/scenario.status') {
      const scenario = { name: file.name, running: true, startedAt: t0, elapsedMs: now() - t0, stepsApplied: 0, stepsTotal: 0, outcomes: [] };
      return json({ result: { data: { scenario, clock: clock(), coreNow: now() } } });
    }
    if (path.startsWith('/mock/trpc/')) return json({ result: { data: null } });
    const elapsed = now() - t0;
    if (path === '/api/v2/units/U1') return json({ uniqueId: 'U1', status: elapsed >= 1000 && elapsed < 3000 ? 'streaming' : 'idle' });
    if (path === '/api/devices/fetch') return json([{ uniqueId: 'U1', name: 'Camera One', status: 'idle' }]);
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    get started() {
      return started;
    },
  };
}
