import { describe, expect, it } from 'vitest';
import { absoluteUrl, formatBytes, formatDuration } from './fileFormat';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 KB'],
    [1_234_567, '1.2 MB'],
    [4_000_000_000, '4.0 GB'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d → %s', (n, s) => expect(formatBytes(n)).toBe(s));
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [75, '1:15'],
    [3723, '1:02:03'],
    [59.9, '0:59'],
    [null, '—'],
    [-5, '—'],
  ] as const)('%s → %s', (n, s) => expect(formatDuration(n)).toBe(s));
});

describe('absoluteUrl', () => {
  it('resolves a core path against the API base origin', () => {
    expect(absoluteUrl('/api/channels/C/files/f/download?name=a.mp4', '/api', 'http://console.test')).toBe(
      'http://console.test/api/channels/C/files/f/download?name=a.mp4',
    );
    expect(absoluteUrl('/api/x', 'https://core.example:8443/api', 'http://console.test')).toBe('https://core.example:8443/api/x');
    expect(absoluteUrl('https://cdn.example/x', '/api', 'http://console.test')).toBe('https://cdn.example/x');
  });
});
