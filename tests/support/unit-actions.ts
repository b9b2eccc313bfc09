/**
 * The unit actions' stack (tests/integration/unit-actions-*.test.ts): the real core and simulator, a
 * session per role the calls are made as, every announcement recorded, and the actions' helpers.
 */
import { expect } from 'vitest';
import { unitActionEndpoints, type RealtimeEvent, type UnitDetail } from '@fleet/contracts';
import { blockStack } from './block-stack.js';
import { UNIT_DEVICE_COLUMNS } from './db-snapshot.js';
import { coreCall, eventually, recordEvents, startTestStack, type Method, type Provider } from './stack.js';

export const ACTION_IDS = Object.keys(unitActionEndpoints) as (keyof typeof unitActionEndpoints)[];

/** The roles the calls are made as: `cookies.regular` is luc_regular's session, and so on. */
const ROLES = { regular: 'luc_regular', read: 'luc_read', superUser: 'super_user', partner: 'luc_partner' };

/**
 * The stack of a describe block (started before its tests, closed after them), its sessions once
 * logged in, the events its hub published, and the calls its tests make.
 */
export function unitActionsStack(provider: Provider) {
  const events: RealtimeEvent[] = [];
  const { ctx, cookies } = blockStack(
    () => startTestStack({ provider }),
    ROLES,
    async (s) => recordEvents(s.app, events),
  );

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(ctx.s, method, url, cookie, payload);
  const db = () => ctx.s.app.services.db;
  const detail = async (id: string): Promise<UnitDetail> => (await call('GET', `/v2/units/${id}`, cookies.superUser)).json();
  const online = (id: string) => eventually(async () => ((await detail(id)).status === 'idle' ? true : null));
  const device = (id: string) => {
    const d = ctx.s.sim?.device(id);
    if (!d) throw new Error(`no simulated device ${id}`);
    return d;
  };
  const untilApp = (id: string, key: string, state: string | undefined) =>
    eventually(async () => ((await detail(id)).applications[key as 'video']?.state === state ? true : null));
  const setService = async (unitId: string, serviceName: string, enabled: boolean) => {
    if (enabled) {
      const res = await call('POST', `/v2/units/${unitId}/services`, cookies.superUser, { serviceName });
      expect(res.statusCode, res.body).toBe(200);
    } else {
      const res = await call('DELETE', `/v2/units/${unitId}/services/${serviceName}`, cookies.superUser);
      expect([200, 404]).toContain(res.statusCode);
    }
  };
  /** Everything a request of this area could change, telemetry and live status excluded. */
  const snapshot = async () => {
    const [units, files, services, actions, channels, users, links] = await Promise.all([
      db().unit.findMany({ orderBy: { id: 'asc' }, omit: UNIT_DEVICE_COLUMNS }),
      db().file.findMany({ orderBy: { id: 'asc' } }),
      db().service.findMany({ orderBy: { id: 'asc' } }),
      db().remoteAction.findMany({ orderBy: { id: 'asc' } }),
      db().channel.findMany({ orderBy: { id: 'asc' }, select: { id: true, fileTransfer: true, version: true } }),
      db().user.findMany({ orderBy: { id: 'asc' }, select: { id: true, contact: true, version: true } }),
      db().unitGroup.findMany({ orderBy: [{ unitId: 'asc' }, { groupId: 'asc' }] }),
    ]);
    return JSON.stringify({ units, files, services, actions, channels, users, links }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  };

  return { ctx, cookies, events, call, db, detail, online, device, untilApp, setService, snapshot };
}
