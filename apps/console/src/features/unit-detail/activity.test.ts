import { describe, expect, it } from 'vitest';
import { activityState, canStartActivity, canStopActivity, intercomApplications, multiCameraApplication } from './activity';

describe('activity state', () => {
  it('reads the application state of the activity', () => {
    expect(activityState({}, ['video'])).toBe('off');
    expect(activityState({ video: { state: 'connecting' } }, ['video'])).toBe('connecting');
    expect(activityState({ video: { state: 'running' } }, ['video'])).toBe('running');
    expect(activityState({ video: { state: 'disconnecting' } }, ['video'])).toBe('disconnecting');
    expect(activityState({ l2ControlPipe: { state: 'failed' } }, ['l2ControlPipe'])).toBe('failed');
  });

  it('ignores connecting and stopping updates of video return and databridge (spec 000 §4)', () => {
    expect(activityState({ videoReturn: { state: 'connecting' } }, ['videoReturn'])).toBe('off');
    expect(activityState({ videoReturn: { state: 'stopping' } }, ['videoReturn'])).toBe('running');
    expect(activityState({ databridge: { state: 'stopping' } }, ['databridge'])).toBe('running');
    expect(activityState({ databridge: { state: 'running' } }, ['databridge'])).toBe('running');
  });

  it('maps modes to their applications', () => {
    expect(multiCameraApplication('highQuality')).toBe('multiCamera');
    expect(multiCameraApplication('switcherAndProxy')).toBe('switcherAndProxy');
    expect(intercomApplications('audioRoom')).toEqual(['audioRoom']);
    expect(activityState({ ifb: { state: 'running' } }, intercomApplications('targetChannel'))).toBe('running');
  });

  it('offers start when off and stop while running', () => {
    expect(canStartActivity('off')).toBe(true);
    expect(canStartActivity('running')).toBe(false);
    expect(canStopActivity('running')).toBe(true);
    expect(canStopActivity('disconnecting')).toBe(false);
  });
});
