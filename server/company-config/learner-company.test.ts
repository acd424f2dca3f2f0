// The web app takes its learner's company at run time (record 0291): every response that hands
// over the learner names the hash of what the app needs of the learner's company, and
// `GET company-config` answers that company's name, obras and data notice — company 2's to its
// learner, company 1's (the installation's file, which the web build bundles) to company 1's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  acceptNotice,
  ENGINES,
  openTestDb,
  sessionClient,
  signedInLearner,
  testApp,
  type Engine,
  type TestClient,
  type TestDb,
} from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { createCompany } from '../db/company-store.ts';
import { companyDb } from '../db/company-scope.ts';
import { ANDINA } from '../console/console-fixture.ts';
import { dataNoticeText, dataNoticeVersion } from '../../src/domain/config/data-notice.ts';
import { learnerCompany, learnerCompanyHash } from '../../src/domain/config/learner-company.ts';
import { importCompanyConfig } from './import.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../course-files/read-content.ts';

const COURSE = { title: 'Inducción SST', hours: 4 };
const NAME_B = 'Constructora Beta S.A.S.';
const NOTICE_B = 'Constructora Beta trata tus datos solo para tu inducción (Ley 1581 de 2012).';

/** Andina's fixture with another company, obra and notice (as company-config.test.ts). */
function fileOfB(): string {
  const raw = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json'), 'utf8'),
  ) as Record<string, unknown> & { empresa: Record<string, unknown> };
  const { logo: _logo, ...empresa } = raw.empresa;
  void _logo;
  return JSON.stringify({
    ...raw,
    empresa: { ...empresa, nombre: NAME_B },
    avisoDatos: NOTICE_B,
    obras: [{ slug: 'torre-beta', nombre: 'Torre Beta', puntoEncuentro: 'Parqueadero Beta' }],
  });
}

const companyConfig = (client: TestClient, headers: Record<string, string> = {}) =>
  client.app.inject({
    method: 'GET',
    url: '/api/v1/company-config',
    headers: { ...(client.token ? { authorization: client.token } : {}), ...headers },
  });

describe.each(ENGINES)('the learner’s company at run time (%s)', (engine: Engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let learnerA: TestClient;
  let learnerB: TestClient;
  let signInA: { company_config?: string };

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    app = await testApp(t.db, { console: { config: ANDINA, course: COURSE } });
    const wall = companyDb(t.db);
    const companyB = await createCompany(t.db, 'Beta Registrada');
    const imported = await importCompanyConfig(wall, companyB, fileOfB(), { platform: 'prueba' });
    expect(imported.ok, JSON.stringify(imported)).toBe(true);
    const b = await createUser(wall.forCompany(companyB), {
      document: '7001',
      name: 'Bruno Beta',
      password: 'clave-bruno-1',
      obra: 'torre-beta',
    });
    if (imported.ok) await acceptNotice(wall.forCompany(companyB), b.id, imported.noticeVersion);
    learnerB = await sessionClient(app, wall.forCompany(companyB), b.id);
    const a = await signedInLearner(app, wall.forCompany(1), { document: '7002' });
    learnerA = a.client;
    signInA = (await a.client.post('me')).json().user;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('company 1’s learner is handed the hash of the bundled company: nothing to fetch', async () => {
    const notice = { text: dataNoticeText(ANDINA), version: dataNoticeVersion(ANDINA) };
    const bundled = learnerCompanyHash(learnerCompany(ANDINA, COURSE, notice));
    expect(signInA.company_config).toBe(bundled);
    const login = await learnerA.login('7002', 'secreto123');
    expect(login.json().user.company_config).toBe(bundled);
  });

  it('company 2’s learner is handed another hash, on me and update-user', async () => {
    const me = (await learnerB.post('me')).json().user;
    expect(me.company_config).toMatch(/^empresa-/);
    expect(me.company_config).not.toBe(signInA.company_config);
    const saved = await learnerB.updateUser({ id: String(me.id), score: '0', route: '' });
    expect(saved.json().user.company_config).toBe(me.company_config);
  });

  it('company-config answers each learner their own company', async () => {
    const b = await companyConfig(learnerB);
    expect(b.statusCode).toBe(200);
    const bodyB = b.json();
    expect(bodyB.company.companyName).toBe(NAME_B);
    expect(bodyB.obras.first).toBe('torre-beta');
    expect(bodyB.obras.obras['torre-beta']['obra.puntoEncuentro']).toBe('Parqueadero Beta');
    expect(bodyB.notice.text).toBe(NOTICE_B);
    expect(bodyB.company_config).toBe((await learnerB.post('me')).json().user.company_config);

    const bodyA = (await companyConfig(learnerA)).json();
    expect(bodyA.company.companyName).toBe(ANDINA.empresa.nombre);
    expect(bodyA.obras.first).toBe(ANDINA.obras[0]!.slug);
    expect(bodyA.notice.version).toBe(dataNoticeVersion(ANDINA));
    expect(JSON.stringify(bodyA)).not.toContain(NAME_B);
  });

  it('a phone that holds the company gets 304 and no body', async () => {
    const first = await companyConfig(learnerB);
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${first.json().company_config}"`);
    expect(first.headers['cache-control']).toContain('private');
    const again = await companyConfig(learnerB, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('without a session: 401', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/company-config' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the platform names an operator: the same instance hands over the new notice at once, and the learner accepts it', async () => {
    const before = (await companyConfig(learnerB)).json();
    // The platform's page writes this row (record 0294); the installation's table, outside the wall.
    await t.db.query(
      `INSERT INTO installation_operator (name, nit, contact, set_by_name)
       VALUES ('Operadora Nube S.A.S.', '900.777.888-1', 'datos@nube.co', 'prueba')`,
    );
    const after = (await companyConfig(learnerB)).json();
    expect(after.notice.text).toContain('Operadora Nube S.A.S.');
    expect(after.notice.version).not.toBe(before.notice.version);
    expect(after.company_config).not.toBe(before.company_config);
    expect((await learnerB.post('me')).json().user.company_config).toBe(after.company_config);
    const accepted = await learnerB.post('accept-data-notice', {
      noticeVersion: after.notice.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
