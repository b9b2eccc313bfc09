import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { ApiError } from '../../api/ApiError';
import type { Sleep } from '../../lib/transitions/transitions';
import { channelDisplay, classifyChannelError, selectChannelWithRetry } from './channelSelection';

const offline = () => new ApiError({ status: 409, code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
const notFound = () =>
  new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid field', fields: [{ path: 'body.channelId', message: 'Invalid field' }] });

describe('channel selection (spec 000 §4)', () => {
  it('classifies the answers', () => {
    expect(classifyChannelError(notFound())).toBe('external');
    expect(classifyChannelError(new ApiError({ status: 404, code: 'NOT_FOUND', message: '' }))).toBe('external');
    expect(classifyChannelError(new ApiError({ status: 402, code: 'UNIT_VIDEO_LICENSE_INVALID', message: '' }))).toBe('external');
    expect(classifyChannelError(offline())).toBe('retry');
    expect(classifyChannelError(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '' }))).toBe('retry');
    expect(classifyChannelError(new ApiError({ status: 503, code: 'DEVICE_UNREACHABLE', message: '' }))).toBe('retry');
    expect(classifyChannelError(new ApiError({ status: 403, code: 'FORBIDDEN', message: '' }))).toBe('failed');
    expect(classifyChannelError(new Error('boom'))).toBe('failed');
  });

  it('retries up to 7 attempts, one poll interval apart, then fails', async () => {
    const waits: number[] = [];
    const sleep: Sleep = async (ms) => {
      waits.push(ms);
      return true;
    };
    const attempt = vi.fn(async () => {
      throw offline();
    });
    const result = await selectChannelWithRetry(attempt, { signal: new AbortController().signal, sleep });
    expect(result.outcome).toBe('failed');
    expect(attempt).toHaveBeenCalledTimes(TIMINGS.channelSetRetries);
    expect(waits).toEqual(Array(TIMINGS.channelSetRetries - 1).fill(TIMINGS.transitionPollIntervalMs));
  });

  it('succeeds on a later attempt and stops at once on a channel that is not found', async () => {
    const sleep: Sleep = async () => true;
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls < 3) throw offline();
      return 'ok';
    };
    expect(await selectChannelWithRetry(flaky, { signal: new AbortController().signal, sleep })).toEqual({ outcome: 'selected', attempts: 3, result: 'ok' });
    const missing = vi.fn(async () => {
      throw notFound();
    });
    const external = await selectChannelWithRetry(missing, { signal: new AbortController().signal, sleep });
    expect(external.outcome).toBe('external');
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it('shows External for the unit flag or a local external switch', () => {
    expect(channelDisplay({ channelId: null, external: false }, null)).toEqual({ kind: 'none' });
    expect(channelDisplay({ channelId: 'CH1', external: false }, null)).toEqual({ kind: 'channel', channelId: 'CH1' });
    expect(channelDisplay({ channelId: 'CH1', external: true }, null)).toEqual({ kind: 'external', channelId: 'CH1' });
    expect(channelDisplay({ channelId: 'CH1', external: false }, { channelId: 'NOPE', previous: 'CH1' })).toEqual({ kind: 'external', channelId: 'NOPE' });
    // The unit moved on to another channel since: the local mark no longer applies.
    expect(channelDisplay({ channelId: 'CH2', external: false }, { channelId: 'NOPE', previous: 'CH1' })).toEqual({ kind: 'channel', channelId: 'CH2' });
  });
});
