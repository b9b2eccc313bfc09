/**
 * The OpenAPI document the core serves (/docs/openapi.json) as other tools take it: valid OpenAPI
 * 3.1 by a maintained validator (@apidevtools/swagger-parser, every `$ref` resolved), equal to the
 * committed docs/openapi.json, and mocked by Prism (@stoplight/prism-cli, a child process on a
 * free port): it answers a call with an example of the declared answer, refuses one without the
 * session cookie the document's security scheme names, and answers a body its schema does not take
 * with the declared 400. Swagger UI (/docs/swagger) shows one area at a time: its definitions are
 * one document per area, each valid on its own with only that area's calls and the components they
 * reach, and the whole document last.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS, ERROR_CATALOGUE, MOCK_AUTH } from '@fleet/contracts';
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

type Doc = {
  openapi: string;
  info: { title: string };
  servers: unknown;
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, { operationId: string; tags: string[]; security?: Record<string, string[]>[] }>>;
  components: Record<string, Record<string, unknown>>;
};

/** Each operation of `doc` as `METHOD path` and its operationId, and its tags. */
function operationsOf(doc: Doc): Map<string, { id: string; tags: string[] }> {
  return new Map(
    Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => [`${method.toUpperCase()} ${path}`, { id: op.operationId, tags: op.tags }] as const),
    ),
  );
}

/** The components `doc`'s paths and top-level fields reach through `$ref` (transitively) and the security schemes its requirements name, as `kind/name`. */
function reachedComponents(doc: Doc): Set<string> {
  const reached = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref' || typeof value !== 'string') {
        walk(value);
        continue;
      }
      const [kind, name] = value.replace(/^#\/components\//, '').split('/') as [string, string];
      if (!value.startsWith('#/components/') || reached.has(`${kind}/${name}`)) continue;
      reached.add(`${kind}/${name}`);
      walk(doc.components[kind]?.[name]);
    }
  };
  const { components: _components, ...rest } = doc;
  walk(rest);
  const requirements = [...doc.security, ...Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod).flatMap((op) => op.security ?? []))];
  for (const requirement of requirements) for (const name of Object.keys(requirement)) reached.add(`securitySchemes/${name}`);
  return reached;
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

  it("is Swagger UI's last definition; one definition per area before it, the first area shown", async () => {
    const initializer = await stack.app.inject({ method: 'GET', url: '/docs/swagger/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    const config = JSON.parse(/const config = (.*)\n/.exec(initializer.body)![1]!) as { urls: { name: string; url: string }[] };
    // Swagger UI reads `urls` before `url` (which the plugin sets after it), and shows the first entry.
    expect(config.urls.map((u) => u.name)).toEqual([...API_AREAS.map((a) => a.tag), 'Every call (one document, slow to open)']);
    for (const { url } of config.urls.slice(0, -1)) expect(url).toMatch(/^\/docs\/swagger\/json\?area=[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(config.urls.at(-1)!.url).toBe('/docs/swagger/json');
    expect(new Set(config.urls.map((u) => u.url)).size).toBe(config.urls.length);
    // The page still loads every script from a file (the content security policy has no inline script).
    const page = await stack.app.inject({ method: 'GET', url: '/docs/swagger' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body.match(/<script\b[^>]*>/g)!.every((tag) => /\ssrc="/.test(tag))).toBe(true);
  });

  it("has a document per area for Swagger UI: valid OpenAPI 3.1 alone, exactly its area's calls, only the components they reach", async () => {
    const whole = document as Doc;
    const wholeOperations = operationsOf(whole);
    const seen = new Map<string, string>();
    for (const area of API_AREAS) {
      const slug = area.tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const res = await stack.app.inject({ method: 'GET', url: `/docs/swagger/json?area=${slug}` });
      expect(res.statusCode, slug).toBe(200);
      const doc = res.json<Doc>();
      await expect(SwaggerParser.validate(structuredClone(doc) as never), slug).resolves.toMatchObject({ openapi: '3.1.0' });
      expect(doc.openapi).toBe(whole.openapi);
      expect(doc.info.title).toContain(area.tag);
      expect(doc.servers).toEqual(whole.servers);
      expect(doc.security).toEqual(whole.security);
      expect(doc.tags).toEqual(whole.tags.filter((t) => t.name === area.tag));
      // Exactly the area's calls, as the whole document has them.
      const operations = operationsOf(doc);
      expect(
        [...operations.values()].every((op) => op.tags.includes(area.tag)),
        slug,
      ).toBe(true);
      expect([...operations.keys()].sort()).toEqual(
        [...wholeOperations]
          .filter(([, op]) => op.tags.includes(area.tag))
          .map(([key]) => key)
          .sort(),
      );
      for (const [path, byMethod] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(byMethod)) expect(op).toEqual(whole.paths[path]![method]);
      for (const [key, op] of operations) {
        expect(seen.get(key), `${key} in two areas`).toBeUndefined();
        seen.set(key, op.id);
      }
      // Only the components its calls reach, each as the whole document has it.
      const held = Object.entries(doc.components).flatMap(([kind, byName]) => Object.keys(byName).map((name) => `${kind}/${name}`));
      expect(held.sort(), slug).toEqual([...reachedComponents(doc)].sort());
      for (const [kind, byName] of Object.entries(doc.components))
        for (const [name, c] of Object.entries(byName)) expect(c).toEqual(whole.components[kind]![name]);
      expect(held.length).toBeLessThan(Object.values(whole.components).reduce((n, byName) => n + Object.keys(byName).length, 0));
    }
    // Together the areas hold every call of the whole document.
    expect(new Map([...seen].sort())).toEqual(new Map([...wholeOperations].map(([key, op]) => [key, op.id] as const).sort()));
  }, 120_000);

  it('answers an area it does not know with 404 in the error envelope', async () => {
    for (const query of ['area=nope', 'area=', 'area=Units', 'area=units&area=files', 'area=__proto__', 'area=constructor']) {
      for (const route of ['json', 'yaml']) {
        const res = await stack.app.inject({ method: 'GET', url: `/docs/swagger/${route}?${query}` });
        expect(res.statusCode, `${route}?${query}`).toBe(404);
        expect(res.json(), `${route}?${query}`).toEqual({ error: { code: 'NOT_FOUND', message: ERROR_CATALOGUE.NOT_FOUND.message } });
      }
    }
  });

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
