import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { rereadGuard, type RereadGuard } from './rereadGuard';

/** A "server" whose answers are released by hand: each read answers the rows stored when it began. */
function server() {
  let stored = ['a'];
  const pending: (() => void)[] = [];
  let reads = 0;
  return {
    store: (row: string) => {
      stored = [...stored, row];
    },
    read: () => {
      reads += 1;
      const snapshot = stored;
      return new Promise<string[]>((resolve) => pending.push(() => resolve(snapshot)));
    },
    answerAll: async () => {
      while (pending.length > 0) {
        pending.shift()!();
        await new Promise((r) => setTimeout(r, 0));
      }
    },
    reads: () => reads,
  };
}

async function setup() {
  const queryClient = new QueryClient();
  const api = server();
  const key = ['listRows'];
  // An active query (an observer), as a mounted list is.
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: api.read, staleTime: Infinity });
  const unsubscribe = observer.subscribe(() => undefined);
  await api.answerAll();
  return { queryClient, api, key, unsubscribe };
}

/** What the realtime provider does: a re-read, during which an event is stored and patched in. */
async function eventDuringReread(guard: RereadGuard | null, s: Awaited<ReturnType<typeof setup>>) {
  const reread = s.queryClient.invalidateQueries({ queryKey: s.key });
  guard?.watch(reread);
  s.api.store('b');
  s.queryClient.setQueryData<string[]>(s.key, (rows) => [...(rows ?? []), 'b']);
  await s.api.answerAll();
  await reread;
  await s.api.answerAll();
  return s.queryClient.getQueryData<string[]>(s.key);
}

describe('rereadGuard', () => {
  let stop = () => undefined as void;
  afterEach(() => stop());

  /** A list with the guard watching its client (both stopped after the test). */
  async function guarded() {
    const s = await setup();
    const guard = rereadGuard(s.queryClient);
    stop = () => {
      guard.stop();
      s.unsubscribe();
    };
    return { s, guard };
  }

  it('without it, an event patched in while the list is read again is lost to the older answer', async () => {
    const s = await setup();
    stop = s.unsubscribe;
    expect(await eventDuringReread(null, s)).toEqual(['a']);
  });

  it('with it, that list is read once more and keeps the change', async () => {
    const { s, guard } = await guarded();
    expect(await eventDuringReread(guard, s)).toEqual(['a', 'b']);
    expect(s.api.reads()).toBe(3);
  });

  it('outside a re-read, a patch does not make the list read again', async () => {
    const { s } = await guarded();
    const refetch = s.queryClient.invalidateQueries({ queryKey: s.key });
    s.queryClient.setQueryData<string[]>(s.key, (rows) => [...(rows ?? []), 'b']);
    await s.api.answerAll();
    await refetch;
    await s.api.answerAll();
    expect(s.api.reads()).toBe(2);
  });
});
