/**
 * Scenario runs and the clock they borrow (mock only).
 *
 * The clock: a scenario sets the simulated clock (stepped, or its factor); when the run ends —
 * its runner stops it, it is stopped from the panel, the demo is reset, or its client goes quiet
 * (a CLI killed, a browser closed: no control-plane call of its session for `LEASE_MS`) — the
 * clock goes back to the mode it had before the run. "Reset the demo" returns it to real time.
 *
 * Panel runs: the console's Simulator panel runs a library scenario as a test in the core itself:
 * the simulator's runner (handed in by the composition root, apps/stack: the core never imports
 * the simulator) drives the scenario over the app's own request path, as the run's user; each
 * step's outcome is kept as it comes, with a verdict at the end. The last `KEEP_RUNS` runs are
 * listed, each with its JUnit XML report.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TRPCError } from '@trpc/server';
import { AppError } from '../errors.js';
import {
  GLOBAL_SCOPE_ROLES,
  hasAnyRole,
  MOCK_AUTH,
  showScenarioRefs,
  type ClockModeInput,
  type FleetNames,
  type ControlRequest,
  type ScenarioFile,
  type ScenarioRun,
  type ScenarioRunSpeed,
  type ScenarioResult,
  type ScenarioRunStep,
  type ScenarioStatus,
  type ScenarioStep,
  type ScenarioStepResult,
  type ShardStatus,
} from '@fleet/contracts';

export interface RunnerOptions {
  baseUrl: string;
  prefix: string;
  password: string;
  username: string;
  fetch: typeof fetch;
  session: (username: string) => Promise<string>;
  speed?: number;
  stepped?: boolean;
  onStep: (result: ScenarioStepResult) => void;
  signal: AbortSignal;
}
/** What the core needs of the simulator's scenario runner (the composition root hands it in). */
export interface ScenarioRunnerPort {
  run(file: ScenarioFile, options: RunnerOptions): Promise<ScenarioResult>;
  junit(runs: { file: ScenarioFile; result: ScenarioResult; startedAt?: string }[]): string;
  label(step: ScenarioStep): string;
}

/** A client that made no control-plane call for this long has gone away: its run ends. */
export const LEASE_MS = 15_000;
/** Panel runs kept for the list. */
export const KEEP_RUNS = 20;

type Control = (app: FastifyInstance, request: ControlRequest) => Promise<ShardStatus[]>;

interface PanelRun {
  record: ScenarioRun;
  file: ScenarioFile;
  abort: AbortController;
  result: ScenarioResult | null;
  done: Promise<void>;
}

const modeOf = (clock: ShardStatus['clock']): ClockModeInput =>
  clock.kind === 'stepped' ? { kind: 'stepped' } : clock.kind === 'accelerated' ? { kind: 'accelerated', factor: clock.factor } : { kind: 'realtime' };

const iso = (ms: number) => new Date(ms).toISOString();

export class ScenarioRuns {
  /** The clock's mode before a scenario took it; null while no scenario holds it. */
  private before: ClockModeInput | null = null;
  /** The pace of the scenario holding the clock (see `pace`). */
  private runPace: number | null = null;
  /** The session driving the scenario (its lease), and when it was last heard. */
  private owner: string | undefined;
  private lastSeen = 0;
  private sweep: NodeJS.Timeout | null = null;
  private panel: PanelRun | null = null;
  private readonly runs: PanelRun[] = [];
  private runner: ScenarioRunnerPort | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly control: Control,
  ) {}

  useRunner(runner: ScenarioRunnerPort): void {
    this.runner = runner;
  }

  /** The pace a running scenario steps the clock at (its ×N), null when none (a stepped run as fast as it goes, or no run). */
  pace(): number | null {
    return this.before === null ? null : this.runPace;
  }

  /**
   * A scenario starts driven by `session`: the clock's mode now is what it goes back to. `pace`:
   * the ×N its client steps the stepped clock at (null: not paced).
   */
  async begin(session: string | undefined, pace: number | null = null): Promise<void> {
    this.runPace = pace;
    // A panel's run holds the simulator until it ends: another client waits (or stops it).
    if (this.panel && this.owner !== undefined && this.owner !== session)
      throw new TRPCError({ code: 'CONFLICT', message: `Scenario ${this.panel.record.name} is running from the Simulator panel: stop it first` });
    if (this.before === null) {
      const [first] = await this.control(this.app, { op: 'status' });
      if (first) this.before = modeOf(first.clock);
    }
    this.owner = session;
    this.lastSeen = performance.now();
    if (!this.sweep) {
      this.sweep = setInterval(() => void this.expire(), 1000);
      this.sweep.unref();
    }
  }

  /** A control-plane call from `session`: the client of the running scenario is still there. */
  touch(session: string | undefined): void {
    if (session !== undefined && session === this.owner) this.lastSeen = performance.now();
  }

  /** The scenario stopped: a panel run is told to stop, the clock goes back. */
  async end(): Promise<void> {
    this.panel?.abort.abort();
    this.owner = undefined;
    const before = this.before;
    this.before = null;
    this.runPace = null;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    if (before) await this.control(this.app, { op: 'clock', clock: { mode: before } });
  }

  /** Reset the demo: any run ends, and the clock runs in real time. */
  async resetClock(): Promise<void> {
    if (this.before !== null || this.panel) {
      await this.control(this.app, { op: 'scenarioStop' });
      await this.end();
    }
    await this.control(this.app, { op: 'clock', clock: { mode: { kind: 'realtime' } } });
  }

  private async expire(): Promise<void> {
    if (this.before === null || this.panel || performance.now() - this.lastSeen < LEASE_MS) return;
    this.app.log.info('scenario client went away: the scenario stops, the clock goes back');
    try {
      await this.control(this.app, { op: 'scenarioStop' });
    } catch (err) {
      this.app.log.warn({ err }, 'the scenario could not be stopped');
    }
    await this.end().catch((err: unknown) => this.app.log.warn({ err }, 'the clock could not be put back'));
  }

  /** Run a library scenario as a test for the panel, in the background; answers the run as it starts. */
  async start(file: ScenarioFile, speed: ScenarioRunSpeed, username: string): Promise<ScenarioRun> {
    const runner = this.runner;
    if (!runner) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'This core has no scenario runner' });
    // The steps as people read them: units and servers by name (and id), as the console shows them.
    const shown = showScenarioRefs(file, await fleetNamesOf(this.app));
    if (this.panel || this.before !== null) throw new TRPCError({ code: 'CONFLICT', message: 'A scenario is running: stop it first' });
    const record: ScenarioRun = {
      id: randomUUID(),
      name: file.name,
      description: file.description,
      speed,
      verdict: 'running',
      by: username,
      startedAt: iso(this.app.services.clock.now()),
      endedAt: null,
      elapsedMs: 0,
      steps: shown.timeline.map((step, index) => ({
        index,
        at: step.at,
        do: step.do,
        label: runner.label(step),
        state: 'pending',
        detail: null,
        doneAt: null,
      })),
      error: null,
      reserved: [],
    };
    const abort = new AbortController();
    const run: PanelRun = { record, file, abort, result: null, done: Promise.resolve() };
    this.panel = run;
    this.runs.unshift(run);
    this.runs.splice(KEEP_RUNS);
    run.done = this.drive(run, runner, username);
    return this.view(run);
  }

  private async drive(run: PanelRun, runner: ScenarioRunnerPort, username: string): Promise<void> {
    const { record } = run;
    const sessions: string[] = [];
    try {
      const result = await runner.run(run.file, {
        baseUrl: 'http://core.internal',
        prefix: this.app.config.CORE_PREFIX,
        username,
        password: '',
        fetch: this.injectFetch,
        session: async (name) => {
          const user = await this.app.services.db.user.findUnique({ where: { username: name }, select: { id: true } });
          const token = user ? await this.app.services.auth.openSession(user.id) : null;
          if (!token) throw new Error(`no user ${name} to run the step as`);
          sessions.push(token);
          return `${MOCK_AUTH.sessionCookie}=${token}`;
        },
        ...(record.speed.kind === 'stepped' ? { stepped: true } : { speed: record.speed.kind === 'accelerated' ? record.speed.factor : 1 }),
        onStep: (r) => this.apply(record, r),
        signal: run.abort.signal,
      });
      run.result = result;
      for (const r of result.steps) this.apply(record, r);
      record.verdict = result.stopped ? 'stopped' : result.ok ? 'passed' : 'failed';
    } catch (e) {
      record.error = e instanceof Error ? e.message : String(e);
      record.verdict = run.abort.signal.aborted ? 'stopped' : 'failed';
      run.result = { name: run.file.name, ok: false, steps: [], wallMs: 0 };
      await this.control(this.app, { op: 'scenarioStop' }).catch(() => undefined);
    } finally {
      record.endedAt = iso(this.app.services.clock.now());
      record.reserved = [];
      this.panel = null;
      if (this.before !== null) await this.end().catch(() => undefined);
      for (const token of sessions) await this.app.services.auth.logout(token).catch(() => undefined);
    }
  }

  private apply(record: ScenarioRun, r: ScenarioStepResult): void {
    if (r.index < 0) {
      record.error = r.detail;
      return;
    }
    const step = record.steps[r.index];
    if (!step) return;
    Object.assign(step, { state: r.ok ? 'passed' : 'failed', detail: r.detail, doneAt: r.doneAt } satisfies Partial<ScenarioRunStep>);
    record.elapsedMs = Math.max(record.elapsedMs, r.doneAt);
  }

  /** A copy of a run; a running one with what the shards applied meanwhile (device steps, time reached, reservations). */
  private view(run: PanelRun, status?: ScenarioStatus | null): ScenarioRun {
    const record = structuredClone(run.record);
    if (status && status.name === record.name && record.verdict === 'running') {
      record.elapsedMs = Math.max(record.elapsedMs, status.elapsedMs);
      record.reserved = status.reserved ?? [];
      for (const o of status.outcomes) {
        const step = record.steps[o.index];
        const file = run.file.timeline[o.index];
        if (!step || !file || step.state !== 'pending' || (file.do !== 'fault' && file.do !== 'serverFault')) continue;
        const ok = file.refusedWith === undefined ? o.error === null : o.error === file.refusedWith;
        step.state = ok ? 'passed' : 'failed';
        step.detail = o.error ? `refused with ${o.error}` : 'applied';
        step.doneAt = file.at;
      }
    }
    return record;
  }

  /** The recent runs, newest first (the running one with its live progress). */
  async list(scenario: () => Promise<ScenarioStatus | null>): Promise<ScenarioRun[]> {
    const status = this.panel ? await scenario().catch(() => null) : null;
    return this.runs.map((r) => this.view(r, r === this.panel ? status : null));
  }

  /** Stop the panel's run (the runner stops the scenario and the clock goes back); false when none runs. */
  stopPanel(): boolean {
    if (!this.panel) return false;
    this.panel.abort.abort();
    return true;
  }

  /** Wait for the panel's run to end (tests). */
  async settled(): Promise<void> {
    await this.panel?.done;
  }

  /** A run's JUnit XML report, or null when there is no such run. */
  junit(id: string): { name: string; xml: string } | null {
    const run = this.runs.find((r) => r.record.id === id);
    if (!run || !this.runner) return null;
    const result = run.result ?? { name: run.file.name, ok: false, steps: [], wallMs: 0 };
    return {
      name: `${run.file.name}-${run.record.startedAt.replace(/[:.]/g, '-')}.xml`,
      xml: this.runner.junit([{ file: run.file, result, startedAt: run.record.startedAt }]),
    };
  }

  /** `fetch` over the app's own request path (Fastify's inject): the runner drives this core without a socket. */
  private readonly injectFetch = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const res = await this.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: init?.headers as Record<string, string> | undefined,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) for (const x of v) headers.append(k, String(x));
      else if (v !== undefined) headers.set(k, String(v));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers });
  }) as typeof fetch;

  close(): void {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    this.panel?.abort.abort();
  }
}

/** The fleet's units and servers with their names, from the core's database (a scenario may name them either way). */
export async function fleetNamesOf(app: FastifyInstance): Promise<FleetNames> {
  const [units, servers] = await Promise.all([
    app.services.db.unit.findMany({ select: { id: true, name: true } }),
    app.services.db.server.findMany({ select: { id: true, name: true } }),
  ]);
  return { units, servers };
}

const registry = new WeakMap<FastifyInstance, ScenarioRuns>();

/** The app's scenario runs (made when the control plane is registered: control-plane.ts). */
export function scenarioRunsOf(app: FastifyInstance, control?: Control): ScenarioRuns {
  let runs = registry.get(app);
  if (!runs) {
    if (!control) throw new Error('the control plane is not registered');
    runs = new ScenarioRuns(app, control);
    registry.set(app, runs);
  }
  return runs;
}

/** The simulator's scenario runner for the panel's runs (the composition root hands it in: apps/stack). */
export function useScenarioRunner(app: FastifyInstance, runner: ScenarioRunnerPort): void {
  registry.get(app)?.useRunner(runner);
}

export const MOCK_SCENARIO_RUNS_PATH = '/mock/scenario-runs';

/** A panel run's JUnit XML report, as an attachment (operators: the panel's users). */
export const mockScenarioRunRoutes = (runs: ScenarioRuns) => async (app: FastifyInstance) => {
  app.get<{ Params: { id: string } }>(`${MOCK_SCENARIO_RUNS_PATH}/:id/junit.xml`, async (req, reply) => {
    const user = await app.requireUser(req);
    if (!hasAnyRole(user.roles, GLOBAL_SCOPE_ROLES)) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
    const report = runs.junit(req.params.id);
    if (!report) throw new AppError('NOT_FOUND');
    return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${report.name}"`).send(report.xml);
  });
};
