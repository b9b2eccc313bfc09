import { describe, expect, it } from 'vitest';
import type { Applications } from '@fleet/contracts';
import { ipPipeStateOf } from './unit-devices.js';

const pipe = (state: string): Applications => ({ l2ControlPipe: { state } }) as unknown as Applications;

describe('ipPipeStateOf: the IP pipe state from the activity the unit reports', () => {
  it('is not connected without the activity', () => {
    expect(ipPipeStateOf({} as Applications)).toBe('not_connected');
  });

  it.each([
    ['running', 'connected'],
    ['connecting', 'connecting'],
    ['failed', 'failed'],
    ['stopping', 'disconnecting'],
  ])('%s → %s', (state, expected) => {
    expect(ipPipeStateOf(pipe(state))).toBe(expected);
  });
});
