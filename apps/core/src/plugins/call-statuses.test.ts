import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { catalogue, ENDPOINT_IDS, type EndpointDef } from '@fleet/contracts';
import { AppError } from '../errors.js';
import { errorCodesOf, errorStatusesOf, isDocumentedStatus } from './call-statuses.js';
import { errorsPlugin } from './errors.js';
import { buildOpenApi } from './openapi.js';

describe('the statuses each call documents', () => {
  it('lists what the route answers for every call, 413 where a body can be sent, 404 where an object is named', () => {
    for (const id of ENDPOINT_IDS) {
      const def: EndpointDef = catalogue[id];
      const statuses = errorStatusesOf(id);
      for (const s of [400, 401, 403, 429, 431]) expect(statuses.has(s), `${id} ${s}`).toBe(true);
      expect(statuses.has(413), id).toBe(def.method !== 'GET');
      if (def.scope !== 'none') expect(statuses.has(404), id).toBe(true);
      expect(statuses.has(500), id).toBe(false);
    }
  });

  it('adds what the code each call reaches can refuse with', () => {
    // An unknown id although the call is not scoped; a device that cannot be reached; a licence; a version.
    expect(errorStatusesOf('stopChannelFileBroadcast').has(404)).toBe(true);
    expect(errorCodesOf('resetServerInstance')).toContain('DEVICE_UNREACHABLE');
    expect(errorStatusesOf('resetServerInstance').has(503)).toBe(true);
    expect(errorCodesOf('createUser')).toContain('NO_USER_LICENSE');
    expect(errorStatusesOf('createUser').has(402)).toBe(true);
    expect(errorCodesOf('startUnitUpgrade')).toContain('UPGRADE_6802');
    // A read from memory refuses nothing of its own.
    expect(errorStatusesOf('getUnit').has(503)).toBe(false);
  });

  it('is what the OpenAPI document lists on each operation', () => {
    const doc = buildOpenApi('/api') as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
    for (const op of Object.values(doc.paths).flatMap((m) => Object.values(m))) {
      const id = op.operationId as (typeof ENDPOINT_IDS)[number];
      const listed = Object.keys(op.responses).map(Number);
      expect(
        listed.filter((s) => s >= 400),
        id,
      ).toEqual([...errorStatusesOf(id)]);
      for (const s of listed) expect(isDocumentedStatus(id, s), `${id} ${s}`).toBe(true);
    }
  });

  it('makes an error status a call does not document a fault while answers are checked', async () => {
    const app = Fastify();
    app.decorate('config', { RESPONSE_VALIDATION: true } as never);
    await app.register(errorsPlugin);
    app.get('/unit', { config: { callId: 'getUnit' } }, () => {
      throw new AppError('UPGRADE_6802');
    });
    app.get('/gone', { config: { callId: 'getUnit' } }, () => {
      throw new AppError('NOT_FOUND');
    });
    const undocumented = await app.inject({ url: '/unit' });
    expect(undocumented.statusCode).toBe(500);
    expect(undocumented.json().error.message).toContain('422 UPGRADE_6802 is not documented on getUnit');
    expect((await app.inject({ url: '/gone' })).statusCode).toBe(404);
    await app.close();
  });
});
