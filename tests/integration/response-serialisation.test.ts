/**
 * Answers with RESPONSE_VALIDATION off, as `npm start` runs the core: a compiled call's answer is
 * written by its compiled serialiser without a zod parse, yet it is what the checked path sends:
 * JSON.stringify of the parsed answer, byte for byte (nothing a service added, zod's key order).
 * Calls whose schema is not compiled still parse; failures keep the one error envelope.
 *
 * (With RESPONSE_VALIDATION on, the default every other test runs with, each answer is also
 * compared with the compiled serialiser's bytes, so the whole suite checks them on real answers.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogue, type EndpointId, type UnitSummary } from '@fleet/contracts';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

const JSON_TYPE = 'application/json; charset=utf-8';

describe.each(providers())('answers without response validation on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let superUser: string;
  let unitId: string;

  beforeAll(async () => {
    s = await startTestStack({ provider, env: { RESPONSE_VALIDATION: 'false' } });
    [regular, superUser] = await Promise.all([s.login('luc_regular'), s.login('super_user')]);
    const units: UnitSummary[] = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie: regular } })).json();
    unitId = units[0]!.uniqueId;
  });
  afterAll(async () => s?.close());
  afterEach(() => vi.restoreAllMocks());

  /** What the checked path sends for this body: the schema's parse of it, stringified. */
  const checked = (id: EndpointId, body: string) => JSON.stringify(catalogue[id].response.parse(JSON.parse(body)));

  it('writes the unit list and a unit as the response schema would, without parsing them', async () => {
    const parses = [vi.spyOn(catalogue.fetchDevices.response, 'parse'), vi.spyOn(catalogue.getUnit.response, 'parse')];
    const list = await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie: superUser } });
    const unit = await s.app.inject({ method: 'GET', url: `/api/v2/units/${unitId}`, headers: { cookie: regular } });
    for (const spy of parses) expect(spy).not.toHaveBeenCalled();
    expect([list.statusCode, unit.statusCode]).toEqual([200, 200]);
    expect([list.headers['content-type'], unit.headers['content-type']]).toEqual([JSON_TYPE, JSON_TYPE]);
    expect(list.json().length).toBeGreaterThan(1);
    expect(list.body).toBe(checked('fetchDevices', list.body));
    expect(unit.body).toBe(checked('getUnit', unit.body));
  });

  it('answers a created story with 201 and its compiled bytes', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v2/inventories/inv-global/stories',
      headers: { cookie: superUser },
      payload: { slugline: 'Serialised "fast" \u2028 ünïcode', reporter: 'R. Serialiser' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slugline: 'Serialised "fast" \u2028 ünïcode', reporter: 'R. Serialiser' });
    expect(res.body).toBe(checked('createStory', res.body));
  });

  it('still parses the answers of a call whose schema is not compiled', async () => {
    const parse = vi.spyOn(catalogue.getUserPreferences.response, 'parse');
    const res = await s.app.inject({ method: 'GET', url: '/api/userPreferences', headers: { cookie: regular } });
    expect(res.statusCode).toBe(200);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(res.body).toBe(JSON.stringify(parse.mock.results[0]?.value));
  });

  it('keeps the error envelope of refused calls', async () => {
    const unknown = await s.app.inject({ method: 'GET', url: '/api/v2/units/no-such-unit', headers: { cookie: regular } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    const anonymous = await s.app.inject({ method: 'GET', url: `/api/v2/units/${unitId}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const invalid = await s.app.inject({
      method: 'POST',
      url: '/api/v2/inventories/inv-global/stories',
      headers: { cookie: superUser },
      payload: { reporter: 'no slugline' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Slugline is missing', fields: [{ path: 'body.slugline', message: 'Slugline is missing' }] },
    });
  });
});
