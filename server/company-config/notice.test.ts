// The data notice names who is responsible and who processes (record 0294), and the defaults a
// company's commands and jobs take are that company's: with no operator, company 1's notice is the
// one its learners already accepted; the platform role sets the operator (audited) and each
// company's notice then names the company as responsable and the operator as encargado, with
// another version; a company-2 learner accepts company 2's notice, not company 1's; the import
// job's default obra is the job's company's first; `users add --empresa` checks the company's obras.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ENGINES,
  openTestDb,
  sessionClient,
  testApp,
  type Engine,
  type TestClient,
  type TestDb,
} from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { createCompany } from '../db/company-store.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from '../db/company-scope.ts';
import { ANDINA, hiddenXsrf, postSignIn, uploadCsv } from '../console/console-fixture.ts';
import type { ConsoleFixture } from '../console/console-fixture.ts';
import { importWorkerFor, getJob } from '../console/import-jobs.ts';
import { createPlatformAccount } from '../platform/store.ts';
import { runUsers } from '../cli/users.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import { currentEnv } from '../env.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { dataNoticeText, dataNoticeVersion, nitCheckDigit } from '../../src/domain/config/index.ts';
import { importCompanyConfig } from './import.ts';
import { companyNotice } from './notice.ts';
import { companyConfigs } from './store.ts';

const FORM = 'application/x-www-form-urlencoded';
const NAME_B = 'Constructora Beta S.A.S.';
const NIT_B = `900765432-${nitCheckDigit('900765432')}`;
const OPERATOR = {
  nombre: 'Plataformas SST S.A.S.',
  nit: '901.222.333-4',
  contacto: 'datos@plataformas.example',
};

/** B's file: Andina's fixture with another company, two obras of its own and no notice text. */
function fileOfB(): string {
  const raw = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json'), 'utf8'),
  ) as Record<string, unknown> & { empresa: Record<string, unknown> };
  const { logo: _logo, ...empresa } = raw.empresa;
  void _logo;
  // No text of its own: B's notice is the default one.
  delete raw.avisoDatos;
  delete raw.datosPersonales;
  return JSON.stringify({
    ...raw,
    empresa: { ...empresa, nombre: NAME_B, nit: NIT_B },
    obras: [
      { slug: 'torre-beta', nombre: 'Torre Beta' },
      { slug: 'patio-beta', nombre: 'Patio Beta' },
    ],
  });
}

describe.each(ENGINES)('the data notice and per-company defaults (%s)', (engine: Engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;
  let companyB: number;
  let coordinatorB: string;
  let learnerB: { id: number; client: TestClient };
  let platform: string;

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    app = await testApp(t.db, { console: { config: ANDINA, course: { title: 'x', hours: 4 } } });
    wall = companyDb(t.db);
    companyB = await createCompany(t.db, 'Beta Registrada');
    const b = wall.forCompany(companyB);
    const stored = await importCompanyConfig(wall, companyB, fileOfB(), { platform: 'Prueba' });
    expect(stored.ok).toBe(true);
    await createUser(b, {
      document: 'C-B1',
      name: 'Coordinador Beta',
      password: 'clave-beta-1',
      role: 'coordinador',
    });
    // A learner of B without an obra: B's first obra is hers.
    const learner = await createUser(b, {
      document: '7001',
      name: 'Berta Beta',
      password: 'clave-berta-1',
    });
    learnerB = { id: learner.id, client: await sessionClient(app, b, learner.id) };
    const signedIn = await postSignIn(app, 'consola', { documento: 'C-B1', clave: 'clave-beta-1' });
    coordinatorB = `consola_sesion=${signedIn.cookies.find((c) => c.name === 'consola_sesion')!.value}`;
    await createPlatformAccount(t.db, {
      name: 'Operadora Plataforma',
      email: 'plataforma@consultora.co',
      password: 'clave-de-la-plataforma',
    });
    const answer = await postSignIn(app, 'plataforma', {
      correo: 'plataforma@consultora.co',
      clave: 'clave-de-la-plataforma',
    });
    platform = `plataforma_sesion=${answer.cookies.find((c) => c.name === 'plataforma_sesion')!.value}`;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const noticeOf = async (company: number) =>
    companyNotice(
      wall.forCompany(company),
      (await companyConfigs(wall, () => ({ config: ANDINA, text: null })).current(company)).config,
    );

  it('without an operator, company 1’s notice is the one its learners already accepted', async () => {
    const notice = await noticeOf(1);
    expect(notice.text).toBe(dataNoticeText(ANDINA));
    expect(notice.version).toBe(dataNoticeVersion(ANDINA));
    expect(notice.text).not.toMatch(/maneja esta plataforma/);
  });

  it('users add --empresa checks the obra against that company’s configuration', async () => {
    const installationObra = readConfiguration(withEnv({}, currentEnv()), { firstObra: true })
      .config.obras[0]!.slug;
    const lines: string[] = [];
    const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s) };
    const add = (document: string, obra: string) =>
      runUsers(
        ['add', '--empresa', String(companyB), '--document', document, '--name', 'Ana Otra'].concat(
          ['--password', 'clave-ana-otra-1', '--obra', obra],
        ),
        io,
        t.db,
      );
    expect(await add('8001', installationObra)).toBe(1);
    expect(lines.join('\n')).toContain(
      `obra desconocida «${installationObra}»: las obras de la configuración de «${NAME_B}» son «torre-beta», «patio-beta»`,
    );
    expect(await add('8002', 'patio-beta')).toBe(0);
    const [made] = await wall
      .forCompany(companyB)
      .query<{ obra: string }>('SELECT obra FROM users WHERE document = $1', ['8002']);
    expect(made?.obra).toBe('patio-beta');
  });

  it('the import job of company 2 takes company 2’s first obra for a learner without one', async () => {
    const f = {
      app,
      get: (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
    } as unknown as ConsoleFixture;
    const sent = await uploadCsv(
      f,
      coordinatorB,
      'documento,nombre,obra\n7001,Berta Beta,torre-beta\n',
    );
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(303);
    await importWorkerFor(t.db)!.wake();
    const id = Number(/\/(\d+)$/.exec(String(sent.headers.location))![1]);
    const job = await getJob(wall.forCompany(companyB), id);
    expect(job?.state).toBe('terminado');
    // Berta has no obra: she is on B's first obra already, so the file changes nothing.
    expect(job?.result?.registered).toEqual([
      expect.objectContaining({ document: '7001', changes: [] }),
    ]);
  });

  it('the platform sets the operator: audited, and every notice names both with a new version', async () => {
    const before = { one: await noticeOf(1), b: await noticeOf(companyB) };
    const page = await app.inject({
      method: 'GET',
      url: '/plataforma/operador',
      headers: { cookie: platform },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sin operador: cada empresa maneja sus propios datos.');
    const saved = await app.inject({
      method: 'POST',
      url: '/plataforma/operador',
      headers: { cookie: platform, 'content-type': FORM },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(page.body), ...OPERATOR }).toString(),
    });
    expect(saved.statusCode).toBe(303);
    const shown = await app.inject({
      method: 'GET',
      url: String(saved.headers.location),
      headers: { cookie: platform },
    });
    expect(shown.body).toContain('Se guardó el operador de la plataforma.');
    expect(shown.body).toContain('<strong>Plataformas SST S.A.S.</strong> (NIT 901.222.333-4)');
    const audited = await t.db.query<{ actor_name: string; details: unknown }>(
      `SELECT actor_name, details FROM platform_audit WHERE action = 'fijar-operador'`,
    );
    expect(audited).toEqual([{ actor_name: 'Operadora Plataforma', details: OPERATOR }]);

    // Company 1 has a text of its own (avisoDatos): it stays, the operator's paragraph after it.
    const one = await noticeOf(1);
    expect(one.text).toBe(
      `${dataNoticeText(ANDINA)}\n\nPlataformas SST S.A.S. (NIT 901.222.333-4) maneja esta plataforma. Guarda y usa tus datos por encargo de ${ANDINA.empresa.nombre}, solo para este curso. Su contacto: datos@plataformas.example.`,
    );
    expect(one.version).not.toBe(before.one.version);
    // B has the default text: B responsable, the operator encargado.
    const b = await noticeOf(companyB);
    expect(b.text.split('\n\n')[0]).toBe(
      `${NAME_B} (NIT ${NIT_B}) es responsable de tus datos personales. Son tu nombre, tu documento, tu obra y tus respuestas en este curso, y tu celular si lo diste.`,
    );
    expect(b.text).toContain(
      `Guarda y usa tus datos por encargo de ${NAME_B}, solo para este curso.`,
    );
    expect(b.version).not.toBe(before.b.version);
  });

  it('a company-2 learner accepts company 2’s notice, not company 1’s', async () => {
    // The version this server published for company 1 at start (its file's notice).
    const other = await learnerB.client.post('accept-data-notice', {
      noticeVersion: dataNoticeVersion(ANDINA),
    });
    expect(other.statusCode).toBe(422);
    // Nor company 1's notice under the operator.
    const now = await learnerB.client.post('accept-data-notice', {
      noticeVersion: (await noticeOf(1)).version,
    });
    expect(now.statusCode).toBe(422);
    const own = (await noticeOf(companyB)).version;
    const accepted = await learnerB.client.post('accept-data-notice', { noticeVersion: own });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await wall
      .forCompany(ALL_COMPANIES)
      .query<{ version: string; company_id: number }>(
        'SELECT data_notice_version AS version, company_id FROM users WHERE id = $1',
        [learnerB.id],
      );
    expect(row).toEqual({ version: own, company_id: companyB });
  });

  it('an import under an operator publishes the company’s notice as companyNotice gives it', async () => {
    const again = await importCompanyConfig(
      wall,
      companyB,
      fileOfB().replace('Torre Beta', 'Torre Beta Norte'),
      { platform: 'Prueba' },
    );
    expect(again.ok && again.noticeVersion).toBe((await noticeOf(companyB)).version);
  });
});
