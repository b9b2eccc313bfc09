/**
 * Playwright fixtures giving specs sandboxes on the stack under test (README, "Sandboxes in a
 * Playwright suite"): whole fleets of their own, whose clock, chaos and state no other spec shares.
 * - `sandbox`: one per worker, made when the worker's first test asks for it, removed when the worker
 *   ends (tests of one worker use it one after the other).
 * - `ownSandbox`: one per test, made as `sandboxInput` says (`test.use({ sandboxInput: { clock: 'stepped' } })`)
 *   and removed after the test: for a test that moves time itself, so what it waits for happens when
 *   it steps the clock, however busy the machine is.
 * - `projectSandbox`: a project run inside sandboxes, one per worker (see the fixture).
 * `url` is a sandbox's origin and base: a page opens `${sandbox.url}/…`; `sandboxApi` gives a REST
 * client signed in there, whose paths are relative (`api/…`, `mock/trpc/…`).
 */
import { expect, request, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { createSandboxes, signInToMock, type Sandbox } from '@fleet/client';
import type { SandboxCreateInput } from '@fleet/contracts';
import { PASSWORD } from './support';

/**
 * Makes a sandbox on `stack` (a super_user's session), hands it to `use` and removes it after: whatever
 * the fixture's scope, a sandbox lives exactly as long as its user.
 */
async function inSandbox(stack: string | undefined, input: SandboxCreateInput, use: (sandbox: Sandbox) => Promise<void>): Promise<void> {
  if (!stack) throw new Error('the project has no baseURL: the stack the sandboxes are made on');
  const sandboxes = createSandboxes({ baseUrl: stack, headers: { cookie: await signInToMock(stack, 'super_user', PASSWORD) } });
  const sandbox = await sandboxes.create(input);
  try {
    await use(sandbox);
  } finally {
    await sandboxes.remove(sandbox.id);
  }
}

export const test = base.extend<
  { sandboxInput: SandboxCreateInput; ownSandbox: Sandbox },
  { sandbox: Sandbox; projectSandbox: SandboxCreateInput | null; stackSandbox: Sandbox | null; workerBaseURL: string }
>({
  sandbox: [
    // Playwright reads the fixtures a fixture needs from this pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => inSandbox(workerInfo.project.use.baseURL, { name: `e2e worker ${workerInfo.workerIndex}`, seed: 1, ttlMinutes: 30 }, use),
    { scope: 'worker' },
  ],
  /**
   * A project whose every spec runs inside a sandbox (its `use: { projectSandbox: { … } }`): each of its
   * workers makes one on the stack, and `baseURL` (so `page`, `request` and the contexts a test opens)
   * is that sandbox's base. Its specs write their paths relative (`list`, `api/…`), which resolve under
   * the base as they resolve at the stack's root.
   */
  projectSandbox: [null, { scope: 'worker', option: true }],
  stackSandbox: [
    async ({ projectSandbox }, use, workerInfo) => {
      if (projectSandbox === null) {
        await use(null);
        return;
      }
      await inSandbox(
        workerInfo.project.use.baseURL,
        { name: `e2e ${workerInfo.project.name} ${workerInfo.workerIndex}`, ttlMinutes: 30, ...projectSandbox },
        use,
      );
    },
    { scope: 'worker' },
  ],
  /** The worker's base URL (its project sandbox's, else the stack's), for hooks that open contexts of their own (`beforeAll`). */
  workerBaseURL: [
    async ({ stackSandbox }, use, workerInfo) => {
      const stack = workerInfo.project.use.baseURL;
      if (!stack) throw new Error('the project has no baseURL: the stack under test');
      await use(stackSandbox ? `${stackSandbox.url}/` : stack);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ workerBaseURL }, use) => use(workerBaseURL),
  sandboxInput: [{ seed: 1 }, { option: true }],
  ownSandbox: async ({ sandboxInput }, use, testInfo) =>
    inSandbox(testInfo.project.use.baseURL, { name: `e2e ${testInfo.title}`.slice(0, 60), ttlMinutes: 10, ...sandboxInput }, use),
});
export { expect } from '@playwright/test';

/** A REST client signed in to the sandbox as `username`; its paths are relative to the sandbox (`api/…`). */
export async function sandboxApi(sandbox: Sandbox, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: `${sandbox.url}/` });
  const res = await api.post('mock/auth/login', { data: { username, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

/** Signs the page's browser context in to the sandbox (its session cookie is the sandbox's). */
export async function signInAt(page: Page, sandbox: Sandbox, username: string): Promise<void> {
  const res = await page.request.post(`${sandbox.url}/mock/auth/login`, { data: { username, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Advances a stepped sandbox's clock by `ms` (an operator's client: `sandboxApi(sandbox, 'super_user')`); answers when the step has run. */
export async function stepClock(operator: APIRequestContext, ms: number): Promise<void> {
  const res = await operator.post('mock/trpc/clock.set', { data: { advanceMs: ms } });
  expect(res.ok(), await res.text()).toBe(true);
}
