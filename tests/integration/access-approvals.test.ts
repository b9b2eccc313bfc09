/**
 * Access approvals (spec 001 §2 /access_approvals; §4 "Access approval: active, expired, used",
 * "Support access on a device lasts 8 hours, then blocks automatically"; §9 support access 8 hours)
 * against the real core on SQLite and PostgreSQL: approvals opened by the support access remote
 * action, listed (page of 50, status, device, search), revoked (expired now, with who and when) and
 * marked used while active; an approval past its 8 hours reads expired and cannot be used; roles;
 * a rejected request changing nothing; the accessApproval.changed events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessApprovalEndpoints,
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  TIMINGS,
  type AccessApproval,
  type AccessApprovalPage,
  type EndpointDef,
  type RemoteAction,
} from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(accessApprovalEndpoints) as (keyof typeof accessApprovalEndpoints)[];

describe.each(providers())('access approvals on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let staff: string;
  let admin: string;
  let partner: string;
  const published: Published[] = [];
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, clock });
    [superUser, staff, admin, partner] = await Promise.all([s.login('super_user'), s.login('staff'), s.login('luc_admin'), s.login('luc_partner')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => JSON.stringify(await db().accessApproval.findMany({ orderBy: { id: 'asc' } }));
  const openAccess = async (unitId: string, cookie = superUser, reason = 'Customer ticket'): Promise<RemoteAction> => {
    const res = await call('POST', '/v2/remoteActions', cookie, { deviceType: 'unit', deviceId: unitId, action: 'supportAccess', reason });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const approval = async (id: string): Promise<AccessApproval> => (await call('GET', `/v2/admin/accessApprovals/${id}`, staff)).json();

  it('answers 401 without a session and 403 outside super_user and staff, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'x' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      for (const cookie of [admin, partner]) expect((await call(def.method, url, cookie, def.body ? {} : undefined)).statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists an approval opened by a support access (8 hours), filters it by status, device and search, and announces it', async () => {
    const action = await openAccess('LU800-0002', partner, 'Ticket 4711');
    const id = action.supportAccess!.id;
    expect(published.some((p) => p.event.type === 'accessApproval.changed' && p.event.accessApprovalId === id)).toBe(true);
    const a = await approval(id);
    expect(a).toMatchObject({
      deviceType: 'unit',
      deviceId: 'LU800-0002',
      status: 'active',
      reason: 'Ticket 4711',
      requestedBy: 'luc_partner',
      usedAt: null,
      revokedAt: null,
    });
    expect(a.deviceName).not.toBe('');
    expect(new Date(a.expiresAt).getTime() - new Date(a.createdAt).getTime()).toBeGreaterThanOrEqual(TIMINGS.supportAccessMs - 1000);
    const page: AccessApprovalPage = (await call('GET', '/v2/admin/accessApprovals', superUser)).json();
    expect(page.limit).toBe(50);
    expect(page.items[0]?.id).toBe(id); // newest first
    const byDevice: AccessApprovalPage = (await call('GET', '/v2/admin/accessApprovals?deviceId=LU800-0002&status=active', superUser)).json();
    expect(byDevice.items.map((x) => x.id)).toEqual([id]);
    const bySearch: AccessApprovalPage = (await call('GET', '/v2/admin/accessApprovals?searchValue=ticket%204711', superUser)).json();
    expect(bySearch.items.map((x) => x.id)).toEqual([id]);
    const used: AccessApprovalPage = (await call('GET', '/v2/admin/accessApprovals?status=used&deviceId=LU800-0002', superUser)).json();
    expect(used.items).toEqual([]);
  });

  it('revokes an active approval (expired now, who and when) and marks another used; neither changes again', async () => {
    const revokeId = (await openAccess('LU800-0003')).supportAccess!.id;
    const revoked = (await call('PUT', `/v2/admin/accessApprovals/${revokeId}/revoke`, staff, { version: 0 })).json() as AccessApproval;
    expect(revoked).toMatchObject({ status: 'expired', revokedBy: 'staff', version: 1 });
    expect(revoked.revokedAt).not.toBeNull();
    expect(new Date(revoked.expiresAt).getTime()).toBeLessThanOrEqual(clock.now());
    // The support access of the remote action reads expired too: a new one can be opened.
    expect((await openAccess('LU800-0003')).supportAccess!.id).not.toBe(revokeId);

    const useId = (await openAccess('LU800-0004')).supportAccess!.id;
    const used = (await call('PUT', `/v2/admin/accessApprovals/${useId}/used`, superUser, {})).json() as AccessApproval;
    expect(used).toMatchObject({ status: 'used', usedBy: 'super_user', revokedAt: null });
    expect(used.usedAt).not.toBeNull();
    // Who ended each is stored on the approval itself.
    const idOf = async (username: string) => (await db().user.findUniqueOrThrow({ where: { username }, select: { id: true } })).id;
    expect(await db().accessApproval.findUniqueOrThrow({ where: { id: revokeId } })).toMatchObject({ revokedById: await idOf('staff'), usedById: null });
    expect(await db().accessApproval.findUniqueOrThrow({ where: { id: useId } })).toMatchObject({
      usedById: await idOf('super_user'),
      revokedById: null,
      revokedAt: null,
    });
    expect(published.filter((p) => p.event.type === 'accessApproval.changed' && p.event.accessApprovalId === useId).length).toBeGreaterThanOrEqual(2);

    const before = await snapshot();
    for (const [id, verb] of [
      [revokeId, 'used'],
      [revokeId, 'revoke'],
      [useId, 'revoke'],
    ] as const) {
      const res = await call('PUT', `/v2/admin/accessApprovals/${id}/${verb}`, superUser, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(ERROR_CATALOGUE.ACCESS_APPROVAL_NOT_ACTIVE.message);
    }
    expect(await snapshot()).toBe(before);
    expect((await call('PUT', '/v2/admin/accessApprovals/acc-no-such/revoke', superUser, {})).statusCode).toBe(404);
  });

  it('an approval past its 8 hours reads expired, is stored so and cannot be used (blocks automatically); a stale version is refused', async () => {
    const id = (await openAccess('LU800-0001')).supportAccess!.id;
    const before = await snapshot();
    const stale = await call('PUT', `/v2/admin/accessApprovals/${id}/used`, superUser, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ERROR_CATALOGUE.CONFLICT.message);
    expect(await snapshot()).toBe(before);

    // A minute short of its 8 hours it is active; then it reads expired.
    await clock.advance(TIMINGS.supportAccessMs - 60_000);
    expect((await approval(id)).status).toBe('active');
    await clock.advance(60_000);
    expect((await approval(id)).status).toBe('expired');
    const res = await call('PUT', `/v2/admin/accessApprovals/${id}/used`, superUser, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ERROR_CATALOGUE.ACCESS_APPROVAL_NOT_ACTIVE.message);
    expect((await db().accessApproval.findUnique({ where: { id } }))?.status).toBe('expired');
    const expired: AccessApprovalPage = (await call('GET', '/v2/admin/accessApprovals?status=expired&deviceId=LU800-0001', superUser)).json();
    expect(expired.items.map((x) => x.id)).toContain(id);
  });
});
