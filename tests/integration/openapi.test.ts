/**
 * The OpenAPI document the core serves (/docs/openapi.json) as other tools take it: valid OpenAPI
 * 3.1 by a maintained validator (@apidevtools/swagger-parser, every `$ref` resolved), equal to the
 * committed docs/openapi.json, and mocked by Prism (@stoplight/prism-cli, a child process on a
 * free port): it answers a call with an example of the declared answer, refuses one without the
 * session cookie the document's security scheme names, and answers a body its schema does not take
 * with the declared 400.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_AUTH } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';

const PRISM = fileURLToPath(new URL('../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url));
const COMMITTED = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Start Prism on `file`; resolves once it listens (it says so on its output). */
async function startPrism(file: string, port: number): Promise<ChildProcess> {
  const prism = spawn(process.execPath, [PRISM, 'mock', file, '--port', String(port), '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in time:\n${output}`)), 90_000);
    const seen = (d: Buffer) => {
      output += String(d);
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout!.on('data', seen);
    prism.stderr!.on('data', seen);
    prism.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}) before listening:\n${output}`));
    });
  });
  return prism;
}

describe('the served OpenAPI document', () => {
  let stack: TestStack;
  let document: Record<string, unknown>;
  let dir: string;
  let prism: ChildProcess | null = null;
  beforeAll(async () => {
    stack = await startTestStack({ simulator: false });
    const res = await stack.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json<Record<string, unknown>>();
    dir = mkdtempSync(join(tmpdir(), 'fleet-openapi-'));
  });
  afterAll(async () => {
    if (prism && prism.exitCode === null) {
      const exited = new Promise((r) => prism!.once('exit', r));
      prism.kill('SIGTERM');
      await exited;
    }
    await stack?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is the committed docs/openapi.json, and the document the API docs page (/docs) and Swagger UI (/docs/swagger) read', async () => {
    expect(document).toEqual(JSON.parse(readFileSync(COMMITTED, 'utf8')));
    for (const url of ['/docs/openapi.json', '/docs/swagger/json']) {
      const page = await stack.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.json(), url).toEqual(document);
    }
    const docs = await stack.app.inject({ method: 'GET', url: '/docs' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.body).toContain('/docs/page/docs.js');
    const script = await stack.app.inject({ method: 'GET', url: '/docs/page/docs.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("fetch('/docs/openapi.json'");
  });

  it('is valid OpenAPI 3.1 with every reference resolved', async () => {
    // validate() dereferences what it is given: a copy.
    const api = await SwaggerParser.validate(structuredClone(document) as never);
    expect(api).toMatchObject({ openapi: '3.1.0' });
    // A reference to something the document lacks is refused (the validator is not lenient about it).
    const broken = structuredClone(document) as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.JsonValue;
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/JsonValue/);
  }, 60_000);

  it('is mocked by Prism: an example answer, 401 without the session cookie, 400 for a body its schema refuses', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const port = await freePort();
    prism = await startPrism(file, port);
    const base = `http://127.0.0.1:${port}/api`;
    const cookie = `${MOCK_AUTH.sessionCookie}=prism`;

    // A call whose answer holds the recursive JSON value (the shared JsonValue schema).
    const prefs = await fetch(`${base}/userPreferences`, { headers: { cookie } });
    expect(prefs.status).toBe(200);
    expect(await prefs.json()).toMatchObject({ language: expect.any(String) });

    const units = await fetch(`${base}/devices/fetch`, { headers: { cookie } });
    expect(units.status).toBe(200);
    expect(Array.isArray(await units.json())).toBe(true);

    expect((await fetch(`${base}/userPreferences`)).status).toBe(401);

    const refused = await fetch(`${base}/userPreferences`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 42 }),
    });
    // Prism answers a request its schema refuses with the operation's declared 400 (the error envelope).
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  }, 120_000);
});
