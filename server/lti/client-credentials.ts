// The access token a platform gives the tool to send scores (record 0297): OAuth 2 client
// credentials with a signed client assertion (RFC 7523, as LTI Advantage asks) — RS256 with the
// company's tool key, iss = sub = the client id, aud = the platform's token URL, a fresh jti and
// five minutes of life. The token is kept per registration until 60 s before it expires, so a
// burst of scores costs one token request; a 401 from the platform drops it (`drop`).
import { randomBytes } from 'node:crypto';
import type { Registration } from './registrations.ts';

/** The AGS scope the tool asks for: posting scores, nothing else. */
export const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** A cached token is renewed this long before the platform said it expires. */
export const TOKEN_MARGIN_MS = 60_000;
/** A client assertion's life. */
const ASSERTION_TTL_S = 300;
/** A platform that says nothing of the token's life: assume an hour (the usual). */
const DEFAULT_TOKEN_TTL_S = 3600;
/** Longest a token request may take. */
export const TOKEN_TIMEOUT_MS = 20_000;

/** The claims of a client assertion, to be signed RS256 with the company's current tool key. */
export interface ClientAssertionClaims {
  iss: string;
  sub: string;
  aud: string;
  jti: string;
  iat: number;
  exp: number;
}

/** Signs a client assertion with the registration's company's tool key (tool-keys.ts). */
export type SignClientAssertion = (
  registration: Registration,
  claims: ClientAssertionClaims,
) => Promise<string>;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** A token request the platform refused or could not answer; `status` 0: no answer. */
export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Cached {
  token: string;
  /** Milliseconds since the epoch after which it is asked for again. */
  renewAt: number;
}

/** The assertion's claims for a registration at `nowMs`. */
export function assertionClaims(registration: Registration, nowMs: number): ClientAssertionClaims {
  const iat = Math.floor(nowMs / 1000);
  return {
    iss: registration.clientId,
    sub: registration.clientId,
    aud: registration.tokenUrl,
    jti: randomBytes(16).toString('base64url'),
    iat,
    exp: iat + ASSERTION_TTL_S,
  };
}

/** The tokens of one process, per registration (a registration id is the installation's). */
export class AccessTokens {
  private readonly cache = new Map<number, Cached>();
  private readonly pending = new Map<number, Promise<string>>();

  constructor(
    private readonly deps: {
      sign: SignClientAssertion;
      fetch: FetchLike;
      /** Milliseconds since the epoch. */
      now: () => number;
    },
  ) {}

  /** A token for the registration: the cached one while it lasts, else a new one. */
  async get(registration: Registration): Promise<string> {
    const cached = this.cache.get(registration.id);
    if (cached && this.deps.now() < cached.renewAt) return cached.token;
    // Two targets of one registration at once ask once.
    const asked = this.pending.get(registration.id);
    if (asked) return asked;
    const request = this.request(registration).finally(() => this.pending.delete(registration.id));
    this.pending.set(registration.id, request);
    return request;
  }

  /** Forgets the registration's token (the platform answered 401 with it). */
  drop(registrationId: number): void {
    this.cache.delete(registrationId);
  }

  private async request(registration: Registration): Promise<string> {
    const { sign, fetch, now } = this.deps;
    const assertion = await sign(registration, assertionClaims(registration, now()));
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: assertion,
      scope: SCORE_SCOPE,
    });
    let response: Response;
    try {
      response = await fetch(registration.tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: body.toString(),
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TokenRequestError(0, `token request failed: ${describe(error)}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok)
      throw new TokenRequestError(
        response.status,
        `token endpoint answered ${response.status}: ${text.slice(0, 200)}`,
      );
    let answer: { access_token?: unknown; expires_in?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      throw new TokenRequestError(
        response.status,
        'token endpoint answered something other than JSON',
      );
    }
    if (typeof answer.access_token !== 'string' || answer.access_token === '')
      throw new TokenRequestError(response.status, 'token endpoint answered without access_token');
    const ttl = Number(answer.expires_in);
    const ttlMs = (Number.isFinite(ttl) && ttl > 0 ? ttl : DEFAULT_TOKEN_TTL_S) * 1000;
    this.cache.set(registration.id, {
      token: answer.access_token,
      renewAt: now() + ttlMs - TOKEN_MARGIN_MS,
    });
    return answer.access_token;
  }
}

/** An error's message, for `last_error`. */
export const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
};
