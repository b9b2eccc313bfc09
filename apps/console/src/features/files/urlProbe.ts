/**
 * Spec 001 §9 "File URL probe timeout 5000 ms" (TIMINGS.fileUrlProbeTimeoutMs): before a download
 * link is offered, the console asks the link's host whether the file is there (a HEAD request, no
 * body), waiting at most that long. On the console's own origin the answer must be a success; a
 * link to another origin (a real core may answer absolute URLs) is asked without CORS, so only
 * whether the host answered at all can be known.
 */
import { useQuery } from '@tanstack/react-query';
import { TIMINGS } from '@fleet/contracts';

export interface ProbeOptions {
  readonly timeoutMs?: number;
  readonly pageOrigin?: string;
  /** Injectable for tests. */
  readonly fetchImpl?: typeof fetch;
}

/** True when the file at `url` can be downloaded now (as far as the probe can tell). */
export async function probeFileUrl(url: string, options: ProbeOptions = {}): Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? TIMINGS.fileUrlProbeTimeoutMs;
  const pageOrigin = options.pageOrigin ?? window.location.origin;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const sameOrigin = new URL(url, pageOrigin).origin === pageOrigin;
    const res = await (options.fetchImpl ?? fetch)(url, {
      method: 'HEAD',
      cache: 'no-store',
      signal: controller.signal,
      ...(sameOrigin ? {} : { mode: 'no-cors' }),
    });
    return sameOrigin ? res.ok : true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type ProbeState = 'probing' | 'reachable' | 'unreachable';

/** The probe of one link, kept while the link is (links change when read again); `recheck` probes again. */
export function useFileUrlProbe(url: string): { state: ProbeState; recheck: () => void } {
  const query = useQuery({
    queryKey: ['fileUrlProbe', url],
    queryFn: () => probeFileUrl(url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const state: ProbeState = query.isFetching || query.data === undefined ? 'probing' : query.data ? 'reachable' : 'unreachable';
  return { state, recheck: () => void query.refetch() };
}
