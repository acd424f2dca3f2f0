// The web app inside an LMS's frame (record 0298): only the company's live registrations may
// frame the app, and only on an address naming that company; everyone else stays refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, testApp, type TestDb } from '../test-support.ts';
import { companyDb, forCompanyOf } from '../db/company-scope.ts';
import { createCompany } from '../db/company-store.ts';
import { insertRegistration, revokeRegistration } from './registrations.ts';
import { withFrameAncestors } from './frame-ancestors.ts';

const register = (db: Parameters<typeof insertRegistration>[0], issuer: string, auth: string) =>
  insertRegistration(db, {
    platformName: 'Moodle',
    issuer,
    clientId: `cliente-${issuer}`,
    authUrl: auth,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    registeredVia: 'manual',
    deploymentIds: ['1'],
    createdByName: 'Carla Coordinadora',
  });

describe('withFrameAncestors', () => {
  it("adds the origins to the policy's frame-ancestors only", () => {
    expect(
      withFrameAncestors("default-src 'self';frame-ancestors 'self';form-action 'self'", [
        'https://moodle.co',
      ]),
    ).toBe("default-src 'self';frame-ancestors 'self' https://moodle.co;form-action 'self'");
  });
});

describe.each(ENGINES)('who may frame the app (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let web: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'curso-sst-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html lang="es"><title>Curso</title>');
    t = await openTestDb(engine);
    // Each registration in its company, as the console writes it (behind the wall).
    const walled = companyDb(t.db);
    const acme = await createCompany(t.db, 'Constructora Acme', 'acme');
    const other = await createCompany(t.db, 'Otra', 'otra');
    await register(
      forCompanyOf(walled, acme),
      'https://moodle.acme.co',
      'https://moodle.acme.co/auth',
    );
    await register(
      forCompanyOf(walled, acme),
      'https://canvas.instructure.com',
      'https://sso.canvaslms.com/api/lti/authorize_redirect',
    );
    const revoked = await register(
      forCompanyOf(walled, acme),
      'https://viejo.acme.co',
      'https://viejo.acme.co/auth',
    );
    await revokeRegistration(forCompanyOf(walled, acme), revoked.id, 'Carla');
    await register(forCompanyOf(walled, other), 'https://lms.otra.co', 'https://lms.otra.co/auth');
    app = await testApp(t.db, { webDir: web });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    rmSync(web, { recursive: true, force: true });
  });

  const ancestorsOf = (policy: unknown) =>
    /frame-ancestors ([^;]*)/.exec(String(policy))?.[1]?.split(' ') ?? [];

  it("lets the company's live registrations frame the app at its address", async () => {
    const page = await app.inject({ method: 'GET', url: '/?empresa=acme' });
    expect(page.statusCode).toBe(200);
    expect(ancestorsOf(page.headers['content-security-policy']).sort()).toEqual(
      [
        "'self'",
        'https://canvas.instructure.com',
        'https://moodle.acme.co',
        'https://sso.canvaslms.com',
      ].sort(),
    );
    expect(page.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps every other address unframeable by other sites', async () => {
    for (const url of ['/', '/?empresa=otra-que-no-existe', '/?empresa=%3Cx%3E']) {
      const page = await app.inject({ method: 'GET', url });
      expect(ancestorsOf(page.headers['content-security-policy'])).toEqual(["'self'"]);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const other = await app.inject({ method: 'GET', url: '/?empresa=otra' });
    expect(ancestorsOf(other.headers['content-security-policy'])).toEqual([
      "'self'",
      'https://lms.otra.co',
    ]);
    // An API answer is no page to frame.
    const api = await app.inject({ method: 'GET', url: '/api/v1/csrf-cookie?empresa=acme' });
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
