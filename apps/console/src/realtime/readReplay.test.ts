import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { readReplay, type Application } from './readReplay';

/** A "server" whose answers are released by hand: each read answers the rows stored when it began. */
function server() {
  let stored = ['a'];
  const pending: { answer: () => void; fail: () => void }[] = [];
  let reads = 0;
  return {
    store: (row: string) => {
      stored = [...stored, row];
    },
    read: () => {
      reads += 1;
      const snapshot = stored;
      return new Promise<string[]>((resolve, reject) => pending.push({ answer: () => resolve(snapshot), fail: () => reject(new Error('down')) }));
    },
    settle: async (how: 'answer' | 'fail' = 'answer') => {
      while (pending.length > 0) {
        pending.shift()![how]();
        await new Promise((r) => setTimeout(r, 0));
      }
    },
    reads: () => reads,
  };
}

const KEY = ['listRows'];

describe('readReplay', () => {
  let stop = () => undefined as void;
  afterEach(() => stop());

  /** An active list (an observer, as a mounted list is), read once, with the replay watching its client. */
  async function setup() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const api = server();
    const observer = new QueryObserver(queryClient, { queryKey: KEY, queryFn: api.read, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await api.settle();
    const replay = readReplay(queryClient);
    stop = () => {
      replay.stop();
      unsubscribe();
    };
    /** The event "row stored" as the provider applies it: the row added to the cached list (once). */
    let applied = 0;
    const event =
      (row: string): Application =>
      (client) => {
        applied += 1;
        client.setQueryData<string[]>(KEY, (rows) => (rows === undefined || rows.includes(row) ? rows : [...rows, row]));
      };
    const rows = () => queryClient.getQueryData<string[]>(KEY);
    return { queryClient, api, replay, event, rows, applied: () => applied };
  }

  it('an event applied while the list is read is applied again to the older answer: kept, and the list read once', async () => {
    const s = await setup();
    const read = s.queryClient.invalidateQueries({ queryKey: KEY });
    s.api.store('b');
    s.replay.apply(s.event('b'));
    expect(s.rows()).toEqual(['a', 'b']);
    await s.api.settle();
    await read;
    expect(s.rows()).toEqual(['a', 'b']);
    expect(s.api.reads()).toBe(2);
  });

  it('an event applied before the read began is not applied again (the answer holds it)', async () => {
    const s = await setup();
    s.api.store('b');
    s.replay.apply(s.event('b'));
    const read = s.queryClient.invalidateQueries({ queryKey: KEY });
    await s.api.settle();
    await read;
    expect(s.rows()).toEqual(['a', 'b']);
    expect(s.applied()).toBe(1);
  });

  it('a failed read keeps the patched list, and what was applied during it is not applied to a later read', async () => {
    const s = await setup();
    const failed = s.queryClient.invalidateQueries({ queryKey: KEY });
    s.replay.apply(s.event('b'));
    await s.api.settle('fail');
    await failed;
    expect(s.rows()).toEqual(['a', 'b']);
    const read = s.queryClient.invalidateQueries({ queryKey: KEY });
    await s.api.settle();
    await read;
    // 'b' was never stored: the later answer is the server's, without it.
    expect(s.rows()).toEqual(['a']);
    expect(s.applied()).toBe(1);
  });

  it('only the read that was on its way gets the events again: other lists are left as they are', async () => {
    const s = await setup();
    s.queryClient.setQueryData(['otherList'], ['x']);
    const read = s.queryClient.invalidateQueries({ queryKey: KEY });
    s.replay.apply((client) => client.setQueryData(['otherList'], ['y']));
    // Say a later answer of that list put it back.
    s.queryClient.setQueryData(['otherList'], ['x']);
    await s.api.settle();
    await read;
    expect(s.queryClient.getQueryData(['otherList'])).toEqual(['x']);
    expect(s.rows()).toEqual(['a']);
  });
});
