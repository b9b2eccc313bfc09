import { describe, expect, it } from 'vitest';
import { bodyTooLargeMessage, sizeText } from './errors.js';

describe('the body size limit in words', () => {
  it('names whole MB and KB as such, anything else in bytes', () => {
    expect(sizeText(1024 * 1024)).toBe('1 MB');
    expect(sizeText(64 * 1024 * 1024)).toBe('64 MB');
    expect(sizeText(110 * 1024)).toBe('110 KB');
    expect(sizeText(1_000_000)).toBe('1000000 bytes');
    expect(sizeText(512)).toBe('512 bytes');
  });

  it('says the body is too large, with the limit when known', () => {
    expect(bodyTooLargeMessage(1024 * 1024)).toBe('The request body is too large (at most 1 MB)');
    expect(bodyTooLargeMessage(undefined)).toBe('The request body is too large');
  });
});
