import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, joinUrl, loadRuntimeConfig, parseRuntimeConfig, resolveWsUrl } from './runtimeConfig';

describe('runtime configuration', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_RUNTIME_CONFIG).toMatchObject({ apiBase: '/api', wsUrl: '/ws', loginUrl: '/mock/auth/login', logoutUrl: '/mock/auth/logout' });
  });

  it('takes the fields given and keeps defaults for the rest', () => {
    const { config, problems } = parseRuntimeConfig({ apiBase: 'https://core/api', pollInitialDelayMs: 0, extra: 1 });
    expect(config).toEqual({ ...DEFAULT_RUNTIME_CONFIG, apiBase: 'https://core/api', pollInitialDelayMs: 0 });
    expect(problems).toEqual([]);
    expect(parseRuntimeConfig({ analyticsUrl: 'https://stats.example.com/views' }).config.analyticsUrl).toBe('https://stats.example.com/views');
    const tiles = parseRuntimeConfig({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', mapTileAttribution: '© Example' });
    expect(tiles.config).toMatchObject({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', mapTileAttribution: '© Example' });
    expect(parseRuntimeConfig({ mapTileUrl: 3 }).problems).toEqual(['mapTileUrl must be a non-empty string or null']);
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
});
