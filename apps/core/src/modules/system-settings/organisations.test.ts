/**
 * The organisation rules of spec 001 §5 on the organisation service alone (the seeded template): a
 * taken name or external UID, max users not below the organisation's active users, no delete while
 * it has users, one association per inventory; a refused change stores nothing. The bodies' field
 * validation, the roles and each call over HTTP are in tests/integration/system-settings-org.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, VALIDATION, RULES } from '@fleet/contracts';
import { moduleHarness, type ModuleHarness } from '../../testing/module-harness.js';
import { OrganisationService } from './organisations.js';

const build = (h: ModuleHarness) => new OrganisationService(h.deps);

describe('organisation rules', () => {
  let h: ModuleHarness;
  let organisations: OrganisationService;

  beforeAll(async () => {
    h = await moduleHarness();
    organisations = build(h);
  });
  afterAll(async () => h?.close());

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        h.db.organisation.findMany({ orderBy: { id: 'asc' } }),
        h.db.organisationInventory.findMany({ orderBy: [{ organisationId: 'asc' }, { inventoryId: 'asc' }] }),
      ]),
    );

  it("refuses a taken name or external UID and max users below the organisation's active users, changing nothing", async () => {
    const demo = await organisations.get('org-demo');
    const before = await snapshot();
    await expect(organisations.create({ name: demo.name })).rejects.toMatchObject({
      status: 400,
      fields: [{ path: 'body.name', message: VALIDATION.nameUnique }],
    });
    await expect(organisations.create({ name: 'Other-Org', externalUid: demo.externalUid })).rejects.toMatchObject({
      fields: [{ path: 'body.externalUid', message: VALIDATION.fieldUnique }],
    });
    await expect(organisations.update('org-demo', { maxUsers: demo.activeUsers - 1, version: demo.version })).rejects.toMatchObject({
      status: 400,
      fields: [{ path: 'body.maxUsers', message: VALIDATION.minValue(demo.activeUsers) }],
    });
    expect(await snapshot()).toBe(before);
    // Exactly the active users is fine (and then a new active user has no licence; the user service says so).
    expect(await organisations.update('org-demo', { maxUsers: demo.activeUsers, version: demo.version })).toMatchObject({ maxUsers: demo.activeUsers });
    expect((await organisations.update('org-demo', { maxUsers: demo.maxUsers, version: demo.version + 1 })).maxUsers).toBe(demo.maxUsers);
  });

  it('refuses to delete an organisation that has users', async () => {
    const before = await snapshot();
    await expect(organisations.delete('org-demo')).rejects.toMatchObject({
      status: ERROR_CATALOGUE.ORGANISATION_HAS_USERS.status,
      code: 'ORGANISATION_HAS_USERS',
      message: ERROR_CATALOGUE.ORGANISATION_HAS_USERS.message,
    });
    expect(await snapshot()).toBe(before);
  });

  it("associates an inventory once: a second add is 'Association already exists'; an unknown inventory or organisation changes nothing", async () => {
    const org = await organisations.create({ name: 'Inv-Org' });
    await organisations.addInventory(org.id, { inventoryId: 'inv-metro' });
    const before = await snapshot();
    await expect(organisations.addInventory(org.id, { inventoryId: 'inv-metro' })).rejects.toMatchObject({
      status: ERROR_CATALOGUE.ASSOCIATION_EXISTS.status,
      message: ERROR_CATALOGUE.ASSOCIATION_EXISTS.message,
    });
    await expect(organisations.addInventory(org.id, { inventoryId: 'inv-no-such' })).rejects.toMatchObject({
      fields: [{ path: 'body.inventoryId', message: RULES.unknownInventory }],
    });
    await expect(organisations.addInventory('org-no-such', { inventoryId: 'inv-metro' })).rejects.toMatchObject({ status: 404 });
    expect(await snapshot()).toBe(before);
    await organisations.removeInventory(org.id, 'inv-metro');
    await expect(organisations.removeInventory(org.id, 'inv-metro')).rejects.toMatchObject({ status: 404 });
  });
});
