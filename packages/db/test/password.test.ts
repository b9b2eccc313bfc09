import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/password.js';

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt$N$salt$hash and verifies', async () => {
    const h = await hashPassword('Demo-pass-1');
    expect(h).toMatch(/^scrypt\$16384\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await verifyPassword('Demo-pass-1', h)).toBe(true);
    expect(await verifyPassword('demo-pass-1', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
  });

  it('uses a random salt unless one is given', async () => {
    const a = await hashPassword('x', { n: 1024 });
    const b = await hashPassword('x', { n: 1024 });
    expect(a).not.toBe(b);
    const salt = Buffer.alloc(16, 7);
    expect(await hashPassword('x', { n: 1024, salt })).toBe(await hashPassword('x', { n: 1024, salt }));
    expect(await verifyPassword('x', a)).toBe(true);
  });

  it('rejects malformed hashes without throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$16384$abc', 'bcrypt$1$a$b', 'scrypt$1000$c2FsdA$aGFzaA', 'scrypt$16384$$']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});
