/**
 * Model-based tests of the simulated fleet with the core in the loop (tests/integration/
 * fleet-model.test.ts): fast-check draws sequences of operations — streams started with and
 * without a channel and stopped (REST), channel selections, reboots and speed tests (unit
 * commands), channel configuration and uploads (REST), recording, forwarding, upgrades, power cuts, link
 * failures and autonomy (the simulator's faults), servers down and back, channels forced and
 * relicensed — and runs them on the stepped clock against a real core. After every operation the
 * clock advances, the core settles, and every fleet invariant is checked: the simulator's own, the
 * core's read model over REST and as /ws folds it, derived counters and group statuses, and that
 * each accepted start took effect. A stream start's answer is predicted from the simulator's truth
 * (the model) and must be the one predicted; any other answer must be 2xx or a catalogue error.
 *
 * A failing sequence shrinks to the shortest that still fails and is written as a scenario file
 * (simulator/scenarios/regressions/): its steps and the answers the model predicts, an
 * `expectFleet` check after each, so it runs with the scenario library from then on.
 */
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import {
  ERROR_CATALOGUE,
  ScenarioFile,
  type ChannelList,
  type FaultTarget,
  type GroupChannelDetails,
  type ScenarioStep,
  type ServerFault,
  type ServerStatusInfo,
  type UnitDetail,
  type UnitFault,
  type UnitSummary,
} from '@fleet/contracts';
import {
  checkDerived,
  checkFleet,
  CommandLedger,
  compareReadModel,
  compareViews,
  describeViolation,
  emptyCoreView,
  readFleet,
  type ChannelListAnswer,
  type CoreView,
  type Engine,
  type FleetTruth,
  type UnitStatusEventSeen,
  type Violation,
} from '@fleet/simulator';
import type { WsClient } from '../integration/realtime-client.js';
import { devicesSettled } from './stack.js';

/** Units of the seeded fleet the operations pick from (valid licences, every type group that streams). */
export const MODEL_UNITS = [
  'LU800-0001',
  'LU800-0002',
  'LU800-0003',
  'LU300-0001',
  'SOLO-0001',
  'LULITE-0001',
  'LUSMART-0001',
  'LU800-0004',
  'LU300-0002',
] as const;
/** Channels of the seeded hubs and transceiver. */
export const MODEL_CHANNELS = ['MMH-0001-CH1', 'MMH-0001-CH2', 'MMH-0001-CH3', 'MMH-0001-CH4', 'MMH-0002-CH1', 'MMH-0002-CH2', 'TRX-0001-CH1'] as const;
export const MODEL_SERVERS = ['MMH-0001', 'MMH-0002', 'TRX-0001'] as const;

/** The longest start-up of a stream at the model's timings, with room: an accepted start must show by then. */
const SETTLE_MS = 4000;
/** Simulated time a regression scenario gives each step before its check. */
const STEP_GAP_MS = 500;

export interface ModelEnv {
  app: FastifyInstance;
  engine: Engine;
  cookie: string;
  ws: WsClient;
  groups: readonly string[];
}

/** What one run holds: the ledger, the /ws fold, the steps done (for a regression file). */
export class FleetRun {
  readonly ledger = new CommandLedger(SETTLE_MS);
  ws: CoreView = emptyCoreView('/ws');
  private wsSeen = 0;
  private readonly statusEvents: UnitStatusEventSeen[] = [];
  readonly steps: { step: ScenarioStep; label: string }[] = [];
  private startedAt = 0;

  constructor(readonly env: ModelEnv) {}

  get prefix(): string {
    return this.env.app.config.CORE_PREFIX;
  }

  /** Simulated ms since the run's fleet restarted. */
  elapsed(): number {
    return this.env.engine.clock.now() - this.startedAt;
  }

  truth(): FleetTruth {
    const e = this.env.engine;
    return readFleet(e.units(), e.servers(), e.clock.now());
  }

  /** Restart the fleet from the seed (the core forgets what devices raised), boot it, fold /ws from REST. */
  async reset(): Promise<void> {
    const { app, engine } = this.env;
    const startAt = app.services.clock.now();
    await app.services.fleet.onReset(startAt);
    engine.control({ op: 'reset', seed: 1, startAt });
    this.startedAt = engine.clock.now();
    await this.advance(3000);
    const rest = await this.restView();
    this.ws = { source: '/ws', units: new Map(rest.units), channels: new Map(rest.channels), servers: new Map(rest.servers) };
    this.wsSeen = this.env.ws.events.length;
  }

  /** Advance the simulated clock in half seconds, the core applying what the devices report. */
  async advance(ms: number): Promise<void> {
    for (let t = 0; t < ms; t += 500) {
      this.env.engine.clock.advance(Math.min(500, ms - t));
      await devicesSettled(this.env.app);
    }
    await devicesSettled(this.env.app);
  }

  async rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await this.env.app.inject({
      method,
      url: `${this.prefix}${path}`,
      headers: { cookie: this.env.cookie },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      // Not JSON: the status says enough.
    }
    return { status: res.statusCode, json };
  }

  private async restView(lists?: ChannelListAnswer[]): Promise<CoreView> {
    const view = emptyCoreView('REST');
    const units = (await this.rest('GET', '/devices/fetch')).json as UnitSummary[];
    for (const u of units) view.units.set(u.uniqueId, { status: u.status });
    // The list does not carry the tally: the detail of each unit the operations touch does.
    for (const id of MODEL_UNITS) {
      const d = (await this.rest('GET', `/v2/units/${id}`)).json as UnitDetail;
      view.units.set(id, { status: d.status, tally: d.tally });
    }
    const channels = (await this.rest('GET', '/channels/fetch')).json as ChannelList;
    for (const c of channels.channels) view.channels.set(c.channelId, { status: c.status, allocatedTo: c.allocatedToUnitUid });
    lists?.push({ subject: 'channels/fetch', channels: channels.channels, counters: channels.counters });
    for (const s of this.env.engine.servers()) {
      const r = await this.rest('GET', `/servers/${s.id}/status`);
      if (r.status === 200) view.servers.set(s.id, { status: (r.json as ServerStatusInfo).status });
    }
    if (lists) {
      for (const g of this.env.groups) {
        const d = (await this.rest('GET', `/v2/groups/${g}/channelDetails`)).json as GroupChannelDetails;
        lists.push({ subject: `group ${g}`, channels: d.channels, counters: d.counters, status: d.status });
      }
    }
    return view;
  }

  /** Fold the /ws events received since the last fold. */
  private foldWs(): void {
    const events = this.env.ws.events;
    for (; this.wsSeen < events.length; this.wsSeen++) {
      const e = events[this.wsSeen]!.event;
      if (e.type === 'unit.status') {
        this.ws.units.set(e.unitId, { status: e.status });
        this.statusEvents.push({ unitId: e.unitId, previous: e.previous, status: e.status, change: e.change });
      } else if (e.type === 'channel.status') this.ws.channels.set(e.channelId, { status: e.status });
      else if (e.type === 'server.status') this.ws.servers.set(e.serverId, { status: e.status });
    }
  }

  /** Every invariant now (the core settled): empty when all hold. */
  async check(): Promise<Violation[]> {
    await devicesSettled(this.env.app);
    const truth = this.truth();
    const out: Violation[] = [...checkFleet(truth), ...this.ledger.check(truth)];
    const lists: ChannelListAnswer[] = [];
    const rest = await this.restView(lists);
    out.push(...compareReadModel(truth, rest, { units: MODEL_UNITS }));
    // /ws frames reach the socket a moment after the core published them: give them that moment.
    let wsDiff: Violation[] = [];
    for (let i = 0; i < 40; i++) {
      this.foldWs();
      wsDiff = compareViews(rest, this.ws);
      if (wsDiff.length === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    out.push(...wsDiff);
    out.push(...checkDerived(lists, this.statusEvents.splice(0)));
    return out;
  }

  record(step: ScenarioStep, label: string): void {
    this.steps.push({ step, label });
  }
}

/** A catalogue refusal: its code is the catalogue's and its message the catalogue's text for it. */
function isCatalogueRefusal(status: number, json: unknown): boolean {
  const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
  if (!error?.code || !(error.code in ERROR_CATALOGUE)) return false;
  const entry = ERROR_CATALOGUE[error.code as keyof typeof ERROR_CATALOGUE];
  return entry.status === status && typeof error.message === 'string' && error.message.length > 0;
}

type Answer = { status: number; code?: string };

/** The answer the core should give to POST v2/units/{id}/stream, from the simulator's truth before it. */
export function predictStart(
  engine: Engine,
  unitId: string,
  channelId: string | null,
  core: { licenceValid: boolean; selectedChannelId: string | null },
): Answer {
  const d = engine.device(unitId);
  if (!d?.online) return { status: 409, code: 'UNIT_OFFLINE' };
  if (!core.licenceValid) return { status: 402, code: 'UNIT_VIDEO_LICENSE_INVALID' };
  if (!d.cameraConnected) return { status: 409, code: 'CAMERA_NOT_CONNECTED' };
  const t = d.truth();
  const video = t.applications.video?.state;
  if (t.speedTest) return { status: 409, code: 'UNIT_BUSY' };
  // The core sends the channel asked for, else the unit's selected one as the core keeps it.
  const asked = channelId ?? core.selectedChannelId;
  if (video !== undefined && video !== 'disconnecting') {
    const current = t.streamChannel ?? t.streamExternal;
    return asked === null || asked === current ? { status: 200 } : { status: 409, code: 'UNIT_BUSY' };
  }
  if (t.applications.upgrade || t.applications.fetchlogs) return { status: 409, code: 'UNIT_BUSY' };
  const wanted = asked;
  const servers = [...engine.servers()];
  const find = (id: string) => {
    for (const s of servers) {
      const c = s.channels.get(id);
      if (c) return { s, c };
    }
    return undefined;
  };
  if (wanted !== null) {
    const found = find(wanted);
    if (!found || !found.c.licensed) return { status: 200 };
    // The channel that winds down under this unit is given back first.
    const ownWindingDown = t.streamChannel === wanted;
    return found.s.online && (found.c.status === 'idle' || ownWindingDown) ? { status: 200 } : { status: 409, code: 'UNIT_OFFLINE' };
  }
  // Given none, the unit takes a free channel of a multimedia hub (its own winding-down one is given back first).
  const free = servers.some(
    (s) =>
      s.spec.serverType === 'mmh_server' &&
      s.online &&
      [...s.channels.values()].some((c) => (c.status === 'idle' || c.allocatedTo === unitId) && c.licensed && c.type !== 'input'),
  );
  return free ? { status: 200 } : { status: 409, code: 'UNIT_OFFLINE' };
}

type Real = FleetRun;
type Model = { steps: number };

abstract class Op implements fc.AsyncCommand<Model, Real> {
  constructor(readonly waitMs: number) {}
  check(): boolean {
    return true;
  }
  abstract act(r: Real): Promise<string | null>;
  abstract toString(): string;

  async run(m: Model, r: Real): Promise<void> {
    m.steps++;
    const problem = await this.act(r);
    await r.advance(this.waitMs);
    const found = (await r.check()).map(describeViolation);
    if (problem) found.unshift(problem);
    if (found.length > 0) throw new Error(`after ${this.toString()} (step ${m.steps}):\n  ${found.join('\n  ')}`);
  }

  /** A REST call whose answer is checked against `want` (else: 2xx, or a refusal with a catalogue code and text). */
  protected async call(
    r: Real,
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    want: Answer | null,
  ): Promise<{ problem: string | null; res: { status: number; json: unknown } }> {
    const at = r.elapsed();
    const res = await r.rest(method, path, body);
    const code = (res.json as { error?: { code?: string } } | null)?.error?.code;
    const expected = want ?? { status: res.status, ...(code ? { code } : {}) };
    r.record(
      {
        do: 'request',
        at,
        method,
        path,
        ...(body !== undefined ? { body } : {}),
        expect: { status: expected.status, ...(expected.code ? { code: expected.code } : {}) },
      },
      this.toString(),
    );
    if (want) {
      if (res.status !== want.status || (want.code !== undefined && code !== want.code)) {
        return {
          problem: `[command-answer] ${method} ${path} ${JSON.stringify(body ?? {})} answered ${res.status}${code ? ` ${code}` : ''}; the fleet's state says ${want.status}${want.code ? ` ${want.code}` : ''}`,
          res,
        };
      }
      return { problem: null, res };
    }
    if (res.status >= 200 && res.status < 300) return { problem: null, res };
    if (!isCatalogueRefusal(res.status, res.json))
      return { problem: `[command-answer] ${method} ${path} answered ${res.status} without a catalogue error: ${JSON.stringify(res.json)}`, res };
    return { problem: null, res };
  }

  /** A simulator-side fault or operation (applied at once by the shard). */
  protected fault(r: Real, target: FaultTarget): string | null {
    const at = r.elapsed();
    const out = r.env.engine.inject(target);
    const refusedWith = out.error;
    if ('unitId' in target) r.record({ do: 'fault', at, unitId: target.unitId, fault: target.fault, ...(refusedWith ? { refusedWith } : {}) }, this.toString());
    else r.record({ do: 'serverFault', at, serverId: target.serverId, fault: target.fault, ...(refusedWith ? { refusedWith } : {}) }, this.toString());
    if (refusedWith && !(refusedWith in ERROR_CATALOGUE)) return `[command-answer] ${this.toString()} refused with ${refusedWith}, no catalogue code`;
    return null;
  }
}

export class StartStream extends Op {
  constructor(
    readonly unitId: string,
    readonly channelId: string | null,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    const detail = (await r.rest('GET', `/v2/units/${this.unitId}`)).json as UnitDetail;
    const want = predictStart(r.env.engine, this.unitId, this.channelId, {
      licenceValid: detail.licenseValid,
      selectedChannelId: detail.selectedChannel.channelId,
    });
    const body = this.channelId ? { channelId: this.channelId } : undefined;
    const { problem, res } = await this.call(r, 'POST', `/v2/units/${this.unitId}/stream`, body, want);
    if (res.status === 200) r.ledger.streamAccepted(this.unitId, this.channelId, r.env.engine.clock.now(), this.toString());
    return problem;
  }
  toString(): string {
    return `POST v2/units/${this.unitId}/stream${this.channelId ? ` {channelId: ${this.channelId}}` : ''} +${this.waitMs}ms`;
  }
}

export class StopStream extends Op {
  constructor(
    readonly unitId: string,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    r.ledger.release(this.unitId);
    const online = r.env.engine.device(this.unitId)?.online === true;
    return (await this.call(r, 'DELETE', `/v2/units/${this.unitId}/stream`, undefined, online ? { status: 200 } : { status: 409, code: 'UNIT_OFFLINE' }))
      .problem;
  }
  toString(): string {
    return `DELETE v2/units/${this.unitId}/stream +${this.waitMs}ms`;
  }
}

/** A unit command (select a channel, reboot, speed test). */
export class UnitCommandOp extends Op {
  constructor(
    readonly unitId: string,
    readonly command: 'setVirtualChannel' | 'reboot' | 'speedTest',
    readonly channelId: string,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    if (this.command === 'reboot') r.ledger.release(this.unitId);
    const body = this.command === 'reboot' ? {} : { channelId: this.channelId };
    return (await this.call(r, 'POST', `/devices/${this.unitId}/commands/${this.command}`, body, null)).problem;
  }
  toString(): string {
    return `${this.command} ${this.unitId}${this.command === 'reboot' ? '' : ` ${this.channelId}`} +${this.waitMs}ms`;
  }
}

/** Upload one of the unit's recorded files (POST v2/units/{id}/storages/files/upload): sent while `forward` runs. */
export class UploadFile extends Op {
  constructor(
    readonly unitId: string,
    readonly nth: number,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    const files = await r.env.app.services.db.file.findMany({
      where: { unitId: this.unitId, kind: 'recorded' },
      orderBy: { path: 'asc' },
      select: { path: true },
    });
    const file = files[this.nth % Math.max(1, files.length)];
    if (!file) return null;
    return (await this.call(r, 'POST', `/v2/units/${this.unitId}/storages/files/upload`, { paths: [file.path] }, null)).problem;
  }
  toString(): string {
    return `upload recorded file #${this.nth} of ${this.unitId} +${this.waitMs}ms`;
  }
}

/** A channel configuration change: refused ("The channel is busy…") while the channel collects. */
export class ChannelConfig extends Op {
  constructor(
    readonly channelId: string,
    waitMs: number,
  ) {
    super(waitMs);
  }
  async act(r: Real): Promise<string | null> {
    const c = [...r.env.engine.servers()].map((s) => s.channels.get(this.channelId)).find((x) => x !== undefined);
    const want: Answer | null = c?.status === 'collecting' ? { status: 409, code: 'CHANNEL_BUSY' } : null;
    return (await this.call(r, 'PUT', `/channels/${this.channelId}/ffmpeg`, { enabled: true, override: '-c:v libx264' }, want)).problem;
  }
  toString(): string {
    return `PUT channels/${this.channelId}/ffmpeg +${this.waitMs}ms`;
  }
}

export class UnitFaultOp extends Op {
  constructor(
    readonly unitId: string,
    readonly f: UnitFault,
    waitMs: number,
  ) {
    super(waitMs);
  }
  act(r: Real): Promise<string | null> {
    if (this.f.type === 'power' || this.f.type === 'upgrade' || this.f.type === 'reboot') r.ledger.release(this.unitId);
    return Promise.resolve(this.fault(r, { unitId: this.unitId, fault: this.f }));
  }
  toString(): string {
    return `fault ${this.unitId} ${JSON.stringify(this.f)} +${this.waitMs}ms`;
  }
}

export class ServerFaultOp extends Op {
  constructor(
    readonly serverId: string,
    readonly f: ServerFault,
    waitMs: number,
  ) {
    super(waitMs);
  }
  act(r: Real): Promise<string | null> {
    const truth = r.truth();
    if (this.f.type === 'serverPower' && !this.f.on)
      for (const c of truth.channels) if (c.serverId === this.serverId) r.ledger.releaseChannel(c.channelId, truth);
    if (this.f.type === 'channelStatus') r.ledger.releaseChannel(this.f.channelId, truth);
    return Promise.resolve(this.fault(r, { serverId: this.serverId, fault: this.f }));
  }
  toString(): string {
    return `serverFault ${this.serverId} ${JSON.stringify(this.f)} +${this.waitMs}ms`;
  }
}

/** The operations, as fast-check draws them. */
export function modelCommands(maxCommands: number) {
  const unit = fc.constantFrom(...MODEL_UNITS);
  const channel = fc.constantFrom(...MODEL_CHANNELS);
  const wait = fc.constantFrom(0, 500, 1500, 3000, 6000);
  const channelOf = (serverId: string) => fc.constantFrom(...MODEL_CHANNELS.filter((c) => c.startsWith(serverId)));
  return fc.commands(
    [
      fc.tuple(unit, fc.option(channel, { nil: null }), wait).map(([u, c, w]) => new StartStream(u, c, w)),
      fc.tuple(unit, channel, wait).map(([u, c, w]) => new StartStream(u, c, w)),
      fc.tuple(unit, wait).map(([u, w]) => new StopStream(u, w)),
      fc
        .tuple(unit, fc.constantFrom('setVirtualChannel', 'reboot', 'speedTest') as fc.Arbitrary<'setVirtualChannel' | 'reboot' | 'speedTest'>, channel, wait)
        .map(([u, k, c, w]) => new UnitCommandOp(u, k, c, w)),
      fc.tuple(channel, wait).map(([c, w]) => new ChannelConfig(c, w)),
      fc.tuple(fc.constantFrom('LU800-0001', 'LU800-0003', 'LU300-0001'), fc.nat(4), wait).map(([u, n, w]) => new UploadFile(u, n, w)),
      fc
        .tuple(
          unit,
          fc.constantFrom<UnitFault>(
            { type: 'record', start: true },
            { type: 'record', start: false },
            { type: 'forward', start: true },
            { type: 'forward', start: false },
            { type: 'upgrade', target: '8.5' },
            { type: 'power', on: false },
            { type: 'power', on: true },
            { type: 'modemFail', modem: 1 },
            { type: 'modemRecover', modem: 1 },
            { type: 'autonomy' },
          ),
          wait,
        )
        .map(([u, f, w]) => new UnitFaultOp(u, f, w)),
      fc.constantFrom(...MODEL_SERVERS).chain((s) =>
        fc
          .tuple(
            fc.oneof(
              fc.constantFrom<ServerFault>({ type: 'serverPower', on: false }, { type: 'serverPower', on: true }),
              channelOf(s).chain((c) =>
                fc.constantFrom<ServerFault>(
                  { type: 'channelStatus', channelId: c, status: 'offline' },
                  { type: 'channelStatus', channelId: c, status: 'idle' },
                  { type: 'channelLicense', channelId: c, licensed: false },
                  { type: 'channelLicense', channelId: c, licensed: true },
                ),
              ),
            ),
            wait,
          )
          .map(([f, w]) => new ServerFaultOp(s, f, w)),
      ),
    ],
    { maxCommands },
  );
}

/**
 * The shortest failing sequence as a scenario of the library: each operation at its simulated
 * time with the answer the model predicts (or the one given, where the model predicts none), and an
 * `expectFleet` check holding for a moment after each.
 */
export function regressionScenario(name: string, failure: string, steps: readonly { step: ScenarioStep; label: string }[]): ScenarioFile {
  const timeline: ScenarioStep[] = [];
  let shift = 0;
  let last = -1;
  for (const { step } of steps) {
    // Steps at the same simulated moment are spread by a little so a runner keeps their order.
    if (step.at + shift <= last) shift = last - step.at + 100;
    const at = step.at + shift;
    last = at;
    timeline.push({ ...step, at });
    timeline.push({ do: 'expectFleet', at: at + 50, within: STEP_GAP_MS, hold: true });
  }
  timeline.push({ do: 'expectFleet', at: last + SETTLE_MS, within: 10_000 });
  return ScenarioFile.parse({
    name,
    description: `Found by the fleet model: ${failure}`.replace(/\s+/g, ' ').slice(0, 240),
    covers: ['fleet invariants (simulator/src/invariants)', ...new Set(steps.map((s) => s.label.replace(/ \+\d+ms$/, '')))].slice(0, 20),
    seed: 1,
    speed: 20,
    calm: true,
    timeline,
  });
}
