import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../test-utils/fixtures';
import { pendingTransition, transitionKindOf } from '../../lib/transitions/transitions';
import { canStop, startBlocker, streamState } from './unitRules';

const idle = makeUnit({ status: 'idle', applications: {} });
const streaming = makeUnit({ status: 'streaming', applications: { video: { state: 'running' } } });
const offline = makeUnit({ status: 'offline', applications: {} });

describe('unit list rules', () => {
  it('start is offered on online units that are not streaming, stop on streaming ones', () => {
    expect(startBlocker(idle)).toBeNull();
    expect(startBlocker(streaming)).not.toBeNull();
    expect(startBlocker(offline)).not.toBeNull();
    expect(canStop(streaming)).toBe(true);
    expect(canStop(idle)).toBe(false);
  });

  it('start waits for a valid licence and a connected camera (the core refuses otherwise)', () => {
    expect(startBlocker(idle)).toBeNull();
    expect(startBlocker(makeUnit({ status: 'idle', licenseValid: false }))).toBe('license');
    expect(startBlocker(makeUnit({ status: 'idle', cameraConnected: false }))).toBe('camera');
    expect(startBlocker(offline)).toBe('notOnline');
    expect(startBlocker(streaming)).toBe('streaming');
  });

  it('a start transition shows until the unit streams, a stop transition until it does not', () => {
    const connecting = transitionKindOf('start');
    const disconnecting = transitionKindOf('stop');
    expect(pendingTransition(connecting, streamState(idle))).toBe('connecting');
    expect(pendingTransition(connecting, streamState(streaming))).toBeNull();
    expect(pendingTransition(disconnecting, streamState(streaming))).toBe('disconnecting');
    expect(pendingTransition(disconnecting, streamState(idle))).toBeNull();
    expect(pendingTransition(disconnecting, streamState(offline))).toBeNull();
    expect(pendingTransition(connecting, streamState(makeUnit({ status: 'streaming', applications: {} })))).toBeNull();
  });
});
