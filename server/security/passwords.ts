// Password hashing with Node's crypto.scrypt (no native dependency), a random salt per user and
// a timing-safe comparison. The parameters travel with the hash: scrypt at OWASP's minimum
// (N=2^17, r=8, p=1), and a hash made with less is rehashed on the learner's next successful
// sign-in (docs/decisions/0052-password-hashing-cost.md). scrypt runs on libuv's thread pool, so
// concurrent calls (an import) use every core.
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { envValue } from '../env.ts';

const KEY_LENGTH = 64;
const R = 8;
const P = 1;
/** OWASP's minimum for scrypt. */
export const DEFAULT_LOG2_N = 17;

/**
 * log2 of scrypt's N. CURSO_SST_SCRYPT_LOG2N (10–20) lowers it for tests and benches only
 * (vitest.config.ts sets 10); production leaves it unset.
 */
export function hashLog2N(): number {
  return envValue('CURSO_SST_SCRYPT_LOG2N') ?? DEFAULT_LOG2_N;
}

interface Params {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below N=2^17.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = { N: 2 ** hashLog2N(), r: R, p: P };
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

function parse(stored: string): (Params & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // Refuse parameters no hash of ours has (and that would exhaust memory).
  if (![params.N, params.r, params.p].every(Number.isInteger)) return null;
  if (params.N < 2 || params.N > 2 ** 20 || params.r < 1 || params.r > 32) return null;
  if (params.p < 1 || params.p > 16) return null;
  return { ...params, salt: Buffer.from(saltB64, 'base64'), key: Buffer.from(keyB64, 'base64') };
}

/** The stored hash was made with less than today's cost: rehash it on the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return parsed.N < 2 ** hashLog2N() || parsed.r < R || parsed.p < P;
}

// Compared against when the user does not exist, so an unknown document takes as long as a
// wrong password and response times do not reveal who has an account: one scrypt at today's cost,
// like any check (record 0267). Its key is random bytes, not derived: no password matches it, and
// making it costs no hash (the first unknown document is not slower or faster than the next).
let dummyHash: { log2N: number; hash: string } | null = null;

function dummy(): string {
  if (dummyHash?.log2N !== hashLog2N()) {
    const params = [2 ** hashLog2N(), R, P];
    const salt = randomBytes(16).toString('base64');
    const key = randomBytes(KEY_LENGTH).toString('base64');
    dummyHash = { log2N: hashLog2N(), hash: ['scrypt', ...params, salt, key].join('$') };
  }
  return dummyHash.hash;
}

/** True when the password matches the stored hash; exactly one scrypt either way (record 0267). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    await verifyPassword(password, dummy());
    return false;
  }
  const parsed = parse(stored);
  if (!parsed) return verifyPassword(password, null);
  const actual = await derive(password, parsed.salt, parsed);
  return parsed.key.length === actual.length && timingSafeEqual(parsed.key, actual);
}

// No look-alike characters (0/O, 1/l/I): the generated password is read off a printout.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generatePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
