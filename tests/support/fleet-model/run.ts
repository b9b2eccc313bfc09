/**
 * One run of the model against the real system: REST through the core in-process, the stepped
 * simulated clock, the /ws events folded into a view, and every fleet invariant checked after an
 * operation (the simulator's own, the core's read model over REST and /ws, derived counters).
 */
import type { ChannelList, GroupChannelDetails, ScenarioStep, ServerStatusInfo, UnitDetail, UnitSummary } from '@fleet/contracts';
import {
  checkDerived,
  checkFleet,
  CommandLedger,
  compareReadModel,
  compareViews,
  emptyCoreView,
  readFleet,
  type ChannelListAnswer,
  type CoreView,
  type FleetTruth,
  type UnitStatusEventSeen,
  type Violation,
} from '@fleet/simulator';
import { devicesSettled } from '../stack.js';
import { MODEL_UNITS, SETTLE_MS, type ModelEnv } from './fleet.js';

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
