import { describe, expect, it } from 'vitest';
import { harness, TEST_TIMINGS } from '../testing/harness.js';

describe('point-to-point streaming of a master unit', () => {
  it('starts when online and idle, again for the same link, and stops', () => {
    const h = harness();
    expect(h.action('startP2pStream', { linkId: 'L1', machines: ['U2'] })).toEqual({ ok: true });
    expect(h.device.p2pLinkId).toBe('L1');
    expect(h.action('startP2pStream', { linkId: 'L1', machines: ['U2'] })).toEqual({ ok: true });
    expect(h.action('startP2pStream', { linkId: 'L2', machines: ['U3'] })).toEqual({ ok: false, error: 'UNIT_BUSY' });
    expect(h.action('stopP2pStream', { linkId: 'L1' })).toEqual({ ok: true });
    expect(h.device.p2pLinkId).toBeNull();
  });

  it('refuses while the unit runs an activity (Unit is busy) or is off (Selected channel busy or offline)', () => {
    const h = harness();
    h.action('startDatabridge', { gatewayId: 'g1', host: 'db.example.net', port: null });
    h.advance(TEST_TIMINGS.streamStartMs[1]);
    expect(h.action('startP2pStream', { linkId: 'L1', machines: ['U2'] })).toEqual({ ok: false, error: 'UNIT_BUSY' });
    expect(h.device.p2pLinkId).toBeNull();

    const off = harness();
    off.fault({ type: 'power', on: false });
    expect(off.action('startP2pStream', { linkId: 'L1', machines: ['U2'] })).toEqual({ ok: false, error: 'UNIT_OFFLINE' });
  });

  it('forgets the link when the unit powers off', () => {
    const h = harness();
    h.action('startP2pStream', { linkId: 'L1', machines: ['U2'] });
    h.fault({ type: 'power', on: false });
    expect(h.device.p2pLinkId).toBeNull();
  });
});
