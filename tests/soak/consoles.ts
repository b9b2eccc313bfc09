/**
 * The soak's /ws side, in a process of its own (so that its work does not delay the REST load's
 * schedule): `--consoles` websocket consoles signed in as the demo users in turn, `--per-session`
 * (default 4) on each session, like a user's browser tabs, subscribed as the console subscribes (apps/console/src/realtime/topics.ts: the user's
 * groups, else inventories, in batches of the user's size), plus one control subscriber per
 * distinct set of topics, connected before the consoles.
 *
 * Every server message is checked with the console's own envelope check (parseServerEnvelope).
 * Per console and topic the sequence numbers are followed from the `subscribed` acknowledgement:
 * a jump is a gap (its missing events counted), a number already seen is a duplicate. A console
 * closed by the server, a `refetch`, an `error` or an epoch change is counted too.
 *
 *   node --import tsx soak/consoles.ts --url http://127.0.0.1:… --consoles 200 [--per-session 4] --password …
 *
 * Protocol (stdout lines, stdin lines):
 *   → READY {"consoles": …, "controls": …, "topicSets": [...]}   all subscribed
 *   ← stats            → STATS {…}    counters so far (ConsoleStats)
 *   ← finish           → FINAL {…}    the control's last numbers are taken as the target; once
 *                                     every open console reached them (or 15 s passed) each
 *                                     console's missing events are counted (ConsoleFinal)
 */
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { ROLES, parseServerEnvelope, type CurrentUser, type Topic } from '@fleet/contracts';
import { batchSizeFor, inBatches, topicsForUser } from '../../apps/console/src/realtime/topics.js';
import { bodyOf, call, login } from '../durability/http.js';
import { wsUrl } from '../integration/realtime-client.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    consoles: { type: 'string', default: '200' },
    'per-session': { type: 'string', default: '4' },
    password: { type: 'string' },
  },
});
const base = values.url!;
const password = values.password!;
const consoleCount = Number(values.consoles);
const perSession = Math.max(1, Number(values['per-session']));

/** What one connection saw of one topic. */
interface TopicTrack {
  /** Sequence number acknowledged by `subscribed` (the events after it are this connection's). */
  ack: number;
  last: number;
  gaps: number;
  missing: number;
  duplicates: number;
}

interface Connection {
  name: string;
  control: boolean;
  topicSet: string;
  ws: WebSocket;
  epoch: string;
  topics: Map<string, TopicTrack>;
  events: number;
  frames: number;
  closedByServer: boolean;
  closeCode: number | null;
  refetches: number;
  errors: number;
  epochChanges: number;
  invalid: number;
}

const connections: Connection[] = [];
let finishing = false;

function track(c: Connection, topic: string, seq: number, count: number): void {
  const t = c.topics.get(topic);
  if (!t) {
    c.invalid++;
    return;
  }
  for (let s = seq; s < seq + count; s++) {
    if (s <= t.last) t.duplicates++;
    else {
      if (s > t.last + 1) {
        t.gaps++;
        t.missing += s - t.last - 1;
      }
      t.last = s;
    }
  }
}

/** Opens one connection, subscribes to `topics` in batches; resolves once every batch is acknowledged. */
function open(name: string, control: boolean, cookie: string, topics: readonly Topic[], batchSize: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(base), { headers: { cookie } });
    const c: Connection = {
      name,
      control,
      topicSet: [...topics].sort().join(','),
      ws,
      epoch: '',
      topics: new Map(),
      events: 0,
      frames: 0,
      closedByServer: false,
      closeCode: null,
      refetches: 0,
      errors: 0,
      epochChanges: 0,
      invalid: 0,
    };
    let acked = 0;
    ws.on('message', (data) => {
      const m = parseServerEnvelope(JSON.parse(String(data)));
      if (m === null) {
        c.invalid++;
        return;
      }
      switch (m.op) {
        case 'hello':
          c.epoch = m.epoch;
          for (const batch of inBatches(topics, batchSize)) ws.send(JSON.stringify({ op: 'subscribe', topics: batch }));
          break;
        case 'subscribed':
          for (const { topic, seq } of m.topics) c.topics.set(topic, { ack: seq, last: seq, gaps: 0, missing: 0, duplicates: 0 });
          acked += m.topics.length;
          if (acked >= topics.length) resolve(c);
          break;
        case 'event':
        case 'events': {
          const n = m.op === 'event' ? 1 : m.events.length;
          c.frames++;
          c.events += n;
          if (m.epoch !== c.epoch) c.epochChanges++;
          track(c, m.topic, m.seq, n);
          break;
        }
        case 'refetch':
          c.refetches++;
          break;
        case 'error':
          c.errors++;
          if (acked < topics.length) reject(new Error(`${name}: ${m.code} ${m.message}`));
          break;
        case 'pong':
          break;
      }
    });
    ws.on('close', (code) => {
      c.closeCode = code;
      if (!finishing) c.closedByServer = true;
      if (acked < topics.length) reject(new Error(`${name}: closed (${code}) before subscribed`));
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`${name}: upgrade refused: ${res.statusCode}`)));
    ws.on('error', (e) => reject(e));
  });
}

interface Signed {
  username: string;
  cookie: string;
  topics: Topic[];
  batchSize: number;
}

async function signIn(username: string): Promise<Signed> {
  const cookie = await login(base, username, password);
  const user: CurrentUser = bodyOf(`users/current as ${username}`, await call(base, cookie, 'getCurrentUser', {}));
  return { username, cookie, topics: topicsForUser(user) as Topic[], batchSize: batchSizeFor(user) };
}

/** Runs `fn` over `items`, `width` at a time. */
async function pool<T, R>(items: readonly T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

// Sign in: the demo users in turn, `--per-session` consoles on each session (a user's browser tabs;
// below the core's REALTIME_MAX_CONNECTIONS_PER_SESSION); controls on a session of their own.
const sessionCount = Math.ceil(consoleCount / perSession);
const usernames = Array.from({ length: sessionCount }, (_, i) => ROLES[i % ROLES.length]!);
const signed = await pool(usernames, 4, (u) => signIn(u));
const sessions = Array.from({ length: consoleCount }, (_, i) => signed[i % sessionCount]!);
const controlsBySet = new Map<string, Connection>();
for (const s of sessions) {
  const key = [...s.topics].sort().join(',');
  if (controlsBySet.has(key) || s.topics.length === 0) continue;
  const own = await signIn(s.username);
  const c = await open(`control ${s.username}`, true, own.cookie, own.topics, own.batchSize);
  controlsBySet.set(key, c);
  connections.push(c);
}
const consoles = await pool(sessions, 8, (s, i) => open(`console ${i} ${s.username}`, false, s.cookie, s.topics, s.batchSize));
connections.push(...consoles);
process.stdout.write(`READY ${JSON.stringify({ consoles: consoles.length, controls: controlsBySet.size, topicSets: [...controlsBySet.keys()] })}\n`);

export interface ConsoleStats {
  open: number;
  /** Events received by the consoles (controls not counted). */
  events: number;
  frames: number;
  controlEvents: number;
  gaps: number;
  missing: number;
  duplicates: number;
  closedByServer: number;
  refetches: number;
  errors: number;
  epochChanges: number;
  invalid: number;
}

function stats(): ConsoleStats {
  const s: ConsoleStats = {
    open: 0,
    events: 0,
    frames: 0,
    controlEvents: 0,
    gaps: 0,
    missing: 0,
    duplicates: 0,
    closedByServer: 0,
    refetches: 0,
    errors: 0,
    epochChanges: 0,
    invalid: 0,
  };
  for (const c of connections) {
    if (c.ws.readyState === WebSocket.OPEN) s.open++;
    if (c.control) s.controlEvents += c.events;
    else {
      s.events += c.events;
      s.frames += c.frames;
    }
    for (const t of c.topics.values()) {
      s.gaps += t.gaps;
      s.missing += t.missing;
      s.duplicates += t.duplicates;
    }
    if (c.closedByServer) s.closedByServer++;
    s.refetches += c.refetches;
    s.errors += c.errors;
    s.epochChanges += c.epochChanges;
    s.invalid += c.invalid;
  }
  return s;
}

export interface ConsoleFinal extends ConsoleStats {
  /** Events the control of its topic set saw (up to the target) that a console never received. */
  lost: number;
  /** Consoles with at least one lost event, gap, duplicate, refetch or cut. */
  consolesWithProblems: number;
  /** The control's numbers at the finish, per topic. */
  target: Record<string, number>;
  /** ms the consoles took to reach the target. */
  settleMs: number;
  /** The first few problems, for reading. */
  problems: string[];
}

async function finish(): Promise<ConsoleFinal> {
  const target: Record<string, number> = {};
  for (const c of controlsBySet.values()) for (const [topic, t] of c.topics) target[topic] = Math.max(target[topic] ?? 0, t.last);
  const t0 = Date.now();
  const reached = () => consoles.every((c) => c.ws.readyState !== WebSocket.OPEN || [...c.topics].every(([topic, t]) => t.last >= (target[topic] ?? 0)));
  while (!reached() && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 50));
  const settleMs = Date.now() - t0;
  finishing = true;
  const s = stats();
  let lost = 0;
  let consolesWithProblems = 0;
  const problems: string[] = [];
  for (const c of connections) {
    let mine = 0;
    for (const [topic, t] of c.topics) {
      // Within (ack, target]: what a gap skipped plus what never came at the end.
      const tail = Math.max(0, (target[topic] ?? 0) - t.last);
      mine += t.missing + tail;
      if ((t.missing > 0 || tail > 0 || t.duplicates > 0) && problems.length < 20) {
        problems.push(
          `${c.name} ${topic}: ack ${t.ack}, last ${t.last}, target ${target[topic] ?? 0}, ${t.gaps} gaps (${t.missing} missing), ${t.duplicates} duplicates`,
        );
      }
    }
    if (c.closedByServer && problems.length < 20) problems.push(`${c.name}: closed by the server (${c.closeCode})`);
    lost += mine;
    if (mine > 0 || c.closedByServer || c.refetches > 0 || c.topics.size === 0 || [...c.topics.values()].some((t) => t.duplicates > 0)) consolesWithProblems++;
  }
  for (const c of connections) c.ws.close(1000, 'soak finished');
  return { ...s, lost, consolesWithProblems, target, settleMs, problems };
}

let input = '';
process.stdin.on('data', (d: Buffer) => {
  input += d.toString();
  let nl: number;
  while ((nl = input.indexOf('\n')) >= 0) {
    const command = input.slice(0, nl).trim();
    input = input.slice(nl + 1);
    if (command === 'stats') process.stdout.write(`STATS ${JSON.stringify(stats())}\n`);
    if (command === 'finish') {
      void finish().then((f) => {
        process.stdout.write(`FINAL ${JSON.stringify(f)}\n`);
        setTimeout(() => process.exit(0), 200);
      });
    }
  }
});
process.stdin.on('end', () => process.exit(0));
