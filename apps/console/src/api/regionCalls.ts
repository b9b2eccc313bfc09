/**
 * The calls whose answers a region of the screen renders (components/RegionBoundary.tsx): each
 * region holds one `RegionCalls`, and the read hooks (api/hooks.ts, the kit's lists and reads) note
 * their call id into the nearest one as they render. When the region fails, its error names those
 * calls (with the calls of the regions around it, up to the page: a table fails on its page's read
 * too), and its Retry reads them again.
 */
import { createContext, useContext } from 'react';
import type { QueryKey } from '@tanstack/react-query';

export class RegionCalls {
  /** Each call noted here, with the key prefix of its cached answers. */
  private readonly own = new Map<string, QueryKey>();

  /** `outer`: the region around this one, whose calls this one's error names too (none: a page, a part of the frame). */
  constructor(private readonly outer: RegionCalls | null) {}

  /**
   * Notes a call whose answer the region renders (idempotent: every render notes again); `prefix`:
   * the key prefix of its cached answers where they are not kept under `[id, …]` (a picker's pages).
   */
  note(id: string, prefix: QueryKey = [id]): void {
    this.own.set(id, prefix);
  }

  /** The calls noted here, then those of the regions around, each once. */
  ids(): string[] {
    return [...this.entries().keys()];
  }

  /** The key prefixes of the answers of {@link ids}: what a Retry reads again. */
  prefixes(): QueryKey[] {
    return [...this.entries().values()];
  }

  private entries(): Map<string, QueryKey> {
    const all = new Map(this.own);
    for (const [id, prefix] of this.outer?.entries() ?? []) if (!all.has(id)) all.set(id, prefix);
    return all;
  }

  /** Forgets what was noted (the region renders again from scratch: its parts note again). */
  clear(): void {
    this.own.clear();
  }
}

export const RegionCallsContext = createContext<RegionCalls | null>(null);

/** Notes the call `id` in the region that renders the caller (nothing outside a region, or without an id). */
export function useRegionCall(id: string | null | undefined, prefix?: QueryKey): void {
  const region = useContext(RegionCallsContext);
  if (id) region?.note(id, prefix);
}

/** The call id of a query key made by `endpointKey` (`[id, input]`); null for another key. */
export function callIdOfKey(key: QueryKey): string | null {
  const first = key[0];
  return typeof first === 'string' ? first : null;
}
