/**
 * A request body over the core's size limit (1 MB) is answered 413 in the core's error envelope,
 * saying what is wrong and the limit (BODY_TOO_LARGE), on a REST call and on the control plane
 * alike; a body within the limit is read as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';

const LIMIT = 1024 * 1024;

describe('request body size limit', () => {
  let stack: TestStack;
  let cookie: string;
  beforeAll(async () => {
    stack = await startTestStack({ simulator: false });
    cookie = await stack.login('super_user');
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A JSON body of exactly `bytes` bytes. */
  const bodyOf = (bytes: number) => {
    const base = JSON.stringify({ language: 'en', currentRoute: '' });
    return `${base.slice(0, -2)}${'x'.repeat(bytes - base.length)}"}`;
  };

  it('answers a body over the limit 413 with what is wrong and the limit', async () => {
    for (const url of ['/api/userPreferences', '/mock/trpc/recording.start']) {
      const res = await stack.app.inject({
        method: url.startsWith('/api') ? 'PUT' : 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: bodyOf(LIMIT + 1),
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({ error: { code: 'BODY_TOO_LARGE', message: `${ERROR_CATALOGUE.BODY_TOO_LARGE.message} (at most 1 MB)` } });
    }
  });

  it('reads a body at the limit as usual', async () => {
    const res = await stack.app.inject({
      method: 'PUT',
      url: '/api/userPreferences',
      headers: { cookie, 'content-type': 'application/json' },
      payload: bodyOf(LIMIT),
    });
    expect(res.statusCode).not.toBe(413);
    expect(res.json<{ error?: { code: string } }>().error?.code).not.toBe('BODY_TOO_LARGE');
  });
});
