/**
 * Password hashing with node:crypto scrypt, the parameters stored with each hash so they can be
 * raised later: `scrypt$N$r$p$salt$hash` (salt and 32-byte key in base64url). The earlier format
 * `scrypt$N$salt$hash` (r=8, p=1) still verifies; `needsRehash` tells a log-in to store such a hash
 * (or any hash weaker than the current parameters) again.
 *
 * Current parameters — OWASP Password Storage Cheat Sheet, scrypt: "a minimum CPU/memory cost
 * parameter of (2^17), a minimum block size of 8 (1024 bytes), and a parallelization parameter of
 * 1", with the equivalent settings N=2^16 r=8 p=2, N=2^15 r=8 p=3, N=2^14 r=8 p=5, N=2^13 r=8 p=10.
 * We take N=2^14, r=8, p=5: the same work per guess for an attacker as the others, but 16 MiB of
 * memory per hash (128·N·r bytes; node computes the p lanes one after another in that memory)
 * instead of 128 MiB for N=2^17 — a burst of concurrent log-ins (4 at a time on libuv's thread pool,
 * more with several instances) cannot exhaust the core's memory.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  /** Block size. */
  readonly r: number;
  /** Parallelisation (lanes computed one after another). */
  readonly p: number;
}

/** The parameters new hashes are made with (see the header for why these). */
export const PASSWORD_HASH_PARAMS: ScryptParams = Object.freeze({ N: 2 ** 14, r: 8, p: 5 });

/** Bounds of what verification accepts: a hash stored with absurd parameters cannot stall the core. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
/** Memory one hash may take (128·N·r), at most: 256 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;

const memoryOf = ({ N, r }: ScryptParams) => 128 * N * r;
/** The work of one hash, comparable across parameter sets (OWASP's settings above are all ≈ 2^20). */
const workOf = ({ N, r, p }: ScryptParams) => N * r * p;

function validParams(params: ScryptParams): boolean {
  const { N, r, p } = params;
  if (![N, r, p].every(Number.isInteger)) return false;
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return false;
  if (r < 1 || r > MAX_R || p < 1 || p > MAX_P) return false;
  return memoryOf(params) <= MAX_MEMORY;
}

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // maxmem: the V array (128·N·r) plus the p lanes and working blocks, with room to spare.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 2 * memoryOf(params) + 128 * params.r * (params.p + 2) };
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export interface HashPasswordOptions {
  /**
   * A lower cost for seeds and tests: N (a power of two) with r=8, p=1. Hashes made with it are
   * weaker than the current parameters, so the first log-in with them stores the password again.
   */
  n?: number;
  /** Explicit parameters (default: PASSWORD_HASH_PARAMS); `n` wins when both are given. */
  params?: ScryptParams;
  /** Salt bytes; random when omitted. Pass a fixed salt only for reproducible fixtures. */
  salt?: Buffer;
}

export async function hashPassword(password: string, options: HashPasswordOptions = {}): Promise<string> {
  const params: ScryptParams = options.n !== undefined ? { N: options.n, r: 8, p: 1 } : (options.params ?? PASSWORD_HASH_PARAMS);
  if (!validParams(params)) throw new Error('scrypt parameters out of range (N a power of two up to 2^20, r 1-32, p 1-16)');
  const salt = options.salt ?? randomBytes(16);
  const key = await scrypt(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash taken apart (either format), or null when it is malformed or out of bounds. */
function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  let params: ScryptParams;
  let salt: string;
  let key: string;
  if (parts.length === 4) {
    // The earlier format: scrypt$N$salt$hash with r=8, p=1.
    params = { N: Number(parts[1]), r: 8, p: 1 };
    salt = parts[2] ?? '';
    key = parts[3] ?? '';
  } else if (parts.length === 6) {
    params = { N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
    salt = parts[4] ?? '';
    key = parts[5] ?? '';
  } else {
    return null;
  }
  // Number('') is 0 and Number(' 8') is 8: only plain decimal digits count.
  if (!parts.slice(1, parts.length - 2).every((x) => /^[1-9][0-9]{0,7}$/.test(x))) return null;
  if (!validParams(params)) return null;
  const saltBytes = Buffer.from(salt, 'base64url');
  const keyBytes = Buffer.from(key, 'base64url');
  if (saltBytes.length === 0 || keyBytes.length !== KEY_LENGTH) return null;
  return { params, salt: saltBytes, key: keyBytes };
}

/** The parameters a stored hash was made with, or null when it is malformed. */
export function passwordHashParams(stored: string): ScryptParams | null {
  return parse(stored)?.params ?? null;
}

/**
 * True when a hash that just verified should be stored again with the current parameters: the
 * earlier format, or less work per guess than the current parameters (a hash made stronger by hand
 * is kept).
 */
export function needsRehash(stored: string, current: ScryptParams = PASSWORD_HASH_PARAMS): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return stored.split('$').length === 4 || workOf(parsed.params) < workOf(current);
}

/**
 * A well-formed hash of no password anyone knows, with the current parameters: verifying against it
 * takes the same work as verifying a real user's password, so an unknown or inactive user's log-in
 * cannot be told apart by its time.
 */
export function dummyPasswordHash(params: ScryptParams = PASSWORD_HASH_PARAMS): string {
  return `scrypt$${params.N}$${params.r}$${params.p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.params);
  return timingSafeEqual(actual, parsed.key);
}
