import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RUNTIME_CONFIG,
  defaultRuntimeConfig,
  joinUrl,
  loadRuntimeConfig,
  mockUrl,
  parseRuntimeConfig,
  resolveWsUrl,
  setRuntimeConfig,
} from './runtimeConfig';

describe('runtime configuration', () => {
  // The unit project shares modules between files: leave the loaded configuration as found.
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

  it('has the documented defaults', () => {
    expect(DEFAULT_RUNTIME_CONFIG).toMatchObject({
      apiBase: '/api',
      wsUrl: '/ws',
      loginUrl: '/mock/auth/login',
      logoutUrl: '/mock/auth/logout',
      mockBase: '/mock',
      sandbox: null,
      realtimeWorker: true,
    });
  });

  it('takes the fields given and keeps defaults for the rest', () => {
    const { config, problems } = parseRuntimeConfig({ apiBase: 'https://core/api', pollInitialDelayMs: 0, extra: 1 });
    expect(config).toEqual({ ...DEFAULT_RUNTIME_CONFIG, apiBase: 'https://core/api', pollInitialDelayMs: 0 });
    expect(problems).toEqual([]);
    expect(parseRuntimeConfig({ analyticsUrl: 'https://stats.example.com/views' }).config.analyticsUrl).toBe('https://stats.example.com/views');
    const tiles = parseRuntimeConfig({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', mapTileAttribution: '© Example' });
    expect(tiles.config).toMatchObject({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', mapTileAttribution: '© Example' });
    expect(parseRuntimeConfig({ mapTileUrl: 3 }).problems).toEqual(['mapTileUrl must be a non-empty string or null']);
    expect(parseRuntimeConfig({ realtimeWorker: false }).config.realtimeWorker).toBe(false);
    expect(parseRuntimeConfig({ realtimeWorker: 'no' })).toEqual({ config: DEFAULT_RUNTIME_CONFIG, problems: ['realtimeWorker must be true or false'] });
  });

  it('reports fields of the wrong type and keeps the default', () => {
    const { config, problems } = parseRuntimeConfig({ wsUrl: 42, pollInitialDelayMs: -1, loginPageUrl: '', analyticsUrl: 7 });
    expect(config).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(problems).toHaveLength(4);
    expect(parseRuntimeConfig([1]).config).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('resolves the websocket URL against the page', () => {
    expect(resolveWsUrl('/ws', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(resolveWsUrl('/ws', { protocol: 'https:', host: 'console.example.com' })).toBe('wss://console.example.com/ws');
    expect(resolveWsUrl('wss://rt.example.com/ws', { protocol: 'http:', host: 'x' })).toBe('wss://rt.example.com/ws');
    expect(resolveWsUrl('https://rt.example.com/ws', { protocol: 'http:', host: 'x' })).toBe('wss://rt.example.com/ws');
    expect(joinUrl('/api/', '/devices/fetch')).toBe('/api/devices/fetch');
  });

  it('uses the defaults on 404 and on an SPA fallback page, the file otherwise', async () => {
    const notFound = vi.fn(async () => new Response('', { status: 404 }));
    expect(await loadRuntimeConfig('/', notFound)).toBe(DEFAULT_RUNTIME_CONFIG);
    expect(notFound).toHaveBeenCalledWith('/runtime-config.json', expect.anything());

    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const html = vi.fn(async () => new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect(await loadRuntimeConfig('/', html)).toBe(DEFAULT_RUNTIME_CONFIG);
    info.mockRestore();

    const file = vi.fn(async () => new Response(JSON.stringify({ wsUrl: 'wss://rt/ws' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect((await loadRuntimeConfig('/console', file)).wsUrl).toBe('wss://rt/ws');
    expect(file).toHaveBeenCalledWith('/console/runtime-config.json', expect.anything());
  });

  it("reads a sandbox's file: every surface under its base, its name and end", () => {
    const file = {
      apiBase: '/sandboxes/ab12cd34ef/api',
      wsUrl: '/sandboxes/ab12cd34ef/ws',
      loginUrl: '/sandboxes/ab12cd34ef/mock/auth/login',
      logoutUrl: '/sandboxes/ab12cd34ef/mock/auth/logout',
      mockBase: '/sandboxes/ab12cd34ef/mock',
      sandbox: { id: 'ab12cd34ef', name: 'QA run 42', expiresAt: '2026-11-28T19:00:00.000Z' },
    };
    const { config, problems } = parseRuntimeConfig(file);
    expect(problems).toEqual([]);
    expect(config).toEqual({ ...DEFAULT_RUNTIME_CONFIG, ...file });
    // The stack's own file (no sandbox) and a real core's (no mock fields) keep the defaults.
    expect(parseRuntimeConfig({ apiBase: '/api', sandbox: null }).config).toMatchObject({ mockBase: '/mock', sandbox: null });
  });

  it('reports a mock base or a sandbox of the wrong shape and keeps the default', () => {
    const { config, problems } = parseRuntimeConfig({ mockBase: '', sandbox: { id: 'ab12cd34ef', name: 'QA', expiresAt: 'tomorrow' } });
    expect(config).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(expect.arrayContaining(['mockBase must be a non-empty string', expect.stringMatching(/^sandbox must be/)]));
    expect(parseRuntimeConfig({ mockBase: 7, sandbox: 'ab12cd34ef' }).problems).toHaveLength(2);
    expect(parseRuntimeConfig({ sandbox: { id: 'ab12cd34ef', expiresAt: '2026-11-28T19:00:00.000Z' } }).config.sandbox).toBeNull();
  });

  it("names the mock's routes under the loaded mock base", () => {
    expect(mockUrl('trpc')).toBe('/mock/trpc');
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, mockBase: '/sandboxes/ab12cd34ef/mock/' });
    expect(mockUrl('/preview/units')).toBe('/sandboxes/ab12cd34ef/mock/preview/units');
  });

  it('without a file, keeps every surface under the base the console is served at', async () => {
    expect(defaultRuntimeConfig('/')).toBe(DEFAULT_RUNTIME_CONFIG);
    const notFound = vi.fn(async () => new Response('', { status: 404 }));
    const config = await loadRuntimeConfig('/sandboxes/ab12cd34ef/', notFound);
    expect(notFound).toHaveBeenCalledWith('/sandboxes/ab12cd34ef/runtime-config.json', expect.anything());
    expect(config).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      apiBase: '/sandboxes/ab12cd34ef/api',
      wsUrl: '/sandboxes/ab12cd34ef/ws',
      loginUrl: '/sandboxes/ab12cd34ef/mock/auth/login',
      logoutUrl: '/sandboxes/ab12cd34ef/mock/auth/logout',
      mockBase: '/sandboxes/ab12cd34ef/mock',
    });
    // A file that names only some fields: the others stay under the base too.
    const partial = vi.fn(async () => new Response(JSON.stringify({ sandbox: null }), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect((await loadRuntimeConfig('/sandboxes/ab12cd34ef/', partial)).apiBase).toBe('/sandboxes/ab12cd34ef/api');
  });
});
