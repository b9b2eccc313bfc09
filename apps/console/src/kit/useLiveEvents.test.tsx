/** The kit's live hook: every /ws event reaches the page's apply, with the query client, in order. */
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@fleet/contracts';
import { renderWithApp } from '../test-utils/render';
import { useLiveEvents, type LiveApply } from './useLiveEvents';

function Live({ apply }: { apply: LiveApply }) {
  useLiveEvents(apply);
  return <p>live</p>;
}

describe('kit: live events', () => {
  it('passes each event and the query client on, in order', async () => {
    const apply = vi.fn<LiveApply>();
    const { socket, settled, queryClient } = await renderWithApp(<Live apply={apply} />);
    await settled();
    const event: RealtimeEvent = { type: 'vrChannel.status', vrChannelId: 'VR-1', status: 'collecting', previous: 'idle', at: 1 };
    await socket.emit(event);
    expect(apply).toHaveBeenCalledWith(queryClient, event);
    const removed: RealtimeEvent = { type: 'vrChannel.removed', uniqueId: 'VR-1', at: 2 };
    await socket.emit(removed);
    expect(apply).toHaveBeenLastCalledWith(queryClient, removed);
  });
});
