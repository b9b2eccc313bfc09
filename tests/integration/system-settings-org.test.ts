/**
 * Platform settings of the admin console (spec 001 §2 /system_settings organization,
 * organization_inventory, client_application, modem_vendor, ai_settings, application_configuration;
 * §3 Organisation; §8 "no available user license", "association already exists") against the real
 * core on real SQLite and PostgreSQL: each kind's list, create, read, update (version: 409 when
 * stale) and delete; super user and staff only (401 without a session, 403 for everyone else);
 * unknown ids 404; the spec's validation messages; a rejected request changing nothing; the
 * `systemSetting.changed` announcement on every inventory's topics. The organisations' rules against
 * stored rows are tested on the service alone (apps/core/src/modules/system-settings/organisations.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiCredentialEndpoints,
  applicationConfigurationEndpoints,
  buildPath,
  catalogue,
  clientApplicationEndpoints,
  ERROR_CATALOGUE,
  inventoryTopic,
  modemVendorEndpoints,
  organisationEndpoints,
  PLATFORM_ADMIN_ROLES,
  ROLES,
  VALIDATION,
  type AiCredential,
  type ClientApplication,
  type ClientApplicationWithSecret,
  type EndpointDef,
  type ModemVendor,
  type Organisation,
  RULES,
} from '@fleet/contracts';
import { verifyPassword } from '@fleet/db';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const ENDPOINTS = {
  ...organisationEndpoints,
  ...clientApplicationEndpoints,
  ...modemVendorEndpoints,
  ...aiCredentialEndpoints,
  ...applicationConfigurationEndpoints,
};
const IDS = Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[];

describe.each(providers())('system settings (organisations, client applications, modem vendors, AI, application configuration) on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let staff: string;
  let admin: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, staff, admin] = await Promise.all([s.login('super_user'), s.login('staff'), s.login('luc_admin')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        db().organisation.findMany({ orderBy: { id: 'asc' } }),
        db().organisationInventory.findMany({ orderBy: [{ organisationId: 'asc' }, { inventoryId: 'asc' }] }),
        db().clientApplication.findMany({ orderBy: { id: 'asc' } }),
        db().modemVendor.findMany({ orderBy: { id: 'asc' } }),
        db().aiCredential.findMany({ orderBy: { id: 'asc' } }),
        db().applicationConfiguration.findMany({ orderBy: { id: 'asc' } }),
      ]),
    );
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const settingEvents = (kind: string) => published.filter((p) => p.event.type === 'systemSetting.changed' && p.event.kind === kind);

  it('answers 401 without a session and 403 to every role outside super user and staff, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'org-demo', inventoryId: 'inv-global' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      expect((await call(def.method, url, admin, def.body ? { name: 'Forbidden-Try', inventoryId: 'inv-global' } : undefined)).statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 403 to every seeded role outside super user and staff, and a list to both', async () => {
    let checked = 0;
    for (const role of ROLES.filter((r) => !PLATFORM_ADMIN_ROLES.includes(r))) {
      const cookie = await s.login(role).catch(() => null);
      // Roles without a console account cannot sign in at all.
      if (cookie === null) continue;
      expect((await call('GET', '/v2/admin/organisations', cookie)).statusCode, role).toBe(403);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
    for (const cookie of [superUser, staff]) expect((await call('GET', '/v2/admin/modemVendors', cookie)).json().total).toBeGreaterThanOrEqual(2);
  });

  describe('organisations', () => {
    it('creates, lists, searches, updates and deletes an organisation, announcing each change', async () => {
      const res = await call('POST', '/v2/admin/organisations', superUser, { name: 'Test-Org-A', externalUid: 'ext-a', defaultRole: 'luc_admin', maxUsers: 3 });
      expect(res.statusCode).toBe(201);
      const org: Organisation = res.json();
      expect(org).toMatchObject({
        name: 'Test-Org-A',
        externalUid: 'ext-a',
        defaultRole: 'luc_admin',
        maxUsers: 3,
        userCount: 0,
        activeUsers: 0,
        inventoryCount: 0,
        version: 0,
      });
      expect(settingEvents('organization').at(-1)?.event).toMatchObject({ id: org.id, removed: false });
      // Every inventory's topic hears it (each console follows one), and nothing else is said.
      expect(settingEvents('organization').at(-1)?.topics).toEqual(expect.arrayContaining([inventoryTopic('inv-global'), inventoryTopic('inv-metro')]));

      const found = (await call('GET', '/v2/admin/organisations?searchValue=test-org', staff)).json();
      expect(found.items.map((o: Organisation) => o.id)).toEqual([org.id]);
      const demo = (await call('GET', '/v2/admin/organisations/org-demo', staff)).json() as Organisation;
      expect(demo.activeUsers).toBeGreaterThan(0);
      expect(demo.inventoryCount).toBeGreaterThan(0);

      const updated = await call('PUT', `/v2/admin/organisations/${org.id}`, staff, { name: 'Test-Org-B', externalUid: '', maxUsers: 0, version: 0 });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ name: 'Test-Org-B', externalUid: null, maxUsers: 0, version: 1 });
      // A stale version: 409, nothing changed.
      const before = await snapshot();
      const stale = await call('PUT', `/v2/admin/organisations/${org.id}`, staff, { name: 'Test-Org-C', version: 0 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(ERROR_CATALOGUE.CONFLICT.message);
      expect(await snapshot()).toBe(before);

      const deleted = await call('DELETE', `/v2/admin/organisations/${org.id}`, superUser);
      expect(deleted.json()).toEqual({ id: org.id, deleted: true });
      expect(settingEvents('organization').at(-1)?.event).toMatchObject({ id: org.id, removed: true });
      expect((await call('GET', `/v2/admin/organisations/${org.id}`, superUser)).statusCode).toBe(404);
      expect((await call('DELETE', `/v2/admin/organisations/${org.id}`, superUser)).statusCode).toBe(404);
    });

    // The rules against stored rows (a taken name or external UID, max users below the active users, no delete while
    // it has users, one association per inventory) are in apps/core/src/modules/system-settings/organisations.test.ts.
    it('refuses a bad role, a name too short and a negative max users at their fields, changing nothing', async () => {
      const before = await snapshot();
      const bad = await call('POST', '/v2/admin/organisations', superUser, { name: 'X', defaultRole: 'emperor', maxUsers: -1 });
      expect(bad.statusCode).toBe(400);
      expect(fields(bad)).toEqual(
        expect.arrayContaining([
          { path: 'body.name', message: VALIDATION.minChars(2) },
          { path: 'body.defaultRole', message: VALIDATION.invalidField },
          { path: 'body.maxUsers', message: VALIDATION.minValue(0) },
        ]),
      );
      expect(await snapshot()).toBe(before);
    });

    it("adds and removes an organisation's inventories", async () => {
      const org = (await call('POST', '/v2/admin/organisations', superUser, { name: 'Inv-Org' })).json() as Organisation;
      const added = await call('POST', `/v2/admin/organisations/${org.id}/inventories`, superUser, { inventoryId: 'inv-metro' });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ organisationId: org.id, organisationName: 'Inv-Org', inventoryId: 'inv-metro' });
      expect(settingEvents('organization_inventory').at(-1)?.event).toMatchObject({ id: org.id, removed: false });
      const list = (await call('GET', `/v2/admin/organisationInventories?organisationId=${org.id}`, staff)).json();
      expect(list.items).toEqual([expect.objectContaining({ organisationId: org.id, inventoryId: 'inv-metro' })]);
      expect((await call('GET', `/v2/admin/organisations/${org.id}`, staff)).json().inventoryCount).toBe(1);
      const removed = await call('DELETE', `/v2/admin/organisations/${org.id}/inventories/inv-metro`, staff);
      expect(removed.json()).toEqual({ organisationId: org.id, inventoryId: 'inv-metro', deleted: true });
      await call('DELETE', `/v2/admin/organisations/${org.id}`, superUser);
    });
  });

  describe('client applications', () => {
    it('shows the secret once at creation and on regeneration, stores it hashed, and never returns it again', async () => {
      const res = await call('POST', '/v2/admin/clientApplications', superUser, {
        name: 'Test-App',
        clientId: 'test-app',
        redirectUris: ['https://app.example.com/cb'],
        scopes: ['read', 'write'],
      });
      expect(res.statusCode).toBe(201);
      const app: ClientApplicationWithSecret = res.json();
      expect(app.secret.length).toBeGreaterThanOrEqual(32);
      expect(app).toMatchObject({ hasSecret: true, active: true, scopes: ['read', 'write'] });
      const row = await db().clientApplication.findUniqueOrThrow({ where: { id: app.id } });
      expect(row.secretHash).not.toContain(app.secret);
      expect(await verifyPassword(app.secret, row.secretHash!)).toBe(true);
      const read = (await call('GET', `/v2/admin/clientApplications/${app.id}`, staff)).json();
      expect(read).not.toHaveProperty('secret');
      const listed = (await call('GET', '/v2/admin/clientApplications?searchValue=test-app', staff)).json();
      expect(listed.items).toHaveLength(1);
      expect(JSON.stringify(listed)).not.toContain(app.secret);
      expect(settingEvents('client_application').at(-1)?.event).toMatchObject({ id: app.id });
      expect(JSON.stringify(settingEvents('client_application'))).not.toContain(app.secret);

      const fresh: ClientApplicationWithSecret = (await call('POST', `/v2/admin/clientApplications/${app.id}/secret`, staff, { version: 0 })).json();
      expect(fresh.secret).not.toBe(app.secret);
      const after = await db().clientApplication.findUniqueOrThrow({ where: { id: app.id } });
      expect(await verifyPassword(app.secret, after.secretHash!)).toBe(false);
      expect(await verifyPassword(fresh.secret, after.secretHash!)).toBe(true);

      const updated: ClientApplication = (await call('PUT', `/v2/admin/clientApplications/${app.id}`, staff, { active: false, scopes: [], version: 1 })).json();
      expect(updated).toMatchObject({ active: false, scopes: [], version: 2 });
      expect(updated).not.toHaveProperty('secret');
      expect((await call('DELETE', `/v2/admin/clientApplications/${app.id}`, superUser)).json()).toEqual({ id: app.id, deleted: true });
      expect((await call('GET', `/v2/admin/clientApplications/${app.id}`, superUser)).statusCode).toBe(404);
    });

    it('refuses a taken name or client id, an invalid redirect URI and a repeated scope, changing nothing', async () => {
      const first = (await call('POST', '/v2/admin/clientApplications', superUser, { name: 'Taken-App', clientId: 'taken-app' })).json() as ClientApplication;
      const before = await snapshot();
      expect(fields(await call('POST', '/v2/admin/clientApplications', superUser, { name: 'Taken-App', clientId: 'other-app' }))).toEqual([
        { path: 'body.name', message: VALIDATION.nameUnique },
      ]);
      expect(fields(await call('POST', '/v2/admin/clientApplications', superUser, { name: 'Other-App', clientId: 'taken-app' }))).toEqual([
        { path: 'body.clientId', message: VALIDATION.fieldUnique },
      ]);
      const bad = await call('POST', '/v2/admin/clientApplications', superUser, {
        name: 'Bad-App',
        clientId: 'bad app',
        redirectUris: ['not a url', 'ftp://x.example.com'],
        scopes: ['a', 'a'],
      });
      expect(fields(bad)).toEqual(
        expect.arrayContaining([
          { path: 'body.clientId', message: VALIDATION.mustMatchPattern },
          { path: 'body.redirectUris.0', message: RULES.httpUrl },
          { path: 'body.redirectUris.1', message: RULES.httpUrl },
          { path: 'body.scopes.1', message: VALIDATION.fieldUnique },
        ]),
      );
      expect(await snapshot()).toBe(before);
      await call('DELETE', `/v2/admin/clientApplications/${first.id}`, superUser);
    });
  });

  describe('modem vendors', () => {
    it('adds, renames and removes models; model names are unique within the vendor, vendor names overall', async () => {
      const vendor: ModemVendor = (await call('POST', '/v2/admin/modemVendors', staff, { name: 'Test-Vendor', models: [{ name: 'A1' }] })).json();
      expect(vendor.models).toEqual([{ name: 'A1' }]);
      const before = await snapshot();
      const repeated = await call('PUT', `/v2/admin/modemVendors/${vendor.id}`, staff, { models: [{ name: 'A1' }, { name: 'a1' }], version: 0 });
      expect(fields(repeated)).toEqual([{ path: 'body.models.1.name', message: VALIDATION.fieldUnique }]);
      expect(fields(await call('PUT', `/v2/admin/modemVendors/${vendor.id}`, staff, { name: 'Quectel', version: 0 }))).toEqual([
        { path: 'body.name', message: VALIDATION.nameUnique },
      ]);
      expect(fields(await call('PUT', `/v2/admin/modemVendors/${vendor.id}`, staff, { models: [{ name: '' }], version: 0 }))).toEqual([
        { path: 'body.models.0.name', message: VALIDATION.required },
      ]);
      expect(await snapshot()).toBe(before);
      const changed: ModemVendor = (
        await call('PUT', `/v2/admin/modemVendors/${vendor.id}`, staff, { models: [{ name: 'A2' }, { name: 'B1' }], version: 0 })
      ).json();
      expect(changed).toMatchObject({ models: [{ name: 'A2' }, { name: 'B1' }], version: 1 });
      expect(settingEvents('modem_vendor').at(-1)?.event).toMatchObject({ id: vendor.id, removed: false });
      // Search finds a vendor by one of its models.
      expect((await call('GET', '/v2/admin/modemVendors?searchValue=rm500', staff)).json().items.map((v: ModemVendor) => v.id)).toEqual(['mvd-quectel']);
      expect((await call('PUT', `/v2/admin/modemVendors/${vendor.id}`, staff, { models: [], version: 0 })).statusCode).toBe(409);
      expect((await call('DELETE', `/v2/admin/modemVendors/${vendor.id}`, staff)).json()).toEqual({ id: vendor.id, deleted: true });
      expect(settingEvents('modem_vendor').at(-1)?.event).toMatchObject({ id: vendor.id, removed: true });
    });
  });

  describe('AI settings', () => {
    it('keeps secret fields write-only: masked on every read, kept when an update leaves them out', async () => {
      const res = await call('POST', '/v2/admin/aiCredentials', superUser, {
        name: 'Test-AI',
        provider: 'openai',
        inventoryId: 'inv-global',
        fields: [
          { name: 'apiKey', secret: true, value: 'sk-very-secret' },
          { name: 'model', secret: false, value: 'gpt' },
        ],
      });
      expect(res.statusCode).toBe(201);
      const cred: AiCredential = res.json();
      expect(cred.fields).toEqual([
        { name: 'apiKey', secret: true, value: null, isSet: true },
        { name: 'model', secret: false, value: 'gpt', isSet: true },
      ]);
      expect(cred.inventoryName).not.toBeNull();
      expect(JSON.stringify((await call('GET', '/v2/admin/aiCredentials', staff)).json())).not.toContain('sk-very-secret');
      const updated: AiCredential = (
        await call('PUT', `/v2/admin/aiCredentials/${cred.id}`, staff, {
          fields: [
            { name: 'apiKey', secret: true },
            { name: 'model', secret: false, value: 'gpt-2' },
          ],
          version: 0,
        })
      ).json();
      expect(updated.fields[1]).toMatchObject({ value: 'gpt-2' });
      const stored = await db().aiCredential.findUniqueOrThrow({ where: { id: cred.id } });
      expect(JSON.stringify(stored.credentials)).toContain('sk-very-secret');

      const before = await snapshot();
      const missing = await call('PUT', `/v2/admin/aiCredentials/${cred.id}`, staff, { fields: [{ name: 'token', secret: true }], version: 1 });
      expect(fields(missing)).toEqual([{ path: 'body.fields.0.value', message: VALIDATION.required }]);
      expect(fields(await call('POST', '/v2/admin/aiCredentials', staff, { name: 'Test-AI', provider: 'openai' }))).toEqual([
        { path: 'body.name', message: VALIDATION.nameUnique },
      ]);
      expect(fields(await call('POST', '/v2/admin/aiCredentials', staff, { name: 'Other-AI', provider: 'skynet', inventoryId: 'inv-no-such' }))).toEqual([
        { path: 'body.provider', message: VALIDATION.invalidField },
      ]);
      expect(fields(await call('POST', '/v2/admin/aiCredentials', staff, { name: 'Other-AI', provider: 'openai', inventoryId: 'inv-no-such' }))).toEqual([
        { path: 'body.inventoryId', message: RULES.unknownInventory },
      ]);
      expect(await snapshot()).toBe(before);
      expect(settingEvents('ai_settings').at(-1)?.event).toMatchObject({ id: cred.id });
      expect((await call('DELETE', `/v2/admin/aiCredentials/${cred.id}`, superUser)).statusCode).toBe(200);
      expect((await call('GET', `/v2/admin/aiCredentials/${cred.id}`, superUser)).statusCode).toBe(404);
    });
  });

  describe('application configuration', () => {
    it('keeps the chatSupport shape the client configuration reads, keeps keys fixed and unique', async () => {
      const list = (await call('GET', '/v2/admin/applicationConfiguration?searchValue=chat', superUser)).json();
      const chat = list.items.find((e: { key: string }) => e.key === 'chatSupport');
      expect(chat.value).toEqual({ enabled: false, scriptUrl: null });
      const before = await snapshot();
      const wrong = await call('PUT', `/v2/admin/applicationConfiguration/${chat.id}`, staff, {
        value: { enabled: 'yes', scriptUrl: 'not a url' },
        version: chat.version,
      });
      expect(wrong.statusCode).toBe(400);
      expect(fields(wrong)).toEqual(expect.arrayContaining([{ path: 'body.value.scriptUrl', message: RULES.httpUrl }]));
      expect(fields(wrong)).toEqual(expect.arrayContaining([{ path: 'body.value.enabled', message: RULES.keyValueShape }]));
      const rekey = await call('PUT', `/v2/admin/applicationConfiguration/${chat.id}`, staff, { key: 'other', version: chat.version });
      expect(rekey.statusCode).toBe(400);
      expect(
        fields(await call('POST', '/v2/admin/applicationConfiguration', staff, { key: 'chatSupport', value: { enabled: true, scriptUrl: null } })),
      ).toEqual([{ path: 'body.key', message: VALIDATION.fieldUnique }]);
      expect(await snapshot()).toBe(before);

      const on = await call('PUT', `/v2/admin/applicationConfiguration/${chat.id}`, staff, {
        value: { enabled: true, scriptUrl: 'https://chat.example.com/s.js' },
        version: chat.version,
      });
      expect(on.statusCode).toBe(200);
      expect(settingEvents('application_configuration').at(-1)?.event).toMatchObject({ id: chat.id });
      // What every console reads.
      expect((await call('GET', '/client/configuration', admin)).json().chatSupport).toEqual({ enabled: true, scriptUrl: 'https://chat.example.com/s.js' });
      await call('PUT', `/v2/admin/applicationConfiguration/${chat.id}`, staff, { value: chat.value, version: chat.version + 1 });

      const made = await call('POST', '/v2/admin/applicationConfiguration', superUser, {
        key: 'test.entry',
        value: [1, 'two', { three: 3 }],
        description: 'a test',
      });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toMatchObject({ key: 'test.entry', value: [1, 'two', { three: 3 }], description: 'a test', version: 0 });
      expect((await call('DELETE', `/v2/admin/applicationConfiguration/${made.json().id}`, superUser)).json()).toEqual({ id: made.json().id, deleted: true });
    });
  });
});
