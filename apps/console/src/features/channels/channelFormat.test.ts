import { describe, expect, it } from 'vitest';
import { formatUptime, outputMarks, ptmpBitrate } from './channelFormat';
import { makeChannel } from '../../test-utils/channels';

describe('channel cells', () => {
  it('shows the output marks a channel carries, in order', () => {
    expect(outputMarks(makeChannel({ channelId: 'a' }))).toEqual([]);
    expect(outputMarks(makeChannel({ channelId: 'a', isOutput: true, ndi: true, hasSdi: true, hasSmpte: true, hasCdn: true }))).toEqual([
      'output',
      'ndi',
      'sdi',
      'smpte',
      'cdn',
    ]);
  });

  it('formats uptime as a clock, with days past 24 h', () => {
    expect(formatUptime(null)).toBeNull();
    expect(formatUptime(3723)).toBe('01:02:03');
    expect(formatUptime(90_061)).toBe('1d 01:01:01');
  });

  it('sums the multipoint receivers bitrate; none without receivers', () => {
    expect(ptmpBitrate(makeChannel({ channelId: 'a' }))).toBeNull();
    expect(
      ptmpBitrate(
        makeChannel({
          channelId: 'a',
          ptmpStatuses: [
            { uid: 'u1', status: 'ok', bitrate: 1200 },
            { uid: 'u2', status: 'ok', bitrate: 800 },
          ],
        }),
      ),
    ).toBe(2000);
  });
});
