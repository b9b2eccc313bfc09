/**
 * How the core answers at the edges of HTTP, the way third-party API tools expect: a known path
 * asked with a method it does not take answers 405 with Allow — any method Node reads, QUERY, PROPFIND,
 * TRACE and CONNECT included (a token Node does not know as a method is refused by Node's parser: 400);
 * a path parameter as long as the
 * document allows reaches the call (404 for an unknown id, not the router's 414), and a longer one is
 * refused by the call's validation (400); headers over Node's limit answer 431; all in the product's
 * error envelope.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
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
  /** The core listening on a port of its own (once), for what only a real connection shows. */
  let port: number | undefined;
  const listening = async (): Promise<number> => (port ??= Number(new URL(await s.app.listen({ port: 0, host: '127.0.0.1' })).port));
  /** A request written by hand on a new connection, and all that comes back until the core closes it. */
  const rawExchange = async (head: string): Promise<string> => {
    const at = await listening();
    return new Promise((resolve, reject) => {
      const socket = connect(at, '127.0.0.1', () => socket.write(head));
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
  };

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

  it('every other method Node reads answers 405 on a known path too (QUERY, PROPFIND, TRACE, OPTIONS, HEAD without GET), 404 elsewhere', async () => {
    const methodNotAllowed = { error: { code: 'METHOD_NOT_ALLOWED', message: ERROR_CATALOGUE.METHOD_NOT_ALLOWED.message } };
    for (const method of ['QUERY', 'PROPFIND', 'TRACE', 'OPTIONS', 'SEARCH', 'MKCOL', 'LOCK', 'PURGE', 'REPORT']) {
      const res = await send(method, '/devices/fetch');
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
      expect(res.json(), method).toEqual(methodNotAllowed);
      expect((await send(method, '/no/such/path')).statusCode, method).toBe(404);
    }
    // QUERY carries a body: with one and its content type, it is still the method that is refused.
    const query = await s.app.inject({
      method: 'QUERY' as 'GET',
      url: '/api/v2/units/X-1/stream',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(query.statusCode).toBe(405);
    expect(query.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'POST']);
    // HEAD is answered where GET is, and refused where it is not.
    expect((await send('HEAD', '/devices/fetch')).statusCode).toBe(200);
    const head = await send('HEAD', '/v2/units/X-1/stream');
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'POST']);
  });

  it('over the wire: CONNECT answers 405 with Allow and closes; a method Node does not know is refused by its parser (400), in the envelope', async () => {
    const connectAnswer = await rawExchange(`CONNECT /api/devices/fetch HTTP/1.1\r\nHost: core\r\nCookie: ${cookie}\r\n\r\n`);
    expect(connectAnswer).toMatch(/^HTTP\/1\.1 405 /);
    expect(connectAnswer).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    expect(connectAnswer).toContain('"code":"METHOD_NOT_ALLOWED"');
    expect(await rawExchange('CONNECT /api/no/such/path HTTP/1.1\r\nHost: core\r\n\r\n')).toMatch(/^HTTP\/1\.1 404 /);
    const unknown = await rawExchange('FOO /api/devices/fetch HTTP/1.1\r\nHost: core\r\n\r\n');
    expect(unknown).toMatch(/^HTTP\/1\.1 400 /);
    expect(unknown).toContain('"code":"VALIDATION_FAILED"');
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
    const port = await listening();
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
