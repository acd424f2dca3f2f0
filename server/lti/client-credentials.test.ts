// The access token for scores (record 0295), as the platform's token endpoint sees the requests:
// the client assertion's claims, one request while the token lasts, a new one 60 s before it
// expires or after `drop`, and a refusal that is an error rather than a token.
import { describe, expect, it } from 'vitest';
import {
  AccessTokens,
  SCORE_SCOPE,
  TokenRequestError,
  type FetchLike,
} from './client-credentials.ts';
import type { Registration } from './registrations.ts';

const registration = {
  id: 7,
  companyId: 2,
  clientId: 'cliente-7',
  tokenUrl: 'https://lms.example.co/token',
} as Registration;

function platform(answers: { status: number; body: unknown }[] = []) {
  const requests: URLSearchParams[] = [];
  let issued = 0;
  const fetch: FetchLike = async (url, init) => {
    expect(url).toBe(registration.tokenUrl);
    requests.push(new URLSearchParams(String(init.body)));
    const next = answers.shift() ?? {
      status: 200,
      body: { access_token: `token-${++issued}`, token_type: 'Bearer', expires_in: 3600 },
    };
    return new Response(JSON.stringify(next.body), { status: next.status });
  };
  return { fetch, requests };
}

describe('client credentials token', () => {
  it('asks with a client assertion for the score scope and keeps the token until 60 s before it expires', async () => {
    let now = Date.parse('2026-11-29T12:00:00.000Z');
    const claims: unknown[] = [];
    const lms = platform();
    const tokens = new AccessTokens({
      sign: async (reg, c) => {
        expect(reg).toBe(registration);
        claims.push(c);
        return `firmado-${claims.length}`;
      },
      fetch: lms.fetch,
      now: () => now,
    });
    expect(await tokens.get(registration)).toBe('token-1');
    now += 3600_000 - 60_001;
    expect(await tokens.get(registration)).toBe('token-1');
    now += 1;
    expect(await tokens.get(registration)).toBe('token-2');
    expect(lms.requests.map((r) => Object.fromEntries(r))).toEqual([
      {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: 'firmado-1',
        scope: SCORE_SCOPE,
      },
      expect.objectContaining({ client_assertion: 'firmado-2' }),
    ]);
    const iat = Date.parse('2026-11-29T12:00:00.000Z') / 1000;
    expect(claims[0]).toEqual({
      iss: 'cliente-7',
      sub: 'cliente-7',
      aud: 'https://lms.example.co/token',
      jti: expect.stringMatching(/^[\w-]{20,}$/),
      iat,
      exp: iat + 300,
    });
    expect((claims[0] as { jti: string }).jti).not.toBe((claims[1] as { jti: string }).jti);
  });

  it('asks again after drop, and once for two requests at the same time', async () => {
    const lms = platform();
    const tokens = new AccessTokens({ sign: async () => 'a', fetch: lms.fetch, now: () => 0 });
    expect(await Promise.all([tokens.get(registration), tokens.get(registration)])).toEqual([
      'token-1',
      'token-1',
    ]);
    tokens.drop(registration.id);
    expect(await tokens.get(registration)).toBe('token-2');
    expect(lms.requests).toHaveLength(2);
  });

  it('a refused or malformed answer is an error, and nothing is cached', async () => {
    const lms = platform([
      { status: 401, body: { error: 'invalid_client' } },
      { status: 200, body: { token_type: 'Bearer' } },
    ]);
    const tokens = new AccessTokens({ sign: async () => 'a', fetch: lms.fetch, now: () => 0 });
    await expect(tokens.get(registration)).rejects.toMatchObject({ status: 401 });
    await expect(tokens.get(registration)).rejects.toBeInstanceOf(TokenRequestError);
    expect(await tokens.get(registration)).toBe('token-1');
  });
});
