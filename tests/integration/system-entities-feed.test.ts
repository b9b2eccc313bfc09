/**
 * The platform admins' topic (ADMIN_TOPIC) against the real core on real SQLite (and PostgreSQL
 * when DATABASE_URL_PG is set) over a real websocket: only super users and staff may follow it; a
 * stored change of a system entity kind, in any inventory and by anyone, reaches it as
 * `systemEntities.changed` naming the kind; a rejected request announces nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOPIC, type RealtimeEvent, type SystemEntityKind, type UnitSummary } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { coreCall, providers, startTestStack, type TestStack } from '../support/stack.js';
import { connect, until, type WsClient } from './realtime-client.js';

/** Writes within this long of an announcement are folded into one at its end (platform/system-entities-feed.ts). */
const FOLD_MS = 1000;

type Changed = Extract<RealtimeEvent, { type: 'systemEntities.changed' }>;
const changes = (client: WsClient): Changed[] =>
  client.events.filter((e) => e.topic === ADMIN_TOPIC && e.event.type === 'systemEntities.changed').map((e) => e.event as Changed);
const announced = (client: WsClient, kind: SystemEntityKind, after: number) =>
  changes(client)
    .slice(after)
    .some((e) => e.kinds.includes(kind));

describe.each(providers())('the system entities topic on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let superUser: string;
  let staff: string;
  let admin: string;
  let regular: string;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, clock });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    [superUser, staff, admin, regular] = (await Promise.all(['super_user', 'staff', 'luc_admin', 'luc_regular'].map((u) => s.login(u)))) as [
      string,
      string,
      string,
      string,
    ];
  });
  afterAll(async () => s?.close());

  /** A console subscribed to the admin topic alone: its first message after the hello. */
  async function follow(cookie: string) {
    const client = await connect(base, { cookie });
    await client.next((m) => m.op === 'hello');
    client.send({ op: 'subscribe', topics: [ADMIN_TOPIC] });
    const answer = await client.next((m) => m.op === 'subscribed' || m.op === 'error');
    return { client, answer };
  }

  it('is refused to every role but super user and staff, and their consoles are told so', async () => {
    for (const cookie of [admin, regular]) {
      const { client, answer } = await follow(cookie);
      expect(answer).toMatchObject({ op: 'error', code: 'FORBIDDEN', topics: [ADMIN_TOPIC] });
      client.ws.close();
    }
    for (const cookie of [superUser, staff]) {
      const { client, answer } = await follow(cookie);
      expect(answer).toMatchObject({ op: 'subscribed', topics: [{ topic: ADMIN_TOPIC }] });
      client.ws.close();
    }
  });

  /**
   * The fold window ends (what it held is announced), and the client has received every frame sent
   * before: a ping's pong comes after them on the socket.
   */
  let pings = 0;
  async function windowClosed(client: WsClient): Promise<void> {
    await clock.advance(FOLD_MS);
    const t = ++pings;
    client.send({ op: 'ping', t });
    await client.next((m) => m.op === 'pong' && m.t === t);
  }

  it('announces stored changes of each kind, whoever made them; a rejected request announces nothing', async () => {
    const { client } = await follow(staff);
    // Whatever the start left to announce (the simulator's first reports) is announced by now.
    await windowClosed(client);

    // Inventories are written by admin calls only: a rejected one must announce nothing.
    let seen = changes(client).length;
    const dup = await coreCall(s, 'POST', '/v2/admin/inventories', superUser, { name: 'Metro-TV' });
    expect(dup.statusCode).toBe(400);
    const short = await coreCall(s, 'POST', '/v2/admin/inventories', superUser, { name: 'x' });
    expect(short.statusCode).toBe(400);
    await windowClosed(client);
    expect(announced(client, 'inventory', seen)).toBe(false);

    const created = await coreCall(s, 'POST', '/v2/admin/inventories', superUser, { name: `Fed-${provider}`, parentId: 'inv-global' });
    expect(created.statusCode, created.body).toBeLessThan(300);
    await until(() => announced(client, 'inventory', seen), 5000, 'the new inventory is announced');

    // A unit renamed by its own user, not by an admin.
    const units: UnitSummary[] = (await coreCall(s, 'GET', '/devices/fetch', regular)).json();
    const unit = units[0]!;
    seen = changes(client).length;
    const renamed = await coreCall(s, 'PUT', '/devices/update', regular, { id: unit.uniqueId, name: `${unit.name}-fed` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await until(() => announced(client, 'unit', seen), 5000, 'the rename is announced as a unit change');
    client.ws.close();
  });
});
