import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../config/runtimeConfig';
import { makeUnit } from '../test-utils/fixtures';
import { ApiError } from './ApiError';
import { buildQueryString, callEndpoint, endpointUrl, setUnauthorizedHandler } from './client';
import { requestTimeoutMs } from '@fleet/client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('catalogue client', () => {
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    setUnauthorizedHandler(null);
  });

  it('builds the URL from the catalogue path, params, query and the configured prefix', () => {
    expect(endpointUrl('getUnit', { params: { id: 'LU 1/2' } })).toBe('/api/v2/units/LU%201%2F2');
    expect(endpointUrl('fetchDevices', { query: { group: 'g1' } })).toBe('/api/devices/fetch?group=g1');
    expect(endpointUrl('fetchDevices', {}, 'https://core.example.com/prefix/')).toBe('https://core.example.com/prefix/devices/fetch');
    expect(buildQueryString({ a: 1, b: undefined, c: null, d: ['x', 'y'] })).toBe('?a=1&d=x&d=y');
  });

  it('sends the method, JSON body and cookies, and parses the answer with the response schema', async () => {
    const fetchImpl = vi.fn(async () => json(200, { uniqueId: 'U1', action: 'start', accepted: true, status: 'idle' }));
    const result = await callEndpoint('startUnitStream', { params: { id: 'U1' }, body: { channelId: 'c1' } }, { fetchImpl });
    expect(result).toEqual({ uniqueId: 'U1', action: 'start', accepted: true, status: 'idle' });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/v2/units/U1/stream',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"channelId":"c1"}' }),
    );
  });

  it('uses the configured API base', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, apiBase: '/core/v1' });
    const fetchImpl = vi.fn(async () => json(200, [makeUnit()]));
    const units = await callEndpoint('fetchDevices', {}, { fetchImpl });
    expect(units).toHaveLength(1);
    expect(fetchImpl).toHaveBeenCalledWith('/core/v1/devices/fetch', expect.objectContaining({ method: 'GET' }));
  });

  it('throws the error envelope as an ApiError', async () => {
    const fetchImpl = vi.fn(async () =>
      json(409, { error: { code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline', fields: [{ path: 'id', message: 'x' }] } }),
    );
    const error = await callEndpoint('stopUnitStream', { params: { id: 'U1' } }, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline', fields: [{ path: 'id', message: 'x' }] });
  });

  it('runs the unauthorized handler on 401 unless told not to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const fetchImpl = vi.fn(async () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } }));
    await expect(callEndpoint('getCurrentUser', {}, { fetchImpl })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(callEndpoint('getCurrentUser', {}, { fetchImpl, skipUnauthorizedRedirect: true })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reports answers outside the contract and network failures', async () => {
    const bad = vi.fn(async () => json(200, [{ nope: true }]));
    await expect(callEndpoint('fetchDevices', {}, { fetchImpl: bad })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(callEndpoint('fetchDevices', {}, { fetchImpl: down })).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    const html = vi.fn(async () => new Response('<html>oops</html>', { status: 502 }));
    await expect(callEndpoint('fetchDevices', {}, { fetchImpl: html })).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  describe('timeouts (spec §9 other timeouts 12000, 20000, 30000 ms)', () => {
    /** A core that never answers: the request ends only when its signal aborts. */
    const silent = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );

    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives a read 12000 ms, a write 20000 ms and a file or several devices 30000 ms', () => {
      expect(requestTimeoutMs('getUnit')).toBe(12_000);
      expect(requestTimeoutMs('startUnitStream')).toBe(20_000);
      expect(requestTimeoutMs('commandLinkConfiguration')).toBe(20_000);
      expect(requestTimeoutMs('setChannelOverlay')).toBe(30_000);
      expect(requestTimeoutMs('createUpgradeBatch')).toBe(30_000);
    });

    it('fails a read without an answer after 12000 ms with TIMEOUT, not before', async () => {
      vi.useFakeTimers();
      const outcome = callEndpoint('getUnit', { params: { id: 'U1' } }, { fetchImpl: silent }).catch((e: unknown) => e);
      let settled = false;
      void outcome.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(11_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ status: 0, code: 'TIMEOUT' });
    });

    it('waits 20000 ms for a write, and as long as told', async () => {
      vi.useFakeTimers();
      const write = callEndpoint('stopUnitStream', { params: { id: 'U1' } }, { fetchImpl: silent }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(19_999);
      const custom = callEndpoint('getUnit', { params: { id: 'U1' } }, { fetchImpl: silent, timeoutMs: 500 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(500);
      expect(await custom).toMatchObject({ code: 'TIMEOUT' });
      expect(await write).toMatchObject({ code: 'TIMEOUT' });
    });

    it("rethrows the caller's own abort, and clears the timer once answered", async () => {
      vi.useFakeTimers();
      const controller = new AbortController();
      const aborted = callEndpoint('getUnit', { params: { id: 'U1' } }, { fetchImpl: silent, signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      expect(await aborted).toMatchObject({ name: 'AbortError' });
      const answered = await callEndpoint('fetchDevices', {}, { fetchImpl: vi.fn(async () => json(200, [])) });
      expect(answered).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
