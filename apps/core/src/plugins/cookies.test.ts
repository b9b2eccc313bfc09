import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCookie, cookiesPlugin, setCookie } from './cookies.js';

describe('cookies plugin', () => {
  let app: FastifyInstance;
  afterEach(async () => app?.close());

  async function build(): Promise<FastifyInstance> {
    app = Fastify({ logger: false });
    await app.register(cookiesPlugin);
    app.get('/read', async (req) => ({ first: req.cookies, same: req.cookies === req.cookies }));
    app.get('/static', async () => 'no cookie read');
    app.post('/set', async (_req, reply) => {
      setCookie(reply, 'a', 'x y', { path: '/', httpOnly: true, secure: true, expires: new Date(Date.UTC(2030, 0, 1)) });
      setCookie(reply, 'b', '2', { path: '/b' });
      return {};
    });
    app.post('/clear', async (_req, reply) => {
      clearCookie(reply, 'a');
      return {};
    });
    return app;
  }

  it('parses the Cookie header once per request, decoding values; none without a header', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/read', headers: { cookie: 'fleet_session=abc%20def; other=1; fleet_session=second' } });
    expect(res.json()).toEqual({ first: { fleet_session: 'abc def', other: '1' }, same: true });
    expect((await app.inject({ method: 'GET', url: '/read' })).json()).toEqual({ first: {}, same: true });
    // A request of another client does not see the cookies of the one before.
    expect((await app.inject({ method: 'GET', url: '/read', headers: { cookie: 'x=1' } })).json().first).toEqual({ x: '1' });
    expect((await app.inject({ method: 'GET', url: '/static', headers: { cookie: 'x=1' } })).statusCode).toBe(200);
  });

  it('writes one Set-Cookie line per cookie set, SameSite=Lax unless told otherwise, and expires a cleared one', async () => {
    await build();
    const set = await app.inject({ method: 'POST', url: '/set' });
    expect(set.headers['set-cookie']).toEqual([
      'a=x%20y; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      'b=2; Path=/b; SameSite=Lax',
    ]);
    const cleared = await app.inject({ method: 'POST', url: '/clear' });
    expect(cleared.headers['set-cookie']).toBe('a=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax');
  });
});
