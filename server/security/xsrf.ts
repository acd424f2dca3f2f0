// Double-submit XSRF protection as SPEC.md §7 expects from the client: the server sets the
// XSRF-TOKEN cookie (readable by JavaScript), the client echoes it in X-XSRF-TOKEN on every
// non-GET call, and the server checks that both match. A cross-site form can send the cookie
// but cannot read it, so it cannot forge the header.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export const newXsrfToken = () => randomBytes(32).toString('base64url');

export const isXsrfShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(value);

export function xsrfMatches(cookie: unknown, header: unknown): boolean {
  if (!isXsrfShaped(cookie) || typeof header !== 'string') return false;
  // Clients that URL-encode the cookie value (as Laravel's does) still match.
  let value = header;
  try {
    value = decodeURIComponent(header);
  } catch {
    return false;
  }
  const a = Buffer.from(cookie);
  const b = Buffer.from(value);
  return a.length === b.length && timingSafeEqual(a, b);
}
