// Behaviour of the API: sign-in, tokens, XSRF, rate limits, progress rules, certificate hook,
// static serving and headers. One database per engine (see test-support.ts).
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  seedUser,
  signedInLearner,
  testApp,
  TestClient,
  type TestDb,
} from './test-support.ts';
import { MESSAGES } from './messages.ts';
import type { PublicUser } from './db/store.ts';

const HOOK_TIMEOUT = 120_000;

describe.each(ENGINES)('API (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let user: PublicUser;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, { rateLimits: { failuresPerAccount: 3, loginPerIp: 0 } });
    user = await seedUser(t.db);
    await seedUser(t.db, {
      document: 'CE-778899',
      email: 'Luis@Example.co',
      name: 'Luis Gómez',
      password: 'clave-luis',
    });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  describe('csrf-cookie and XSRF', () => {
    it('answers 204 and sets a JS-readable XSRF-TOKEN cookie', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' });
      expect(response.statusCode).toBe(204);
      const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.value).toMatch(/^[\w-]{20,}\.[\w-]{20,}$/);
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.path).toBe('/');
    });

    it('sets the cookie on any response when absent, and not when present', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
      expect(first.statusCode).toBe(404);
      const value = first.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
      expect(value).toBeTruthy();
      const again = await app.inject({
        method: 'GET',
        url: '/api/v1/nothing-here',
        headers: { cookie: `XSRF-TOKEN=${value}` },
      });
      expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    });

    it('refuses non-GET calls without a matching header (419) and accepts URL-encoded echoes', async () => {
      const client = await new TestClient(app).init();
      const missing = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { cookie: `XSRF-TOKEN=${client.xsrf}` },
        payload: {},
      });
      expect(missing.statusCode).toBe(419);
      expect(missing.json().message).toBe(MESSAGES.xsrf);
      const ok = await client.login('1020304050', 'secreto123');
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('auth', () => {
    it('signs in by document (dots and spaces ignored) and returns token and user', async () => {
      const client = await new TestClient(app).init();
      const response = await client.login(' 1.020.304.050 ', 'secreto123');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.token).toMatch(/^[\w-]{40,}$/);
      expect(body.user).toMatchObject({
        id: user.id,
        name: 'Ana Pérez',
        document: '1020304050',
        email: 'ana@example.co',
        score: 0,
        url_certificate: null,
      });
      expect(body.user).toHaveProperty('route');
      expect(body.user).not.toHaveProperty('password_hash');
    });

    it('signs in by email (case-insensitive), as JSON or urlencoded form', async () => {
      const client = await new TestClient(app).init();
      const byJson = await client.post('auth/login', {
        email: 'luis@example.CO',
        password: 'clave-luis',
      });
      expect(byJson.statusCode).toBe(200);
      const byForm = await client.post(
        'auth/login',
        'document=luis%40example.co&password=clave-luis',
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
      expect(byForm.statusCode).toBe(200);
      expect(byForm.json().user.document).toBe('CE-778899');
    });

    it('stores tokens hashed, never raw', async () => {
      const client = await new TestClient(app).init();
      await client.login('1020304050', 'secreto123');
      const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM tokens');
      expect(rows.some((r) => r.token_hash === client.token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });

    it('me answers the user; accepts "Bearer " leniently; logout revokes the token', async () => {
      const client = await new TestClient(app).init();
      await client.login('1020304050', 'secreto123');
      const me = await client.post('me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ success: true, user: { id: user.id } });
      const bearer = await client.post('me', undefined, {
        authorization: `Bearer ${client.token}`,
      });
      expect(bearer.statusCode).toBe(200);
      expect((await client.post('logout')).json()).toEqual({ success: true });
      expect((await client.post('me')).statusCode).toBe(401);
    });

    it('expired tokens answer 401', async () => {
      const short = await testApp(t.db, { tokenTtlMs: 1 });
      try {
        const client = await new TestClient(short).init();
        expect((await client.login('1020304050', 'secreto123')).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 20));
        const me = await client.post('me');
        expect(me.statusCode).toBe(401);
        expect(me.json().message).toBe(MESSAGES.unauthorized);
      } finally {
        await short.close();
      }
    });

    it('limits failed sign-ins per account (document and correo together) with a short wait', async () => {
      const client = await new TestClient(app).init();
      expect((await client.login('CE-778899', 'wrong-pass')).statusCode).toBe(401);
      expect(
        (await client.post('auth/login', { email: 'luis@example.co', password: 'x' })).statusCode,
      ).toBe(401);
      expect((await client.login('CE-778899', 'wrong-pass')).statusCode).toBe(401);
      const blocked = await client.login('CE-778899', 'clave-luis');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(MESSAGES.loginWait(30));
      expect(blocked.headers['retry-after']).toBe('30');
      const byEmail = await client.post('auth/login', {
        email: 'luis@example.co',
        password: 'clave-luis',
      });
      expect(byEmail.statusCode).toBe(429);
      // Other accounts are not affected.
      expect((await client.login('1020304050', 'secreto123')).statusCode).toBe(200);
    });

    it('limits sign-in attempts per address with 429', async () => {
      const limited = await testApp(t.db, { rateLimits: { loginPerIp: 2 } });
      try {
        const client = await new TestClient(limited).init();
        expect((await client.login('1020304050', 'secreto123')).statusCode).toBe(200);
        expect((await client.login('1020304050', 'secreto123')).statusCode).toBe(200);
        const third = await client.login('1020304050', 'secreto123');
        expect(third.statusCode).toBe(429);
        expect(third.json()).toEqual({ success: false, message: MESSAGES.tooManyAttempts });
      } finally {
        await limited.close();
      }
    });

    it('checks reCAPTCHA only when a secret is configured', async () => {
      const seen: string[] = [];
      const withCaptcha = await testApp(t.db, {
        recaptcha: {
          secret: 's',
          verify: async (token) => (
            seen.push(token),
            { success: token === 'good', score: 0.9, action: 'homepage' }
          ),
        },
      });
      try {
        const client = await new TestClient(withCaptcha).init();
        const none = await client.post('auth/login', {
          document: '1020304050',
          password: 'secreto123',
        });
        expect(none.statusCode).toBe(422);
        expect(none.json().message).toBe(MESSAGES.recaptchaFailed);
        const bad = await client.post('auth/login', {
          document: '1020304050',
          password: 'secreto123',
          recaptcha_token: 'bad',
        });
        expect(bad.statusCode).toBe(422);
        const good = await client.post('auth/login', {
          document: '1020304050',
          password: 'secreto123',
          recaptcha_token: 'good',
        });
        expect(good.statusCode).toBe(200);
        expect(seen).toEqual(['bad', 'good']);
        expect(withCaptcha.printRoutes).toBeDefined();
        const csp = (await withCaptcha.inject({ method: 'GET', url: '/api/v1/csrf-cookie' }))
          .headers['content-security-policy'];
        expect(csp).toContain('https://www.google.com/recaptcha/');
      } finally {
        await withCaptcha.close();
      }
    });
  });

  describe('update-user', () => {
    let client: TestClient;
    let id: string;

    beforeAll(async () => {
      const learner = await seedUser(t.db, { document: '3003003003', email: 'p@example.co' });
      id = String(learner.id);
      client = await new TestClient(app).init();
      await client.login('3003003003', 'secreto123');
    }, HOOK_TIMEOUT);

    it('stores score and route, and merges routes so a viewed topic stays viewed', async () => {
      const first = await client.updateUser({ id, score: '20', route: '0,1,2-0-{}-{}-{}' });
      expect(first.statusCode).toBe(200);
      expect(first.json().user).toMatchObject({ score: 20, route: '0,1,2-0-{}-{}-{}' });
      // An older client state (fewer topics) must not erase what was viewed.
      const second = await client.updateUser({ id, score: '0', route: '{}-1-{}-{}-{}' });
      expect(second.json()).toMatchObject({
        success: true,
        user: { score: 20, route: '0,1,2-0,1-{}-{}-{}' },
      });
    });

    it('never lowers the score', async () => {
      await client.updateUser({ id, score: '40', route: '0,1,2-0,1,2-{}-{}-{}' });
      const lower = await client.updateUser({ id, score: '20', route: '0' });
      expect(lower.json().user.score).toBe(40);
    });

    it('caps a claimed score at what the merged route proves', async () => {
      const claim = await client.updateUser({ id, score: '100', route: '0,1,2-0,1,2-0-{}-{}' });
      expect(claim.json().user.score).toBe(40);
      expect(claim.json().user.completed_at).toBeNull();
    });

    it('drops route indexes out of range instead of failing', async () => {
      const response = await client.updateUser({
        id,
        score: '40',
        route: '0,1,2,9-{}-{}-{}-{}-0,1',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.route).toBe('0,1,2-0,1,2-0-{}-{}');
    });

    it('records completion, final_terms and the bookmark', async () => {
      const done = await client.updateUser({
        id,
        score: '100',
        route: FULL_ROUTE,
        final_terms: '1',
        current_location: 'modulo5-actividad',
      });
      expect(done.statusCode).toBe(200);
      const saved = done.json().user;
      expect(saved).toMatchObject({
        score: 100,
        route: FULL_ROUTE,
        final_terms: true,
        current_location: 'modulo5-actividad',
      });
      expect(saved.completed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('accepts JSON and urlencoded bodies too', async () => {
      const viaJson = await client.post('update-user', {
        id: Number(id),
        score: 100,
        route: FULL_ROUTE,
      });
      expect(viaJson.statusCode).toBe(200);
      const viaForm = await client.post(
        'update-user',
        `id=${id}&score=100&route=${encodeURIComponent(FULL_ROUTE)}`,
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
      expect(viaForm.statusCode).toBe(200);
    });

    it('refuses to update another learner (403)', async () => {
      const response = await client.updateUser({
        id: String(user.id),
        score: '100',
        route: FULL_ROUTE,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.forbidden);
    });
  });

  describe('download-certificate', () => {
    it('says why with success:false until the course is complete', async () => {
      const client = await new TestClient(app).init();
      await client.login('1020304050', 'secreto123');
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/download-certificate',
        headers: client.headers(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: false,
        message: MESSAGES.certificateNeedsCompletion,
      });
    });

    it('without an issuer says certificates are not available yet', async () => {
      const { client } = await signedInLearner(
        app,
        t.db,
        { document: '4004004004' },
        { complete: true },
      );
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/download-certificate',
        headers: client.headers(),
      });
      expect(response.json()).toEqual({ success: false, message: MESSAGES.certificateUnavailable });
    });

    it('calls the issuer once, stores a unique code, and returns the same url_file afterwards', async () => {
      const calls: { code: string; name: string }[] = [];
      const withIssuer = await testApp(t.db, {
        certificateIssuer: async ({ user: u, code }) => {
          calls.push({ code, name: u.name });
          return { url_file: `/certificados/${code}.pdf` };
        },
      });
      try {
        const { client } = await signedInLearner(
          withIssuer,
          t.db,
          { document: '5005005005', name: 'Rosa Díaz' },
          { complete: true },
        );
        const get = () =>
          withIssuer.inject({
            method: 'GET',
            url: '/api/v1/download-certificate',
            headers: client.headers(),
          });
        const first = (await get()).json();
        const second = (await get()).json();
        expect(first.success).toBe(true);
        expect(first.url_file).toMatch(
          /^\/certificados\/SST-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\.pdf$/,
        );
        expect(second.url_file).toBe(first.url_file);
        expect(first.user.url_certificate).toBe(first.url_file);
        expect(calls).toHaveLength(1);
        expect(calls[0]!.name).toBe('Rosa Díaz');
        const page = await withIssuer.inject({
          method: 'GET',
          url: `/verificar/${calls[0]!.code}`,
        });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Rosa Díaz');
        expect(
          (await withIssuer.inject({ method: 'GET', url: '/verificar/SST-NOPE-NOPE-NOPE' }))
            .statusCode,
        ).toBe(404);
      } finally {
        await withIssuer.close();
      }
    });
  });
});

describe('static files and headers', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let webDir: string;
  const inline = 'document.documentElement.classList.add("js")';

  beforeAll(async () => {
    t = await openTestDb('pglite');
    webDir = mkdtempSync(join(tmpdir(), 'curso-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      `<!doctype html><html lang="es"><script>${inline}</script><div id="root"></div></html>`,
    );
    writeFileSync(join(webDir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
    const preview = mkdtempSync(join(tmpdir(), 'curso-preview-'));
    writeFileSync(join(preview, 'index.html'), '<!doctype html><title>preview</title>');
    app = await testApp(t.db, { webDir, lmsPreviewDir: preview });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('serves index.html for app paths (history fallback), never for missing files or API paths', async () => {
    for (const path of ['/', '/menu', '/contenido/modulo1-tema2', '/auth/login']) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(
      404,
    );
    const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, message: MESSAGES.notFound });
  });

  it('caches hashed assets for a year and revalidates HTML', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/menu' })).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it('serves the LMS preview', async () => {
    const response = await app.inject({ method: 'GET', url: '/lms-preview/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('preview');
  });

  it('sends security headers with a CSP that allows exactly the inline scripts of the build', async () => {
    const response = await app.inject({ method: 'GET', url: '/menu' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
