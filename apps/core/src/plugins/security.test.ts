import { describe, expect, it } from 'vitest';
import { sessionKeys } from './security.js';

describe('sessionKeys', () => {
  it('keys a token by a hash that never contains it, the same key each time, for as many tokens as it remembers', () => {
    const keyOf = sessionKeys(2);
    const a = keyOf('token-a');
    expect(a).toMatch(/^s:[A-Za-z0-9_-]{32}$/);
    expect(a).not.toContain('token-a');
    expect(keyOf('token-a')).toBe(a);
    const b = keyOf('token-b');
    expect(b).not.toBe(a);
    keyOf('token-c'); // token-a is forgotten: its key is computed again, and is the same
    expect(keyOf('token-a')).toBe(a);
    expect(sessionKeys(1)('token-b')).toBe(b);
  });
});
