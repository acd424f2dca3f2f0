// XSRF protection as the client expects it (decision 0018) — the server sets the XSRF-TOKEN cookie
// (readable by JavaScript), the client echoes it in X-XSRF-TOKEN on every non-GET call — with
// the token bound to the session (docs/decisions/0051-xsrf-bound-to-session.md): a signed
// double-submit token `<random>.<HMAC(secret, random | session)>`, where the session is the
// sha256 of the bearer token the request carries, or "anonymous" before sign-in. A cookie a
// client (or a sibling site) invents fails the signature; a valid token of another session
// fails the binding. Sign-in sets a fresh token bound to the new session; the client must echo
// the current cookie. A refused call gets a fresh, correctly bound cookie with its 419, so the
// client's "refresh and retry once" goes through.
//
// Without cookies (record 0298: the app in an LMS's iframe, where the browser blocks third-party
// cookies and storage) the token also travels in the `x-xsrf-token` response header of
// csrf-cookie, sign-in and every 419, and the client keeps it in memory. A request that carries
// NO XSRF cookie is then accepted on its header alone when that token's MAC verifies for the
// session its bearer token names: both are headers a cross-site form cannot send, so nothing
// ambient is trusted. Anonymous calls (no bearer) still need the cookie, and a request WITH a
// cookie keeps the double-submit rule.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { tokenFromHeader } from './tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const ANONYMOUS = 'anonymous';

export const isXsrfShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{20,64}\.[A-Za-z0-9_-]{20,64}$/.test(value);

/** What an XSRF token is bound to: the bearer token's hash, or anonymous. */
export function sessionBinding(authorization: string | string[] | undefined): string {
  const token = tokenFromHeader(authorization);
  return token ? createHash('sha256').update(token, 'utf8').digest('base64url') : ANONYMOUS;
}

export const bindingForToken = (token: string) => sessionBinding(token);

export class XsrfTokens {
  private readonly secret: Buffer;

  constructor(secret?: string | Buffer) {
    this.secret =
      secret === undefined || secret.length === 0
        ? randomBytes(32)
        : Buffer.isBuffer(secret)
          ? secret
          : Buffer.from(secret, 'utf8');
  }

  private mac(random: string, binding: string): string {
    return createHmac('sha256', this.secret)
      .update(`${random}|${binding}`, 'utf8')
      .digest('base64url');
  }

  issue(binding: string): string {
    const random = randomBytes(24).toString('base64url');
    return `${random}.${this.mac(random, binding)}`;
  }

  /**
   * Cookie and header are the same token, and it was issued by us for this session; or, when
   * the request carries no XSRF cookie at all (`undefined`), the header alone is a token issued
   * for this signed-in session (never for the anonymous binding).
   */
  verify(cookie: unknown, header: unknown, binding: string): boolean {
    if (typeof header !== 'string') return false;
    // Clients that URL-encode the cookie value (as Laravel's does) still match.
    let value = header;
    try {
      value = decodeURIComponent(header);
    } catch {
      return false;
    }
    if (cookie === undefined) return binding !== ANONYMOUS && this.issuedFor(value, binding);
    if (!isXsrfShaped(cookie) || !equal(cookie, value)) return false;
    return this.issuedFor(cookie, binding);
  }

  private issuedFor(token: string, binding: string): boolean {
    if (!isXsrfShaped(token)) return false;
    const [random, mac] = token.split('.') as [string, string];
    return equal(mac, this.mac(random, binding));
  }
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
