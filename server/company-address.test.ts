// A sign-in address per company (record 0288). Two companies whose learners share a document:
// company 1 (address `empresa-1`, and the plain address) and «Constructora Beta» (`beta`). A
// sign-in by document and password, or by document and code, at B's address reaches B's learner;
// at A's address, or with no address, A's; an address that names no company is refused with its
// own Spanish message. The console's sign-in at B's address looks in B only; gate-keys answers
// by slug; the page served at a company's address leaves the address on the phone (a cookie).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, seedUser, testApp, TestClient, type TestDb } from './test-support.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from './db/company-scope.ts';
import {
  companyById,
  createCompany,
  FIRST_COMPANY_ID,
  setCompanySlug,
} from './db/company-store.ts';
import { createUser } from './db/store.ts';
import { issueInvitations } from './invitations.ts';
import { hashToken } from './security/tokens.ts';
import { MESSAGES } from './messages.ts';
import { hiddenXsrf, ANDINA } from './console/console-fixture.ts';
import { esConsole } from './console/strings/es-console.ts';
import { COMPANY_COOKIE } from './routes/company-address.ts';

const DOCUMENT = '1010101010';
const A = { name: 'Ana Primera', password: 'clave-ana-111' };
const B = { name: 'Beto Segundo', password: 'clave-beto-222' };
const STAFF = { document: '52000111', password: 'Clave-Coordinacion-9' };
const COORDINATOR = { userId: null, name: 'Coordinadora de prueba' };
const FORM = 'application/x-www-form-urlencoded';

describe.each(ENGINES)('a sign-in address per company (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;
  let beta = 0;
  let aId = 0;
  let bId = 0;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, { console: { config: ANDINA } });
    wall = companyDb(t.db);
    beta = await createCompany(t.db, 'Constructora Beta', 'beta');
    const one = wall.forCompany(FIRST_COMPANY_ID);
    const two = wall.forCompany(beta);
    aId = (await seedUser(one, { document: DOCUMENT, name: A.name, password: A.password })).id;
    bId = (await seedUser(two, { document: DOCUMENT, name: B.name, password: B.password })).id;
    for (const db of [one, two])
      await createUser(db, {
        document: STAFF.document,
        name: 'Coordinación',
        email: null,
        password: STAFF.password,
        role: 'coordinador',
      });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const tokenCompany = async (token: string) =>
    (
      await wall
        .forCompany(ALL_COMPANIES)
        .query<{ company_id: number }>('SELECT company_id FROM tokens WHERE token_hash = $1', [
          hashToken(token),
        ])
    ).map((r) => Number(r.company_id));

  const login = async (password: string, empresa?: string, cookie?: string) => {
    const client = await new TestClient(app).init();
    return client.post(
      'auth/login',
      { document: DOCUMENT, password, ...(empresa === undefined ? {} : { empresa }) },
      cookie ? { cookie: `XSRF-TOKEN=${client.xsrf}; ${cookie}` } : {},
    );
  };

  it('company 1 has an address, and a new company one of its own or «empresa-<id>»', async () => {
    expect(await companyById(t.db, FIRST_COMPANY_ID)).toMatchObject({ slug: 'empresa-1' });
    const plain = await createCompany(t.db, 'Sin dirección elegida');
    expect(await companyById(t.db, plain)).toMatchObject({ slug: `empresa-${plain}` });
    expect(await setCompanySlug(t.db, plain, 'beta')).toBe(false);
    expect(await setCompanySlug(t.db, plain, 'obra-norte-2')).toBe(true);
    await expect(
      t.db.query("UPDATE companies SET slug = 'Mayúsculas' WHERE id = $1", [plain]),
    ).rejects.toThrow();
  });

  it('document and password: at B’s address B’s learner, at A’s or at none A’s', async () => {
    const atB = await login(B.password, 'beta');
    expect(atB.statusCode).toBe(200);
    expect(atB.json().user).toMatchObject({ id: bId, name: B.name });
    expect(await tokenCompany(atB.json().token)).toEqual([beta]);
    // A's password at B's address names no one there.
    expect((await login(A.password, 'beta')).statusCode).toBe(401);

    const atA = await login(A.password, 'empresa-1');
    expect(atA.json().user).toMatchObject({ id: aId, name: A.name });
    const none = await login(A.password);
    expect(none.json().user).toMatchObject({ id: aId, name: A.name });
    expect(await tokenCompany(none.json().token)).toEqual([FIRST_COMPANY_ID]);
    expect((await login(B.password)).statusCode).toBe(401);
  });

  it('a document no company knows, typed at two addresses, is refused at both (two budgets)', async () => {
    const unknown = async (empresa: string) => {
      const client = await new TestClient(app).init();
      return client.post('auth/login', {
        document: '77770001',
        password: 'clave-nadie-1',
        empresa,
      });
    };
    expect((await unknown('empresa-1')).statusCode).toBe(401);
    expect((await unknown('beta')).statusCode).toBe(401);
    expect((await unknown('empresa-1')).statusCode).toBe(401);
  });

  it('the address the phone kept (its cookie) stands when the form sends none', async () => {
    const kept = await login(B.password, undefined, `${COMPANY_COOKIE}=beta`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().user).toMatchObject({ id: bId });
    // The address the app sends wins over the cookie.
    const sent = await login(A.password, 'empresa-1', `${COMPANY_COOKIE}=beta`);
    expect(sent.json().user).toMatchObject({ id: aId });
  });

  it('an address that names no company is refused in Spanish, never read as company 1', async () => {
    for (const empresa of ['gamma', 'Beta!', 'x'.repeat(41)]) {
      const refused = await login(A.password, empresa);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ success: false, message: MESSAGES.unknownCompany });
    }
    const cookie = await login(A.password, undefined, `${COMPANY_COOKIE}=gamma`);
    expect(cookie.statusCode).toBe(422);
  });

  it('document and code: at B’s address B’s learner, without an address A’s', async () => {
    const code = async (userId: number, company: number) => {
      const [card] = await issueInvitations(
        wall.forCompany(company),
        COORDINATOR,
        [userId],
        'codigo',
      );
      return card!.code;
    };
    const redeem = async (value: string, empresa?: string) =>
      (await new TestClient(app).init()).post('auth/invitation', {
        document: DOCUMENT,
        code: value,
        ...(empresa === undefined ? {} : { empresa }),
      });

    const bCode = await code(bId, beta);
    // B's code without an address is checked among company 1's learners: no match.
    expect((await redeem(bCode)).statusCode).toBe(401);
    expect((await redeem(bCode, 'gamma')).json()).toMatchObject({
      message: MESSAGES.unknownCompany,
    });
    const atB = await redeem(bCode, 'beta');
    expect(atB.statusCode).toBe(200);
    expect(atB.json().user).toMatchObject({ id: bId, name: B.name });
    expect(await tokenCompany(atB.json().token)).toEqual([beta]);

    const aCode = await code(aId, FIRST_COMPANY_ID);
    expect((await redeem(aCode, 'beta')).statusCode).toBe(401);
    const none = await redeem(aCode);
    expect(none.statusCode).toBe(200);
    expect(none.json().user).toMatchObject({ id: aId, name: A.name });
  });

  it('gate-keys by slug: the company’s own keys and name, as by its id', async () => {
    const bySlug = await app.inject({ method: 'GET', url: '/api/v1/gate-keys?empresa=beta' });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().company).toEqual({ name: 'Constructora Beta', slug: 'beta' });
    const byId = await app.inject({ method: 'GET', url: `/api/v1/gate-keys?empresa=${beta}` });
    expect(byId.json().keys).toEqual(bySlug.json().keys);
    const first = await app.inject({ method: 'GET', url: '/api/v1/gate-keys' });
    expect(first.json().company).toMatchObject({ slug: 'empresa-1' });
    expect(Object.keys(first.json().keys)).not.toEqual(Object.keys(bySlug.json().keys));
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/gate-keys?empresa=gamma' });
    expect(unknown.statusCode).toBe(404);
  });

  describe('the console', () => {
    const signIn = async (page: string) => {
      const form = await app.inject({ method: 'GET', url: page });
      const xsrf = form.cookies.find((c) => c.name === 'consola_xsrf')!;
      const empresa = /name="empresa" value="([^"]+)"/.exec(form.body)?.[1];
      const answer = await app.inject({
        method: 'POST',
        url: '/consola/ingresar',
        headers: { cookie: `consola_xsrf=${xsrf.value}`, 'content-type': FORM },
        payload: new URLSearchParams({
          _xsrf: hiddenXsrf(form.body),
          documento: STAFF.document,
          clave: STAFF.password,
          ...(empresa ? { empresa } : {}),
        }).toString(),
      });
      return { form, answer };
    };
    const sessionCompany = async (answer: { cookies: { name: string; value: string }[] }) => {
      const session = answer.cookies.find((c) => c.name === 'consola_sesion');
      return session ? tokenCompany(session.value) : [];
    };

    it('at the plain address, staff of two companies is told to use its company’s address', async () => {
      const { answer } = await signIn('/consola/ingresar');
      expect(answer.statusCode).toBe(409);
      expect(answer.body).toContain(esConsole.signIn.severalCompanies);
    });

    it('at B’s address the page names B and signs in to B only', async () => {
      const { form, answer } = await signIn('/consola/ingresar?empresa=beta');
      expect(form.body).toContain(esConsole.signIn.company('Constructora Beta'));
      expect(answer.statusCode).toBe(303);
      expect(await sessionCompany(answer)).toEqual([beta]);
    });

    it('opened at /consola?empresa=<slug>, the sign-in it leads to keeps the company', async () => {
      const guarded = await app.inject({ method: 'GET', url: '/consola?empresa=beta' });
      expect(guarded.statusCode).toBe(303);
      const { answer } = await signIn(guarded.headers.location!);
      expect(answer.statusCode).toBe(303);
      expect(await sessionCompany(answer)).toEqual([beta]);
    });

    it('an address that names no company says so', async () => {
      const page = await app.inject({ method: 'GET', url: '/consola/ingresar?empresa=gamma' });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(esConsole.signIn.unknownCompany);
    });
  });
});

describe('the page at a company’s address', () => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    const webDir = mkdtempSync(join(tmpdir(), 'curso-web-address-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html lang="es"><div id="root">');
    app = await testApp(t.db, { webDir });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('leaves the address on the phone, for a form sent before the app’s code runs', async () => {
    for (const url of ['/?empresa=beta', '/entrar?empresa=beta', '/porteria?empresa=beta']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      const kept = page.cookies.find((c) => c.name === COMPANY_COOKIE);
      expect(kept).toMatchObject({ value: 'beta', path: '/', sameSite: 'Lax' });
    }
    // The plain address, or one that is no slug, keeps nothing.
    for (const url of ['/', '/?empresa=Beta%21'])
      expect(
        (await app.inject({ method: 'GET', url })).cookies.some((c) => c.name === COMPANY_COOKIE),
      ).toBe(false);
  });
});
