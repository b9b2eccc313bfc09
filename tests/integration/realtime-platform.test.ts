/**
 * The platform lists over /ws with the same guarantees as units: a console that lost its
 * connection resumes and gets the channel changes it missed, in order, once, exactly as a console
 * that stayed connected saw them; with two core instances behind Redis, a change made on one
 * reaches subscribers of both once (only the instance that wrote announces it).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { groupTopic, type ChannelList, type CurrentUser, type RealtimeEvent, type Topic } from '@fleet/contracts';
import { covers, pgUrl, startTestStack, type TestStack, startOtherInstance, type OtherInstance } from '../support/stack.js';
import { connect, until, type Received, type WsClient } from './realtime-client.js';

type ChannelChanged = Extract<RealtimeEvent, { type: 'channel.changed' }>;
const changesOf = (events: readonly Received[], channelId: string) =>
  events.filter((e): e is Received & { event: ChannelChanged } => e.event.type === 'channel.changed' && e.event.channel.channelId === channelId);

/** A console subscribed to the topics; `seqs`: each topic's number when the subscription began. */
async function subscribed(
  base: string,
  cookie: string,
  topics: Topic[],
  resume?: { epoch: string; seqs: Record<string, number> },
): Promise<{ client: WsClient; epoch: string; seqs: Record<string, number> }> {
  const client = await connect(base, { cookie });
  const hello = await client.next((m) => m.op === 'hello');
  client.send({ op: 'subscribe', topics, ...(resume ? { resume } : {}) });
  const ack = await client.next((m) => m.op === 'subscribed');
  const seqs = ack.op === 'subscribed' ? Object.fromEntries(ack.topics.map((t) => [t.topic, t.seq])) : {};
  return { client, epoch: hello.op === 'hello' ? hello.epoch : '', seqs };
}

/** A channel the regular user sees through one of their groups, on a server the simulator runs. */
async function channelOfMyGroups(app: FastifyInstance, cookie: string, topics: readonly Topic[]): Promise<string> {
  const list: ChannelList = (await app.inject({ method: 'GET', url: '/api/channels/fetch', headers: { cookie } })).json();
  const channel = list.channels.find((c) => !c.offline && c.groupIds.some((g) => topics.includes(groupTopic(g))));
  if (!channel) throw new Error('the seed gives luc_regular no online channel in its groups');
  return channel.channelId;
}

describe.runIf(covers('sqlite'))('channel list over /ws: resume after a forced disconnect', () => {
  let s: TestStack;
  let base: string;
  let regular: string;
  let admin: string;
  let topics: Topic[];

  beforeAll(async () => {
    s = await startTestStack();
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    [regular, admin] = await Promise.all([s.login('luc_regular'), s.login('super_user')]);
    const me: CurrentUser = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: regular } })).json();
    topics = me.groups.map((g) => groupTopic(g.id));
  });
  afterAll(async () => s?.close());

  it('replays the channel changes made while the console was away, once and in order', async () => {
    const channelId = await channelOfMyGroups(s.app, regular, topics);
    const control = (await subscribed(base, regular, topics)).client;
    const { client: first, epoch, seqs } = await subscribed(base, regular, topics);

    first.ws.terminate();
    // What the console had: the numbers its subscription began at, and any event it got since.
    const last: Record<string, number> = { ...seqs };
    for (const e of first.events) last[e.topic] = Math.max(last[e.topic] ?? 0, e.seq);
    // Three changes while it is away: private session on, off, on.
    for (const privateSession of [true, false, true]) {
      const res = await s.app.inject({
        method: 'PUT',
        url: '/api/channels/privateSession',
        headers: { cookie: admin },
        payload: { channelIds: [channelId], privateSession },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await until(
      () => changesOf(control.events, channelId).filter((e) => e.seq > (last[e.topic] ?? 0)).length >= 3,
      10_000,
      'the control console sees the three changes',
    );
    const seen = changesOf(control.events, channelId).filter((e) => e.seq > (last[e.topic] ?? 0));

    const { client: second } = await subscribed(base, regular, topics, { epoch, seqs: last });
    await until(() => changesOf(second.events, channelId).length >= seen.length, 10_000, 'the resumed console gets the missed changes');
    expect(second.messages.filter((m) => m.op === 'refetch')).toEqual([]);
    const replayed = changesOf(second.events, channelId).filter((e) => e.seq <= seen.at(-1)!.seq);
    expect(replayed.map((e) => [e.topic, e.seq, JSON.stringify(e.event)])).toEqual(seen.map((e) => [e.topic, e.seq, JSON.stringify(e.event)]));
    expect(replayed.filter((e) => e.topic === seen[0]!.topic).map((e) => e.event.channel.privateSession)).toEqual([true, false, true]);
    control.ws.close();
    second.ws.close();
  });
});

const redis = process.env.REDIS_URL_TEST;
describe.skipIf(!(redis && pgUrl()))('channel list over /ws with two core instances (PostgreSQL + Redis)', () => {
  const prefix = `fleet:test:${randomBytes(4).toString('hex')}`;
  let a: TestStack;
  let b: OtherInstance;
  let baseA: string;
  let baseB: string;
  let regular: string;
  let admin: string;
  let topics: Topic[];

  beforeAll(async () => {
    a = await startTestStack({ provider: 'postgresql', env: { REDIS_URL: redis!, REDIS_PREFIX: prefix } });
    b = await startOtherInstance(a, { REDIS_URL: redis!, REDIS_PREFIX: prefix });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    baseB = await b.app.listen({ host: '127.0.0.1', port: 0 });
    [regular, admin] = await Promise.all([a.login('luc_regular'), a.login('super_user')]);
    const me: CurrentUser = (await a.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: regular } })).json();
    topics = me.groups.map((g) => groupTopic(g.id));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a change made on one instance reaches the subscribers of both, once', async () => {
    const channelId = await channelOfMyGroups(a.app, regular, topics);
    const onA = (await subscribed(baseA, regular, topics)).client;
    const onB = (await subscribed(baseB, regular, topics)).client;
    const change = async (privateSession: boolean) => {
      const res = await a.app.inject({
        method: 'PUT',
        url: '/api/channels/privateSession',
        headers: { cookie: admin },
        payload: { channelIds: [channelId], privateSession },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await change(true);
    await change(false);
    // Events of a topic arrive in order: once the second change is in, a copy of the first would be too.
    for (const client of [onA, onB]) {
      await until(() => changesOf(client.events, channelId).some((e) => !e.event.channel.privateSession), 10_000, 'the second change arrives');
      const byTopic = new Map<string, boolean[]>();
      for (const e of changesOf(client.events, channelId)) byTopic.set(e.topic, [...(byTopic.get(e.topic) ?? []), e.event.channel.privateSession]);
      expect(byTopic.size).toBeGreaterThan(0);
      for (const values of byTopic.values()) expect(values).toEqual([true, false]);
    }
    onA.ws.close();
    onB.ws.close();
  });
});
