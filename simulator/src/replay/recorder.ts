/**
 * Recording any core from the outside ("Record and replay"): what a console would see.
 * It signs in as the console does (the core's /runtime-config.json names the log-in and /ws
 * addresses), reads the fleet for the header (units, and servers with their channels as far as the
 * user may read them), follows the topics the console would (the user's groups, else their
 * inventories) on /ws and writes every event as it comes. A dropped socket is reconnected and the
 * subscription resumed from the last sequence numbers, as the console does; missed events the core
 * no longer holds (`refetch`) are counted, not invented. Only events: a real core shows neither its
 * devices' reports nor its REST writes (`source: 'core'`, no seed, no clock).
 */
import {
  CurrentUser,
  groupTopic,
  inventoryTopic,
  MOCK_AUTH,
  RealtimeEvent,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  ServerMessage,
  systemClock,
  Topic,
  TOPIC_PATTERN,
  type Clock,
  type RecordedServer,
  type RecordedUnit,
  type RecordingHeader,
} from '@fleet/contracts';
import { RecordingWriter } from '@fleet/contracts/recording-file';
import WebSocket from 'ws';

/** The header of a recording made from outside a core (no seed, no simulator clock): the recorder's and the proxy's. */
export function coreRecordingHeader(name: string, startedAt: number, fleet: RecordingHeader['fleet']): RecordingHeader {
  return { format: RECORDING_FORMAT, version: RECORDING_VERSION, name, source: 'core', startedAt, seed: null, clock: null, fleet };
}

export interface RecordOptions {
  /** e.g. http://127.0.0.1:8080 */
  core: string;
  /** The core REST prefix; default: the runtime configuration's apiBase, else /api. */
  prefix?: string;
  /** Sign in with these ... */
  user?: string;
  password?: string;
  /** ... or use this Cookie header value (a session taken from a browser). */
  cookie?: string;
  out: string;
  /** The recording's name in its header. */
  name: string;
  /** Stop after this many seconds; without it, only `signal` stops the recording. */
  durationS?: number;
  /** Aborting it ends the recording (the CLI's Ctrl-C): the file is closed properly. */
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** Wait before reconnecting a dropped socket (default 1 s). */
  reconnectMs?: number;
  /** The times written: the recording's start, its lines, the pings (default the system clock). */
  clock?: Clock;
}

export interface RecordResult {
  events: number;
  durationMs: number;
  topics: Topic[];
  units: number;
  servers: number;
  /** Socket drops that were reconnected. */
  reconnects: number;
  /** Topics whose missed events the core could not send again (a gap in the recording). */
  gaps: number;
  /** Events of types this contract does not know (not recorded). */
  unknown: number;
}

interface Runtime {
  apiBase: string;
  wsUrl: string;
  loginUrl: string;
}

/** A session on a core: its addresses and the Cookie header value. */
class Session {
  readonly base: URL;
  runtime: Runtime = { apiBase: '/api', wsUrl: '/ws', loginUrl: MOCK_AUTH.loginPath };
  cookie = '';

  constructor(core: string) {
    this.base = new URL(core.endsWith('/') ? core : `${core}/`);
  }

  url(path: string): URL {
    return new URL(path.replace(/^\//, ''), this.base);
  }

  /** The console finds the core's addresses in /runtime-config.json; the defaults stay when it has none. */
  async loadRuntime(prefix: string | undefined): Promise<void> {
    try {
      const res = await fetch(this.url('/runtime-config.json'), { signal: AbortSignal.timeout(10_000) });
      if (res.ok) {
        const body = (await res.json()) as Record<string, unknown>;
        for (const key of ['apiBase', 'wsUrl', 'loginUrl'] as const) {
          const v = body[key];
          if (typeof v === 'string' && v !== '') this.runtime[key] = v;
        }
      }
    } catch {
      // A core without the console's runtime configuration: the defaults.
    }
    if (prefix !== undefined) this.runtime.apiBase = prefix;
  }

  async login(user: string, password: string): Promise<void> {
    const res = await fetch(this.url(this.runtime.loginUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.base.origin },
      body: JSON.stringify({ username: user, password }),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status < 200 || res.status >= 300)
      throw new Error(`sign-in as ${user} at ${this.runtime.loginUrl} failed: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
    const pairs = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]?.trim() ?? '')
      .filter((c) => c.includes('='));
    if (pairs.length === 0) throw new Error(`sign-in as ${user} answered ${res.status} but set no cookie`);
    this.cookie = pairs.join('; ');
  }

  /** GET a catalogue call; null when refused or unreadable (the header is best effort). */
  async get(path: string): Promise<unknown> {
    try {
      const res = await fetch(this.url(`${this.runtime.apiBase.replace(/\/$/, '')}${path}`), {
        headers: { cookie: this.cookie, accept: 'application/json' },
        signal: AbortSignal.timeout(30_000),
      });
      return res.ok ? await res.json() : null;
    } catch {
      return null;
    }
  }

  wsUrl(): string {
    if (/^wss?:/.test(this.runtime.wsUrl)) return this.runtime.wsUrl;
    const url = this.url(this.runtime.wsUrl);
    url.protocol = this.base.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The console's topics (apps/console/src/realtime/topics.ts): the user's groups, else their inventories. */
export function topicsOf(user: Pick<CurrentUser, 'groups' | 'inventories'>): Topic[] {
  const topics = user.groups.length > 0 ? user.groups.map((g) => groupTopic(g.id)) : user.inventories.map((i) => inventoryTopic(i.id));
  return [...new Set(topics)].filter((t) => TOPIC_PATTERN.test(t));
}

/** The fleet as this user sees it: units from devices/fetch; servers from the admin list and the channel list, each as readable. */
async function readFleet(session: Session): Promise<RecordingHeader['fleet']> {
  const units: RecordedUnit[] = [];
  const list = await session.get('/devices/fetch');
  for (const u of Array.isArray(list) ? list : []) {
    if (!isRecord(u) || !str(u.uniqueId)) continue;
    const type = str(u.type);
    const typeGroup = str(u.typeGroup);
    const swVersion = str(u.swVersion);
    units.push({
      unitId: str(u.uniqueId)!,
      name: str(u.name) ?? '',
      ...(type ? { productType: type } : {}),
      ...(typeGroup ? { typeGroup } : {}),
      ...(swVersion ? { swVersion } : {}),
    });
  }
  const servers = new Map<string, RecordedServer>();
  const page = await session.get('/v2/admin/servers?limit=1000');
  for (const s of isRecord(page) && Array.isArray(page.items) ? page.items : []) {
    if (!isRecord(s) || !str(s.id)) continue;
    const serverType = str(s.serverType);
    servers.set(str(s.id)!, { serverId: str(s.id)!, name: str(s.name) ?? '', ...(serverType ? { serverType } : {}), channels: [], vrChannels: [] });
  }
  const channels = await session.get('/channels/fetch');
  for (const c of isRecord(channels) && Array.isArray(channels.channels) ? channels.channels : []) {
    if (!isRecord(c) || !str(c.channelId) || !str(c.serverId)) continue;
    const serverId = str(c.serverId)!;
    let server = servers.get(serverId);
    if (!server) servers.set(serverId, (server = { serverId, name: str(c.serverName) ?? '', channels: [], vrChannels: [] }));
    server.channels.push({ channelId: str(c.channelId)!, name: str(c.channelName) ?? '' });
  }
  return { units, servers: [...servers.values()] };
}

/** Record the core's events into `opts.out` until the duration is over or the signal aborts. */
export async function recordCore(opts: RecordOptions): Promise<RecordResult> {
  const log = opts.log ?? (() => {});
  const session = new Session(opts.core);
  await session.loadRuntime(opts.prefix);
  if (opts.cookie) session.cookie = opts.cookie;
  else if (opts.user !== undefined && opts.password !== undefined) await session.login(opts.user, opts.password);
  else throw new Error('give --user and --password, or --cookie');

  // Only what the topics need: a core whose user carries other props can still be recorded.
  const me = CurrentUser.pick({ username: true, groups: true, inventories: true }).safeParse(await session.get('/users/current'));
  if (!me.success) throw new Error('users/current did not answer the current user: is the session valid?');
  const topics = topicsOf(me.data);
  if (topics.length === 0) throw new Error(`${me.data.username} has no group or inventory to follow`);
  const fleet = await readFleet(session);
  log(`fleet: ${fleet.units.length} units, ${fleet.servers.length} servers; following ${topics.length} topic(s)`);

  const clock = opts.clock ?? systemClock;
  const startedAt = clock.now();
  const header = coreRecordingHeader(opts.name, startedAt, fleet);
  const writer = new RecordingWriter(opts.out, header, clock);
  const result: RecordResult = {
    events: 0,
    durationMs: 0,
    topics,
    units: fleet.units.length,
    servers: fleet.servers.length,
    reconnects: 0,
    gaps: 0,
    unknown: 0,
  };

  const seqs = new Map<string, number>();
  let epoch: string | null = null;
  let stopping = false;
  let socket: WebSocket | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  // Set from the socket's handlers (a closure: declared wide so the check after the wait is not narrowed away).
  let failure = null as Error | null;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));

  const record = (topic: Topic, raw: unknown) => {
    const event = RealtimeEvent.safeParse(raw);
    if (!event.success) {
      result.unknown++;
      return;
    }
    writer.write({ kind: 'event', topic, event: event.data });
    result.events++;
  };

  const connect = (first: boolean) => {
    const ws = new WebSocket(session.wsUrl(), { headers: { cookie: session.cookie, origin: session.base.origin } });
    socket = ws;
    ws.on('message', (data) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(data));
      } catch {
        return;
      }
      // Events are taken one by one: an event of a type this contract does not know is counted
      // and left out, and its sequence number still counts (a resume must not ask for it again).
      if (isRecord(raw) && (raw.op === 'event' || raw.op === 'events')) {
        const topic = Topic.safeParse(raw.topic);
        const events = raw.op === 'event' ? [raw.event] : Array.isArray(raw.events) ? raw.events : [];
        if (!topic.success || typeof raw.seq !== 'number' || events.length === 0) return;
        seqs.set(topic.data, raw.seq + events.length - 1);
        for (const e of events) record(topic.data, e);
        return;
      }
      const message = ServerMessage.safeParse(raw);
      if (!message.success) return;
      const parsed = message.data;
      switch (parsed.op) {
        case 'hello': {
          const resume = epoch !== null && parsed.epoch === epoch ? epoch : undefined;
          epoch = parsed.epoch;
          if (heartbeat) clearInterval(heartbeat);
          heartbeat = parsed.heartbeatMs > 0 ? setInterval(() => ws.send(JSON.stringify({ op: 'ping', t: clock.now() })), parsed.heartbeatMs) : null;
          const size = Math.max(1, parsed.batchSize);
          for (let i = 0; i < topics.length; i += size) {
            const batch = topics.slice(i, i + size);
            const message: Record<string, unknown> = { op: 'subscribe', topics: batch };
            if (resume !== undefined)
              message.resume = { epoch: resume, seqs: Object.fromEntries(batch.flatMap((t) => (seqs.has(t) ? [[t, seqs.get(t)!]] : []))) };
            ws.send(JSON.stringify(message));
          }
          // Another epoch: the core restarted, its sequence numbers start again.
          if (resume === undefined && !first) {
            result.gaps += topics.length;
            seqs.clear();
          }
          return;
        }
        case 'subscribed':
          for (const t of parsed.topics) if (!seqs.has(t.topic)) seqs.set(t.topic, t.seq);
          return;
        case 'event':
        case 'events':
          return; // taken above
        case 'refetch':
          result.gaps++;
          log(`gap on ${parsed.topic} (${parsed.reason}): missed events are not in the recording`);
          return;
        case 'error':
          log(`core: ${parsed.code} ${parsed.message}`);
          return;
        case 'pong':
          return;
      }
    });
    ws.on('unexpected-response', (_req, res) => {
      failure = new Error(`/ws upgrade refused: HTTP ${res.statusCode ?? '?'}`);
      stop();
    });
    ws.on('error', (err) => log(`/ws: ${err.message}`));
    ws.on('close', () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      if (stopping) return;
      result.reconnects++;
      log('/ws dropped: reconnecting');
      reconnectTimer = setTimeout(() => connect(false), opts.reconnectMs ?? 1000);
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    if (heartbeat) clearInterval(heartbeat);
    (socket as WebSocket | null)?.close();
    finish();
  };
  const timer = opts.durationS !== undefined ? setTimeout(stop, opts.durationS * 1000) : null;
  if (opts.signal?.aborted) stop();
  opts.signal?.addEventListener('abort', stop, { once: true });
  if (!stopping) connect(true);
  await done;
  if (timer) clearTimeout(timer);
  opts.signal?.removeEventListener('abort', stop);
  const closed = await writer.close();
  result.durationMs = closed.durationMs;
  if (failure) throw failure;
  return result;
}
