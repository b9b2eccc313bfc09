/**
 * /ws checks: the upgrade with the session cookie and the core's Origin, the hello, a subscription
 * to a topic of a group (or inventory) the user sees, a made-up topic (error shape), and the events
 * received during a short window, each parsed with the contract's union (unknown types reported).
 */
import { RealtimeEvent, ServerMessage, groupTopic, inventoryTopic } from '@fleet/contracts';
import WebSocket from 'ws';
import { compareWithSchema } from './diff.js';
import type { CoreClient } from './http.js';
import type { ObjectPool } from './objects.js';
import type { CheckResult, Difference } from './report.js';

const KNOWN_TYPES = new Set<string>(
  RealtimeEvent.options.map((o) => {
    const t = o.shape.type;
    return String(t.value);
  }),
);

const ok = (call: string, check: string, differences: Difference[], note?: string): CheckResult => ({
  area: 'realtime', call, check, route: '', outcome: differences.length ? 'differs' : 'conforms', differences, ...(note ? { note } : {}),
});
const skipped = (call: string, check: string, note: string): CheckResult => ({ area: 'realtime', call, check, route: '', outcome: 'not checked', differences: [], note });

export async function checkRealtime(client: CoreClient, pool: ObjectPool, opts: { seconds: number }): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const url = client.wsUrl();
  const messages: unknown[] = [];
  let ws: WebSocket;
  try {
    ws = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { ...(client.cookie ? { cookie: client.cookie } : {}), origin: client.core.origin } });
      const timer = setTimeout(() => reject(new Error('no upgrade within 10 s')), 10_000);
      socket.on('message', (data) => {
        try {
          messages.push(JSON.parse(String(data)));
        } catch {
          messages.push(String(data));
        }
      });
      socket.once('open', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(new Error(`upgrade refused: ${res.statusCode ?? '?'}`));
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  } catch (err) {
    const refused = /upgrade refused: (\d+)/.exec(String(err));
    results.push({ area: 'realtime', call: 'connect', check: 'upgrade', route: url, outcome: refused?.[1] === '404' ? 'missing' : 'differs', differences: [{ path: 'upgrade', expected: '101 Switching Protocols with the session cookie and the core\'s Origin', received: String(err) }] });
    return results;
  }
  results.push(ok('connect', 'upgrade', [], url));

  const waitFor = async (pred: (m: Record<string, unknown>) => boolean, ms: number): Promise<Record<string, unknown> | null> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const m = messages.find((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && pred(x as Record<string, unknown>));
      if (m) return m;
      await new Promise((r) => setTimeout(r, 20));
    }
    return null;
  };
  const op = (name: string) => (m: Record<string, unknown>): boolean => m.op === name;

  try {
    const hello = await waitFor(op('hello'), 5_000);
    if (!hello) results.push(ok('hello', 'shape', [{ path: '$.op', expected: '"hello" first', received: messages.length ? JSON.stringify(messages[0]).slice(0, 80) : 'nothing within 5 s' }]));
    else results.push(ok('hello', 'shape', compareWithSchema(ServerMessage, hello)));

    // A topic the user sees.
    const group = pool.get('group')[0];
    const inventory = pool.get('inventory')[0];
    const topic = group ? groupTopic(group.id) : inventory ? inventoryTopic(inventory.id) : null;
    if (!topic) results.push(skipped('subscribe', 'visible topic', 'no group or inventory visible to this user'));
    else {
      const before = messages.length;
      ws.send(JSON.stringify({ op: 'subscribe', topics: [topic] }));
      const answer = await waitFor((m) => messages.indexOf(m) >= before && (m.op === 'subscribed' || m.op === 'error'), 5_000);
      const diffs: Difference[] = [];
      if (!answer) diffs.push({ path: '$.op', expected: '"subscribed"', received: 'nothing within 5 s' });
      else if (answer.op === 'error') diffs.push({ path: '$.op', expected: '"subscribed"', received: `error ${JSON.stringify(answer).slice(0, 120)}` });
      else {
        diffs.push(...compareWithSchema(ServerMessage, answer));
        const topics = Array.isArray(answer.topics) ? (answer.topics as { topic?: unknown }[]).map((t) => t.topic) : [];
        if (!topics.includes(topic)) diffs.push({ path: '$.topics', expected: `to name ${topic}`, received: JSON.stringify(topics) });
      }
      results.push(ok('subscribe', 'visible topic', diffs, topic));
    }

    // A topic of a group that does not exist: refused with an error message.
    const before = messages.length;
    const madeUp = groupTopic('conformance-no-such-group');
    ws.send(JSON.stringify({ op: 'subscribe', topics: [madeUp] }));
    const refusal = await waitFor((m) => messages.indexOf(m) >= before && (m.op === 'error' || m.op === 'subscribed'), 5_000);
    const rdiffs: Difference[] = [];
    if (!refusal) rdiffs.push({ path: '$.op', expected: '"error"', received: 'nothing within 5 s' });
    else if (refusal.op !== 'error') rdiffs.push({ path: '$.op', expected: '"error" (the topic is not the user\'s)', received: JSON.stringify(refusal).slice(0, 120) });
    else rdiffs.push(...compareWithSchema(ServerMessage, refusal));
    results.push(ok('subscribe', 'made-up topic', rdiffs, madeUp));

    // Events during the window.
    if (opts.seconds > 0) {
      const start = messages.length;
      await new Promise((r) => setTimeout(r, opts.seconds * 1000));
      const window = messages.slice(start);
      const diffs: Difference[] = [];
      const unknown = new Map<string, number>();
      let events = 0;
      for (const [i, m] of window.entries()) {
        if (typeof m !== 'object' || m === null) {
          diffs.push({ path: `message ${i}`, expected: 'a JSON object', received: String(m).slice(0, 60) });
          continue;
        }
        const rec = m as Record<string, unknown>;
        const inner = rec.op === 'event' ? [rec.event] : rec.op === 'events' && Array.isArray(rec.events) ? rec.events : [];
        for (const e of inner) {
          events++;
          const type = typeof e === 'object' && e !== null ? (e as { type?: unknown }).type : undefined;
          if (typeof type === 'string' && !KNOWN_TYPES.has(type)) {
            unknown.set(type, (unknown.get(type) ?? 0) + 1);
          }
        }
        const found = compareWithSchema(ServerMessage, m, 5).filter((d) => !unknownTypeDiff(d, rec));
        for (const d of found) if (diffs.length < 20) diffs.push({ ...d, path: `message ${i} (${String(rec.op)}${typeof (rec.event as { type?: unknown } | undefined)?.type === 'string' ? ` ${String((rec.event as { type: string }).type)}` : ''}) ${d.path}` });
      }
      for (const [type, n] of unknown) diffs.push({ path: `event type ${JSON.stringify(type)}`, expected: 'a type of the RealtimeEvent union', received: `${n} event(s) of an unknown type` });
      results.push(ok('events', `window of ${opts.seconds} s`, diffs, `${window.length} messages, ${events} events`));
    }
  } finally {
    ws.close();
  }
  return results;
}

/** An unknown event type is reported once as such, not again as a union mismatch. */
function unknownTypeDiff(d: Difference, m: Record<string, unknown>): boolean {
  const events = m.op === 'event' ? [m.event] : Array.isArray(m.events) ? m.events : [];
  return events.some((e) => typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string' && !KNOWN_TYPES.has((e as { type: string }).type)) && /event/.test(d.path);
}
