import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../test-utils/fixtures';
import { canStart, canStop, reachedExpectedState, startBlocker, transitionOf } from './unitRules';

const idle = makeUnit({ status: 'idle', applications: {} });
const streaming = makeUnit({ status: 'streaming', applications: { video: { state: 'running' } } });
const offline = makeUnit({ status: 'offline', applications: {} });

describe('unit list rules', () => {
  it('start is offered on online units that are not streaming, stop on streaming ones', () => {
    expect(canStart(idle)).toBe(true);
    expect(canStart(streaming)).toBe(false);
    expect(canStart(offline)).toBe(false);
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

  it('a start transition ends when the unit streams, a stop transition when it does not', () => {
    expect(transitionOf('start')).toBe('connecting');
    expect(transitionOf('stop')).toBe('disconnecting');
    expect(reachedExpectedState('connecting', idle)).toBe(false);
    expect(reachedExpectedState('connecting', streaming)).toBe(true);
    expect(reachedExpectedState('disconnecting', streaming)).toBe(false);
    expect(reachedExpectedState('disconnecting', idle)).toBe(true);
    expect(reachedExpectedState('disconnecting', offline)).toBe(true);
  });
});
