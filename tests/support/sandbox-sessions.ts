/** Plain HTTP clients of a listening stack's bases (the stack itself: '', a sandbox: its base), for the sandboxes' tests. */
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './templates.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One JSON call under `base` with `cookie`: its status and parsed body (null when empty). */
export async function callAt(origin: string, base: string, cookie: string, method: Method, path: string, body?: unknown) {
  const answer = await fetch(`${origin}${base}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** A demo user signed in at `origin` + `base`: the session cookie, the Set-Cookie header, and calls with it. */
export async function sessionAt(origin: string, base: string, username: string) {
  const res = await fetch(`${origin}${base}/mock/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(res.status, `${username} signs in at ${origin}${base}`).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return {
    cookie,
    setCookie: res.headers.get('set-cookie') ?? '',
    call: (method: Method, path: string, body?: unknown) => callAt(origin, base, cookie, method, path, body),
  };
}
