/**
 * The mock's control plane as plain HTTP + JSON (/mock/api, apps/core/src/mock/control-plane-http.ts)
 * and its own OpenAPI document, driven the way a QA suite in any language would: plain fetch, the
 * session cookie from /mock/auth/login, JSON in and out. The request journal records what another
 * session sent, and waiting for a request resolves when it arrives or answers 408.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope, JournalEntry } from '@fleet/contracts';
import { appRouter } from '@fleet/core/trpc';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '../support/stack.js';

const COMMITTED = fileURLToPath(new URL('../../docs/mock-openapi.json', import.meta.url));
const CORE_DOCUMENT = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

type Operation = { operationId: string; security?: unknown[]; responses: Record<string, unknown> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every query and mutation of the router, read from the router itself (not from the HTTP layer under test). */
function routerProcedures(): { name: string; type: string }[] {
  const procedures = appRouter._def.procedures as object as Record<string, { _def: { type: string } }>;
  return Object.entries(procedures)
    .map(([name, p]) => ({ name, type: p._def.type }))
    .filter((p) => p.type === 'query' || p.type === 'mutation');
}

describe('the control plane over plain HTTP', () => {
  let stack: TestStack;
  let base: string;
  let staff: string;
  let operator: string;
  let document: Document;

  const call = async (method: string, path: string, cookie: string | null, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, headers: res.headers, json: (await res.json()) as unknown };
  };
  const login = async (username: string) => {
    const res = await fetch(`${base}/mock/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  };

  beforeAll(async () => {
    // No simulator: the calls here run in the core (the shard-bound ones are simulator-control.test.ts's).
    stack = await startTestStack({ simulator: false });
    base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    staff = await login('super_user');
    operator = await login('luc_regular');
    document = (await call('GET', '/docs/mock-openapi.json', null)).json as Document;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('has a route for every procedure of the router in its own document, the committed one, kept out of the core document', async () => {
    const operations = new Map(
      Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([m, op]) => [op.operationId, { path, method: m }])),
    );
    const procedures = routerProcedures();
    expect(procedures.length).toBeGreaterThan(30);
    for (const p of procedures) {
      expect(operations.get(p.name), p.name).toEqual({ path: `/mock/api/${p.name.split('.').join('/')}`, method: p.type === 'query' ? 'get' : 'post' });
    }
    expect(operations.size).toBe(procedures.length);
    expect(document).toEqual(JSON.parse(readFileSync(COMMITTED, 'utf8')));
    const core = readFileSync(CORE_DOCUMENT, 'utf8');
    expect(core).not.toContain('/mock/api');
    // The API docs page links it, and shows it with ?document=mock.
    const page = await fetch(`${base}/docs`);
    expect(await page.text()).toContain('href="/docs/mock-openapi.json"');
  });

  it('is valid OpenAPI 3.1 by swagger-parser, every reference resolved', async () => {
    const api = await SwaggerParser.validate(structuredClone(document) as never);
    expect(api).toMatchObject({ openapi: '3.1.0' });
  }, 30_000);

  it('answers a query, a mutation, a validation error naming the field, 401, 403 for an operator and 405', async () => {
    const recordings = await call('GET', '/mock/api/recording/list', operator);
    expect(recordings).toMatchObject({ status: 200, json: [] });
    const started = await call('POST', '/mock/api/recording/start', staff, { name: 'over-http' });
    expect(started).toMatchObject({ status: 200, json: { name: 'over-http' } });
    expect((await call('GET', '/mock/api/recording/list', operator)).json).toEqual([expect.objectContaining({ name: 'over-http' })]);
    // A second one while the first is made: the service's refusal, with its status.
    expect((await call('POST', '/mock/api/recording/start', staff, { name: 'second' })).status).toBe(409);
    expect(await call('POST', '/mock/api/recording/stop', staff)).toMatchObject({ status: 200, json: { name: 'over-http' } });
    // A procedure that needs the simulator says so when none is attached.
    expect(await call('GET', '/mock/api/clock/get', staff)).toMatchObject({
      status: 412,
      json: { error: { code: 'PRECONDITION_FAILED', message: 'No simulator shard is attached' } },
    });

    const invalid = await call('POST', '/mock/api/clock/set', staff, { advanceMs: -5 });
    expect(invalid.status).toBe(400);
    expect((invalid.json as ErrorEnvelope).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [expect.objectContaining({ path: 'body.advanceMs' })] });
    const badQuery = await call('GET', '/mock/api/journal/list?limit=many', staff);
    expect(badQuery.status).toBe(400);
    expect((badQuery.json as ErrorEnvelope).error.fields).toEqual([expect.objectContaining({ path: 'query.limit' })]);

    const anonymous = await call('GET', '/mock/api/fleet/status', null);
    expect(anonymous).toMatchObject({ status: 401, json: { error: { code: 'UNAUTHENTICATED' } } });
    const refused = await call('POST', '/mock/api/reset', operator, { seed: 1 });
    expect(refused).toMatchObject({ status: 403, json: { error: { code: 'NOT_AVAILABLE_FOR_USER_TYPE', message: 'Not available for your user type' } } });

    const wrongMethod = await call('PUT', '/mock/api/reset', staff, { seed: 1 });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it("journals another session's REST call, for staff and for that user alone, and waits for a request or times out", async () => {
    const before = (await call('GET', '/mock/api/journal/list?limit=1', staff)).json as JournalEntry[];
    const after = before[0]?.seq ?? 0;

    // A wait from the last entry on resolves when the request arrives (or at once if it is already there).
    const waiting = call(
      'GET',
      `/mock/api/journal/wait?after=${after}&method=GET&path=${encodeURIComponent('/api/userPreferences')}&user=luc_regular&timeoutMs=10000`,
      staff,
    );
    const prefs = await call('GET', '/api/userPreferences', operator);
    expect(prefs.status).toBe(200);
    const waited = await waiting;
    expect(waited.status).toBe(200);
    const entry = waited.json as JournalEntry;
    expect(entry).toMatchObject({ method: 'GET', path: '/api/userPreferences', callId: 'getUserPreferences', status: 200, user: 'luc_regular' });
    expect(entry.session).toMatch(/^[\w-]{16}$/);
    expect(operator).not.toContain(entry.session);
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);

    // Listed for staff with the filters, for the operator among their own requests, never someone else's.
    const listed = (await call('GET', `/mock/api/journal/list?after=${after}&callId=getUserPreferences&status=2xx`, staff)).json as JournalEntry[];
    expect(listed.map((e) => e.seq)).toContain(entry.seq);
    const own = (await call('GET', `/mock/api/journal/list?after=${after}&session=mine`, operator)).json as JournalEntry[];
    expect(own.map((e) => e.seq)).toContain(entry.seq);
    expect(own.every((e) => e.user === 'luc_regular')).toBe(true);
    const staffCalls = (await call('GET', `/mock/api/journal/list?after=${after}&user=super_user`, operator)).json as JournalEntry[];
    expect(staffCalls).toEqual([]);
    // The refused reset of the previous test is there with its status; the journal's own reads are not.
    const refusals = (await call('GET', '/mock/api/journal/list?path=/mock/api/*&status=4xx', staff)).json as JournalEntry[];
    expect(refusals).toContainEqual(expect.objectContaining({ method: 'POST', path: '/mock/api/reset', status: 403, user: 'luc_regular' }));
    const all = (await call('GET', '/mock/api/journal/list?limit=1000', staff)).json as JournalEntry[];
    expect(all.some((e) => e.path.startsWith('/mock/api/journal/'))).toBe(false);

    // Nothing matching arrives: 408 in the product's envelope.
    const timedOut = await call('GET', '/mock/api/journal/wait?path=/api/never/*&timeoutMs=100', staff);
    expect(timedOut).toMatchObject({ status: 408, json: { error: { code: 'REQUEST_TIMEOUT' } } });
  });
});
