import { describe, expect, it } from 'vitest';
import { APPLICATION_STATES, VR_CHANNEL_STATUSES, type VrChannelStatus } from '@fleet/contracts';
import { mapVideoReturnStatus, shouldIgnoreVrOrDatabridgeUpdate } from './video-return.js';

describe('mapVideoReturnStatus (spec 001 §4)', () => {
  it.each<[string | null | undefined, VrChannelStatus]>([
    ['idle', 'idle'],
    ['Idle', 'idle'],
    [' IDLE ', 'idle'],
    ['inputConnected', 'inputConnected'],
    ['input_connected', 'inputConnected'],
    ['Input Connected', 'inputConnected'],
    ['INPUT-CONNECTED', 'inputConnected'],
    ['inputconnected', 'inputConnected'],
    ['collecting', 'collecting'],
    ['Collecting', 'collecting'],
    ['offline', 'offline'],
    ['OFFLINE', 'offline'],
    ['connecting', 'connecting'],
    ['Connecting', 'connecting'],
    ['unknown', 'offline'],
    ['streaming', 'offline'],
    ['input', 'offline'],
    ['', 'offline'],
    ['   ', 'offline'],
    [null, 'offline'],
    [undefined, 'offline'],
  ])('%j → %s', (raw, expected) => {
    expect(mapVideoReturnStatus(raw)).toBe(expected);
  });

  it.each(VR_CHANNEL_STATUSES)('maps the contracts value %s to itself', (status) => {
    expect(mapVideoReturnStatus(status)).toBe(status);
  });
});

describe('shouldIgnoreVrOrDatabridgeUpdate (spec 000 §4 / 001 §4)', () => {
  it.each<[string, boolean]>([
    ['connecting', true],
    ['stopping', true],
    ['Connecting', true],
    [' STOPPING ', true],
    ['running', false],
    ['speedtest', false],
    ['disconnecting', false],
    ['bridging', false],
    ['collecting', false],
    ['', false],
  ])('%j → %s', (state, expected) => {
    expect(shouldIgnoreVrOrDatabridgeUpdate(state)).toBe(expected);
  });

  it.each(APPLICATION_STATES)('application state %s', (state) => {
    expect(shouldIgnoreVrOrDatabridgeUpdate(state)).toBe(state === 'connecting' || state === 'stopping');
  });
});
