/**
 * Run one scenario headless against a running core (the CLI and the CI test use this):
 * 1. log in (mock log-in), start the scenario through the control plane — the fleet restarts from
 *    the scenario's seed, the simulator applies the device-side steps (faults) at their exact
 *    simulated times;
 * 2. walk the timeline in order: bring the scenario's simulated time to each step, make the user's
 *    REST calls and check the answers, and check what the core reports until each expectation holds
 *    (or, with `hold`, keeps holding) within its window of simulated time;
 * 3. stop the scenario; the result lists every step with what failed.
 *
 * Simulated time moves only by the runner's own advances, on the stepped clock: it advances the
 * clock by at most `stepMs` at a time and the control plane answers once the core has applied what
 * the devices reported meanwhile, so each check sees the core exactly at the simulated time it
 * names, and every wait and every window (`within`, `hold`) is measured on that clock — a busy
 * machine makes the run slower, never different. `stepped` runs as fast as the core answers (what
 * CI uses); at a speed (×N: to watch a scenario in the console, the CLI's `--speed`, the panel's
 * ×N and real time) the runner paces its advances so that simulated time goes no faster than N
 * times wall time — the same steps, the same checks, so ×20 passes wherever stepped passes.
 */
import {
  ClockStatus,
  describeRefProblem,
  ManagedServiceList,
  resolveScenarioRefs,
  ScenarioStatusReply,
  ShardFleetCheck,
  showScenarioRefs,
  type FleetNames,
  type NamedDevice,
  type ScenarioFile,
  type ScenarioResult,
  type ScenarioStep,
  type ScenarioStepResult,
} from '@fleet/contracts';
import { CoreClient, type CoreClientOptions } from './client.js';
import { checkCore, checkFleetAnswers, checkUnit, type CoreViews } from './expect.js';
import { isDeviceStep } from './timeline.js';

export interface RunnerOptions extends CoreClientOptions {
  /** Control-plane user (super_user or staff). */
  username?: string;
  /** Password of the mock's demo users (every seeded user has the same). */
  password: string;
  /** The pace (simulated time at most this many times wall time): the scenario's factor unless given. */
  speed?: number;
  /** Step simulated time as fast as the core answers, with no pace (see the module). */
  stepped?: boolean;
  /** The simulated ms of one advance (checks run after each); 500 by default. */
  stepMs?: number;
  /** Default window of an expectation, simulated ms. */
  defaultWithinMs?: number;
  log?: (line: string) => void;
  /** Each step's outcome as it is known (a live view: the console's panel). */
  onStep?: (result: StepResult) => void;
  /** Stops the run (the panel's Stop): the scenario stops and the run ends with what it had. */
  signal?: AbortSignal;
  /** A session for `username` instead of a log-in with `password` (the core running a run for its panel). */
  session?: (username: string) => Promise<string>;
}

/** One step's outcome (the contracts' type: the core's panel runs keep the same). */
export type StepResult = ScenarioStepResult;
export type { ScenarioResult };

/** What a step checks or does, in words (a step not run yet is shown by it). */
export function stepLabel(step: ScenarioStep): string {
  switch (step.do) {
    case 'fault':
      return `${step.do} ${step.unitId} ${step.fault.type}`;
    case 'serverFault':
      return `${step.do} ${step.serverId} ${step.fault.type}`;
    case 'request':
      return `${step.method} ${step.path}`;
    case 'trialEnds':
      return `trial of ${step.serviceName} (${step.inventoryId}) ends in ${step.endsInMs} ms`;
    case 'expectFleet':
      return 'the fleet keeps its invariants and the core agrees';
    case 'expectUnit':
      return `unit ${step.unitId} ${JSON.stringify(step.check)}`;
    case 'expectCore':
      return `core ${step.unitId ?? step.serverId ?? ''} ${JSON.stringify(step.check)}`;
  }
}

class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

const DEFAULT_WITHIN_MS = 15_000;

/** clock.set's answer: each shard's clock after the change. */
const ClockReply = ClockStatus.array();

type RunnerStep = Extract<ScenarioStep, { do: 'request' | 'trialEnds' | 'expectUnit' | 'expectCore' | 'expectFleet' }>;

/** The step kinds that name a unit or a server (by id or by name). */
const namesUnit = (s: ScenarioStep) => (s.do === 'fault' || s.do === 'expectUnit' || s.do === 'expectCore') && s.unitId !== undefined;
const namesServer = (s: ScenarioStep) => (s.do === 'serverFault' || s.do === 'expectCore') && s.serverId !== undefined;

/**
 * The fleet's units and servers with their names, as the operator sees them over REST (the units
 * of devices/fetch, the servers of the platform admins' list), read only for the kinds the file names.
 */
async function readFleetNames(client: CoreClient, cookie: string, file: ScenarioFile): Promise<FleetNames> {
  const named = (v: unknown, id: string): NamedDevice[] =>
    Array.isArray(v)
      ? v.flatMap((x: unknown) => {
          const o = typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : {};
          return typeof o[id] === 'string' && typeof o.name === 'string' ? [{ id: o[id], name: o.name }] : [];
        })
      : [];
  const units: NamedDevice[] = [];
  if (file.timeline.some(namesUnit)) {
    const res = await client.rest(cookie, 'GET', '/devices/fetch');
    if (res.status !== 200) throw new Error(`GET devices/fetch answered ${res.status}: the units the scenario names cannot be looked up`);
    units.push(...named(res.body, 'uniqueId'));
  }
  const servers: NamedDevice[] = [];
  if (file.timeline.some(namesServer)) {
    for (let offset = 0; ; ) {
      const res = await client.rest(cookie, 'GET', `/v2/admin/servers?limit=1000&offset=${offset}`);
      if (res.status !== 200) throw new Error(`GET v2/admin/servers answered ${res.status}: the servers the scenario names cannot be looked up`);
      const page = typeof res.body === 'object' && res.body !== null ? (res.body as { items?: unknown; total?: unknown }) : {};
      const items = named(page.items, 'id');
      servers.push(...items);
      offset += Array.isArray(page.items) ? page.items.length : 0;
      if (items.length === 0 || typeof page.total !== 'number' || offset >= page.total) break;
    }
  }
  return { units, servers };
}

export async function runScenario(source: ScenarioFile, opts: RunnerOptions): Promise<ScenarioResult> {
  const t0 = performance.now();
  const client = new CoreClient(opts);
  const log = opts.log ?? (() => {});
  const cookies = new Map<string, string>();
  const cookieFor = async (username: string) => {
    let c = cookies.get(username);
    if (!c) {
      c = opts.session ? await opts.session(username) : await client.login(username, opts.password);
      cookies.set(username, c);
    }
    return c;
  };
  const operator = await cookieFor(opts.username ?? 'super_user');
  // Units and servers named by name become their ids; a name the fleet does not have fails the run before it starts.
  const fleet = await readFleetNames(client, operator, source);
  const { file, problems } = resolveScenarioRefs(source, fleet);
  if (problems.length > 0) {
    const steps = problems.map((p) => ({
      index: p.index,
      at: source.timeline[p.index]?.at ?? 0,
      step: p.step,
      ok: false,
      detail: describeRefProblem(p),
      doneAt: 0,
    }));
    for (const r of steps) {
      log(`✗ ${r.detail}`);
      opts.onStep?.(r);
    }
    return { name: source.name, ok: false, steps, wallMs: Math.round(performance.now() - t0) };
  }
  /** A step in words, its units and servers by name and id (what the console shows). */
  const shown = showScenarioRefs(source, fleet);
  const labelOf = (index: number, step: ScenarioStep) => stepLabel(shown.timeline[index] ?? step);
  /** Simulated ms per wall ms at most; null: as fast as the core answers. */
  const pace = opts.stepped ? null : (opts.speed ?? file.speed);
  const stepMs = opts.stepMs ?? 500;

  // Always on the stepped clock; a pace is told to the core (its header shows the run's speed).
  await client.mutate(operator, 'scenario.start', { scenario: file, reset: true, stepped: true, ...(pace === null ? {} : { speed: pace }) });
  let lastElapsed = 0;
  let coreNow = 0;
  /** The scenario's start on the simulated clock (the clock's time less the scenario's elapsed time). */
  let startedAt = 0;
  const elapsed = async (): Promise<number> => {
    const s = ScenarioStatusReply.parse(await client.query(operator, 'scenario.status'));
    if (!s.scenario || s.scenario.name !== file.name) throw new Error('the scenario is no longer running on the simulator');
    if (s.clock.kind !== 'stepped') throw new Error(`the simulator clock is ${s.clock.kind}: someone else changed it during the run`);
    lastElapsed = s.scenario.elapsedMs;
    startedAt = s.clock.now - s.scenario.elapsedMs;
    coreNow = s.coreNow;
    return lastElapsed;
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /**
   * At a pace, the wall time an advance to `target` simulated ms of the run may start at: the run's
   * wall start plus the simulated time over the pace. A run that fell behind (a busy machine) moves
   * its start up instead of rushing to catch up: it goes on at the pace from where it is.
   */
  let paceStart = performance.now();
  const keepPace = async (target: number) => {
    if (pace === null) return;
    const due = paceStart + target / pace;
    const now = performance.now();
    if (due > now) await sleep(due - now);
    else paceStart += now - due;
  };
  /**
   * Move simulated time forward by `ms` (the core settled when this resolves). The clock's answer
   * carries its time, so the elapsed time needs no second call; the scenario's own status is read
   * once per timeline step (waitUntil), which also notices a scenario stopped under the run.
   */
  const advance = async (ms: number) => {
    const step = Math.max(1, Math.round(ms));
    await keepPace(lastElapsed + step);
    checkStop();
    const clocks = ClockReply.parse(await client.mutate(operator, 'clock.set', { advanceMs: step }));
    const clock = clocks[0];
    if (!clock || clock.kind !== 'stepped') throw new Error(`the simulator clock is ${clock?.kind ?? 'gone'}: someone else changed it during the run`);
    lastElapsed = clock.now - startedAt;
    return lastElapsed;
  };
  const checkStop = () => {
    if (opts.signal?.aborted) throw new Stopped();
  };
  const record = (r: StepResult) => {
    results.push(r);
    opts.onStep?.(r);
  };
  let stopped = false;
  const waitUntil = async (at: number) => {
    checkStop();
    let now = await elapsed();
    while (now < at) {
      checkStop();
      now = await advance(Math.min(stepMs, at - now));
    }
  };

  const results: StepResult[] = [];
  const steps = file.timeline
    .map((step, index) => ({ step, index }))
    .filter((x): x is { step: RunnerStep; index: number } => x.step.do !== 'fault' && x.step.do !== 'serverFault')
    .sort((a, b) => a.step.at - b.step.at || a.index - b.index);
  try {
    for (const { step, index } of steps) {
      await waitUntil(step.at);
      const r = await runStep(step, labelOf(index, step));
      record({ index, at: step.at, step: step.do, ...r, doneAt: lastElapsed });
      log(`${r.ok ? '✓' : '✗'} ${(lastElapsed / 1000).toFixed(1).padStart(6)}s  ${r.detail}`);
    }
    for (const r of await deviceStepOutcomes()) {
      record(r);
      if (!r.ok || r.detail.includes('refused')) log(`${r.ok ? '✓' : '✗'} ${(r.at / 1000).toFixed(1).padStart(6)}s  ${r.detail}`);
    }
  } catch (e) {
    if (e instanceof Stopped) {
      stopped = true;
      log('■ stopped');
    } else {
      record({
        index: -1,
        at: lastElapsed,
        step: 'expectCore',
        ok: false,
        detail: `runner: ${e instanceof Error ? e.message : String(e)}`,
        doneAt: lastElapsed,
      });
      log(`✗ runner: ${e instanceof Error ? e.message : String(e)}`);
    }
  } finally {
    await client.mutate(operator, 'scenario.stop').catch(() => undefined);
  }
  return {
    name: file.name,
    ok: !stopped && results.every((r) => r.ok),
    ...(stopped ? { stopped } : {}),
    steps: results,
    wallMs: Math.round(performance.now() - t0),
  };

  async function runStep(step: RunnerStep, label: string): Promise<{ ok: boolean; detail: string }> {
    if (step.do === 'request') {
      const cookie = await cookieFor(step.as ?? opts.username ?? 'super_user');
      const res = await client.rest(cookie, step.method, step.path, step.body);
      const err =
        typeof res.body === 'object' && res.body !== null && 'error' in res.body
          ? (res.body as { error: { code?: string; deviceCode?: number } }).error
          : undefined;
      const problems: string[] = [];
      const want = step.expect;
      if (want?.status !== undefined && res.status !== want.status)
        problems.push(`HTTP ${res.status}, expected ${want.status}${err?.code ? ` (${err.code})` : ''}`);
      if (want?.status === undefined && (res.status < 200 || res.status > 299)) problems.push(`HTTP ${res.status}${err?.code ? ` (${err.code})` : ''}`);
      if (want?.code !== undefined && err?.code !== want.code) problems.push(`error code ${String(err?.code)}, expected ${want.code}`);
      if (want?.deviceCode !== undefined && err?.deviceCode !== want.deviceCode)
        problems.push(`device code ${String(err?.deviceCode)}, expected ${want.deviceCode}`);
      const what = `${step.method} ${step.path} → ${res.status}${err?.code ? ` ${err.code}` : ''}`;
      return { ok: problems.length === 0, detail: problems.length ? `${what}: ${problems.join('; ')}` : what };
    }
    if (step.do === 'trialEnds') return trialEnds(step);
    const within = step.within ?? opts.defaultWithinMs ?? DEFAULT_WITHIN_MS;
    const until = step.at + within;
    let problems: string[] = [];
    for (;;) {
      checkStop();
      problems = await check(step);
      // Simulated time moves only by the runner's own advances: lastElapsed is current.
      const now = lastElapsed;
      if (step.hold) {
        if (problems.length > 0) break;
        if (now >= until) break;
      } else if (problems.length === 0 || now >= until) {
        break;
      }
      await advance(Math.min(stepMs, until - now));
    }
    const note = step.note ? ` — ${step.note}` : '';
    return { ok: problems.length === 0, detail: problems.length ? `${label}: ${problems.join('; ')}${note}` : `${label}${note}` };
  }

  /** The service on a trial ending `endsInMs` simulated ms from now (an admin change over the service's current version). */
  async function trialEnds(step: Extract<RunnerStep, { do: 'trialEnds' }>): Promise<{ ok: boolean; detail: string }> {
    const what = `trial of ${step.serviceName} (${step.inventoryId}) ends in ${step.endsInMs} ms`;
    const list = await client.rest(operator, 'GET', `/v2/inventories/${encodeURIComponent(step.inventoryId)}/managedServices`);
    const parsed = ManagedServiceList.safeParse(list.body);
    const current = parsed.success ? parsed.data.items.find((s) => s.serviceName === step.serviceName) : undefined;
    if (list.status !== 200 || !current) return { ok: false, detail: `${what}: GET managedServices answered ${list.status}` };
    // The core compares the end with its business time, which follows the simulated clock.
    await elapsed();
    const endsAt = new Date(coreNow + step.endsInMs).toISOString();
    const body = { version: current.version, status: 'disabled', trialState: 'activeTrial', trialEndsAt: endsAt };
    const res = await client.rest(operator, 'PUT', `/v2/admin/inventories/${encodeURIComponent(step.inventoryId)}/managedServices/${step.serviceName}`, body);
    return res.status === 200 ? { ok: true, detail: what } : { ok: false, detail: `${what}: PUT answered ${res.status}` };
  }

  /**
   * Once every device-side step is applied: each must have been accepted by its device, or refused
   * with exactly the ErrorCode it names in `refusedWith`.
   */
  async function deviceStepOutcomes(): Promise<StepResult[]> {
    const dev = file.timeline.map((step, index) => ({ step, index })).filter((x) => isDeviceStep(x.step));
    if (dev.length === 0) return [];
    // On the stepped clock every step due by then is applied once the clock has reached it.
    await waitUntil(Math.max(...dev.map((x) => x.step.at)));
    const status = ScenarioStatusReply.parse(await client.query(operator, 'scenario.status'));
    const outcomes = status.scenario?.outcomes ?? [];
    return dev.map(({ step, index }) => {
      if (!isDeviceStep(step)) throw new Error('unreachable');
      const label = labelOf(index, step);
      const o = outcomes.find((x) => x.index === index);
      const base = { index, at: step.at, step: step.do, doneAt: lastElapsed };
      if (!o) return { ...base, ok: false, detail: `${label}: not applied (no shard runs this device)` };
      if (step.refusedWith !== undefined) {
        const ok = o.error === step.refusedWith;
        return {
          ...base,
          ok,
          detail: ok
            ? `${label}: refused with ${o.error}`
            : `${label}: ${o.error ? `refused with ${o.error}` : 'accepted'}, expected refusal ${step.refusedWith}`,
        };
      }
      return o.error ? { ...base, ok: false, detail: `${label}: refused with ${o.error}` } : { ...base, ok: true, detail: `${label}: applied` };
    });
  }

  async function check(step: Extract<RunnerStep, { do: 'expectUnit' | 'expectCore' | 'expectFleet' }>): Promise<string[]> {
    if (step.do === 'expectFleet') {
      const fleet = ShardFleetCheck.parse(await client.query(operator, 'fleet.check'));
      const servers: Record<string, unknown> = {};
      for (const s of fleet.servers) servers[s.serverId] = (await client.rest(operator, 'GET', `/servers/${encodeURIComponent(s.serverId)}/status`)).body;
      const [units, channels] = await Promise.all([client.rest(operator, 'GET', '/devices/fetch'), client.rest(operator, 'GET', '/channels/fetch')]);
      return checkFleetAnswers(fleet, { units: units.body, channels: channels.body, servers });
    }
    if (step.do === 'expectUnit') {
      const res = await client.rest(operator, 'GET', `/v2/units/${encodeURIComponent(step.unitId)}`);
      if (res.status !== 200) return [`GET v2/units/${step.unitId} answered ${res.status}`];
      return checkUnit(res.body, step.check);
    }
    const views: CoreViews = {};
    if (step.unitId) views.unit = await client.query(operator, 'core.unit', { unitId: step.unitId });
    if (step.serverId) views.server = await client.query(operator, 'core.server', { serverId: step.serverId });
    if (step.check.channel) views.channel = await client.query(operator, 'core.channel', { channelId: step.check.channel.channelId });
    if (step.check.managedService)
      views.managedServices = (
        await client.rest(operator, 'GET', `/v2/inventories/${encodeURIComponent(step.check.managedService.inventoryId)}/managedServices`)
      ).body;
    if (step.check.vrChannel) views.vrChannel = await client.query(operator, 'core.vrChannel', { vrChannelId: step.check.vrChannel.vrChannelId });
    return checkCore(views, step.check);
  }
}
