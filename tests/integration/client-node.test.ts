/**
 * @fleet/client from Node, outside any bundler, against a real core listening on a port: a script
 * signs in to the mock, calls the catalogue by id with typed answers checked against their schemas,
 * reads a refusal as the spec's envelope; the README's example script runs as a child process.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, signInToMock } from '@fleet/client';
import { startTestStack, type TestStack } from '../support/stack.js';
import { DEMO_PASSWORD } from '../support/templates.js';

const root = join(import.meta.dirname, '../..');

describe('the typed client from a Node script', () => {
  let s: TestStack;
  let baseUrl: string;

  beforeAll(async () => {
    s = await startTestStack({});
    baseUrl = await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => s?.close());

  it('signs in to the mock, calls by catalogue id with checked answers, and reads a refusal as the spec envelope', async () => {
    const cookie = await signInToMock(baseUrl, 'luc_regular', DEMO_PASSWORD);
    expect(cookie).toMatch(/^fleet_session=/);
    const core = createClient({ baseUrl, headers: { cookie } });
    const units = await core.call('fetchDevices');
    expect(units.length).toBeGreaterThan(0);
    const one = await core.call('getUnit', { params: { id: units[0]!.uniqueId } });
    expect(one.uniqueId).toBe(units[0]!.uniqueId);

    const refusal = await core.call('getUnit', { params: { id: 'NO-SUCH-UNIT' } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, code: 'NOT_FOUND' });

    const signedOut = await createClient({ baseUrl })
      .call('fetchDevices')
      .catch((e: unknown) => e);
    expect(signedOut).toMatchObject({ status: 401 });
    await expect(signInToMock(baseUrl, 'luc_regular', 'wrong-password')).rejects.toMatchObject({ status: 401 });
  });

  it('the example script lists the units and the refusal', async () => {
    const { stdout } = await promisify(execFile)('pnpm', ['exec', 'tsx', 'packages/client/examples/list-units.ts', baseUrl, 'luc_regular', DEMO_PASSWORD], {
      cwd: root,
    });
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[0]).toMatch(/^\S+\t\S+\t.+$/);
    expect(lines.at(-1)).toMatch(/^refused: 404 NOT_FOUND /);
  });
});
