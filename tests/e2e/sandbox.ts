/**
 * A Playwright fixture giving each worker a sandbox of its own on the stack under test (README,
 * "Sandboxes in a Playwright suite"): made when the worker's first test asks for it, removed when the
 * worker ends. `sandbox.url` is its origin and base: a page opens `${sandbox.url}/…`, an API call
 * goes to `${sandbox.url}/api/…`.
 */
import { test as base } from '@playwright/test';
import { createSandboxes, signInToMock, type Sandbox } from '@fleet/client';
import { PASSWORD } from './support';

export const test = base.extend<Record<never, never>, { sandbox: Sandbox }>({
  sandbox: [
    // Playwright reads the fixtures a fixture needs from this pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const stack = workerInfo.project.use.baseURL;
      if (!stack) throw new Error('the project has no baseURL: the stack the sandboxes are made on');
      const sandboxes = createSandboxes({ baseUrl: stack, headers: { cookie: await signInToMock(stack, 'super_user', PASSWORD) } });
      const sandbox = await sandboxes.create({ name: `e2e worker ${workerInfo.workerIndex}`, seed: 1, ttlMinutes: 30 });
      await use(sandbox);
      await sandboxes.remove(sandbox.id);
    },
    { scope: 'worker' },
  ],
});
export { expect } from '@playwright/test';
