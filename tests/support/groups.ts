/**
 * The groups' stack (tests/integration/groups-*.test.ts): the real core on a port of its own (a
 * console subscribes on /ws), a session per role, and the calls' helpers.
 */
import { expect } from 'vitest';
import { ERROR_CATALOGUE, type RealtimeEvent } from '@fleet/contracts';
import { connect, type WsClient } from '../integration/realtime-client.js';
import { blockStack } from './block-stack.js';
import { coreCall, eventually, startTestStack, type Method, type Provider } from './stack.js';

export const GLOBAL = 'inv-global';
export const NEWSROOM = 'grp-newsroom';
export const FIELD_CREWS = 'grp-field-crews';
export const METRO_GROUP = 'grp-metro-live';
export const METRO = 'inv-metro';
export const CH1 = 'MMH-0001-CH1';
export const CH2 = 'MMH-0001-CH2';
export const METRO_CHANNEL = 'MMH-0002-CH1';

/**
 * The roles the calls are made as: `cookies.admin` is luc_admin's session (of inv-global), `cookies.partner`
 * luc_partner's (the /groups screen, not the admin calls), and so on.
 */
const ROLES = { superUser: 'super_user', admin: 'luc_admin', regular: 'luc_regular', reader: 'luc_read', partner: 'luc_partner' };

/**
 * The stack of a describe block (started before its tests, closed after them), its sessions once
 * logged in, and the calls its tests make.
 */
export function groupsStack(provider: Provider) {
  let base = '';
  const { ctx, cookies } = blockStack(async () => {
    const s = await startTestStack({ provider });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    return s;
  }, ROLES);

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(ctx.s, method, url, cookie, payload);
  const db = () => ctx.s.app.services.db;
  const snapshot = async () => {
    const [groups, units, channels, vrChannels, users] = await Promise.all([
      db().group.findMany({ orderBy: { id: 'asc' } }),
      db().unitGroup.findMany({ orderBy: [{ groupId: 'asc' }, { unitId: 'asc' }] }),
      db().groupChannel.findMany({ orderBy: [{ groupId: 'asc' }, { channelId: 'asc' }] }),
      db().groupVrChannel.findMany({ orderBy: [{ groupId: 'asc' }, { vrChannelId: 'asc' }] }),
      db().userGroup.findMany({ orderBy: [{ groupId: 'asc' }, { userId: 'asc' }] }),
    ]);
    return JSON.stringify({ groups, units, channels, vrChannels, users });
  };
  const expectError = (res: { statusCode: number; json(): unknown; body: string }, code: keyof typeof ERROR_CATALOGUE) => {
    expect(res.statusCode, res.body).toBe(ERROR_CATALOGUE[code].status);
    expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({ code, message: ERROR_CATALOGUE[code].message });
  };
  const fields = (res: { json(): unknown }) => (res.json() as { error: { fields: unknown[] } }).error.fields;
  /** A group made through storage for one test (so tests do not depend on each other's groups). */
  const seedGroup = async (name: string, inventoryId = GLOBAL) => {
    const g = await db().group.create({ data: { name, inventoryId } });
    await eventually(async () => ctx.s.app.services.readModel.groups.get(g.id) !== undefined);
    return g.id;
  };
  /** A console subscribed to these topics on /ws. */
  const subscribe = async (cookie: string, topics: string[]): Promise<WsClient> => {
    const client = await connect(base, { cookie });
    await client.next((m) => m.op === 'hello');
    client.send({ op: 'subscribe', topics });
    await client.next((m) => m.op === 'subscribed');
    return client;
  };
  const seen = (client: WsClient, pred: (e: RealtimeEvent) => boolean) => eventually(async () => client.events.some((e) => pred(e.event)), 5000);

  return { ctx, cookies, call, db, snapshot, expectError, fields, seedGroup, subscribe, seen };
}
