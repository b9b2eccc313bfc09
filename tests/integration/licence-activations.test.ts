/**
 * Unit and licence activation (spec 001 §2 /unit_license_activation, §6 "Unit and license
 * activation is a grantable permission", §8 "license limit reached") against the real core on real
 * SQLite and PostgreSQL: the pool and units × licences, the permission granted and revoked by
 * admins on users of their inventories, activation through the unit's services (its unit event on
 * /ws), the exhausted pool refused, roles, scope, the spec's messages, nothing changed on a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, VALIDATION, type LicenceActivationResult, type LicenceActivationView } from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

describe.each(providers())('licence activation on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only, granted the permission in the seed
  let mga: string; // luc_media_group_admin: inventory inv-global only, without the permission
  let superUser: string;
  let regular: string;
  let partner: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [admin, mga, superUser, regular, partner] = await Promise.all([
      s.login('luc_admin'),
      s.login('luc_media_group_admin'),
      s.login('super_user'),
      s.login('luc_regular'),
      s.login('luc_partner'),
    ]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const view = async (cookie = admin, inventory = 'inv-global'): Promise<LicenceActivationView> =>
    (await call('GET', `/v2/inventories/${inventory}/licenceActivation`, cookie)).json();
  const activate = (body: unknown, cookie = admin, inventory = 'inv-global') => call('POST', `/v2/inventories/${inventory}/licenceActivation`, cookie, body);
  const grant = (userId: string, granted: boolean, cookie = superUser) =>
    call('PUT', `/v2/admin/users/${userId}/permissions/unitLicenseActivation`, cookie, { granted });
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        s.app.services.db.service.findMany({ where: { unitId: { not: null } }, orderBy: { id: 'asc' }, select: { id: true, serviceStatus: true } }),
        s.app.services.db.inventory.findMany({ orderBy: { id: 'asc' }, select: { id: true, settings: true } }),
      ]),
    );

  it('answers 401 without a session and 403 outside the roles', async () => {
    expect((await call('GET', '/v2/inventories/inv-global/licenceActivation', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/v2/inventories/inv-global/licenceActivation', regular)).statusCode).toBe(403);
    expect((await grant('usr-luc_regular', true, partner)).statusCode).toBe(403);
    expect((await call('PUT', '/v2/admin/inventories/inv-global/licencePool', admin, { serviceName: 'sla', total: 1 })).statusCode).toBe(403);
  });

  it('shows the pool with what is in use and the units with their licences; read-only without the permission', async () => {
    const v = await view(mga);
    expect(v.canActivate).toBe(false);
    expect((await view(admin)).canActivate).toBe(true);
    const sla = v.pool.find((p) => p.serviceName === 'sla')!;
    expect(sla.total).toBe(20);
    expect(sla.used).toBe(v.units.filter((u) => u.active.includes('sla')).length);
    expect(sla.available).toBe(Math.max(0, sla.total - sla.used));
    expect(v.units.length).toBeGreaterThan(0);
    expect((await view(superUser)).canActivate).toBe(true);
    expect((await call('GET', '/v2/inventories/inv-metro/licenceActivation', admin)).statusCode).toBe(404);

    const before = await snapshot();
    const refused = await activate({ unitId: v.units[0]!.unitId, serviceName: 'hevc', active: true }, mga);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ERROR_CATALOGUE.NOT_AVAILABLE_FOR_USER_TYPE.message);
    expect(await snapshot()).toBe(before);
  });

  it("lets admins grant the permission on users of their inventories only (another inventory's user: 404)", async () => {
    const own = await grant('usr-luc_media_group_admin', true, admin);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ userId: 'usr-luc_media_group_admin', granted: true });
    expect((await view(mga)).canActivate).toBe(true);
    const metroOnly = await s.app.services.db.user.create({
      data: {
        id: 'usr-metro-only',
        username: 'metro-only',
        passwordHash: '',
        firstName: 'Metro',
        lastName: 'Only',
        userType: 'luc_regular',
        roles: ['luc_regular'],
        inventories: { create: [{ inventoryId: 'inv-metro' }] },
      },
    });
    expect((await grant(metroOnly.id, true, admin)).statusCode).toBe(404);
    expect((await grant('usr-nobody', true, admin)).statusCode).toBe(404);
    expect((await grant(metroOnly.id, true, superUser)).statusCode).toBe(200);
    expect((await call('PUT', '/v2/admin/users/usr-luc_admin/permissions/unitLicenseActivation', admin, { granted: 'yes' })).json().error.fields).toEqual([
      { path: 'body.granted', message: VALIDATION.invalidField },
    ]);
  });

  it('activates a licence from the pool and deactivates it; an exhausted pool answers License limit reached and changes nothing', async () => {
    const v = await view();
    const fourK = v.pool.find((p) => p.serviceName === '4K')!;
    const free = v.units.filter((u) => !u.active.includes('4K'));
    expect(free.length).toBeGreaterThanOrEqual(2);
    // Room for exactly one more.
    const sized = await call('PUT', '/v2/admin/inventories/inv-global/licencePool', superUser, { serviceName: '4K', total: fourK.used + 1 });
    expect(sized.statusCode).toBe(200);
    const first = await activate({ unitId: free[0]!.unitId, serviceName: '4K', active: true });
    expect(first.statusCode).toBe(200);
    const result: LicenceActivationResult = first.json();
    expect(result.unit.active).toContain('4K');
    expect(result.pool.find((p) => p.serviceName === '4K')).toMatchObject({ used: fourK.used + 1, available: 0 });
    expect(published.some((p) => p.event.type === 'unit.updated' && p.event.unit.uniqueId === free[0]!.unitId)).toBe(true);
    const services = await s.app.services.db.service.findFirst({ where: { unitId: free[0]!.unitId, serviceName: '4K' } });
    expect(services?.serviceStatus).toBe('enabled');

    const before = await snapshot();
    const full = await activate({ unitId: free[1]!.unitId, serviceName: '4K', active: true });
    expect(full.statusCode).toBe(402);
    expect(full.json().error.message).toBe(ERROR_CATALOGUE.LICENSE_LIMIT_REACHED.message);
    expect(await snapshot()).toBe(before);
    // The pool cannot be made smaller than what is in use.
    const below = await call('PUT', '/v2/admin/inventories/inv-global/licencePool', superUser, { serviceName: '4K', total: fourK.used });
    expect(below.json().error.fields).toEqual([{ path: 'body.total', message: VALIDATION.minValue(fourK.used + 1) }]);
    expect(await snapshot()).toBe(before);

    const off = await activate({ unitId: free[0]!.unitId, serviceName: '4K', active: false });
    expect(off.json<LicenceActivationResult>().pool.find((p) => p.serviceName === '4K')).toMatchObject({ used: fourK.used, available: 1 });
    expect((await activate({ unitId: free[1]!.unitId, serviceName: '4K', active: true })).statusCode).toBe(200);
  });

  it('refuses invalid requests with the spec messages and units outside the inventory with 404', async () => {
    const before = await snapshot();
    const bad = await activate({ unitId: 'LU800-0001', serviceName: 'warp', active: 'on' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.serviceName', message: VALIDATION.invalidField },
        { path: 'body.active', message: VALIDATION.invalidField },
      ]),
    );
    expect((await activate({ unitId: 'LU800-0001', serviceName: 'sla' })).json().error.fields).toEqual([{ path: 'body.active', message: VALIDATION.required }]);
    const metroUnit = (await view(superUser, 'inv-metro')).units[0]!;
    expect((await activate({ unitId: metroUnit.unitId, serviceName: 'sla', active: true })).statusCode).toBe(404);
    expect((await activate({ unitId: 'NO-SUCH-UNIT', serviceName: 'sla', active: true })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('stops letting a user activate once the permission is revoked', async () => {
    expect((await grant('usr-luc_media_group_admin', false, superUser)).json()).toEqual({ userId: 'usr-luc_media_group_admin', granted: false });
    const v = await view(mga);
    expect(v.canActivate).toBe(false);
    expect((await activate({ unitId: v.units[0]!.unitId, serviceName: 'sla', active: false }, mga)).statusCode).toBe(403);
  });
});
