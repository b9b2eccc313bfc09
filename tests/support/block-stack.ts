/**
 * A stack for the tests of one describe block, the set-up every area's test files share
 * (tests/support/<area>.ts): started before the block's tests, closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import type { TestStack } from './stack.js';

/** The stack once started (`ctx.s`), and a session per name of `roles` (`cookies[name]`: the cookie of user `roles[name]`). */
export interface BlockStack<Name extends string> {
  ctx: { s: TestStack };
  cookies: Record<Name, string>;
}

/**
 * Before the block's tests: `start`, a log-in per entry of `roles`, then `setUp` (the area's own
 * fixtures); after them the stack closes.
 */
export function blockStack<Name extends string>(
  start: () => Promise<TestStack>,
  roles: Record<Name, string>,
  setUp?: (s: TestStack, cookies: Record<Name, string>) => Promise<void>,
): BlockStack<Name> {
  const ctx = { s: undefined as unknown as TestStack };
  const cookies = {} as Record<Name, string>;
  beforeAll(async () => {
    const s = await start();
    ctx.s = s;
    const names = Object.keys(roles) as Name[];
    const sessions = await Promise.all(names.map((name) => s.login(roles[name])));
    names.forEach((name, i) => (cookies[name] = sessions[i]!));
    await setUp?.(s, cookies);
  });
  afterAll(async () => ctx.s?.close());
  return { ctx, cookies };
}
