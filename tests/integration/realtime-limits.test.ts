/**
 * /ws limits, with real websockets: at most REALTIME_MAX_CONNECTIONS_PER_SESSION open
 * connections per session (429 before the upgrade; one that raced past the check closes with
 * 4429), at most REALTIME_MAX_TOPICS_PER_CONNECTION topics per connection (a subscribe beyond it
 * subscribes nothing; unsubscribing frees room), and only topics of groups and inventories that
 * exist and the caller may see — for global users too.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, inventoryTopic, type ServerMessage } from '@fleet/contracts';
import { SEED_IDS } from '@fleet/db';
import { providers, startTestStack, type TestStack } from '../support/stack.js';
import { connect, type WsClient } from './realtime-client.js';

const MAX_CONNECTIONS = 3;
const MAX_TOPICS = 3;

/** Resolves 'open' once the hello arrives, else the refusal: 'refused 429' or the close code. */
async function attempt(base: string, cookie: string): Promise<{ outcome: string; client: WsClient | null }> {
  let client: WsClient;
  try {
    client = await connect(base, { cookie });
  } catch (e) {
    return { outcome: (e as Error).message.replace('upgrade refused: ', 'refused '), client: null };
  }
  const hello = client.next((m) => m.op === 'hello', 5000).then(() => 'open');
  const outcome = await Promise.race([hello, client.closed.then((code) => `closed ${code}`)]);
  return { outcome, client };
}

/** The answer to an upgrade request that is refused (status and JSON body). */
function refusedUpgrade(base: string, cookie: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/ws`, {
      headers: { cookie, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64') },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      reject(new Error('upgraded'));
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

const ops = (c: WsClient, op: ServerMessage['op']) => c.messages.filter((m) => m.op === op);

describe.each(providers())('realtime limits on %s', (provider) => {
  let s: TestStack;
  let base: string;

  beforeAll(async () => {
    s = await startTestStack({
      provider,
      simulator: false,
      env: { REALTIME_MAX_CONNECTIONS_PER_SESSION: String(MAX_CONNECTIONS), REALTIME_MAX_TOPICS_PER_CONNECTION: String(MAX_TOPICS) },
    });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => s?.close());

  it('a session holds at most REALTIME_MAX_CONNECTIONS_PER_SESSION connections; closing one frees room', async () => {
    const cookie = await s.login('luc_regular');
    const open: WsClient[] = [];
    for (let i = 0; i < MAX_CONNECTIONS; i++) {
      const r = await attempt(base, cookie);
      expect(r.outcome).toBe('open');
      open.push(r.client!);
    }
    // The next upgrade is refused before it happens, with the error envelope.
    expect(await refusedUpgrade(base, cookie)).toEqual({
      status: 429,
      body: { error: { code: 'TOO_MANY_REQUESTS', message: `At most ${MAX_CONNECTIONS} realtime connections per session` } },
    });
    expect((await attempt(base, cookie)).outcome).toBe('refused 429');
    // Another session of the same user has its own allowance.
    const other = await attempt(base, await s.login('luc_regular'));
    expect(other.outcome).toBe('open');
    other.client!.ws.close();

    const closing = open.pop()!;
    closing.ws.close();
    await closing.closed;
    // The server counts the connection out when its side of the socket closes: the next attempt opens once it has.
    let again = await attempt(base, cookie);
    for (const end = Date.now() + 5000; again.outcome !== 'open' && Date.now() < end; ) again = await attempt(base, cookie);
    expect(again.outcome).toBe('open');
    for (const c of [...open, again.client!]) c.ws.close();
  });

  it('upgrades racing past the check are closed with 4429: never more than the cap open', async () => {
    const cookie = await s.login('luc_regular');
    const results = await Promise.all(Array.from({ length: MAX_CONNECTIONS * 3 }, () => attempt(base, cookie)));
    const outcomes = results.map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'open')).toHaveLength(MAX_CONNECTIONS);
    for (const o of outcomes) expect(['open', 'refused 429', 'closed 4429']).toContain(o);
    for (const r of results) r.client?.ws.close();
  });

  it('a connection subscribes at most REALTIME_MAX_TOPICS_PER_CONNECTION topics; unsubscribing frees room', async () => {
    const c = (await attempt(base, await s.login('super_user'))).client!;
    const groups = Object.values(SEED_IDS.groupsByInventory).flat().map(groupTopic);
    c.send({ op: 'subscribe', topics: groups.slice(0, 2) });
    await c.next((m) => m.op === 'subscribed');
    // Two more would make four: nothing of this subscribe is subscribed.
    c.send({ op: 'subscribe', topics: groups.slice(1, 4) });
    const err = await c.next((m) => m.op === 'error');
    expect(err).toEqual({
      op: 'error',
      code: 'TOO_MANY_TOPICS',
      message: `At most ${MAX_TOPICS} topics per connection: unsubscribe some first`,
      topics: groups.slice(1, 4),
    });
    expect(ops(c, 'subscribed')).toHaveLength(1);
    // Topics already held do not count twice.
    c.send({ op: 'subscribe', topics: groups.slice(0, 3) });
    await c.next((m) => m.op === 'subscribed' && m.topics.length === 3);
    expect(s.app.services.hub.historySize().topics).toBeGreaterThanOrEqual(3);
    c.send({ op: 'subscribe', topics: [groups[3]!] });
    await c.next((m) => m.op === 'error' && m.topics?.[0] === groups[3]);
    // Unsubscribing frees room.
    c.send({ op: 'unsubscribe', topics: [groups[0]!] });
    c.send({ op: 'subscribe', topics: [groups[3]!] });
    await c.next((m) => m.op === 'subscribed' && m.topics.length === 1 && m.topics[0]!.topic === groups[3]);
    expect(ops(c, 'error')).toHaveLength(2);
    c.ws.close();
  });

  it('a global user subscribes to groups and inventories that exist; other names are refused like foreign ones', async () => {
    const c = (await attempt(base, await s.login('super_user'))).client!;
    const real = [groupTopic(SEED_IDS.groupsByInventory['inv-metro']![0]!), inventoryTopic('inv-metro')];
    const made = [groupTopic('does-not-exist'), inventoryTopic('x')];
    c.send({ op: 'subscribe', topics: [made[0]!, real[0]!, made[1]!, real[1]!] });
    expect(await c.next((m) => m.op === 'error')).toEqual({
      op: 'error',
      code: 'FORBIDDEN',
      message: 'You are not allowed to access this application',
      topics: made,
    });
    expect(await c.next((m) => m.op === 'subscribed')).toMatchObject({ topics: real.map((topic) => ({ topic })) });
    c.ws.close();
  });

  it('a non-global user: their groups, their inventories and their inventories’ groups; neither foreign nor unknown ones', async () => {
    const c = (await attempt(base, await s.login('luc_admin'))).client!;
    const own = [inventoryTopic('inv-global'), groupTopic('grp-studio')];
    const refused = [inventoryTopic('inv-metro'), groupTopic('grp-metro-live'), groupTopic('grp-gone')];
    c.send({ op: 'subscribe', topics: [...refused, ...own] });
    expect(await c.next((m) => m.op === 'error')).toMatchObject({ code: 'FORBIDDEN', topics: refused });
    expect(await c.next((m) => m.op === 'subscribed')).toMatchObject({ topics: own.map((topic) => ({ topic })) });
    // A group deleted meanwhile is refused from then on (the read model follows storage).
    const group = await s.app.services.db.group.create({ data: { name: `Short-lived ${provider}`, inventoryId: 'inv-global' } });
    c.send({ op: 'unsubscribe', topics: own });
    c.send({ op: 'subscribe', topics: [groupTopic(group.id)] });
    await c.next((m) => m.op === 'subscribed' && m.topics[0]?.topic === groupTopic(group.id));
    await s.app.services.db.group.delete({ where: { id: group.id } });
    c.send({ op: 'subscribe', topics: [groupTopic(group.id)] });
    expect(await c.next((m) => m.op === 'error' && m.code === 'FORBIDDEN' && m.topics?.[0] === groupTopic(group.id))).toBeDefined();
    c.ws.close();
  });
});
