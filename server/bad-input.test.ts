// The table-driven bad-input test (decision 0019): every malformed, oversized, hostile or
// unauthorised request gets the right 4xx with a Spanish message from server/messages.ts,
// none reaches a 500, and the stored data is exactly as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  ENGINES,
  multipart,
  openTestDb,
  seedUser,
  testApp,
  TestClient,
  type TestDb,
} from './test-support.ts';
import { MESSAGES } from './messages.ts';
import { hashToken } from './security/tokens.ts';

const SPANISH = new Set<string>(Object.values(MESSAGES).filter((m) => typeof m === 'string'));

interface Ctx {
  client: TestClient;
  ownId: number;
  otherId: number;
  expiredToken: string;
  revokedToken: string;
  /** An XSRF token bound to no session (security/xsrf.ts), for calls without a sign-in token. */
  anonymousXsrf: string;
}

/** Headers of a call made without a sign-in token, with a matching anonymous XSRF pair. */
const noToken = (c: Ctx) => ({
  authorization: '',
  cookie: `XSRF-TOKEN=${c.anonymousXsrf}`,
  'x-xsrf-token': c.anonymousXsrf,
});

interface Case {
  name: string;
  status: 400 | 401 | 403 | 404 | 408 | 413 | 419 | 422 | 429 | 431;
  request(ctx: Ctx): InjectOptions;
}

const api = (path: string) => `/api/v1/${path}`;

function update(
  ctx: Ctx,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): InjectOptions {
  const { body, contentType } = multipart(fields);
  return {
    method: 'POST',
    url: api('update-user'),
    headers: { ...ctx.client.headers({ 'content-type': contentType }), ...headers },
    payload: body,
  };
}

const valid = (ctx: Ctx) => ({ id: String(ctx.ownId), score: '40', route: '0,1,2-0,1,2-{}-{}-{}' });

const json = (
  ctx: Ctx,
  path: string,
  payload: string,
  extra: Record<string, string> = {},
): InjectOptions => ({
  method: 'POST',
  url: api(path),
  headers: ctx.client.headers({ 'content-type': 'application/json', ...extra }),
  payload,
});

const CASES: Case[] = [
  // --- tokens
  {
    name: 'update-user without token',
    status: 401,
    request: (c) => update(c, valid(c), noToken(c)),
  },
  {
    name: 'update-user with unknown token',
    status: 401,
    request: (c) => update(c, valid(c), { authorization: 'x'.repeat(43) }),
  },
  {
    name: 'update-user with expired token',
    status: 401,
    request: (c) => update(c, valid(c), { authorization: c.expiredToken }),
  },
  {
    name: 'update-user with revoked token',
    status: 401,
    request: (c) => update(c, valid(c), { authorization: c.revokedToken }),
  },
  {
    name: 'token with SQL in it',
    status: 401,
    request: (c) => update(c, valid(c), { authorization: "' OR 1=1 --" }),
  },
  {
    name: 'me without token',
    status: 401,
    request: (c) => json(c, 'me', '{}', noToken(c)),
  },
  {
    name: 'logout with unknown token',
    status: 401,
    request: (c) => json(c, 'logout', '{}', { authorization: 'y'.repeat(43) }),
  },
  // --- XSRF
  {
    name: 'missing X-XSRF-TOKEN header',
    status: 419,
    request: (c) => update(c, valid(c), { 'x-xsrf-token': '' }),
  },
  {
    name: 'mismatched X-XSRF-TOKEN header',
    status: 419,
    request: (c) => update(c, valid(c), { 'x-xsrf-token': 'z'.repeat(43) }),
  },
  // Without a cookie only a header token issued for the bearer's session stands alone (record
  // 0295, an LMS's third-party frame): an invented one, or a signed-out call, does not.
  {
    name: 'XSRF header without its cookie, not issued for the session',
    status: 419,
    request: (c) =>
      update(c, valid(c), { cookie: '', 'x-xsrf-token': `${'a'.repeat(32)}.${'b'.repeat(43)}` }),
  },
  {
    name: 'XSRF header without its cookie, signed out',
    status: 419,
    request: (c) =>
      json(c, 'auth/login', '{"document":"1020304050","password":"secreto123"}', {
        cookie: '',
        authorization: '',
      }),
  },
  {
    name: 'login without XSRF',
    status: 419,
    request: (c) =>
      json(c, 'auth/login', '{"document":"1020304050","password":"secreto123"}', {
        'x-xsrf-token': '',
      }),
  },
  // --- another learner
  {
    name: "another learner's id",
    status: 403,
    request: (c) => update(c, { ...valid(c), id: String(c.otherId) }),
  },
  {
    name: 'an id that does not exist',
    status: 403,
    request: (c) => update(c, { ...valid(c), id: '999999' }),
  },
  // --- update-user fields
  { name: 'id missing', status: 422, request: (c) => update(c, { score: '40', route: '0' }) },
  { name: 'id not a number', status: 422, request: (c) => update(c, { ...valid(c), id: 'abc' }) },
  { name: 'id negative', status: 422, request: (c) => update(c, { ...valid(c), id: '-1' }) },
  { name: 'id with SQL', status: 422, request: (c) => update(c, { ...valid(c), id: '1 OR 1=1' }) },
  { name: 'id repeated', status: 422, request: (c) => repeatField(c) },
  {
    name: 'score missing',
    status: 422,
    request: (c) => update(c, { id: String(c.ownId), route: '0' }),
  },
  {
    name: 'score not a number',
    status: 422,
    request: (c) => update(c, { ...valid(c), score: 'abc' }),
  },
  {
    name: 'score above 100',
    status: 422,
    request: (c) => update(c, { ...valid(c), score: '101' }),
  },
  { name: 'score negative', status: 422, request: (c) => update(c, { ...valid(c), score: '-5' }) },
  { name: 'score NaN', status: 422, request: (c) => update(c, { ...valid(c), score: 'NaN' }) },
  {
    name: 'score huge exponent',
    status: 422,
    request: (c) => update(c, { ...valid(c), score: '1e309' }),
  },
  {
    name: 'score as JSON object',
    status: 422,
    request: (c) => json(c, 'update-user', JSON.stringify({ id: c.ownId, score: { $gt: 0 } })),
  },
  {
    name: 'route with SQL',
    status: 422,
    request: (c) => update(c, { ...valid(c), route: "0'); DROP TABLE users; --" }),
  },
  {
    name: 'route with markup',
    status: 422,
    request: (c) => update(c, { ...valid(c), route: '<script>alert(1)</script>' }),
  },
  {
    name: 'route too long',
    status: 422,
    request: (c) => update(c, { ...valid(c), route: '0,'.repeat(600) + '0' }),
  },
  {
    name: 'route as JSON array',
    status: 422,
    request: (c) =>
      json(c, 'update-user', JSON.stringify({ id: c.ownId, score: 40, route: [1, 2] })),
  },
  {
    name: 'final_terms other than 1',
    status: 422,
    request: (c) => update(c, { ...valid(c), final_terms: '2' }),
  },
  {
    name: 'current_location with control characters',
    status: 422,
    request: (c) => update(c, { ...valid(c), current_location: 'menu\u0000x' }),
  },
  { name: 'a file in the form', status: 422, request: (c) => withFile(c) },
  // --- malformed bodies
  {
    name: 'malformed JSON',
    status: 400,
    request: (c) => json(c, 'update-user', '{"id": 1, "score": '),
  },
  { name: 'JSON array body', status: 400, request: (c) => json(c, 'update-user', '[1,2,3]') },
  { name: 'broken multipart', status: 400, request: (c) => brokenMultipart(c) },
  {
    name: 'unsupported content type',
    status: 400,
    request: (c) => json(c, 'update-user', '<x/>', { 'content-type': 'application/xml' }),
  },
  {
    name: 'oversized body',
    status: 413,
    request: (c) => update(c, { ...valid(c), current_location: 'a'.repeat(40_000) }),
  },
  {
    name: 'oversized JSON login',
    status: 413,
    request: (c) =>
      json(c, 'auth/login', JSON.stringify({ document: '1', password: 'p'.repeat(40_000) })),
  },
  // --- login
  {
    name: 'login without password',
    status: 422,
    request: (c) => json(c, 'auth/login', '{"document":"1020304050"}'),
  },
  {
    name: 'login without document',
    status: 422,
    request: (c) => json(c, 'auth/login', '{"password":"secreto123"}'),
  },
  {
    name: 'login with empty body',
    status: 422,
    request: (c) => ({ method: 'POST', url: api('auth/login'), headers: c.client.headers() }),
  },
  {
    name: 'login document with SQL',
    status: 422,
    request: (c) =>
      json(c, 'auth/login', JSON.stringify({ document: "' OR '1'='1", password: 'x' })),
  },
  {
    name: 'login email with SQL',
    status: 422,
    request: (c) =>
      json(c, 'auth/login', JSON.stringify({ email: "a@b.co' OR 1=1 --", password: 'x' })),
  },
  {
    name: 'login password as array',
    status: 422,
    request: (c) =>
      json(c, 'auth/login', JSON.stringify({ document: '1020304050', password: ['a'] })),
  },
  {
    name: 'login document as object',
    status: 422,
    request: (c) => json(c, 'auth/login', JSON.stringify({ document: { a: 1 }, password: 'x' })),
  },
  {
    name: 'login wrong password',
    status: 401,
    request: (c) =>
      json(c, 'auth/login', JSON.stringify({ document: '1020304050', password: 'nope-nope' })),
  },
  {
    name: 'login unknown document',
    status: 401,
    request: (c) =>
      json(c, 'auth/login', JSON.stringify({ document: '99999999', password: 'secreto123' })),
  },
  // --- routes
  {
    name: 'unknown API route',
    status: 404,
    request: () => ({ method: 'GET', url: api('no-such-thing') }),
  },
  {
    name: 'wrong method on a known route',
    status: 404,
    request: (c) => json(c, 'download-certificate', '{}'),
  },
  // --- framework error paths (raw-socket cases are in framework-errors.test.ts)
  {
    name: 'bad percent-encoding in an API path',
    status: 400,
    request: () => ({ method: 'GET', url: '/api/v1/%ff' }),
  },
  {
    name: 'bad percent-encoding under /assets/',
    status: 400,
    request: () => ({ method: 'GET', url: '/assets/%ff.js' }),
  },
  {
    name: 'bad percent-encoding in a POST path',
    status: 400,
    request: (c) => json(c, '%e0%80', '{}'),
  },
  {
    name: 'XSRF pair the client invented',
    status: 419,
    request: (c) =>
      update(c, valid(c), {
        cookie: `XSRF-TOKEN=${'a'.repeat(32)}.${'b'.repeat(43)}`,
        'x-xsrf-token': `${'a'.repeat(32)}.${'b'.repeat(43)}`,
      }),
  },
  {
    name: 'anonymous XSRF token after sign-in',
    status: 419,
    request: (c) =>
      update(c, valid(c), {
        cookie: `XSRF-TOKEN=${c.anonymousXsrf}`,
        'x-xsrf-token': c.anonymousXsrf,
      }),
  },
  {
    name: 'two files in the form',
    status: 422,
    request: (c) => {
      const b = 'files2';
      const file = (n: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="${n}"; filename="${n}.csv"\r\nContent-Type: text/csv\r\n\r\n1,2\r\n`;
      return {
        method: 'POST',
        url: api('update-user'),
        headers: c.client.headers({ 'content-type': `multipart/form-data; boundary=${b}` }),
        payload: `${file('a')}${file('b')}--${b}--\r\n`,
      };
    },
  },
];

function repeatField(c: Ctx): InjectOptions {
  const boundary = 'rep';
  const part = (k: string, v: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  return {
    method: 'POST',
    url: api('update-user'),
    headers: c.client.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
    payload:
      part('id', String(c.ownId)) +
      part('id', String(c.otherId)) +
      part('score', '40') +
      `--${boundary}--\r\n`,
  };
}

function withFile(c: Ctx): InjectOptions {
  const b = 'file';
  return {
    method: 'POST',
    url: api('update-user'),
    headers: c.client.headers({ 'content-type': `multipart/form-data; boundary=${b}` }),
    payload:
      `--${b}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${c.ownId}\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="score"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\n100\r\n--${b}--\r\n`,
  };
}

function brokenMultipart(c: Ctx): InjectOptions {
  return {
    method: 'POST',
    url: api('update-user'),
    headers: c.client.headers({ 'content-type': 'multipart/form-data; boundary=zz' }),
    payload: `--zz\r\nContent-Disposition: form-data; name="id"\r\n\r\n${c.ownId}`,
  };
}

async function snapshot(t: TestDb) {
  return {
    users: await t.db.query('SELECT * FROM users ORDER BY id'),
    progress: await t.db.query('SELECT * FROM progress ORDER BY user_id'),
    certificates: await t.db.query('SELECT * FROM certificates ORDER BY id'),
    tokens: await t.db.query('SELECT id, revoked_at, expires_at FROM tokens ORDER BY id'),
  };
}

describe.each(ENGINES)('bad input (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  const ctx = {} as Ctx;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, { rateLimits: { failuresPerAccount: 1000, loginPerIp: 0 } });
    const own = await seedUser(t.db);
    const other = await seedUser(t.db, { document: '5060708090', email: 'otro@example.co' });
    ctx.ownId = own.id;
    ctx.otherId = other.id;
    ctx.anonymousXsrf = (await new TestClient(app).init()).xsrf;
    ctx.client = await new TestClient(app).init();
    expect((await ctx.client.login('1020304050', 'secreto123')).statusCode).toBe(200);
    // Some progress to protect.
    expect(
      (await ctx.client.updateUser({ id: String(own.id), score: '20', route: '0,1,2-0-{}-{}-{}' }))
        .statusCode,
    ).toBe(200);
    ctx.expiredToken = 'e'.repeat(43);
    await t.db.query(
      `INSERT INTO tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() - interval '1 minute')`,
      [own.id, hashToken(ctx.expiredToken)],
    );
    ctx.revokedToken = 'r'.repeat(43);
    await t.db.query(
      `INSERT INTO tokens (user_id, token_hash, expires_at, revoked_at) VALUES ($1, $2, now() + interval '1 hour', now())`,
      [own.id, hashToken(ctx.revokedToken)],
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('has at least 30 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('$name → $status', async (testCase) => {
    const before = await snapshot(t);
    const response = await app.inject(testCase.request(ctx));
    expect(response.statusCode).toBe(testCase.status);
    const body = response.json() as { success: boolean; message: string | string[] };
    expect(body.success).toBe(false);
    const messages = Array.isArray(body.message) ? body.message : [body.message];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages)
      expect(SPANISH.has(message), `not from the Spanish table: ${message}`).toBe(true);
    expect(response.body).not.toMatch(/stack|SELECT|INSERT|UPDATE |syntax error|at .*\.ts:/i);
    expect(await snapshot(t)).toEqual(before);
  });
});
