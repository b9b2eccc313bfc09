/**
 * /ws checks: the upgrade refused without the credentials (401); with them the upgrade, the hello,
 * a subscription to topics of a group and an inventory the user sees, a made-up topic (refused with
 * an error), `ping` → `pong`, the events of a short window (each parsed with the contract's union;
 * unknown types reported), the heartbeat (the core's pings, at most `heartbeatMs` apart), and a
 * resume: the connection is dropped, a new one subscribes with the epoch and the last sequence
 * number seen, and the events that follow must continue that sequence with no gap and no duplicate.
 */
import { RealtimeEvent, ServerMessage, groupTopic, inventoryTopic } from '@fleet/contracts';
import type WebSocket from 'ws';
import type { RunClock } from './clock.js';
import { checkErrorAnswer } from './classify.js';
import { compareWithSchema } from './diff.js';
import type { CoreClient } from './http.js';
import type { ObjectPool } from './objects.js';
import type { CheckResult, Difference } from './report.js';
import { undocumentedFields } from './schema.js';

const KNOWN_TYPES = new Set<string>(
  RealtimeEvent.options.map((o) => {
    const t = o.shape.type;
    return String(t.value);
  }),
);

const ok = (call: string, check: string, differences: Difference[], note?: string): CheckResult => ({
  area: 'realtime',
  call,
  check,
  route: '',
  outcome: differences.length ? 'differs' : 'conforms',
  differences,
  ...(note ? { note } : {}),
});
const skipped = (call: string, check: string, note: string): CheckResult => ({
  area: 'realtime',
  call,
  check,
  route: '',
  outcome: 'not checked',
  differences: [],
  note,
});
const extra = (call: string, check: string, differences: Difference[]): CheckResult[] =>
  differences.length
    ? [
        {
          area: 'realtime',
          call,
          check: 'undocumented',
          route: '',
          outcome: 'undocumented',
          differences,
          note: `fields of the ${check} message the contract does not know`,
        },
      ]
    : [];

type Message = Record<string, unknown>;
const isMessage = (m: unknown): m is Message => typeof m === 'object' && m !== null && !Array.isArray(m);

/** The first message from index `from` on that `pred` accepts, waiting at most `ms` by `clock`. */
async function waitFor(clock: RunClock, messages: readonly unknown[], pred: (m: Message) => boolean, ms: number, from = 0): Promise<Message | null> {
  const until = clock.now() + ms;
  for (;;) {
    for (let i = from; i < messages.length; i++) {
      const m = messages[i];
      if (isMessage(m) && pred(m)) return m;
    }
    if (clock.now() >= until) return null;
    await clock.sleep(20);
  }
}

/** Per topic, the sequence numbers of the events in `messages` (an `events` frame's are seq, seq + 1, ...). */
function sequences(messages: readonly unknown[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of messages) {
    if (!isMessage(m) || typeof m.topic !== 'string' || typeof m.seq !== 'number') continue;
    const n = m.op === 'event' ? 1 : m.op === 'events' && Array.isArray(m.events) ? m.events.length : 0;
    const list = out.get(m.topic) ?? [];
    for (let i = 0; i < n; i++) list.push(m.seq + i);
    out.set(m.topic, list);
  }
  return out;
}

function closeQuietly(socket: WebSocket): void {
  try {
    socket.terminate();
  } catch {
    // already closed
  }
}

export async function checkRealtime(client: CoreClient, pool: ObjectPool, opts: { seconds: number }): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const url = client.wsUrl();

  // Without the credentials: refused before the upgrade.
  const anonymous = await client.openSocket(false, 'no session: the upgrade must be refused with 401');
  if ('socket' in anonymous) {
    closeQuietly(anonymous.socket);
    results.push(
      ok('connect', 'no session', [{ path: 'upgrade', expected: '401 before the upgrade', received: '101: the connection was opened without a session' }], url),
    );
  } else if ('refused' in anonymous) {
    results.push(ok('connect', 'no session', checkErrorAnswer(anonymous.refused.status, anonymous.refused.body, 401, ['UNAUTHENTICATED']), url));
  } else results.push(ok('connect', 'no session', [{ path: 'upgrade', expected: '401 before the upgrade', received: anonymous.error }], url));

  const opened = await client.openSocket(true, 'the /ws protocol: hello, subscriptions, events, heartbeat');
  if (!('socket' in opened)) {
    const received = 'refused' in opened ? `upgrade refused: ${opened.refused.status}` : opened.error;
    const status = 'refused' in opened ? opened.refused.status : null;
    results.push({
      area: 'realtime',
      call: 'connect',
      check: 'upgrade',
      route: url,
      outcome: status === 404 ? 'missing' : 'differs',
      differences: [{ path: 'upgrade', expected: "101 Switching Protocols with the credentials and the core's Origin", received }],
    });
    return results;
  }
  const openedAt = client.clock.now();
  const { socket, messages, pings } = opened;
  results.push(ok('connect', 'upgrade', [], url));
  let socketOpen = true;
  let epoch: string | null = null;
  let heartbeatMs: number | null = null;
  const topics: string[] = [];

  try {
    const hello = await waitFor(client.clock, messages, (m) => m.op === 'hello', 5_000);
    if (!hello)
      results.push(
        ok('hello', 'shape', [
          { path: '$.op', expected: '"hello" first', received: messages.length ? JSON.stringify(messages[0]).slice(0, 80) : 'nothing within 5 s' },
        ]),
      );
    else {
      const diffs = compareWithSchema(ServerMessage, hello);
      results.push(ok('hello', 'shape', diffs));
      results.push(...extra('hello', 'hello', undocumentedFields(ServerMessage, hello)));
      // What the later checks need, as far as the hello gives it (a wrong field is reported above, once).
      if (typeof hello.epoch === 'string') epoch = hello.epoch;
      if (typeof hello.heartbeatMs === 'number' && hello.heartbeatMs > 0) heartbeatMs = hello.heartbeatMs;
    }

    // Topics the user sees: one group's and one inventory's.
    const group = pool.get('group')[0];
    const inventory = pool.get('inventory')[0];
    if (group) topics.push(groupTopic(group.id));
    if (inventory) topics.push(inventoryTopic(inventory.id));
    if (!topics.length) results.push(skipped('subscribe', 'visible topic', 'no group or inventory visible to this user'));
    else {
      const before = messages.length;
      socket.send(JSON.stringify({ op: 'subscribe', topics }));
      const answer = await waitFor(client.clock, messages, (m) => m.op === 'subscribed' || m.op === 'error', 5_000, before);
      const diffs: Difference[] = [];
      if (!answer) diffs.push({ path: '$.op', expected: '"subscribed"', received: 'nothing within 5 s' });
      else if (answer.op === 'error') diffs.push({ path: '$.op', expected: '"subscribed"', received: `error ${JSON.stringify(answer).slice(0, 120)}` });
      else {
        diffs.push(...compareWithSchema(ServerMessage, answer));
        const named = Array.isArray(answer.topics) ? (answer.topics as { topic?: unknown }[]).map((t) => t.topic) : [];
        for (const topic of topics) if (!named.includes(topic)) diffs.push({ path: '$.topics', expected: `to name ${topic}`, received: JSON.stringify(named) });
      }
      results.push(ok('subscribe', 'visible topic', diffs, topics.join(', ')));
    }

    // A topic of a group that does not exist: refused with an error message.
    {
      const before = messages.length;
      const madeUp = groupTopic('conformance-no-such-group');
      socket.send(JSON.stringify({ op: 'subscribe', topics: [madeUp] }));
      const refusal = await waitFor(client.clock, messages, (m) => m.op === 'error' || m.op === 'subscribed', 5_000, before);
      const diffs: Difference[] = [];
      if (!refusal) diffs.push({ path: '$.op', expected: '"error"', received: 'nothing within 5 s' });
      else if (refusal.op !== 'error')
        diffs.push({ path: '$.op', expected: '"error" (the topic is not the user\'s)', received: JSON.stringify(refusal).slice(0, 120) });
      else diffs.push(...compareWithSchema(ServerMessage, refusal));
      results.push(ok('subscribe', 'made-up topic', diffs, madeUp));
    }

    // The application-level ping.
    {
      const before = messages.length;
      const t = 4242;
      socket.send(JSON.stringify({ op: 'ping', t }));
      const pong = await waitFor(client.clock, messages, (m) => m.op === 'pong' || m.op === 'error', 5_000, before);
      const diffs: Difference[] = [];
      if (!pong) diffs.push({ path: '$.op', expected: '"pong"', received: 'nothing within 5 s' });
      else if (pong.op !== 'pong') diffs.push({ path: '$.op', expected: '"pong"', received: JSON.stringify(pong).slice(0, 120) });
      else {
        diffs.push(...compareWithSchema(ServerMessage, pong));
        if (pong.t !== t) diffs.push({ path: '$.t', expected: `${t} (the ping's)`, received: JSON.stringify(pong.t) });
      }
      results.push(ok('ping', 'pong', diffs));
    }

    if (opts.seconds <= 0) {
      results.push(skipped('heartbeat', 'pings', 'not listened for (--ws-seconds 0)'));
      results.push(skipped('resume', 'no gap, no duplicate', 'not tried (--ws-seconds 0)'));
      return results;
    }

    // Events during the window.
    const start = messages.length;
    await client.clock.sleep(opts.seconds * 1000);
    const window = messages.slice(start);
    results.push(checkWindow(window, opts.seconds));
    const fields = new Map<string, Difference>();
    for (const m of window) for (const d of undocumentedFields(ServerMessage, m)) if (!fields.has(d.path) && fields.size < 20) fields.set(d.path, d);
    results.push(...extra('events', 'event', [...fields.values()]));

    // The heartbeat: the core's pings, at most heartbeatMs apart (half as much again and a second
    // allowed for timers and the network; judged once the connection was open that long).
    const openMs = client.clock.now() - openedAt;
    if (heartbeatMs === null) results.push(skipped('heartbeat', 'pings', 'the hello named no heartbeat'));
    else if (openMs < heartbeatMs * 1.5 + 1000)
      results.push(
        skipped(
          'heartbeat',
          'pings',
          `the heartbeat (${heartbeatMs} ms) is longer than the connection was open (${(openMs / 1000).toFixed(1)} s): raise --ws-seconds`,
        ),
      );
    else {
      const times = [openedAt, ...pings, client.clock.now()];
      const longest = Math.max(...times.slice(1).map((t, i) => t - (times[i] ?? t)));
      const diffs: Difference[] = [];
      if (!pings.length)
        diffs.push({ path: 'pings', expected: `a ping at least every ${heartbeatMs} ms`, received: `none in ${(openMs / 1000).toFixed(1)} s` });
      else if (longest > heartbeatMs * 1.5 + 1000)
        diffs.push({ path: 'pings', expected: `at most ${heartbeatMs} ms apart`, received: `${longest} ms without one` });
      results.push(ok('heartbeat', 'pings', diffs, `${pings.length} pings in ${(openMs / 1000).toFixed(1)} s, heartbeat ${heartbeatMs} ms`));
    }

    // The resume: drop the connection, reconnect, subscribe with the epoch and the last seq seen.
    const acks = new Map<string, number>();
    for (const m of messages) {
      if (isMessage(m) && m.op === 'subscribed' && Array.isArray(m.topics)) {
        for (const t of m.topics as { topic?: unknown; seq?: unknown }[])
          if (typeof t.topic === 'string' && typeof t.seq === 'number') acks.set(t.topic, t.seq);
      }
    }
    const seen = sequences(messages);
    // The busiest of the topics subscribed: the resume has the most to replay there.
    const topic = [...topics].sort((a, b) => (seen.get(b)?.length ?? 0) - (seen.get(a)?.length ?? 0))[0];
    if (!topic || epoch === null || !acks.has(topic)) {
      results.push(
        skipped(
          'resume',
          'no gap, no duplicate',
          !topic ? 'no topic subscribed' : epoch === null ? 'the hello named no epoch' : `the subscription to ${topic} was not acknowledged`,
        ),
      );
      return results;
    }
    const last = Math.max(acks.get(topic) ?? 0, ...(seen.get(topic) ?? []));
    closeQuietly(socket);
    socketOpen = false;
    const downMs = Math.min(2000, Math.max(500, opts.seconds * 500));
    await client.clock.sleep(downMs);
    results.push(await checkResume(client, topic, epoch, last, downMs, Math.max(1000, opts.seconds * 1000)));
  } finally {
    if (socketOpen) socket.close();
  }
  return results;
}

/** Every message of the event window against the contract; unknown event types counted once. */
function checkWindow(window: readonly unknown[], seconds: number): CheckResult {
  const diffs: Difference[] = [];
  const unknown = new Map<string, number>();
  let events = 0;
  for (const [i, m] of window.entries()) {
    if (!isMessage(m)) {
      diffs.push({ path: `message ${i}`, expected: 'a JSON object', received: String(m).slice(0, 60) });
      continue;
    }
    const inner = m.op === 'event' ? [m.event] : m.op === 'events' && Array.isArray(m.events) ? m.events : [];
    for (const e of inner) {
      events++;
      const type = isMessage(e) ? e.type : undefined;
      if (typeof type === 'string' && !KNOWN_TYPES.has(type)) unknown.set(type, (unknown.get(type) ?? 0) + 1);
    }
    const found = compareWithSchema(ServerMessage, m, 5).filter((d) => !unknownTypeDiff(d, m));
    const type = isMessage(m.event) && typeof m.event.type === 'string' ? ` ${m.event.type}` : '';
    for (const d of found) if (diffs.length < 20) diffs.push({ ...d, path: `message ${i} (${String(m.op)}${type}) ${d.path}` });
  }
  for (const [type, n] of unknown)
    diffs.push({ path: `event type ${JSON.stringify(type)}`, expected: 'a type of the RealtimeEvent union', received: `${n} event(s) of an unknown type` });
  return ok('events', `window of ${seconds} s`, diffs, `${window.length} messages, ${events} events`);
}

/**
 * A new connection subscribing to `topic` with `resume`: the events that follow (the replay, then
 * live ones) must be numbered last + 1, last + 2, ... with no gap and no duplicate. A `refetch`
 * (the history no longer reaches back, or the numbering restarted) is the protocol's other answer:
 * not checked, with its reason.
 */
async function checkResume(client: CoreClient, topic: string, epoch: string, last: number, downMs: number, listenMs: number): Promise<CheckResult> {
  const name = 'no gap, no duplicate';
  const opened = await client.openSocket(true, 'resume: reconnect after a dropped connection');
  if (!('socket' in opened))
    return ok('resume', name, [
      { path: 'upgrade', expected: '101 on reconnecting', received: 'refused' in opened ? `upgrade refused: ${opened.refused.status}` : opened.error },
    ]);
  const { socket, messages } = opened;
  try {
    const hello = await waitFor(client.clock, messages, (m) => m.op === 'hello', 5_000);
    if (!hello) return ok('resume', name, [{ path: '$.op', expected: '"hello" on reconnecting', received: 'nothing within 5 s' }]);
    if (hello.epoch !== epoch)
      return skipped(
        'resume',
        name,
        `the core's epoch changed while the connection was down (${epoch} → ${String(hello.epoch)}): a refetch is due, not a replay`,
      );
    const before = messages.length;
    socket.send(JSON.stringify({ op: 'subscribe', topics: [topic], resume: { epoch, seqs: { [topic]: last } } }));
    const ack = await waitFor(client.clock, messages, (m) => m.op === 'subscribed' || m.op === 'error', 5_000, before);
    if (!ack || ack.op !== 'subscribed')
      return ok('resume', name, [{ path: '$.op', expected: '"subscribed"', received: ack ? JSON.stringify(ack).slice(0, 120) : 'nothing within 5 s' }]);
    await client.clock.sleep(listenMs);
    const after = messages.slice(before);
    const refetch = after.find((m): m is Message => isMessage(m) && m.op === 'refetch' && m.topic === topic);
    if (refetch)
      return skipped('resume', name, `the core answered refetch (${String(refetch.reason)}) for ${topic} after ${downMs} ms down instead of replaying`);
    const seqs = sequences(after).get(topic) ?? [];
    if (!seqs.length) return skipped('resume', name, `no event on ${topic} while the connection was down (${downMs} ms) nor after`);
    const diffs: Difference[] = [];
    let expected = last + 1;
    for (const seq of seqs) {
      if (diffs.length >= 5) break;
      if (seq === expected) expected++;
      else if (seq < expected) diffs.push({ path: `${topic} seq`, expected: `${expected} (the events after ${last})`, received: `${seq} again: a duplicate` });
      else {
        diffs.push({ path: `${topic} seq`, expected: String(expected), received: `${seq}: ${seq - expected} event(s) lost` });
        expected = seq + 1;
      }
    }
    return ok('resume', name, diffs, `${topic} resumed after seq ${last} (${downMs} ms down): ${seqs.length} events, ${seqs[0]}…${seqs[seqs.length - 1]}`);
  } finally {
    socket.close();
  }
}

/** An unknown event type is reported once as such, not again as a union mismatch. */
function unknownTypeDiff(d: Difference, m: Message): boolean {
  const events = m.op === 'event' ? [m.event] : Array.isArray(m.events) ? m.events : [];
  return events.some((e) => isMessage(e) && typeof e.type === 'string' && !KNOWN_TYPES.has(e.type)) && /event/.test(d.path);
}
