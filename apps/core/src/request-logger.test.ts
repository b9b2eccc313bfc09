import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory } from './request-logger.js';

/** A Fastify app whose log lines are collected, with or without the lazy factory. */
async function appLogging(lazy: boolean) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  let madeLoggers = 0;
  const app = Fastify({
    logger: { level: 'info', stream },
    disableRequestLogging: true,
    genReqId: () => 'req-1',
    ...(lazy ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
  });
  app.get('/quiet', async (req) => {
    if (req.log instanceof LazyChildLogger && req.log.made) madeLoggers++;
    return { ok: true };
  });
  app.get('/loud', async (req) => {
    req.log.warn({ unit: 'LU800-0001' }, 'something to say');
    if (req.log instanceof LazyChildLogger && req.log.made) madeLoggers++;
    return { ok: true };
  });
  app.get('/boom', async (req) => {
    req.log.error(new Error('kaboom'));
    return { ok: false };
  });
  await app.ready();
  return { app, lines, made: () => madeLoggers };
}

const withoutTime = (lines: Array<Record<string, unknown>>) =>
  lines.map(({ time: _time, pid: _pid, hostname: _host, err, ...rest }) => ({ ...rest, ...(err ? { errMessage: (err as { message: string }).message } : {}) }));

describe('lazy request logger', () => {
  it('writes the same lines as pino’s child (bindings, level, errors)', async () => {
    const eager = await appLogging(false);
    const lazy = await appLogging(true);
    for (const { app } of [eager, lazy]) {
      await app.inject('/quiet');
      await app.inject('/loud');
      await app.inject('/boom');
    }
    expect(withoutTime(lazy.lines)).toEqual(withoutTime(eager.lines));
    expect(lazy.lines.some((l) => l.msg === 'something to say' && l.reqId === 'req-1' && l.unit === 'LU800-0001')).toBe(true);
    expect(lazy.lines.some((l) => l.level === 50 && l.reqId === 'req-1' && (l.err as { message?: string } | undefined)?.message === 'kaboom')).toBe(true);
    await eager.app.close();
    await lazy.app.close();
  });

  it('makes pino’s child only for a request that logs', async () => {
    const lazy = await appLogging(true);
    await lazy.app.inject('/quiet');
    expect(lazy.made()).toBe(0);
    await lazy.app.inject('/loud');
    expect(lazy.made()).toBe(1);
    await lazy.app.close();
  });

  it('reports the level the child would have, and a child of it carries both bindings', () => {
    const lines: string[] = [];
    const parentApp = Fastify({ logger: { level: 'warn', stream: { write: (l: string) => void lines.push(l) } } });
    const logger = new LazyChildLogger(parentApp.log, { reqId: 'r' }, { level: 'error' });
    expect(logger.level).toBe('error');
    expect(logger.made).toBe(false);
    logger.child({ step: 2 }).error('deep');
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ reqId: 'r', step: 2, msg: 'deep' });
  });
});
