import { describe, expect, it } from 'vitest';
import type { ClientConfiguration } from '@fleet/contracts';
import { TIMINGS } from '@fleet/contracts';
import { ApiError } from '../api/ApiError';
import { chatSupportScript, clientConfigurationState, isFeatureOn, nextConfigurationPoll } from './clientConfiguration';

const configuration: ClientConfiguration = {
  chatSupport: { enabled: true, scriptUrl: 'https://chat.example.com/widget.js' },
  wsLibrary: 'ws',
  features: { ExternalPreview: true, NewMultiview: false },
  pollIntervalMs: TIMINGS.pollIntervalMs,
  pollInitialDelayMs: { min: 1000, max: 300_000 },
  enhancedUnitRefreshMs: 5000,
  wsSubscriptionBatchSize: 50,
};
const forbidden = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'You are not allowed to access this application' });
const broken = new ApiError({ status: 500, code: 'INTERNAL', message: 'Internal Error' });

describe('client configuration (spec 000 §8: a fetch answered 403 is rejected)', () => {
  it('a 403 rejects the configuration: every feature off, no chat, and no further polls', () => {
    const state = clientConfigurationState({ error: forbidden });
    expect(state).toEqual({ status: 'rejected' });
    expect(isFeatureOn(state, 'ExternalPreview')).toBe(false);
    expect(chatSupportScript(state)).toBeNull();
    expect(nextConfigurationPoll(forbidden)).toBe(false);
  });

  it('a 403 wins over an answer cached before it (the user lost access)', () => {
    expect(clientConfigurationState({ data: configuration, error: forbidden })).toEqual({ status: 'rejected' });
  });

  it('another failure keeps features off but is asked again by the next poll', () => {
    const state = clientConfigurationState({ error: broken });
    expect(state).toEqual({ status: 'failed' });
    expect(isFeatureOn(state, 'ExternalPreview')).toBe(false);
    expect(nextConfigurationPoll(broken)).toBe(TIMINGS.pollIntervalMs);
  });

  it('an answered configuration turns on what it says, and a refetch failure keeps the last answer', () => {
    const state = clientConfigurationState({ data: configuration });
    expect(isFeatureOn(state, 'ExternalPreview')).toBe(true);
    expect(isFeatureOn(state, 'NewMultiview')).toBe(false);
    expect(isFeatureOn(state, 'Unknown')).toBe(false);
    expect(chatSupportScript(state)).toBe('https://chat.example.com/widget.js');
    expect(clientConfigurationState({ data: configuration, error: broken }).status).toBe('ready');
    expect(nextConfigurationPoll(null)).toBe(TIMINGS.pollIntervalMs);
  });

  it('while loading nothing is on', () => {
    const state = clientConfigurationState({});
    expect(state).toEqual({ status: 'loading' });
    expect(isFeatureOn(state, 'ExternalPreview')).toBe(false);
    expect(chatSupportScript(state)).toBeNull();
  });

  it('chat support enabled without a script stays off', () => {
    const state = clientConfigurationState({ data: { ...configuration, chatSupport: { enabled: true, scriptUrl: null } } });
    expect(chatSupportScript(state)).toBeNull();
  });
});
