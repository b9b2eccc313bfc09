/**
 * The websocket library setting has one value on every surface: GET client/configuration, the
 * current user's props (wsLibrary) and the /ws hello all answer WS_LIBRARY — its default, a custom
 * value, and whatever an older database stored as an application configuration row. With Redis,
 * the reload broadcast carries the same value the new instance answers on its three surfaces.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, type CurrentUser } from '@fleet/contracts';
import { buildApp, loadConfig } from '@fleet/core';
import { createDb } from '@fleet/db';
import { pgUrl, providers, startTestStack, type TestStack } from '../support/stack.js';
import { connect, until } from './realtime-client.js';

/** The three surfaces' answers for one logged-in user of a listening core. */
async function surfaces(app: TestStack['app'], base: string, cookie: string) {
  const config = (await app.inject({ method: 'GET', url: '/api/client/configuration', headers: { cookie } })).json() as { wsLibrary: string };
  const me = (await app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json() as CurrentUser;
  const c = await connect(base, { cookie });
  const hello = await c.next((m) => m.op === 'hello');
  c.ws.close();
  return { clientConfiguration: config.wsLibrary, userProps: me.props.wsLibrary, hello: hello.op === 'hello' ? hello.wsLibrary : undefined };
}

const same = (v: string) => ({ clientConfiguration: v, userProps: v, hello: v });

describe.each(providers())('one websocket library setting on %s', (provider) => {
  for (const [label, env, expected] of [
    ['the default', {}, 'ws@8'],
    ['a custom WS_LIBRARY', { WS_LIBRARY: 'uws@20.1-custom' }, 'uws@20.1-custom'],
  ] as const) {
    describe(label, () => {
      let s: TestStack;
      let base: string;
      let cookie: string;

      beforeAll(async () => {
        s = await startTestStack({ provider, simulator: false, env });
        base = await s.app.listen({ host: '127.0.0.1', port: 0 });
        cookie = await s.login('luc_regular');
      });
      afterAll(async () => s?.close());

      it('answers the same value on client/configuration, the user props and the /ws hello', async () => {
        expect(await surfaces(s.app, base, cookie)).toEqual(same(expected));
        // The seed stores no second value that could contradict it.
        expect(await s.app.services.db.applicationConfiguration.findUnique({ where: { key: 'wsLibrary' } })).toBeNull();
      });

      it('keeps answering it when a database carries an old wsLibrary application configuration row', async () => {
        await s.app.services.db.applicationConfiguration.create({ data: { key: 'wsLibrary', value: { library: 'ws' } } });
        try {
          expect(await surfaces(s.app, base, cookie)).toEqual(same(expected));
        } finally {
          await s.app.services.db.applicationConfiguration.delete({ where: { key: 'wsLibrary' } });
        }
      });
    });
  }
});

const redisUrl = process.env.REDIS_URL_TEST;

describe.skipIf(!(redisUrl && pgUrl()))('the reload broadcast follows the same setting (PostgreSQL + Redis)', () => {
  const prefix = `fleet:test:${randomBytes(4).toString('hex')}`;
  let a: TestStack;
  let baseA: string;
  let cookie: string;

  beforeAll(async () => {
    a = await startTestStack({ provider: 'postgresql', simulator: false, env: { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix } });
    baseA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await a.login('luc_regular');
  });
  afterAll(async () => a?.close());

  it('a second instance with another WS_LIBRARY broadcasts the value its own three surfaces answer', async () => {
    const me = (await a.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie } })).json() as CurrentUser;
    const onA = await connect(baseA, { cookie });
    await onA.next((m) => m.op === 'hello');
    onA.send({ op: 'subscribe', topics: me.groups.map((g) => groupTopic(g.id)) });
    await onA.next((m) => m.op === 'subscribed');
    const db = await createDb({ url: a.url });
    const config = loadConfig({
      DATABASE_URL: a.url,
      LOG_LEVEL: 'silent',
      GATEWAY_TOKEN: 'other',
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      WS_LIBRARY: 'uws@21',
    });
    const b = await buildApp({ config, db: db.prisma, logger: false });
    try {
      const baseB = await b.listen({ host: '127.0.0.1', port: 0 });
      await until(() => onA.events.some((e) => e.event.type === 'config.changed'), 10_000, 'config.changed on A');
      const change = onA.events.find((e) => e.event.type === 'config.changed')!.event;
      expect(change).toMatchObject({ type: 'config.changed', wsLibrary: 'uws@21' });
      expect(await surfaces(b, baseB, cookie)).toEqual(same('uws@21'));
    } finally {
      onA.ws.close();
      await b.close();
      await db.close();
    }
  });
});
