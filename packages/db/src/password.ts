/**
 * Password hashing with node:crypto scrypt. Stored as `scrypt$N$salt$hash` (salt and hash in
 * base64url; r=8, p=1, 32-byte key).
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const DEFAULT_N = 16384;
const R = 8;
const P = 1;

function scrypt(password: string, salt: Buffer, n: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r: R, p: P, maxmem: 256 * n * R };
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export interface HashPasswordOptions {
  /** CPU/memory cost, a power of two (default 16384). */
  n?: number;
  /** Salt bytes; random when omitted. Pass a fixed salt only for reproducible fixtures. */
  salt?: Buffer;
}

export async function hashPassword(password: string, options: HashPasswordOptions = {}): Promise<string> {
  const n = options.n ?? DEFAULT_N;
  if (!Number.isInteger(n) || n < 2 || (n & (n - 1)) !== 0) throw new Error('scrypt N must be a power of two');
  const salt = options.salt ?? randomBytes(16);
  const key = await scrypt(password, salt, n);
  return `scrypt$${n}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== 'scrypt') return false;
  const n = Number(parts[1]);
  if (!Number.isInteger(n) || n < 2 || n > 2 ** 20 || (n & (n - 1)) !== 0) return false;
  const salt = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = Buffer.from(parts[3] ?? '', 'base64url');
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false;
  const actual = await scrypt(password, salt, n);
  return timingSafeEqual(actual, expected);
}
