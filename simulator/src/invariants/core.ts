/**
 * Fleet invariants between the simulator's truth and the core's answers, once the event stream has
 * settled (every report the devices sent applied):
 *
 * - read-model: the core's read model equals the simulator for every unit (status by the spec's
 *   §4 rule from the applications the device runs, tally), every channel (status, the unit it is
 *   allocated to) and every server (status) — as REST answers it, and as the `/ws` events fold into.
 * - ws-equals-rest: what a console folds from `/ws` equals what REST answers.
 * - derived-counters: counters and statuses derived by the §4 rules equal what they are derived
 *   from — a channel list's offline / idle / busy counters, a group's channel status, the counter
 *   transition each `unit.status` event carries.
 *
 * The views are plain maps a caller fills from REST or `/ws` (the model-based tests, a scenario's
 * `expectFleet` step); nothing here talks to a core.
 */
import type { DeviceToCore, UnitStatus, UnitStatusChangeEvent } from '@fleet/contracts';
import { violation, type FleetTruth, type Violation } from './fleet.js';
import { countChannelClasses, counterTransitionOf, groupStatusOf, unitStatusOf } from './rules.js';

export interface CoreUnitView {
  status: string;
  /** program, preview or null (off); undefined when the source does not carry it. */
  tally?: string | null | undefined;
}

export interface CoreChannelView {
  status: string;
  /** The unit the channel is allocated to; undefined when the source does not carry it. */
  allocatedTo?: string | null | undefined;
}

export interface CoreServerView {
  status: string;
}

/** What the core says, from one source. */
export interface CoreView {
  /** Where it was read: `REST`, `/ws`. */
  source: string;
  units: Map<string, CoreUnitView>;
  channels: Map<string, CoreChannelView>;
  servers: Map<string, CoreServerView>;
}

export function emptyCoreView(source: string): CoreView {
  return { source, units: new Map(), channels: new Map(), servers: new Map() };
}

/**
 * The core's view equals the simulator's truth. Units, channels and servers the view does not hold
 * are left out (a source shows what its user may see); `known` names those that must be there.
 */
export function compareReadModel(t: FleetTruth, view: CoreView, known: { units?: readonly string[] } = {}): Violation[] {
  const out: Violation[] = [];
  const src = view.source;
  for (const id of known.units ?? []) if (!view.units.has(id)) out.push(violation('read-model', id, `${src} does not show the unit`));
  for (const u of t.units) {
    const core = view.units.get(u.unitId);
    if (!core) continue;
    const status = unitStatusOf(u.online, u.applications);
    if (core.status !== status) {
      out.push(
        violation(
          'read-model',
          u.unitId,
          `${src} says ${core.status}; the unit ${
            u.online
              ? `runs ${
                  Object.entries(u.applications)
                    .map(([k, a]) => `${k} ${a?.state ?? ''}`)
                    .join(', ') || 'nothing'
                }`
              : 'is off'
          } (${status})`,
        ),
      );
    }
    if (core.tally !== undefined) {
      const tally = u.tally === 'off' ? null : u.tally;
      if (core.tally !== tally) out.push(violation('read-model', u.unitId, `${src} says tally ${core.tally ?? 'off'}; the unit's tally is ${u.tally}`));
    }
  }
  for (const c of t.channels) {
    const core = view.channels.get(c.channelId);
    if (!core) continue;
    if (core.status !== c.status)
      out.push(
        violation(
          'read-model',
          c.channelId,
          `${src} says ${core.status}; the channel is ${c.status}${c.allocatedTo ? ` (${c.allocatedTo} streams to it)` : ''}`,
        ),
      );
    if (core.allocatedTo !== undefined && core.allocatedTo !== c.allocatedTo) {
      out.push(
        violation(
          'read-model',
          c.channelId,
          `${src} says allocated to ${core.allocatedTo ?? 'nobody'}; the channel is allocated to ${c.allocatedTo ?? 'nobody'}`,
        ),
      );
    }
  }
  for (const s of t.servers) {
    const core = view.servers.get(s.serverId);
    if (core && core.status !== s.status) out.push(violation('read-model', s.serverId, `${src} says ${core.status}; the server is ${s.status}`));
  }
  return out;
}

/**
 * What the shard told the core, folded as a core folds it (unit states, tallies, channel and server
 * states): compared with the truth it says whether every change was reported — a channel that
 * collects with no `channelState` sent for it, a unit whose stop was never reported.
 */
export class ReportFold {
  readonly view: CoreView = emptyCoreView('reports');

  apply(m: DeviceToCore): void {
    if (m.kind === 'state') {
      const held = this.view.units.get(m.unitId);
      const status = unitStatusOf(m.online, m.applications);
      this.view.units.set(m.unitId, { status, tally: m.online ? (held?.tally ?? null) : null });
      return;
    }
    if (m.kind !== 'event') return;
    const e = m.event;
    if (e.type === 'channelState') this.view.channels.set(e.channelId, { status: e.status, allocatedTo: e.allocatedToUnitUid });
    else if (e.type === 'serverState') this.view.servers.set(e.serverId, { status: e.status });
    else if (e.type === 'tally') {
      const held = this.view.units.get(e.unitId);
      if (held) held.tally = e.tally === 'off' ? null : e.tally;
    }
  }
}

/** What a console folds from `/ws` equals what REST answers, for everything both hold. */
export function compareViews(rest: CoreView, ws: CoreView): Violation[] {
  const out: Violation[] = [];
  const diff = (kind: string, a: Map<string, { status: string }>, b: Map<string, { status: string }>) => {
    for (const [id, r] of a) {
      const w = b.get(id);
      if (w && w.status !== r.status)
        out.push(violation('ws-equals-rest', id, `${kind}: ${ws.source} folds to ${w.status}, ${rest.source} answers ${r.status}`));
    }
  };
  diff('unit', rest.units, ws.units);
  diff('channel', rest.channels, ws.channels);
  diff('server', rest.servers, ws.servers);
  return out;
}

/** A channel list as the core answers it: the channels and the counters it derived from them. */
export interface ChannelListAnswer {
  subject: string;
  channels: readonly { channelId: string; status: string }[];
  counters: { offline: number; idle: number; busy: number };
  /** The group's channel status when the list is a group's. */
  status?: string | undefined;
}

/** One `unit.status` event as a console receives it. */
export interface UnitStatusEventSeen {
  unitId: string;
  previous: UnitStatus | null;
  status: UnitStatus;
  change: UnitStatusChangeEvent | null;
}

/** Counters, group statuses and counter transitions equal the §4 rules applied to what they are derived from. */
export function checkDerived(lists: readonly ChannelListAnswer[], events: readonly UnitStatusEventSeen[]): Violation[] {
  const out: Violation[] = [];
  for (const l of lists) {
    const statuses = l.channels.map((c) => c.status);
    const want = countChannelClasses(statuses);
    for (const k of ['offline', 'idle', 'busy'] as const) {
      if (l.counters[k] !== want[k])
        out.push(violation('derived-counters', l.subject, `${k} counter is ${l.counters[k]}; its ${statuses.length} channels give ${want[k]}`));
    }
    if (l.status !== undefined && l.status !== groupStatusOf(statuses)) {
      out.push(
        violation(
          'derived-counters',
          l.subject,
          `group channel status is ${l.status}; its channels (${statuses.join(', ') || 'none'}) give ${groupStatusOf(statuses)}`,
        ),
      );
    }
  }
  for (const e of events) {
    const want = counterTransitionOf(e.previous, e.status);
    if (e.change !== want)
      out.push(
        violation(
          'derived-counters',
          e.unitId,
          `unit.status ${e.previous ?? 'none'} → ${e.status} carries ${e.change ?? 'no'} transition; the §4 rule gives ${want ?? 'none'}`,
        ),
      );
  }
  return out;
}
