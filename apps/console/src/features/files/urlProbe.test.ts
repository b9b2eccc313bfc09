/** Spec 001 §9 "File URL probe timeout 5000 ms": the probe made before a download link is offered. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { probeFileUrl } from './urlProbe';

const ORIGIN = 'https://console.example';

/** A host that never answers: the request ends only when its signal aborts. */
const silent = vi.fn(
  (_url: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    }),
);

afterEach(() => {
  vi.useRealTimers();
});

describe('probeFileUrl', () => {
  it('asks with HEAD and takes a success on the console’s origin, not a 404 or 403', async () => {
    const ok = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await probeFileUrl('/downloads/a?sig=1', { pageOrigin: ORIGIN, fetchImpl: ok })).toBe(true);
    expect(ok).toHaveBeenCalledWith('/downloads/a?sig=1', expect.objectContaining({ method: 'HEAD' }));
    expect(await probeFileUrl('/downloads/a', { pageOrigin: ORIGIN, fetchImpl: vi.fn(async () => new Response(null, { status: 404 })) })).toBe(false);
    expect(await probeFileUrl(`${ORIGIN}/downloads/a`, { pageOrigin: ORIGIN, fetchImpl: vi.fn(async () => new Response(null, { status: 403 })) })).toBe(false);
  });

  it('asks another origin without CORS and takes any answer, but not a network failure', async () => {
    const opaque = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await probeFileUrl('https://files.example/x', { pageOrigin: ORIGIN, fetchImpl: opaque })).toBe(true);
    expect(opaque).toHaveBeenCalledWith('https://files.example/x', expect.objectContaining({ method: 'HEAD', mode: 'no-cors' }));
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await probeFileUrl('https://files.example/x', { pageOrigin: ORIGIN, fetchImpl: down })).toBe(false);
  });

  it('gives up after 5000 ms without an answer, not before', async () => {
    vi.useFakeTimers();
    let outcome: boolean | null = null;
    void probeFileUrl('/downloads/slow', { pageOrigin: ORIGIN, fetchImpl: silent }).then((reachable) => (outcome = reachable));
    await vi.advanceTimersByTimeAsync(TIMINGS.fileUrlProbeTimeoutMs - 1);
    expect(outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe(false);
  });
});
