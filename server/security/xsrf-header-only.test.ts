// XSRF without cookies (record 0298): the app in an LMS's third-party iframe keeps no cookie, so
// the server hands the token in the `x-xsrf-token` header too, and a call WITHOUT an XSRF cookie
// passes on its header alone when that token was issued for the session its bearer token names.
// A call WITH a cookie keeps the double-submit rule (decision 0051).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, seedUser, testApp, type TestDb } from '../test-support.ts';
import { MESSAGES } from '../messages.ts';
import { bindingForToken, XsrfTokens } from './xsrf.ts';

const HOOK_TIMEOUT = 120_000;

describe('XsrfTokens.verify without a cookie', () => {
  const tokens = new XsrfTokens('secreto-de-prueba');
  const session = bindingForToken('token-de-ana-0123456789abcdef');

  it('accepts a header-only token issued for this session', () => {
    expect(tokens.verify(undefined, tokens.issue(session), session)).toBe(true);
  });

  it("refuses another session's token, an invented one, and an anonymous binding", () => {
    const other = tokens.issue(bindingForToken('token-de-beto-0123456789abcdef'));
    expect(tokens.verify(undefined, other, session)).toBe(false);
    expect(tokens.verify(undefined, `${'a'.repeat(32)}.${'b'.repeat(43)}`, session)).toBe(false);
    expect(tokens.verify(undefined, 'nada', session)).toBe(false);
    expect(tokens.verify(undefined, undefined, session)).toBe(false);
    const anonymous = bindingForToken('');
    expect(tokens.verify(undefined, tokens.issue(anonymous), anonymous)).toBe(false);
  });

  it('keeps the double-submit rule when a cookie came', () => {
    const mine = tokens.issue(session);
    expect(tokens.verify(mine, mine, session)).toBe(true);
    // A cookie that differs from the header fails, even when the header alone would verify.
    expect(tokens.verify(tokens.issue(session), mine, session)).toBe(false);
    expect(tokens.verify('', mine, session)).toBe(false);
  });
});

describe.each(ENGINES)('XSRF by header only over HTTP (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, { rateLimits: { loginPerIp: 0 } });
    await seedUser(t.db, { document: '7770001', email: 'marco@example.co' });
    await seedUser(t.db, { document: '7770002', email: 'otra@example.co' });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  /** Signs in as a browser that keeps no cookie would: the XSRF token read from a header. */
  async function cookieless(document: string) {
    const first = await app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' });
    const anonymous = first.headers['x-xsrf-token'];
    expect(typeof anonymous).toBe('string');
    expect(anonymous).toBe(first.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value);
    // Anonymous calls still need the cookie: a cookieless sign-in keeps the cookie pair here.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { cookie: `XSRF-TOKEN=${String(anonymous)}`, 'x-xsrf-token': String(anonymous) },
      payload: { document, password: 'secreto123' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    // Sign-in answers the fresh token bound to the session in its header too.
    const bound = login.headers['x-xsrf-token'];
    expect(bound).toBe(login.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value);
    return { token, xsrf: String(bound) };
  }

  const postMe = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/me', headers });

  it('accepts a call without cookie whose header token belongs to its session', async () => {
    const ana = await cookieless('7770001');
    const response = await postMe({ authorization: ana.token, 'x-xsrf-token': ana.xsrf });
    expect(response.statusCode).toBe(200);
  });

  it('csrf-cookie with the bearer token answers a header token bound to that session', async () => {
    const ana = await cookieless('7770001');
    const fresh = await app.inject({
      method: 'GET',
      url: '/api/v1/csrf-cookie',
      headers: { authorization: ana.token },
    });
    const xsrf = String(fresh.headers['x-xsrf-token']);
    expect(xsrf).not.toBe(ana.xsrf);
    expect((await postMe({ authorization: ana.token, 'x-xsrf-token': xsrf })).statusCode).toBe(200);
  });

  it('refuses a header-only token of another session, an invented one, or none (419)', async () => {
    const ana = await cookieless('7770001');
    const beto = await cookieless('7770002');
    const invented = `${'a'.repeat(32)}.${'b'.repeat(43)}`;
    for (const xsrf of [beto.xsrf, invented]) {
      const refused = await postMe({ authorization: ana.token, 'x-xsrf-token': xsrf });
      expect(refused.statusCode).toBe(419);
      expect(refused.json().message).toBe(MESSAGES.xsrf);
      // The 419 hands a token for this session in the header, so the client's retry passes.
      const renewed = String(refused.headers['x-xsrf-token']);
      expect((await postMe({ authorization: ana.token, 'x-xsrf-token': renewed })).statusCode).toBe(
        200,
      );
    }
    expect((await postMe({ authorization: ana.token })).statusCode).toBe(419);
  });

  it('refuses a header-only token without a bearer token (anonymous calls need the cookie)', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' });
    const anonymous = String(first.headers['x-xsrf-token']);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-xsrf-token': anonymous },
      payload: { document: '7770001', password: 'secreto123' },
    });
    expect(login.statusCode).toBe(419);
  });

  it('keeps the double-submit rule when the call carries a cookie', async () => {
    const ana = await cookieless('7770001');
    const other = await cookieless('7770001');
    // The header alone would verify, but the cookie sent differs from it.
    const mixed = await postMe({
      authorization: ana.token,
      cookie: `XSRF-TOKEN=${other.xsrf}`,
      'x-xsrf-token': ana.xsrf,
    });
    expect(mixed.statusCode).toBe(419);
    const paired = await postMe({
      authorization: ana.token,
      cookie: `XSRF-TOKEN=${ana.xsrf}`,
      'x-xsrf-token': ana.xsrf,
    });
    expect(paired.statusCode).toBe(200);
  });
});
