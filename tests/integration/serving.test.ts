/**
 * How the core ships its bytes (apps/core/src/plugins/serving.ts), on a real stack serving a console
 * build made here: the precompressed copies of the console's files chosen by Accept-Encoding, hashed
 * assets cached for a year and immutable, the page and the runtime configuration revalidated, JSON
 * answers above the threshold compressed (and small ones, a unit's detail among them, not), and a
 * real robots.txt.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.js';

type Res = Awaited<ReturnType<TestStack['app']['inject']>>;

describe('serving: compression and cache rules', () => {
  let s: TestStack;
  let dist: string;
  let cookie: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  const page = `<!doctype html><html><head><title>Console</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    // A console build in miniature, precompressed as apps/console/scripts/precompress.ts does.
    dist = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(page));
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    s = await startTestStack({ env: { CONSOLE_DIST: dist } });
    cookie = await s.login('super_user');
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}): Promise<Res> => s.app.inject({ method: 'GET', url, headers });

  it('a hashed asset goes out as its brotli copy, else its gzip copy, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('the page, a client-side route and the runtime configuration are revalidated on every load', async () => {
    for (const url of ['/', '/list', '/map?unit=LU800-0001']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const config = await get('/runtime-config.json');
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.json()).toMatchObject({ apiBase: '/api' });
  });

  it('files are looked up when asked for: one added after the start is served; an unknown API path answers the error envelope, a path out of the build is not served', async () => {
    const later = `console.log('rebuilt');\n`;
    writeFileSync(join(dist, 'assets', 'index-def456.js'), later);
    const added = await get('/assets/index-def456.js');
    expect(added.statusCode).toBe(200);
    expect(added.body).toBe(later);
    expect(added.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const api = await get('/api/v2/no-such-call', { cookie });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

    const outside = await get('/assets/%2e%2e/%2e%2e/etc/passwd');
    expect(outside.body).not.toContain('root:');
  });

  it('a JSON answer above the threshold is compressed when asked for, a small one is not; the same data either way', async () => {
    const headers = { cookie, 'accept-encoding': 'br, gzip' };
    const large = await get('/api/devices/fetch', headers);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const plain = await get('/api/devices/fetch', { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The same units either way (their live values move between two reads).
    const ids = (list: { uniqueId: string }[]) => list.map((u) => u.uniqueId);
    expect(ids(JSON.parse(brotliDecompressSync(large.rawPayload).toString()))).toEqual(ids(plain.json()));
    expect(large.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get('/api/devices/fetch', { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(ids(JSON.parse(gunzipSync(gz.rawPayload).toString()))).toEqual(ids(plain.json()));

    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });

    // A unit's detail (a few kB, the hottest read) goes out as it is: compressing it costs more than it saves.
    const unitId = ids(plain.json())[0]!;
    const unit = await get(`/api/v2/units/${unitId}`, headers);
    expect(unit.statusCode).toBe(200);
    expect(unit.headers['content-encoding']).toBeUndefined();
    expect(unit.json()).toMatchObject({ uniqueId: unitId });
  });

  it('the OpenAPI document goes out compressed', async () => {
    const res = await get('/docs/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('a core without METRICS_PORT serves no metrics: no listener, and /metrics is only a console route', async () => {
    expect(s.app.metricsUrl()).toBeNull();
    const res = await get('/metrics');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('fleet_http_requests_total');
  });

  it('robots.txt keeps crawlers out, as text rather than the console page', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/$/m);
  });
});
