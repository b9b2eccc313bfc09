/**
 * Fleet invariants over the simulator's own truth (one shard: its units and its replica of every
 * server). Written once, checked everywhere: the unit tests that break the simulator on purpose,
 * the model-based tests with the core in the loop, the simulation fuzzer (every simulated second),
 * a scenario's `expectFleet` step. Each violation says in words what broke and where.
 *
 * - stream-target: a unit whose video starts or runs streams to a channel that is collecting and
 *   allocated to it, or to a named External destination — never to nothing; one winding down still
 *   holds its channel or none; without a stream it holds no channel.
 * - channel-owner: a channel is allocated to at most one unit, which streams to it (online); a
 *   channel allocated to a unit is collecting; a collecting channel is some unit's, unless a fault
 *   forces its status.
 * - tally: a unit on air follows its stream's channel (program on an output or distributor,
 *   preview on a preview channel) and is off without a running stream.
 * - off-holds-nothing: a unit that is off runs nothing and holds nothing — no channel, no External
 *   stream, logs, upgrade, uploads, speed test, intercom, social media or CDN stream, scan,
 *   recording, point-to-point link, video return channel — and has no timer of its life pending.
 * - timer-life: no timer of an earlier power-on ever fires.
 * - video-return-owner: a video return channel collects for a unit that runs video return.
 * - licence: a unit without a valid video licence does not stream (what the core refuses a person,
 *   the unit does not do on its own either); a stream winding down may finish.
 * - person-stop: after a person stopped something on a unit, its autonomy starts nothing on it for
 *   the hold (`personStopHoldMs`), unless a person started something on it since.
 */
import type { ChannelStatus, ChannelType, ShardFleetCheck, VrChannelStatus } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import type { ServerDevice, ServerRunStatus } from '../server-device.js';
import type { UnitTruth } from '../unit/state.js';
import { unitStatusOf } from './rules.js';

export type InvariantName =
  | 'stream-target'
  | 'channel-owner'
  | 'tally'
  | 'off-holds-nothing'
  | 'timer-life'
  | 'video-return-owner'
  | 'licence'
  | 'person-stop'
  | 'read-model'
  | 'ws-equals-rest'
  | 'derived-counters'
  | 'command-effect';

export interface Violation {
  invariant: InvariantName;
  /** The unit, channel, server or group it is about. */
  subject: string;
  /** What broke, in words. */
  message: string;
}

export function violation(invariant: InvariantName, subject: string, message: string): Violation {
  return { invariant, subject, message };
}

/** One line: `[stream-target] LU800-0001: streams video (running) to …`. */
export function describeViolation(v: Violation): string {
  return `[${v.invariant}] ${v.subject}: ${v.message}`;
}

export interface ChannelTruth {
  channelId: string;
  serverId: string;
  serverOnline: boolean;
  status: ChannelStatus;
  type: ChannelType;
  allocatedTo: string | null;
  /** Its status is forced by a fault (an outside source, a stored file playing, ...). */
  forced: boolean;
}

export interface VrChannelTruth {
  vrChannelId: string;
  serverId: string;
  status: VrChannelStatus;
  collectingFor: string | null;
}

export interface ServerTruth {
  serverId: string;
  online: boolean;
  status: ServerRunStatus;
}

/** One shard's state at one simulated moment. */
export interface FleetTruth {
  at: number;
  units: UnitTruth[];
  servers: ServerTruth[];
  channels: ChannelTruth[];
  vrChannels: VrChannelTruth[];
}

/** Read the shard's units and servers now (nothing copied beyond the fields the checks read). */
export function readFleet(units: Iterable<UnitDevice>, servers: Iterable<ServerDevice>, at: number): FleetTruth {
  const truth: FleetTruth = { at, units: [], servers: [], channels: [], vrChannels: [] };
  for (const u of units) truth.units.push(u.truth());
  for (const s of servers) {
    truth.servers.push({ serverId: s.id, online: s.online, status: s.status() });
    for (const c of s.channels.values()) {
      truth.channels.push({
        channelId: c.spec.channelId,
        serverId: s.id,
        serverOnline: s.online,
        status: c.status,
        type: c.type,
        allocatedTo: c.allocatedTo,
        forced: c.forced !== null,
      });
    }
    for (const v of s.vrChannels.values())
      truth.vrChannels.push({ vrChannelId: v.spec.vrChannelId, serverId: s.id, status: v.status, collectingFor: v.collectingFor });
  }
  return truth;
}

/** Every simulator-side invariant over one moment of the shard; empty when it holds. */
export function checkFleet(t: FleetTruth): Violation[] {
  const out: Violation[] = [];
  const units = new Map<string, UnitTruth>();
  for (const u of t.units) units.set(u.unitId, u);
  const channels = new Map<string, ChannelTruth>();
  for (const c of t.channels) channels.set(c.channelId, c);
  const streamedBy = new Map<string, string>();

  for (const u of t.units) {
    const id = u.unitId;
    if (u.staleTimerFirings > 0) out.push(violation('timer-life', id, `${u.staleTimerFirings} timer(s) of an earlier power-on fired in power-on ${u.life}`));
    checkRulesOfPeople(u, out);
    if (!u.online) {
      checkOff(u, out);
      continue;
    }
    // A speed test runs on the video application without streaming to anything.
    const video = u.speedTest ? 'speedtest' : u.applications.video?.state;
    const ch = u.streamChannel === null ? undefined : channels.get(u.streamChannel);
    if (u.streamChannel !== null) {
      const other = streamedBy.get(u.streamChannel);
      if (other !== undefined) out.push(violation('channel-owner', u.streamChannel, `both ${other} and ${id} stream to it`));
      streamedBy.set(u.streamChannel, id);
    }
    if (video === 'connecting' || video === 'running') {
      if (u.streamChannel === null && u.streamExternal === null) {
        out.push(violation('stream-target', id, `streams video (${video}) to nothing: no channel and no External destination`));
      } else if (u.streamChannel !== null && u.streamExternal !== null) {
        out.push(violation('stream-target', id, `streams video (${video}) both to channel ${u.streamChannel} and to External ${u.streamExternal}`));
      } else if (u.streamChannel !== null) {
        if (!ch) out.push(violation('stream-target', id, `streams video (${video}) to channel ${u.streamChannel}, which no server runs`));
        else if (ch.allocatedTo !== id || ch.status !== 'collecting') {
          out.push(
            violation(
              'stream-target',
              id,
              `streams video (${video}) to channel ${ch.channelId}, which is ${ch.status} and allocated to ${ch.allocatedTo ?? 'nobody'}`,
            ),
          );
        }
      }
    } else if (video === undefined || video === 'speedtest') {
      if (u.streamChannel !== null || u.streamExternal !== null) {
        out.push(
          violation(
            'stream-target',
            id,
            `holds ${u.streamChannel !== null ? `channel ${u.streamChannel}` : `External ${u.streamExternal}`} without a stream (video ${video ?? 'not running'})`,
          ),
        );
      }
    } else if (ch && ch.allocatedTo !== id) {
      out.push(
        violation('stream-target', id, `winds its stream down (${video}) holding channel ${ch.channelId}, which is allocated to ${ch.allocatedTo ?? 'nobody'}`),
      );
    }
    const wantTally =
      video === 'running'
        ? ch
          ? ch.type === 'output' || ch.type === 'distributor'
            ? 'program'
            : 'preview'
          : 'off'
        : video === undefined || video === 'speedtest'
          ? 'off'
          : null;
    if (wantTally !== null && u.tally !== wantTally)
      out.push(
        violation(
          'tally',
          id,
          `tally is ${u.tally} while video is ${video ?? 'not running'}${ch ? ` on ${ch.type} channel ${ch.channelId}` : ''} (expected ${wantTally})`,
        ),
      );
  }

  for (const c of t.channels) {
    if (c.allocatedTo !== null) {
      const u = units.get(c.allocatedTo);
      if (!u) out.push(violation('channel-owner', c.channelId, `is allocated to ${c.allocatedTo}, which is no unit of the shard`));
      else if (!u.online) out.push(violation('channel-owner', c.channelId, `is allocated to ${u.unitId}, which is off`));
      else if (u.streamChannel !== c.channelId)
        out.push(violation('channel-owner', c.channelId, `is allocated to ${u.unitId}, which streams to ${u.streamChannel ?? 'no channel'}`));
      if (c.status !== 'collecting') out.push(violation('channel-owner', c.channelId, `is allocated to ${c.allocatedTo} but ${c.status}`));
    } else if (c.status === 'collecting' && !c.forced) {
      out.push(violation('channel-owner', c.channelId, 'is collecting for nobody'));
    }
  }

  for (const v of t.vrChannels) {
    if (v.collectingFor === null) continue;
    const u = units.get(v.collectingFor);
    if (!u?.online || u.applications.videoReturn === undefined) {
      out.push(
        violation(
          'video-return-owner',
          v.vrChannelId,
          `collects for ${v.collectingFor}, which ${!u ? 'is no unit of the shard' : !u.online ? 'is off' : 'runs no video return'}`,
        ),
      );
    }
  }
  return out;
}

function checkOff(u: UnitTruth, out: Violation[]): void {
  const held: string[] = [];
  const apps = Object.keys(u.applications);
  if (apps.length > 0) held.push(`applications ${apps.join(', ')}`);
  if (u.streamChannel !== null) held.push(`channel ${u.streamChannel}`);
  if (u.streamExternal !== null) held.push(`External stream ${u.streamExternal}`);
  if (u.logsChannel !== null) held.push(`logs to ${u.logsChannel}`);
  if (u.upgrading) held.push('an upgrade');
  if (u.uploadsQueued > 0) held.push(`${u.uploadsQueued} upload(s)`);
  if (u.speedTest) held.push('a speed test');
  if (u.intercomSessions > 0) held.push(`${u.intercomSessions} intercom session(s)`);
  if (u.externalStreams > 0) held.push(`${u.externalStreams} social media / CDN stream(s)`);
  if (u.scans > 0) held.push(`${u.scans} cellular scan(s)`);
  if (u.recording) held.push('a recording');
  if (u.p2pLinkId !== null) held.push(`point-to-point link ${u.p2pLinkId}`);
  if (u.tally !== 'off') held.push(`tally ${u.tally}`);
  if (u.lifeTimersPending > 0) held.push(`${u.lifeTimersPending} timer(s) of its last power-on`);
  if (held.length > 0) out.push(violation('off-holds-nothing', u.unitId, `is off but holds ${held.join('; ')}`));
}

/** The invariants over a shard now and what it runs, as the control plane's fleet check answers (a scenario's expectFleet compares it with the core's answers). */
export function shardFleetCheck(units: Iterable<UnitDevice>, servers: Iterable<ServerDevice>, at: number): ShardFleetCheck {
  const truth = readFleet(units, servers, at);
  return {
    violations: checkFleet(truth).map(describeViolation),
    units: truth.units.map((u) => ({ unitId: u.unitId, status: unitStatusOf(u.online, u.applications), tally: u.tally === 'off' ? null : u.tally })),
    channels: truth.channels.map((c) => ({ channelId: c.channelId, status: c.status, allocatedTo: c.allocatedTo })),
    servers: truth.servers.map((x) => ({ serverId: x.serverId, status: x.status })),
  };
}

/** licence and person-stop: the simulation does on its own only what a person could, and leaves alone what a person stopped. */
function checkRulesOfPeople(u: UnitTruth, out: Violation[]): void {
  const video = u.applications.video?.state;
  if (!u.videoLicensed && (video === 'connecting' || video === 'running') && !u.speedTest) {
    out.push(violation('licence', u.unitId, `has no valid video licence but its video is ${video}`));
  }
  const { personStoppedAt: stopped, personStartedAt: started, autonomousStartAt: own, holdMs } = u.personHold;
  if (stopped === null || own === null || own < stopped || own >= stopped + holdMs) return;
  // A person started something since the stop: the hold ended then (the check every simulated second saw any start before it).
  if (started !== null && started >= stopped) return;
  out.push(violation('person-stop', u.unitId, `started something on its own ${own - stopped} ms after a person stopped it (left alone for ${holdMs} ms)`));
}
