// Two companies, one document (records 0282 and 0283): learner A of company 1 and learner B of
// company 2 both have the document 1010101010. Signed in with a session of company 2, B calls
// every route of the learner API and the public pages (/verificar, /certificados) — the routes
// are enumerated as buildApp adds them, and one the table below does not cover fails the test.
// Each answer must be B's own and never show A's name, certificate code or acceptance seal;
// A's rows (read with the bare database) must be exactly as before every call; what B saves
// lands in company 2. A route planted in a test-only build, which reads across companies as a
// route that forgot its scope would, must make the same checks fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import {
  acceptNotice,
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  signedInLearner,
  testApp,
  TestClient,
  type TestDb,
} from './test-support.ts';
import { createUser, issueToken } from './db/store.ts';
import { createCompany } from './db/company-store.ts';
import { acrossCompanies, ALL_COMPANIES, companyDb, type CompanyDb } from './db/company-scope.ts';
import { issueInvitations } from './invitations.ts';
import { insertRegistration } from './lti/registrations.ts';
import { requireAuthOn } from './app-security.ts';
import { hashToken } from './security/tokens.ts';
import { newFileToken } from './certificates.ts';
import type { CertificateIssuer } from './context.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import { currentEnv } from './env.ts';
import { ANDINA } from './console/console-fixture.ts';

const DOCUMENT = '1010101010';
const SECOND_COMPANY = 'Constructora Segunda SAS';
const NOTICE = dataNoticeVersion(
  readConfiguration(withEnv({}, currentEnv()), { firstObra: true }).config,
);
const COORDINATOR = { userId: null, name: 'Coordinadora de prueba' };

/** Stores a small «PDF» naming its learner, so a file served to the wrong learner shows. */
const issuer: CertificateIssuer = async ({ user, code }) => {
  const token = newFileToken();
  return {
    url_file: `http://localhost/certificados/${token}.pdf`,
    file: { token, pdf: new TextEncoder().encode(`%PDF-1.4 ${code} ${user.name}`) },
  };
};

const answer = (questionId: string) => ({
  questionId,
  question: `¿Pregunta ${questionId}?`,
  option: 'La correcta',
  correctOption: 'La correcta',
  correct: true,
  contentVersion: '1.0.0',
  answeredAt: '2026-11-23T15:00:00Z',
  latencyMs: 1500,
});

/** What a case is given: the app, B's client and ids, and what earlier cases left. */
interface World {
  app: FastifyInstance;
  wall: CompanyDb;
  b: TestClient;
  bId: number;
  aId: number;
  company2: number;
  /** B's certificate code and file path, once download-certificate gave them. */
  bCode?: string;
  bFile?: string;
}

/** One route as B calls it: its answers, and B's side of them checked. */
interface Case {
  route: string;
  call(w: World): Promise<LightMyRequestResponse[]>;
  check(w: World, answers: LightMyRequestResponse[]): Promise<void> | void;
}

const tokenCompany = async (w: World, token: string) =>
  (
    await w.wall
      .forCompany(ALL_COMPANIES)
      .query<{ company_id: number }>('SELECT company_id FROM tokens WHERE token_hash = $1', [
        hashToken(token),
      ])
  ).map((r) => Number(r.company_id));

/** Every route under the API base and the public pages, as B uses it (logout last). */
const CASES: Case[] = [
  {
    route: 'GET /api/v1/csrf-cookie',
    call: async (w) => [await w.app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' })],
    check: (_w, [r]) => expect(r!.statusCode).toBe(204),
  },
  {
    route: 'POST /api/v1/auth/login',
    // A document names no company: sign-in acts in company 1 for now (record 0283), where B's
    // password is no one's.
    call: async (w) => [
      await new TestClient(w.app).init().then((c) => c.login(DOCUMENT, 'beto-2')),
    ],
    check: (_w, [r]) => expect(r!.statusCode).toBe(401),
  },
  {
    route: 'POST /api/v1/auth/invitation',
    call: async (w) => {
      const [card] = await issueInvitations(
        w.wall.forCompany(w.company2),
        COORDINATOR,
        [w.bId],
        'tarjeta',
      );
      const client = await new TestClient(w.app).init();
      // The link finds B's company; a code typed with the document is company 1's (record 0283).
      const link = await client.post('auth/invitation', { document: DOCUMENT, token: card!.token });
      const [again] = await issueInvitations(
        w.wall.forCompany(w.company2),
        COORDINATOR,
        [w.bId],
        'codigo',
      );
      return [
        link,
        await client.post('auth/invitation', { document: DOCUMENT, code: again!.code }),
      ];
    },
    check: async (w, [link, code]) => {
      expect(link!.statusCode).toBe(200);
      expect(link!.json().user).toMatchObject({ id: w.bId, name: 'Beto Segundo' });
      expect(await tokenCompany(w, link!.json().token)).toEqual([w.company2]);
      expect(code!.statusCode).toBe(401);
    },
  },
  {
    route: 'POST /api/v1/me',
    call: async (w) => [await w.b.post('me')],
    check: (w, [r]) => expect(r!.json().user).toMatchObject({ id: w.bId, name: 'Beto Segundo' }),
  },
  {
    route: 'GET /api/v1/company-config',
    // What the web app needs of B's company (record 0291): company 2's, never company 1's.
    call: async (w) => [
      await w.app.inject({ method: 'GET', url: '/api/v1/company-config', headers: w.b.headers() }),
      await w.b.post('me'),
    ],
    check: (_w, [r, me]) => {
      expect(r!.statusCode).toBe(200);
      expect(r!.json().company.companyName).toBe(SECOND_COMPANY);
      expect(r!.json().company_config).toBe(me!.json().user.company_config);
    },
  },
  {
    route: 'POST /api/v1/accept-data-notice',
    call: async (w) => [await w.b.post('accept-data-notice', { noticeVersion: NOTICE })],
    check: (w, [r]) => {
      expect(r!.statusCode).toBe(200);
      expect(r!.json().user.id).toBe(w.bId);
    },
  },
  {
    route: 'POST /api/v1/update-user',
    call: async (w) => [
      await w.b.updateUser({ id: String(w.bId), score: '100', route: FULL_ROUTE }),
      // Another learner's id is refused as any id not B's own is.
      await w.b.updateUser({ id: String(w.aId), score: '100', route: FULL_ROUTE }),
    ],
    check: (w, [own, other]) => {
      expect(own!.json().user).toMatchObject({ id: w.bId, score: 100 });
      expect(other!.statusCode).toBe(403);
    },
  },
  {
    route: 'POST /api/v1/record-activity',
    call: async (w) => [
      await w.b.post('record-activity', { cycle: 1, answers: [answer('m1-q1')] }),
    ],
    check: (_w, [r]) => expect(r!.json()).toMatchObject({ success: true }),
  },
  {
    route: 'GET /api/v1/download-certificate',
    call: async (w) => [
      await w.app.inject({
        method: 'GET',
        url: '/api/v1/download-certificate',
        headers: w.b.headers(),
      }),
    ],
    check: async (w, [r]) => {
      expect(r!.json()).toMatchObject({ success: true });
      w.bFile = new URL(r!.json().url_file as string).pathname;
      const [row] = await w.wall
        .forCompany(ALL_COMPANIES)
        .query<{ code: string }>('SELECT code FROM certificates WHERE user_id = $1', [w.bId]);
      w.bCode = row!.code;
    },
  },
  {
    route: 'POST /api/v1/record-acceptance',
    call: async (w) => [
      await w.b.post('record-acceptance', {
        text: (await w.b.post('me')).json().user.acceptanceStatement,
        deviceTime: '2026-11-26T10:00:00.000-05:00',
        sessionId: 'session-beto-0001',
        cycle: 1,
      }),
    ],
    check: (_w, [r]) => expect(r!.json()).toMatchObject({ success: true }),
  },
  {
    route: 'GET /api/v1/gate-keys',
    call: async (w) => [await w.app.inject({ method: 'GET', url: '/api/v1/gate-keys' })],
    check: (_w, [r]) => expect(r!.statusCode).toBe(200),
  },
  {
    route: 'GET /verificar',
    call: async (w) => [await w.app.inject({ method: 'GET', url: '/verificar' })],
    check: (_w, [r]) => expect(r!.statusCode).toBe(200),
  },
  {
    route: 'GET /verificar/:code',
    call: async (w) => [
      await w.app.inject({ method: 'GET', url: `/verificar/${w.bCode}` }),
      await w.app.inject({
        method: 'GET',
        url: `/verificar/${w.bCode}`,
        headers: { accept: 'application/json' },
      }),
    ],
    check: (_w, [page, json]) => {
      expect(page!.statusCode).toBe(200);
      expect(page!.body).toContain('Beto Segundo');
      expect(page!.body).toContain(`Emitido por</dt><dd class="issuer">${SECOND_COMPANY}`);
      expect(json!.json()).toEqual({ state: 'valid', company: SECOND_COMPANY });
    },
  },
  {
    route: 'GET /verificar/*',
    call: async (w) => [await w.app.inject({ method: 'GET', url: '/verificar/a/b' })],
    check: (_w, [r]) => expect(r!.statusCode).toBe(404),
  },
  {
    route: 'GET /certificados/:file',
    call: async (w) => [await w.app.inject({ method: 'GET', url: w.bFile! })],
    check: (w, [r]) => {
      expect(r!.statusCode).toBe(200);
      expect(r!.body).toContain(`${w.bCode} Beto Segundo`);
    },
  },
  {
    route: 'POST /api/v1/lti/session',
    // An LMS user of company 2 linked to B, launched (record 0295): the ticket finds its company.
    call: async (w) => {
      const b2 = w.wall.forCompany(w.company2);
      const reg = await insertRegistration(b2, {
        platformName: 'Moodle de B',
        issuer: 'https://moodle.segunda.example.co',
        clientId: 'cliente-b',
        authUrl: 'https://moodle.segunda.example.co/auth',
        tokenUrl: 'https://moodle.segunda.example.co/token',
        jwksUrl: 'https://moodle.segunda.example.co/jwks',
        registeredVia: 'manual',
        deploymentIds: ['1'],
        createdByName: 'Coordinadora',
      });
      const [lti] = await b2.query<{ id: number }>(
        `INSERT INTO lti_users (registration_id, issuer, sub, user_id, linked_by, linked_at)
         VALUES ($1, $2, 'b-lms', $3, 'documento', now()) RETURNING id`,
        [reg.id, reg.issuer, w.bId],
      );
      const [ticket, state] = ['t'.repeat(43), 's'.repeat(43)];
      await b2.query(
        `INSERT INTO lti_logins (state_hash, nonce, registration_id, expires_at, launched_at,
                                 ticket_hash, lti_user_id)
         VALUES ($1, 'n', $2, now() + interval '5 minutes', now(), $3, $4)`,
        [hashToken(state), reg.id, hashToken(ticket), lti!.id],
      );
      return [
        await w.app.inject({
          method: 'POST',
          url: '/api/v1/lti/session',
          payload: { ticket, state, almacen: 'navegador' },
        }),
      ];
    },
    check: async (w, [r]) => {
      expect(r!.statusCode).toBe(200);
      expect(r!.json().user).toMatchObject({ id: w.bId, name: 'Beto Segundo' });
      expect(await tokenCompany(w, r!.json().token)).toEqual([w.company2]);
    },
  },
  {
    route: 'POST /api/v1/logout',
    call: async (w) => [await w.b.post('logout'), await w.b.post('me')],
    check: (_w, [out, after]) => {
      expect(out!.statusCode).toBe(200);
      expect(after!.statusCode).toBe(401);
    },
  },
];

/** The routes a learner or the public reaches (not the console's, nor the static files). */
const learnerRoutes = (routes: RouteOptions[]) =>
  routes
    .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`))
    .filter((r) => /^(?!HEAD )\S+ \/(api\/v1\/|verificar|certificados\/)/.test(r));

const uncovered = (routes: RouteOptions[], cases: Case[]) =>
  learnerRoutes(routes).filter((r) => !cases.some((c) => c.route === r));

describe.each(ENGINES)('two companies, one document: the learner API (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let planted: FastifyInstance;
  const routes: RouteOptions[] = [];
  const plantedRoutes: RouteOptions[] = [];
  let world: World;
  /** What of A's must never reach B: A's name, certificate code and acceptance seal. */
  let markers: string[];

  /** A's rows, read with the bare database (company 1's on either engine). */
  const rowsOfA = async () => {
    const of = (sql: string) => t.db.query(sql, [world.aId]);
    return JSON.stringify([
      await of('SELECT * FROM users WHERE id = $1'),
      await of('SELECT * FROM progress WHERE user_id = $1 ORDER BY course_id, cycle'),
      await of('SELECT * FROM answers WHERE user_id = $1 ORDER BY question_id, cycle'),
      await of('SELECT * FROM learning_sessions WHERE user_id = $1 ORDER BY 1'),
      await of('SELECT * FROM induction_cycles WHERE user_id = $1 ORDER BY cycle'),
      await of('SELECT id, code, url_file, cycle FROM certificates WHERE user_id = $1'),
      await of(
        'SELECT l.* FROM certificate_links l JOIN certificates c ON c.id = l.certificate_id WHERE c.user_id = $1 ORDER BY l.expires_at',
      ),
      await of('SELECT * FROM acceptances WHERE user_id = $1 ORDER BY id'),
      await of('SELECT * FROM invitations WHERE user_id = $1 ORDER BY created_at'),
      await of(
        'SELECT token_hash, revoked_at, expires_at FROM tokens WHERE user_id = $1 ORDER BY 1',
      ),
    ]);
  };

  /** Runs the cases as B; what went wrong, one line per problem (empty: isolated). */
  const problemsOf = async (w: World, cases: Case[]): Promise<string[]> => {
    const problems: string[] = [];
    for (const c of cases) {
      const before = await rowsOfA();
      const answers = await c.call(w);
      for (const r of answers) {
        if (r.statusCode >= 500)
          problems.push(`${c.route}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        for (const m of markers)
          if (r.body.includes(m)) problems.push(`${c.route}: shows A's ${m}`);
      }
      if ((await rowsOfA()) !== before) problems.push(`${c.route}: changed A's rows`);
      try {
        await c.check(w, answers);
      } catch (error) {
        problems.push(`${c.route}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    return problems;
  };

  /** B, signed in with a session of company 2 (its XSRF cookie bound to it). */
  const signInB = async (a: FastifyInstance, bId: number, company2: number) => {
    const wall = companyDb(t.db);
    const token = await issueToken(wall.forCompany(company2), bId, 3_600_000);
    const b = new TestClient(a);
    const cookie = (
      await a.inject({
        method: 'GET',
        url: '/api/v1/csrf-cookie',
        headers: { authorization: token },
      })
    ).cookies.find((c) => c.name === 'XSRF-TOKEN');
    b.xsrf = cookie!.value;
    b.token = token;
    return b;
  };

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    const config = { certificateIssuer: issuer, console: { config: ANDINA } };
    app = await testApp(t.db, { ...config, onRoute: (r) => void routes.push(r) });
    // The same server with one more route, which forgets the scope: it reads across companies.
    planted = await testApp(t.db, { ...config, onRoute: (r) => void plantedRoutes.push(r) });
    const wall = companyDb(t.db);
    await planted.register(
      async (api) => {
        api.get('/planted', { preValidation: requireAuthOn(wall) }, async (request) => {
          const rows = await acrossCompanies(wall).query<{ name: string }>(
            'SELECT name FROM users WHERE document = (SELECT document FROM users WHERE id = $1)',
            [request.auth!.userId],
          );
          return { names: rows.map((r) => r.name) };
        });
      },
      { prefix: '/api/v1' },
    );
    await app.ready();
    await planted.ready();

    // A: company 1, signed in with the document and password; course, answers, certificate and
    // acceptance recorded.
    const { user: a, client } = await signedInLearner(
      app,
      t.db,
      { document: DOCUMENT, name: 'Ana Primera' },
      { complete: true },
    );
    expect(
      (await client.post('record-activity', { cycle: 1, answers: [answer('m1-q1')] })).statusCode,
    ).toBe(200);
    const cert = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: client.headers(),
    });
    expect(cert.json()).toMatchObject({ success: true });
    const accepted = await client.post('record-acceptance', {
      text: (await client.post('me')).json().user.acceptanceStatement,
      deviceTime: '2026-11-26T10:00:00.000-05:00',
      sessionId: 'session-ana-0001',
      cycle: 1,
    });
    expect(accepted.json()).toMatchObject({ success: true });
    const [aCert] = await t.db.query<{ code: string }>(
      'SELECT code FROM certificates WHERE user_id = $1',
      [a.id],
    );
    markers = ['Ana Primera', aCert!.code, accepted.json().acceptance.seal as string];

    // B: company 2, the same document; data notice accepted there.
    const company2 = await createCompany(t.db, SECOND_COMPANY);
    const b2 = wall.forCompany(company2);
    const b = await createUser(b2, {
      document: DOCUMENT,
      name: 'Beto Segundo',
      email: 'beto@example.co',
      password: 'beto-2-clave',
    });
    await acceptNotice(b2, b.id);
    world = { app, wall, b: await signInB(app, b.id, company2), bId: b.id, aId: a.id, company2 };
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await planted?.close();
    await t?.cleanup();
  });

  it('covers every learner route buildApp adds', () => {
    expect(learnerRoutes(routes)).toContain('POST /api/v1/update-user');
    expect(uncovered(routes, CASES)).toEqual([]);
  });

  it("B reads and changes only B's record through every route; A's rows stay as they were", async () => {
    expect(await problemsOf(world, CASES)).toEqual([]);
    // What B saved is company 2's.
    const everyCompany = world.wall.forCompany(ALL_COMPANIES);
    for (const table of [
      'progress',
      'answers',
      'certificates',
      'acceptances',
      'tokens',
      'learning_sessions',
    ]) {
      const companies = await everyCompany.query<{ company_id: number }>(
        `SELECT DISTINCT company_id FROM ${table} WHERE user_id = $1`,
        [world.bId],
      );
      if (table !== 'learning_sessions' || companies.length)
        expect({ table, companies: companies.map((r) => Number(r.company_id)) }).toEqual({
          table,
          companies: [world.company2],
        });
    }
  });

  it('/verificar names the company that issued each certificate', async () => {
    const [aCert] = await t.db.query<{ code: string }>(
      'SELECT code FROM certificates WHERE user_id = $1',
      [world.aId],
    );
    const [first] = await t.db.query<{ name: string }>('SELECT name FROM companies WHERE id = 1');
    expect(first!.name).not.toBe('');
    const page = await app.inject({ method: 'GET', url: `/verificar/${aCert!.code}` });
    expect(page.body).toContain('Ana Primera');
    expect(page.body).toContain(`Emitido por</dt><dd class="issuer">${first!.name}`);
    expect(page.body).not.toContain(SECOND_COMPANY);
    const json = await app.inject({
      method: 'GET',
      url: `/verificar/${aCert!.code}`,
      headers: { accept: 'application/json' },
    });
    expect(json.json()).toEqual({ state: 'valid', company: first!.name });
  });

  it('a route that forgets the scope fails both checks (a test of this test)', async () => {
    expect(uncovered(plantedRoutes, CASES)).toEqual(['GET /api/v1/planted']);
    const b = await signInB(planted, world.bId, world.company2);
    const leak: Case = {
      route: 'GET /api/v1/planted',
      call: async (w) => [
        await w.app.inject({ method: 'GET', url: '/api/v1/planted', headers: w.b.headers() }),
      ],
      check: () => {},
    };
    expect(await problemsOf({ ...world, app: planted, b }, [leak])).toEqual([
      "GET /api/v1/planted: shows A's Ana Primera",
    ]);
  });
});
