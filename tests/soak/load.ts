/**
 * The soak's REST load: a realistic mix of catalogue calls from several demo users' sessions, fired
 * open-loop at a steady rate (each request leaves at its slot in the schedule, whether or not the
 * previous ones have answered), with every answer's status and latency counted.
 *
 * The mix (weights; a session makes only the calls its role may make and that answered 2xx once at
 * set-up): the unit list (devices/fetch, whole and per group), unit reads (v2/units/{id}, its
 * capabilities), channels of a group (channels/fetch, v2/groups/{id}/channelDetails), server reads
 * (servers/{id}, its status), groups (groups/fetch, light_fetch, fetch_details), inventory reads
 * (tally, stories), the user's own reads (users/current, preferences, notifications, active
 * alerts), and a small share (2 % of the requests in the recorded runs) of harmless, reversible
 * writes: a unit renamed back and forth with its comment (devices/update), the unit's
 * multi-channel setting toggled (settingsConfiguration/add), a server's comment toggled
 * (servers/{id}/comment), the user's left panel width toggled (userPreferences). Each unit and
 * server has one writing session and no version is sent, so writes should never refuse each other
 * (yet a rename racing another rename of the same unit can answer 409: RELIABILITY.md, "Soak").
 */
import { UNIT_NAME_PATTERN, type CurrentUser, type EndpointId, type EndpointInput, type UnitSummary } from '@fleet/contracts';
import { SEED_IDS } from '@fleet/db';
import { bodyOf, call, login, type Answer } from '../durability/http.js';
import { can, WRITER_USERS } from '../durability/world.js';

/** The REST sessions: the demo users who may write (as the durability run), plus a read-only user. */
export const LOAD_USERS = [...WRITER_USERS, 'luc_read'] as const;

/** A request must answer within this; no answer counts as a failure ("no answer"). */
const REQUEST_TIMEOUT_MS = 30_000;

interface Op {
  kind: string;
  write: boolean;
  weight: number;
  run(): Promise<Answer<unknown>>;
}

interface Session {
  username: string;
  cookie: string;
  ops: Op[];
  totalWeight: number;
}

export interface MinuteStats {
  minute: number;
  fired: number;
  answered: number;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Slots fired more than LATE_MS after their time. */
  late: number;
  /** Slots not fired: MAX_IN_FLIGHT requests were waiting already. */
  missed: number;
  byStatus: Record<string, number>;
}

export interface LoadTotals {
  fired: number;
  answered: number;
  http2xx: number;
  http4xx: number;
  http5xx: number;
  noAnswer: number;
  late: number;
  missed: number;
  /** p99 of how late slots were fired (ms), over the run. */
  lateness: { p50Ms: number; p99Ms: number; maxMs: number };
  byKind: Record<string, { count: number; writes: boolean; byStatus: Record<string, number> }>;
  /** 4xx codes by call kind (a clean mix has none: each is worth reading). */
  refusals: Record<string, number>;
  /** The first few non-2xx answers and failures, for reading. */
  firstFailures: string[];
}

/** A slot fired later than this after its time counts as late. */
export const LATE_MS = 20;
/** At most this many requests wait for an answer; a slot beyond it is missed. */
export const MAX_IN_FLIGHT = 1000;

const percentileOf = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

type Input<K extends EndpointId> = Partial<EndpointInput<K>>;

function op<K extends EndpointId>(base: string, cookie: string, kind: string, weight: number, id: K, input: () => Input<K>, write = false): Op {
  return { kind, weight, write, run: () => call(base, cookie, id, input(), REQUEST_TIMEOUT_MS) };
}

/** Signs in every load user and builds its calls; checks each once (a call that is refused now is left out and reported). */
export async function setUpSessions(base: string, password: string, log: (line: string) => void): Promise<{ sessions: Session[]; leftOut: string[] }> {
  const sessions: Session[] = [];
  const leftOut: string[] = [];
  const unitOwner = new Map<string, string>();
  const serverOwner = new Map<string, string>();
  for (const username of LOAD_USERS) {
    const cookie = await login(base, username, password);
    const user: CurrentUser = bodyOf(`users/current as ${username}`, await call(base, cookie, 'getCurrentUser', {}));
    const c = { roles: user.roles };
    const units: UnitSummary[] = bodyOf(`devices/fetch as ${username}`, await call(base, cookie, 'fetchDevices', {}));
    const groups = user.groups.map((g) => g.id);
    const inventories = user.inventories.map((i) => i.id);
    const servers: string[] = [];
    for (const id of Object.values(SEED_IDS.servers).flat()) {
      if ((await call(base, cookie, 'getServer', { params: { id } })).outcome === 'acked') servers.push(id);
    }
    const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
    const ops: Op[] = [];
    const add = (o: Op, id: EndpointId, needs: readonly unknown[] = []) => {
      if (can(c, id) && needs.every((n) => (Array.isArray(n) ? n.length > 0 : true))) ops.push(o);
    };
    add(
      op(base, cookie, 'unit list', 20, 'fetchDevices', () => ({})),
      'fetchDevices',
    );
    add(
      op(base, cookie, 'unit list of a group', 5, 'fetchDevices', () => ({ query: { group: pick(groups) } })),
      'fetchDevices',
      [groups],
    );
    add(
      op(base, cookie, 'unit read', 15, 'getUnit', () => ({ params: { id: pick(units).uniqueId } })),
      'getUnit',
      [units],
    );
    add(
      op(base, cookie, 'unit capabilities', 3, 'getUnitCapabilities', () => ({ params: { id: pick(units).uniqueId } })),
      'getUnitCapabilities',
      [units],
    );
    add(
      op(base, cookie, 'channels of a group', 8, 'fetchChannels', () => ({ query: { group: pick(groups) } })),
      'fetchChannels',
      [groups],
    );
    add(
      op(base, cookie, 'group channel details', 3, 'getGroupChannelDetails', () => ({ params: { id: pick(groups) } })),
      'getGroupChannelDetails',
      [groups],
    );
    add(
      op(base, cookie, 'server read', 4, 'getServer', () => ({ params: { id: pick(servers) } })),
      'getServer',
      [servers],
    );
    add(
      op(base, cookie, 'server status', 3, 'getServerStatus', () => ({ params: { id: pick(servers) } })),
      'getServerStatus',
      [servers],
    );
    add(
      op(base, cookie, 'groups', 5, 'fetchGroups', () => ({})),
      'fetchGroups',
    );
    add(
      op(base, cookie, 'groups (light)', 4, 'lightFetchGroups', () => ({})),
      'lightFetchGroups',
    );
    add(
      op(base, cookie, 'group details', 3, 'fetchGroupDetails', () => ({ query: { groupUid: pick(groups) } })),
      'fetchGroupDetails',
      [groups],
    );
    add(
      op(base, cookie, 'inventory tally', 2, 'getInventoryTally', () => ({ params: { id: pick(inventories) } })),
      'getInventoryTally',
      [inventories],
    );
    add(
      op(base, cookie, 'inventory stories', 2, 'listInventoryStories', () => ({ params: { inventoryId: pick(inventories) } })),
      'listInventoryStories',
      [inventories],
    );
    add(
      op(base, cookie, 'current user', 3, 'getCurrentUser', () => ({})),
      'getCurrentUser',
    );
    add(
      op(base, cookie, 'preferences', 2, 'getUserPreferences', () => ({})),
      'getUserPreferences',
    );
    add(
      op(base, cookie, 'notifications', 3, 'fetchClientNotifications', () => ({})),
      'fetchClientNotifications',
    );
    add(
      op(base, cookie, 'active alerts', 4, 'fetchActiveAlerts', () => ({ query: { group: pick(groups) } })),
      'fetchActiveAlerts',
      [groups],
    );

    // Writes: each unit and server to the first session that can write it; toggled back and forth.
    const myUnits = units.filter((u) => can(c, 'renameDevice') && !unitOwner.has(u.uniqueId));
    for (const u of myUnits) unitOwner.set(u.uniqueId, username);
    const myServers = servers.filter((s) => can(c, 'setServerComment') && !serverOwner.has(s));
    for (const s of myServers) serverOwner.set(s, username);
    const flips = new Map<string, number>();
    const flip = (key: string) => {
      const n = (flips.get(key) ?? 0) + 1;
      flips.set(key, n);
      return n % 2 === 1;
    };
    // Renamed to `<name>-soak` and back: units whose seeded name is a valid new name.
    const renamable = myUnits.filter((u) => UNIT_NAME_PATTERN.test(u.name) && u.name.length <= 200);
    add(
      op(
        base,
        cookie,
        'write: rename a unit',
        2,
        'renameDevice',
        () => {
          const u = pick(renamable);
          const on = flip(`name ${u.uniqueId}`);
          return { body: { id: u.uniqueId, name: on ? `${u.name}-soak` : u.name, comment: on ? 'soak' : u.comment } };
        },
        true,
      ),
      'renameDevice',
      [renamable],
    );
    add(
      op(
        base,
        cookie,
        'write: unit setting',
        1,
        'addSettingsConfiguration',
        () => {
          const u = pick(myUnits);
          return { body: { id: u.uniqueId, outputChannel: null, multiChannel: flip(`multi ${u.uniqueId}`) } };
        },
        true,
      ),
      'addSettingsConfiguration',
      [myUnits],
    );
    add(
      op(
        base,
        cookie,
        'write: server comment',
        1,
        'setServerComment',
        () => {
          const id = pick(myServers);
          return { params: { id }, body: { comment: flip(`comment ${id}`) ? 'soak' : '' } };
        },
        true,
      ),
      'setServerComment',
      [myServers],
    );
    add(
      op(base, cookie, 'write: preferences', 1, 'updateUserPreferences', () => ({ body: { leftPanelWidth: flip('panel') ? 300 : 320 } }), true),
      'updateUserPreferences',
    );

    // Each call once: one that is refused now would only add noise to the run.
    const checked: Op[] = [];
    for (const o of ops) {
      const a = await o.run();
      if (a.outcome === 'acked') checked.push(o);
      else leftOut.push(`${username} ${o.kind}: ${a.outcome === 'rejected' ? `${a.status} ${a.code}` : a.error}`);
    }
    sessions.push({ username, cookie, ops: checked, totalWeight: checked.reduce((s, o) => s + o.weight, 0) });
    log(`  ${username}: ${checked.length} calls (${checked.filter((o) => o.write).length} writes), ${units.length} units, ${servers.length} servers`);
  }
  return { sessions, leftOut };
}

/** The open-loop generator: `start`, `sample` every few seconds, `stop` then `drain`. */
export class OpenLoop {
  private readonly intervalMs: number;
  private t0 = 0;
  private endAt = Infinity;
  private slot = 0;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private drained: (() => void) | null = null;
  private minute: { start: number; fired: number; latencies: number[]; late: number; missed: number; byStatus: Record<string, number> };
  private readonly latenesses: number[] = [];
  readonly minutes: MinuteStats[] = [];
  readonly totals: LoadTotals = {
    fired: 0,
    answered: 0,
    http2xx: 0,
    http4xx: 0,
    http5xx: 0,
    noAnswer: 0,
    late: 0,
    missed: 0,
    lateness: { p50Ms: 0, p99Ms: 0, maxMs: 0 },
    byKind: {},
    refusals: {},
    firstFailures: [],
  };

  constructor(
    private readonly sessions: readonly Session[],
    rate: number,
  ) {
    this.intervalMs = 1000 / rate;
    this.minute = this.newMinute(0);
  }

  private newMinute(start: number) {
    return { start, fired: 0, latencies: [] as number[], late: 0, missed: 0, byStatus: {} as Record<string, number> };
  }

  start(): void {
    this.t0 = performance.now();
    this.minute = this.newMinute(this.t0);
    this.timer = setInterval(() => this.tick(), 1);
  }

  /** ms since start. */
  elapsed(): number {
    return performance.now() - this.t0;
  }

  private tick(): void {
    const now = performance.now();
    if (now - this.minute.start >= 60_000) this.closeMinute(now);
    const due = Math.floor((now - this.t0) / this.intervalMs);
    while (this.slot <= due && now < this.endAt) {
      const lateness = now - (this.t0 + this.slot * this.intervalMs);
      this.slot++;
      if (this.inFlight >= MAX_IN_FLIGHT) {
        this.totals.missed++;
        this.minute.missed++;
        continue;
      }
      if (lateness > LATE_MS) {
        this.totals.late++;
        this.minute.late++;
      }
      if (this.latenesses.length < 2_000_000) this.latenesses.push(lateness);
      this.fire();
    }
  }

  private pickOp(): Op {
    const s = this.sessions[Math.floor(Math.random() * this.sessions.length)]!;
    let x = Math.random() * s.totalWeight;
    for (const o of s.ops) {
      x -= o.weight;
      if (x < 0) return o;
    }
    return s.ops[s.ops.length - 1]!;
  }

  private fire(): void {
    const o = this.pickOp();
    const minute = this.minute;
    this.inFlight++;
    this.totals.fired++;
    minute.fired++;
    const t0 = performance.now();
    void o.run().then((a) => {
      const ms = performance.now() - t0;
      this.inFlight--;
      const status = a.outcome === 'unknown' ? 'no answer' : String(a.status);
      // Counted in the minute the request was fired in (its latency belongs to that load).
      minute.byStatus[status] = (minute.byStatus[status] ?? 0) + 1;
      const kind = (this.totals.byKind[o.kind] ??= { count: 0, writes: o.write, byStatus: {} });
      kind.count++;
      kind.byStatus[status] = (kind.byStatus[status] ?? 0) + 1;
      if (a.outcome === 'unknown') {
        this.totals.noAnswer++;
        this.failure(`${o.kind}: no answer (${a.error})`);
      } else {
        this.totals.answered++;
        minute.latencies.push(ms);
        if (a.status >= 500) {
          this.totals.http5xx++;
          this.failure(`${o.kind}: ${a.status}`);
        } else if (a.status >= 400) {
          this.totals.http4xx++;
          if (a.outcome === 'rejected')
            this.totals.refusals[`${o.kind} ${a.status} ${a.code}`] = (this.totals.refusals[`${o.kind} ${a.status} ${a.code}`] ?? 0) + 1;
        } else this.totals.http2xx++;
      }
      if (this.inFlight === 0) this.drained?.();
    });
  }

  private failure(line: string): void {
    if (this.totals.firstFailures.length < 20) this.totals.firstFailures.push(`${new Date().toISOString()} ${line}`);
  }

  private closeMinute(now: number): void {
    const m = this.minute;
    const sorted = m.latencies.sort((a, b) => a - b);
    const seconds = (now - m.start) / 1000;
    this.minutes.push({
      minute: this.minutes.length + 1,
      fired: m.fired,
      answered: sorted.length,
      requestsPerSec: r1(m.fired / seconds),
      latencyP50Ms: r1(percentileOf(sorted, 0.5)),
      latencyP99Ms: r1(percentileOf(sorted, 0.99)),
      latencyMaxMs: r1(sorted.at(-1) ?? 0),
      late: m.late,
      missed: m.missed,
      byStatus: m.byStatus,
    });
    this.minute = this.newMinute(now);
  }

  /** No slot fires after this; the current minute is closed once the answers are in (drain). */
  stop(): void {
    this.endAt = performance.now();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Resolves once every request fired has answered (or `timeoutMs` passed); closes the last minute. */
  async drain(timeoutMs = 35_000): Promise<void> {
    if (this.inFlight > 0) {
      await Promise.race([new Promise<void>((r) => (this.drained = r)), new Promise((r) => setTimeout(r, timeoutMs))]);
    }
    if (this.minute.fired > 0) this.closeMinute(this.endAt);
    const sorted = this.latenesses.sort((a, b) => a - b);
    this.totals.lateness = { p50Ms: r1(percentileOf(sorted, 0.5)), p99Ms: r1(percentileOf(sorted, 0.99)), maxMs: r1(sorted.at(-1) ?? 0) };
  }

  /** Requests fired so far and in flight now. */
  progress(): { fired: number; answered: number; inFlight: number } {
    return { fired: this.totals.fired, answered: this.totals.answered, inFlight: this.inFlight };
  }
}
