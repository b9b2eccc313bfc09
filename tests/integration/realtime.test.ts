/**
 * /ws with real websockets against a listening core: upgrade guarded by session and Origin,
 * subscriptions checked against the caller's scope (also on resume), batches of the user's size,
 * oversized frames refused, heartbeat, session re-check, unit status events as a stream starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_AUTH, REALTIME, groupTopic, inventoryTopic, type CurrentUser, type UnitSummary } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { startTestStack, type TestStack } from '../support/stack.js';
import { answers, connect, handled, sleep, until } from './realtime-client.js';

/** The production heartbeat (env.ts): the test steps the core's clock over it. */
const HEARTBEAT_MS = 30_000;

describe('realtime /ws', () => {
  let s: TestStack;
  let base: string;
  let cookie: string;
  let me: CurrentUser;
  let foreignGroup: string;
  let foreignInventory: string;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ env: { REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS) }, clock });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await s.login('luc_regular');
    me = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json();
    // A group and an inventory of another customer: outside every inventory of the caller.
    const groups = await s.app.services.db.group.findMany({ select: { id: true, inventoryId: true } });
    const mine = new Set(me.inventories.map((i) => i.id));
    const foreign = groups.find((g) => !mine.has(g.inventoryId) && !me.groups.some((m) => m.id === g.id));
    if (!foreign) throw new Error('the seed has no foreign group');
    foreignGroup = foreign.id;
    foreignInventory = foreign.inventoryId;
  });
  afterAll(async () => s?.close());

  it('refuses the upgrade without a session or from a foreign Origin', async () => {
    await expect(connect(base, {})).rejects.toThrow('upgrade refused: 401');
    await expect(connect(base, { cookie: 'fleet_session=not-a-session' })).rejects.toThrow('upgrade refused: 401');
    await expect(connect(base, { cookie, origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    const ok = await connect(base, { cookie, origin: base });
    const hello = await ok.next((m) => m.op === 'hello');
    expect(hello).toMatchObject({ op: 'hello', heartbeatMs: HEARTBEAT_MS, batchSize: REALTIME.defaultBatchSize, wsLibrary: s.config.WS_LIBRARY });
    ok.ws.close();
  });

  it('refuses subscriptions to a group or an inventory of another customer, also on resume', async () => {
    const c = await connect(base, { cookie });
    const hello = await c.next((m) => m.op === 'hello');
    const own = groupTopic(me.groups[0]!.id);
    c.send({ op: 'subscribe', topics: [inventoryTopic(foreignInventory), groupTopic(foreignGroup), own] });
    const err = await c.next((m) => m.op === 'error');
    expect(err).toMatchObject({ op: 'error', code: 'FORBIDDEN', topics: [inventoryTopic(foreignInventory), groupTopic(foreignGroup)] });
    const sub = await c.next((m) => m.op === 'subscribed');
    expect(sub).toMatchObject({ topics: [{ topic: own }] });

    // A resume is a subscribe: the same check, nothing replayed for the refused topics.
    const epoch = hello.op === 'hello' ? hello.epoch : '';
    c.send({ op: 'subscribe', topics: [groupTopic(foreignGroup)], resume: { epoch, seqs: { [groupTopic(foreignGroup)]: 0 } } });
    await until(() => c.messages.filter((m) => m.op === 'error').length === 2, 5000, 'second refusal');
    expect(c.messages.filter((m) => m.op === 'error')[1]).toMatchObject({ code: 'FORBIDDEN', topics: [groupTopic(foreignGroup)] });
    await handled(c);
    expect(c.events.filter((e) => e.topic === groupTopic(foreignGroup))).toEqual([]);
    c.ws.close();
  });

  it('subscribes in batches of the user’s size: 50 by default, a user property overrides it', async () => {
    const topics = Array.from({ length: REALTIME.defaultBatchSize + 1 }, (_, i) => groupTopic(`g${i}`));
    const c = await connect(base, { cookie });
    await c.next((m) => m.op === 'hello');
    c.send({ op: 'subscribe', topics });
    expect(await c.next((m) => m.op === 'error')).toMatchObject({ code: 'BATCH_TOO_LARGE' });
    c.ws.close();

    await s.app.services.db.user.update({ where: { id: me.id }, data: { props: { wsBatchSize: 2 } } });
    try {
      const current: CurrentUser = (await s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json();
      expect(current.props.wsBatchSize).toBe(2);
      const small = await connect(base, { cookie });
      expect(await small.next((m) => m.op === 'hello')).toMatchObject({ batchSize: 2 });
      small.send({
        op: 'subscribe',
        topics: me.groups
          .slice(0, 1)
          .map((g) => groupTopic(g.id))
          .concat(topics.slice(0, 2)),
      });
      expect(await small.next((m) => m.op === 'error')).toMatchObject({ code: 'BATCH_TOO_LARGE', message: 'At most 2 topics per subscribe' });
      small.send({ op: 'subscribe', topics: [groupTopic(me.groups[0]!.id)] });
      expect(await small.next((m) => m.op === 'subscribed')).toMatchObject({ topics: [{ topic: groupTopic(me.groups[0]!.id) }] });
      small.ws.close();
    } finally {
      await s.app.services.db.user.update({ where: { id: me.id }, data: { props: {} } });
    }
  });

  it('refuses an oversized frame by closing the connection (1009)', async () => {
    const c = await connect(base, { cookie });
    await c.next((m) => m.op === 'hello');
    c.ws.send('x'.repeat(REALTIME.maxFrameBytes + 1));
    expect(await c.closed).toBe(1009);
    // A frame within the limit is merely invalid.
    const d = await connect(base, { cookie });
    d.ws.send(JSON.stringify({ op: 'subscribe', topics: ['nonsense'], pad: 'x'.repeat(1000) }));
    expect(await d.next((m) => m.op === 'error')).toMatchObject({ code: 'VALIDATION_FAILED' });
    d.ws.close();
  });

  it('terminates a peer that stops answering the heartbeat, and keeps one that answers', async () => {
    const dead = await connect(base, { cookie }, { autoPong: false });
    const live = await connect(base, { cookie });
    await dead.next((m) => m.op === 'hello');
    await live.next((m) => m.op === 'hello');
    // A heartbeat pings both; the live one answers, the dead one not (it still takes messages).
    await clock.advance(HEARTBEAT_MS);
    await answers(live);
    await answers(dead);
    // At the next one the dead peer is terminated: no closing handshake.
    await clock.advance(HEARTBEAT_MS);
    expect(await Promise.race([dead.closed, sleep(5000).then(() => 'open')])).toBe(1006);
    await answers(live);
    // The live one stays, heartbeat after heartbeat.
    for (let i = 0; i < 3; i++) {
      await clock.advance(HEARTBEAT_MS);
      await answers(live);
    }
    expect(live.ws.readyState).toBe(live.ws.OPEN);
    live.ws.close();
  });

  it('re-checks the session on every subscribe: after log-out the socket is closed (4401)', async () => {
    const own = await s.login('luc_regular');
    const c = await connect(base, { cookie: own });
    await c.next((m) => m.op === 'hello');
    c.send({ op: 'subscribe', topics: [groupTopic(me.groups[0]!.id)] });
    await c.next((m) => m.op === 'subscribed');
    const out = await s.app.inject({ method: 'POST', url: MOCK_AUTH.logoutPath, headers: { cookie: own } });
    expect(out.statusCode).toBeLessThan(300);
    c.send({ op: 'subscribe', topics: [groupTopic(me.groups[0]!.id)], resume: { epoch: s.app.services.hub.epoch, seqs: {} } });
    expect(await c.closed).toBe(4401);
  });

  it('delivers unit status events with per-topic sequence numbers as a stream starts', async () => {
    const c = await connect(base, { cookie });
    const hello = await c.next((m) => m.op === 'hello');
    const topics = me.groups.map((g) => groupTopic(g.id));
    c.send({ op: 'subscribe', topics });
    await c.next((m) => m.op === 'subscribed');
    const units: UnitSummary[] = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie } })).json();
    const unit = units.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.groupIds.length > 0)!;
    expect(unit).toBeDefined();
    const res = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await until(() => c.events.some((e) => e.event.type === 'unit.status' && e.event.unitId === unit.uniqueId && e.event.status === 'streaming'));
    const ev = c.events.find((e) => e.event.type === 'unit.status' && e.event.unitId === unit.uniqueId && e.event.status === 'streaming')!;
    if (ev.event.type !== 'unit.status') throw new Error('unexpected');
    expect(ev.epoch).toBe(hello.op === 'hello' ? hello.epoch : '');
    expect(ev.event.previous).toBe('idle');
    expect(ev.event.change).toBe('onlineToStreaming');
    // The transition flag of spec 000 §4 went up while the stream connected, and down once running.
    await until(() => c.events.some((e) => e.event.type === 'unit.transition' && e.event.unitId === unit.uniqueId && !e.event.active));
    const flags = c.events.flatMap((e) =>
      e.event.type === 'unit.transition' && e.event.unitId === unit.uniqueId && e.topic === ev.topic ? [[e.event.flag, e.event.active]] : [],
    );
    expect(flags).toEqual([
      ['isTransition', true],
      ['isTransition', false],
    ]);
    for (const topic of topics) {
      const seqs = c.events.filter((e) => e.topic === topic).map((e) => e.seq);
      // Strictly increasing by one: nothing lost, nothing twice.
      expect(seqs).toEqual(seqs.length ? Array.from({ length: seqs.length }, (_, i) => seqs[0]! + i) : []);
    }
    c.ws.close();
  });

  it('clears what a stopped stream and an offline unit no longer have: the tally, then the bitrate', async () => {
    const c = await connect(base, { cookie });
    await c.next((m) => m.op === 'hello');
    c.send({ op: 'subscribe', topics: me.groups.map((g) => groupTopic(g.id)) });
    await c.next((m) => m.op === 'subscribed');
    const units: UnitSummary[] = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie } })).json();
    const unit = units.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.groupIds.length > 0)!;
    expect(unit).toBeDefined();
    const tallies = () => c.events.flatMap((e) => (e.event.type === 'unit.tally' && e.event.unitId === unit.uniqueId ? [e.event.tally] : []));
    const detail = async () => (await s.app.inject({ method: 'GET', url: `/api/v2/units/${unit.uniqueId}`, headers: { cookie } })).json();

    expect((await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie } })).statusCode).toBe(200);
    await until(() => tallies().some((t) => t !== null), 5000, 'a tally while streaming');
    expect((await detail()).tally).toBe(tallies().at(-1));

    expect((await s.app.inject({ method: 'DELETE', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie } })).statusCode).toBe(200);
    await until(() => tallies().at(-1) === null, 5000, 'the tally cleared once the stream ended');
    expect((await detail()).tally).toBeNull();

    // Offline: no telemetry follows, so the status event itself says the bitrate is gone.
    s.sim!.device(unit.uniqueId)!.setPower(false);
    await until(
      () => c.events.some((e) => e.event.type === 'unit.status' && e.event.unitId === unit.uniqueId && e.event.status === 'offline'),
      5000,
      'offline',
    );
    const offline = c.events.find((e) => e.event.type === 'unit.status' && e.event.unitId === unit.uniqueId && e.event.status === 'offline')!;
    expect(offline.event).toMatchObject({ totalBitrate: 0 });
    expect((await detail()).totalBitrate).toBe(0);
    // Reports that keep a unit online leave the bitrate to its telemetry.
    const online = c.events.filter((e) => e.event.type === 'unit.status' && e.event.unitId === unit.uniqueId && e.event.status !== 'offline');
    expect(online.length).toBeGreaterThan(0);
    for (const e of online) expect(e.event).not.toHaveProperty('totalBitrate');
    s.sim!.device(unit.uniqueId)!.setPower(true);
    c.ws.close();
  });
});
