import { describe, expect, it, vi } from 'vitest';
import { createExternalStreamStore, externalStreamState, settleExternalStreams } from './externalStreams';

const streaming = { video: { state: 'running' } } as const;

describe('social media / CDN forwarding state', () => {
  it('shows the call in flight, then the answer while the unit streams', () => {
    expect(externalStreamState(undefined, streaming, 'start')).toBe('connecting');
    expect(externalStreamState({ active: true, destinationId: 'd' }, streaming, 'stop')).toBe('disconnecting');
    expect(externalStreamState({ active: true, destinationId: 'd' }, streaming, null)).toBe('running');
    expect(externalStreamState({ active: false, destinationId: null }, streaming, null)).toBe('off');
    expect(externalStreamState(undefined, streaming, null)).toBe('off');
  });

  it('is off once the unit stops streaming', () => {
    expect(externalStreamState({ active: true, destinationId: 'd' }, {}, null)).toBe('off');
    const active = { cdn: { active: true, destinationId: 'd' } };
    expect(settleExternalStreams(active, true)).toBe(active);
    expect(settleExternalStreams(active, false)).toEqual({ cdn: { active: false, destinationId: null } });
    const idle = { cdn: { active: false, destinationId: null } };
    expect(settleExternalStreams(idle, false)).toBe(idle);
  });

  it('keeps the answers per unit and tells its listeners', () => {
    const store = createExternalStreamStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const empty = store.get('U1');
    expect(store.get('U1')).toBe(empty);
    store.set('U1', 'social_media', { active: true, destinationId: 'std-0001' });
    expect(store.get('U1')).toEqual({ social_media: { active: true, destinationId: 'std-0001' } });
    expect(store.get('U2')).toEqual({});
    store.settle('U1', true);
    expect(listener).toHaveBeenCalledTimes(1);
    store.settle('U1', false);
    expect(store.get('U1').social_media?.active).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
