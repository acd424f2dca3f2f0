// Hardening (decisions 0051–0053): XSRF bound to the session, scrypt cost and rehash on sign-in, one
// sign-in budget per account with a short wait, TRUST_PROXY as hops or addresses.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, seedUser, testApp, TestClient, type TestDb } from './test-support.ts';
import { MESSAGES } from './messages.ts';
import { LoginLimiter } from './security/login-limiter.ts';
import { DEFAULT_LOG2_N, hashLog2N, hashPassword, needsRehash } from './security/passwords.ts';
import { parseTrustProxy, TrustProxyError } from './security/trust-proxy.ts';
import { XsrfTokens } from './security/xsrf.ts';

const HOOK_TIMEOUT = 120_000;

describe('LoginLimiter', () => {
  it('makes the account wait 30 s after 5 failures, doubling to 5 min, and the owner then passes', () => {
    let now = 0;
    const limiter = new LoginLimiter({ now: () => now });
    for (let i = 0; i < 4; i++) limiter.fail('u:1');
    expect(limiter.waitMs('u:1')).toBe(0);
    limiter.fail('u:1');
    expect(limiter.waitMs('u:1')).toBe(30_000);
    now += 30_000;
    expect(limiter.waitMs('u:1')).toBe(0);
    limiter.fail('u:1');
    expect(limiter.waitMs('u:1')).toBe(60_000);
    for (let i = 0; i < 10; i++) {
      now += 300_000;
      limiter.fail('u:1');
    }
    expect(limiter.waitMs('u:1')).toBe(300_000);
    now += 300_000;
    limiter.succeed('u:1');
    expect(limiter.waitMs('u:1')).toBe(0);
    limiter.fail('u:1');
    expect(limiter.waitMs('u:1')).toBe(0);
    expect(limiter.waitMs('u:2')).toBe(0);
  });

  it('forgets failures 15 minutes after the last one', () => {
    let now = 0;
    const limiter = new LoginLimiter({ now: () => now });
    for (let i = 0; i < 4; i++) limiter.fail('k');
    now += 15 * 60_000;
    limiter.fail('k');
    expect(limiter.waitMs('k')).toBe(0);
  });
});

describe('password hashing', () => {
  it("defaults to OWASP's minimum and flags weaker hashes for rehash", async () => {
    expect(DEFAULT_LOG2_N).toBe(17);
    expect(hashLog2N()).toBe(10); // vitest.config.ts lowers it for tests
    const current = await hashPassword('x');
    expect(current.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
    expect(needsRehash(current)).toBe(false);
    vi.stubEnv('CURSO_SST_SCRYPT_LOG2N', '');
    try {
      expect(hashLog2N()).toBe(17);
      expect(needsRehash(current)).toBe(true);
      expect(needsRehash('scrypt$16384$8$1$AAAA$AAAA')).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('reads hop counts and address lists, and never trusts every hop', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => parseTrustProxy('proxy.example.co')).toThrow(TrustProxyError);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(TrustProxyError);
    expect(() => parseTrustProxy('99')).toThrow(TrustProxyError);
  });
});

describe('XsrfTokens', () => {
  it('accepts only its own tokens, for the session they were issued to', () => {
    const tokens = new XsrfTokens('secret');
    const anon = tokens.issue('anonymous');
    expect(tokens.verify(anon, anon, 'anonymous')).toBe(true);
    expect(tokens.verify(anon, anon, 'session-a')).toBe(false);
    expect(new XsrfTokens('other').verify(anon, anon, 'anonymous')).toBe(false);
    const invented = `${'a'.repeat(32)}.${'b'.repeat(43)}`;
    expect(tokens.verify(invented, invented, 'anonymous')).toBe(false);
    expect(tokens.verify(anon, tokens.issue('anonymous'), 'anonymous')).toBe(false);
  });
});

describe.each(ENGINES)('hardening over HTTP (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, { rateLimits: { loginPerIp: 0 } });
    await seedUser(t.db, { document: '5550001', email: 'xsrf@example.co' });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('refuses a cookie/header pair the client invented (419)', async () => {
    const invented = `${'a'.repeat(32)}.${'b'.repeat(43)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { cookie: `XSRF-TOKEN=${invented}`, 'x-xsrf-token': invented },
      payload: { document: '5550001', password: 'secreto123' },
    });
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toBe(MESSAGES.xsrf);
    // …and hands out a real one, so a browser's refresh-and-retry goes through.
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).not.toBe(invented);
  });

  it('binds a fresh token to the session at sign-in; the anonymous one no longer works', async () => {
    const client = await new TestClient(app).init();
    const anonymous = client.xsrf;
    expect((await client.login('5550001', 'secreto123')).statusCode).toBe(200);
    expect(client.xsrf).not.toBe(anonymous);
    expect((await client.post('me')).statusCode).toBe(200);

    const stale = await app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: {
        cookie: `XSRF-TOKEN=${anonymous}`,
        'x-xsrf-token': anonymous,
        authorization: client.token,
      },
    });
    expect(stale.statusCode).toBe(419);
    const renewed = stale.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    // The client's retry: csrf-cookie keeps the renewed token, then the call passes.
    const refresh = await app.inject({
      method: 'GET',
      url: '/api/v1/csrf-cookie',
      headers: { cookie: `XSRF-TOKEN=${renewed}` },
    });
    expect(refresh.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(renewed);
    const retried = await app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: {
        cookie: `XSRF-TOKEN=${renewed}`,
        'x-xsrf-token': renewed,
        authorization: client.token,
      },
    });
    expect(retried.statusCode).toBe(200);

    // Another learner's session token cannot be used with this one's XSRF token.
    const other = await new TestClient(app).init();
    await seedUser(t.db, { document: '5550002', email: 'otro@example.co' });
    expect((await other.login('5550002', 'secreto123')).statusCode).toBe(200);
    const crossed = await app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: {
        cookie: `XSRF-TOKEN=${client.xsrf}`,
        'x-xsrf-token': client.xsrf,
        authorization: other.token,
      },
    });
    expect(crossed.statusCode).toBe(419);
  });

  it('rehashes a weaker stored hash on the next successful sign-in', async () => {
    await seedUser(t.db, { document: '5550003', email: 'rehash@example.co' });
    const before = await t.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE document = '5550003'`,
    );
    expect(before[0]!.password_hash.split('$')[1]).toBe('1024');
    vi.stubEnv('CURSO_SST_SCRYPT_LOG2N', '11');
    try {
      const client = await new TestClient(app).init();
      expect((await client.login('5550003', 'wrong')).statusCode).toBe(401);
      const unchanged = await t.db.query<{ password_hash: string }>(
        `SELECT password_hash FROM users WHERE document = '5550003'`,
      );
      expect(unchanged[0]!.password_hash).toBe(before[0]!.password_hash);
      expect((await client.login('5550003', 'secreto123')).statusCode).toBe(200);
      const after = await t.db.query<{ password_hash: string }>(
        `SELECT password_hash FROM users WHERE document = '5550003'`,
      );
      expect(after[0]!.password_hash.split('$')[1]).toBe('2048');
      expect((await client.login('5550003', 'secreto123')).statusCode).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('counts sign-ins per address behind TRUST_PROXY=1 by the proxy-given hop, not a spoofed one', async () => {
    const proxied = await testApp(t.db, { trustProxy: 1, rateLimits: { loginPerIp: 2 } });
    try {
      const client = await new TestClient(proxied).init();
      const statuses: number[] = [];
      for (let i = 1; i <= 3; i++) {
        const response = await proxied.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: client.headers({ 'x-forwarded-for': `9.9.9.${i}, 203.0.113.7` }),
          payload: { document: '5550001', password: 'secreto123' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await proxied.close();
    }
  });
});
