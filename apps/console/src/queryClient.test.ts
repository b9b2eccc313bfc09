import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';

/** A query function whose answers are given by the test, one per call. */
function answers() {
  const calls: ((value: string) => void)[] = [];
  const queryFn = () => new Promise<string>((resolve) => calls.push(resolve));
  return { calls, queryFn };
}

describe('the console query client', () => {
  it('sends a first read again when it is invalidated while on its way: the answer is the later one', async () => {
    const client = createQueryClient();
    const { calls, queryFn } = answers();
    const seen: (string | undefined)[] = [];
    const observer = new QueryObserver(client, { queryKey: ['list'], queryFn });
    const stop = observer.subscribe((result) => seen.push(result.data));
    expect(calls).toHaveLength(1);

    const reread = client.invalidateQueries({ queryKey: ['list'] });
    expect(calls).toHaveLength(2);
    calls[0]!('taken before the change');
    calls[1]!('taken after the change');
    await reread;

    expect(client.getQueryData(['list'])).toBe('taken after the change');
    expect(seen).not.toContain('taken before the change');
    stop();
    client.clear();
  });

  it('joins a first read on its way when asked not to cancel, and leaves inactive reads alone', async () => {
    const client = createQueryClient();
    const { calls, queryFn } = answers();
    const observer = new QueryObserver(client, { queryKey: ['list'], queryFn });
    const stop = observer.subscribe(() => undefined);
    void client.refetchQueries({ queryKey: ['list'] }, { cancelRefetch: false });
    expect(calls).toHaveLength(1);

    const prefetch = answers();
    void client.prefetchQuery({ queryKey: ['other'], queryFn: prefetch.queryFn });
    await client.invalidateQueries({ queryKey: ['other'] });
    expect(prefetch.calls).toHaveLength(1);
    prefetch.calls[0]!('prefetched');
    calls[0]!('first');
    await Promise.resolve();
    await client.getQueryCache().find({ queryKey: ['other'] })?.promise;
    expect(client.getQueryData(['other'])).toBe('prefetched');
    stop();
    client.clear();
  });
});
