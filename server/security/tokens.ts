// Sign-in tokens: random, handed out once, stored only as a sha256 hash, expiring.
import { createHash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The Authorization header carries the raw token (decision 0018); 'Bearer ' is accepted too,
 * since tools like curl users add it by habit. Anything not shaped like our tokens is null.
 */
export function tokenFromHeader(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const raw = header.trim().replace(/^Bearer\s+/i, '');
  return /^[A-Za-z0-9_-]{20,200}$/.test(raw) ? raw : null;
}
