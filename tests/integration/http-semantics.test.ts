/**
 * How the core answers at the edges of HTTP, the way third-party API tools expect: a known path
 * asked with a method it does not take answers 405 with Allow; a path parameter as long as the
 * document allows reaches the call (404 for an unknown id, not the router's 414), and a longer one is
 * refused by the call's validation (400); headers over Node's limit answer 431; all in the product's
 * error envelope.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, ENDPOINT_IDS, ERROR_CATALOGUE } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';

type Res = Awaited<ReturnType<TestStack['app']['inject']>>;

describe('HTTP semantics', () => {
  let s: TestStack;
  let cookie: string;

  beforeAll(async () => {
    s = await startTestStack({});
    cookie = await s.login('super_user');
  });
  afterAll(async () => s?.close());

  const send = (method: string, url: string, payload?: unknown): Promise<Res> =>
    s.app.inject({ method: method as 'GET', url: `/api${url}`, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('a known path with a method it does not take answers 405, Allow naming the methods it does', async () => {
    const res = await send('DELETE', '/devices/fetch');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: ERROR_CATALOGUE.METHOD_NOT_ALLOWED.message } });
    // A body sent with the wrong method is not read.
    const withBody = await send('PATCH', '/v2/units/LU800-0001/stream', { channelId: 'x' });
    expect(withBody.statusCode).toBe(405);
    expect(withBody.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'POST']);
    // An unknown path is still unknown.
    expect((await send('DELETE', '/no/such/path')).statusCode).toBe(404);
  });

  it('every declared path answers 405 to each method it does not take, and the declared ones are untouched', async () => {
    const methods = new Map<string, Set<string>>();
    for (const id of ENDPOINT_IDS) {
      const { method, path } = catalogue[id];
      const concrete = path.replace(/\{\w+\}/g, 'X-1');
      methods.set(concrete, (methods.get(concrete) ?? new Set()).add(method));
    }
    let checked = 0;
    for (const [path, declared] of methods) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (declared.has(method)) continue;
        const res = await send(method, path);
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toContain([...declared][0]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // A declared method still reaches its call.
    expect((await send('GET', '/devices/fetch')).statusCode).toBe(200);
  });

  it('a path id as long as the document allows reaches the call; a longer one is refused by its validation', async () => {
    const allowed = await send('GET', `/v2/units/${'U'.repeat(128)}`);
    expect(allowed.statusCode).toBe(404);
    expect(allowed.json().error.code).toBe('NOT_FOUND');
    const longer = await send('GET', `/v2/units/${'U'.repeat(129)}`);
    expect(longer.statusCode).toBe(400);
    expect(longer.json().error.code).toBe('VALIDATION_FAILED');
    const muchLonger = await send('GET', `/v2/units/${'U'.repeat(1500)}`);
    expect(muchLonger.statusCode).toBe(400);
  });

  it('headers over the limit answer 431 in the product envelope', async () => {
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/devices/fetch', headers: { cookie: `${cookie}; pad=${'x'.repeat(20_000)}` } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'REQUEST_TOO_LARGE', message: ERROR_CATALOGUE.REQUEST_TOO_LARGE.message } });
  });
});
