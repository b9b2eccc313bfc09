import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, needsRehash, PASSWORD_HASH_PARAMS, passwordHashParams, verifyPassword } from '../src/password.js';

/** A hash in the earlier 4-part format (r=8, p=1), made independently of the module under test. */
function legacyHash(password: string, n: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: n, r: 8, p: 1 });
  return `scrypt$${n}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt$N$r$p$salt$hash with the current parameters (OWASP: N=2^14, r=8, p=5) and verifies', async () => {
    expect(PASSWORD_HASH_PARAMS).toEqual({ N: 16384, r: 8, p: 5 });
    const h = await hashPassword('Demo-pass-1');
    expect(h).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(passwordHashParams(h)).toEqual({ N: 16384, r: 8, p: 5 });
    expect(await verifyPassword('Demo-pass-1', h)).toBe(true);
    expect(await verifyPassword('demo-pass-1', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
    expect(needsRehash(h)).toBe(false);
  });

  it('the parameters stored are the ones used: changing them in the text breaks verification', async () => {
    const h = await hashPassword('x', { params: { N: 1024, r: 8, p: 2 } });
    expect(await verifyPassword('x', h)).toBe(true);
    expect(await verifyPassword('x', h.replace('$1024$8$2$', '$1024$8$1$'))).toBe(false);
    expect(await verifyPassword('x', h.replace('$1024$8$2$', '$2048$8$2$'))).toBe(false);
  });

  it('keeps the low-cost option for seeds and tests (N with r=8, p=1), which is due for a rehash', async () => {
    const h = await hashPassword('x', { n: 1024 });
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('x', h)).toBe(true);
    expect(needsRehash(h)).toBe(true);
  });

  it('still verifies the earlier format scrypt$N$salt$hash, and marks it for a rehash', async () => {
    const old = legacyHash('Old-pass-1', 1024);
    expect(passwordHashParams(old)).toEqual({ N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('Old-pass-1', old)).toBe(true);
    expect(await verifyPassword('old-pass-1', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    // Even at the earlier default cost: the format itself is due.
    expect(needsRehash(legacyHash('x', 16384))).toBe(true);
  });

  it('a hash with more work than the current parameters is kept', async () => {
    expect(needsRehash(`scrypt$131072$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}`)).toBe(false);
    expect(needsRehash(`scrypt$16384$8$4$${'A'.repeat(22)}$${'A'.repeat(43)}`)).toBe(true);
  });

  it('uses a random salt unless one is given', async () => {
    const a = await hashPassword('x', { n: 1024 });
    const b = await hashPassword('x', { n: 1024 });
    expect(a).not.toBe(b);
    const salt = Buffer.alloc(16, 7);
    expect(await hashPassword('x', { n: 1024, salt })).toBe(await hashPassword('x', { n: 1024, salt }));
    expect(await verifyPassword('x', a)).toBe(true);
  });

  it('a dummy hash has the current parameters and matches no password', async () => {
    const d = dummyPasswordHash();
    expect(passwordHashParams(d)).toEqual(PASSWORD_HASH_PARAMS);
    expect(await verifyPassword('', d)).toBe(false);
    expect(dummyPasswordHash()).not.toBe(d);
  });

  it('refuses parameters out of bounds when hashing', async () => {
    await expect(hashPassword('x', { n: 1000 })).rejects.toThrow(/scrypt parameters/);
    await expect(hashPassword('x', { params: { N: 1024, r: 8, p: 17 } })).rejects.toThrow(/scrypt parameters/);
  });

  it('rejects malformed hashes without throwing', async () => {
    const salt = 'c2FsdHNhbHRzYWx0c2FsdA';
    const key = 'A'.repeat(43);
    for (const bad of [
      '',
      'plain',
      'scrypt$16384$abc',
      'bcrypt$1$a$b',
      'scrypt$1000$c2FsdA$aGFzaA',
      'scrypt$16384$$',
      `scrypt$16384$8$$${salt}$${key}`,
      `scrypt$16384$8$0$${salt}$${key}`,
      `scrypt$16384$ 8$1$${salt}$${key}`,
      `scrypt$1048576$32$1$${salt}$${key}`,
      `scrypt$16384$8$99$${salt}$${key}`,
      `scrypt$16384$8$1$1$${salt}$${key}`,
    ]) {
      expect(await verifyPassword('x', bad), bad).toBe(false);
      expect(needsRehash(bad), bad).toBe(false);
    }
  });
});
