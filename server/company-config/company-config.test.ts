// Each company's configuration as data (record 0287): two companies with different configurations
// (name, NIT, obras, reinducción period) — A, company 1, on the installation's file; B, imported
// through the console — each print their own on the registro, the audit pack, the invitation
// cards, /verificar and the acceptance statement; a bad file is refused in Spanish with nothing
// stored; a new version leaves what a learner was shown as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import {
  acceptNotice,
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  pdfPagesText,
  sessionClient,
  testApp,
  type Engine,
  type TestClient,
  type TestDb,
} from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { createCompany } from '../db/company-store.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from '../db/company-scope.ts';
import { ANDINA, staffSession, type StaffSession } from '../console/console-fixture.ts';
import { certificateDays, createCertificateIssuer } from '../certificates.ts';
import { spanishDay } from '../../src/domain/gate/standing.ts';
import { invitationWorkerFor } from '../console/invitation-jobs.ts';
import { nitCheckDigit } from '../../src/domain/config/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../course-files/read-content.ts';
import { importCompanyConfig } from './import.ts';

const FORM = 'application/x-www-form-urlencoded';
const COURSE = { title: 'Inducción SST', hours: 4 };
const NIT_B = `900765432-${nitCheckDigit('900765432')}`;
const NAME_B = 'Constructora Beta S.A.S.';
const NAME_A = ANDINA.empresa.nombre;

/** B's file: Andina's fixture with another company, obra, period and notice. */
function fileOfB(overrides: Record<string, unknown> = {}): string {
  const raw = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json'), 'utf8'),
  ) as Record<string, unknown> & { empresa: Record<string, unknown> };
  const { logo: _logo, ...empresa } = raw.empresa;
  void _logo;
  return JSON.stringify(
    {
      ...raw,
      empresa: { ...empresa, nombre: NAME_B, nit: NIT_B },
      avisoDatos: 'Constructora Beta trata tus datos solo para tu inducción (Ley 1581 de 2012).',
      reinduccion: { periodoMeses: 6 },
      obras: [{ slug: 'torre-beta', nombre: 'Torre Beta' }],
      ...overrides,
    },
    null,
    2,
  );
}

type Staff = StaffSession;
const session = staffSession;

/** The console's import form, as the browser posts it. */
function uploadConfig(app: FastifyInstance, who: Staff, text: string, fileName = 'beta.json') {
  const boundary = '----configuracion';
  return app.inject({
    method: 'POST',
    url: '/consola/configuracion',
    headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n${who.xsrf}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  });
}

const get = (app: FastifyInstance, url: string, who: Staff) =>
  app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

describe.each(ENGINES)('each company’s configuration (%s)', (engine: Engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;
  let companyB: number;
  let a: Staff;
  let b: Staff;
  let learnerB: { id: number; client: TestClient };

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    const issuer = createCertificateIssuer({
      publicUrl: 'https://curso.example.co',
      config: ANDINA,
      course: COURSE,
    });
    app = await testApp(t.db, {
      certificateIssuer: issuer,
      console: { config: ANDINA, course: COURSE },
    });
    wall = companyDb(t.db);
    companyB = await createCompany(t.db, 'Beta Registrada');
    await createUser(wall.forCompany(1), {
      document: 'C-A1',
      name: 'Coordinadora Alfa',
      password: 'clave-alfa-1',
      role: 'coordinador',
    });
    const b2 = wall.forCompany(companyB);
    await createUser(b2, {
      document: 'C-B1',
      name: 'Coordinador Beta',
      password: 'clave-beta-1',
      role: 'coordinador',
    });
    const learner = await createUser(b2, {
      document: '7001',
      name: 'Bruno Beta',
      password: 'clave-bruno-1',
      obra: 'torre-beta',
    });
    a = await session(app, 'C-A1', 'clave-alfa-1');
    b = await session(app, 'C-B1', 'clave-beta-1');
    const imported = await uploadConfig(app, b, fileOfB());
    expect(imported.statusCode, imported.body.slice(0, 400)).toBe(303);
    await acceptNotice(b2, learner.id);
    learnerB = { id: learner.id, client: await sessionClient(app, b2, learner.id) };
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('B’s registro and audit pack print B’s name and NIT; A’s print A’s', async () => {
    const period = 'desde=2026-01-01&hasta=2026-12-31';
    const registroB = await pdfPagesText(
      (await get(app, `/consola/registro.pdf?obra=torre-beta&${period}`, b)).rawPayload,
    );
    expect(registroB).toContain(NAME_B);
    expect(registroB).toContain(`NIT ${NIT_B}`);
    expect(registroB).not.toContain(NAME_A);
    const registroA = await pdfPagesText(
      (await get(app, `/consola/registro.pdf?obra=torre-norte&${period}`, a)).rawPayload,
    );
    expect(registroA).toContain(NAME_A);
    expect(registroA).toContain(`NIT ${ANDINA.empresa.nit}`);
    expect(registroA).not.toContain(NAME_B);

    const packB = await pdfPagesText(
      (await get(app, `/consola/auditoria-0312.pdf?${period}`, b)).rawPayload,
    );
    expect(packB).toContain(`${NAME_B} — NIT ${NIT_B}`);
    expect(packB).not.toContain(NAME_A);
    const packA = await pdfPagesText(
      (await get(app, `/consola/auditoria-0312.pdf?${period}`, a)).rawPayload,
    );
    expect(packA).toContain(`${NAME_A} — NIT ${ANDINA.empresa.nit}`);
  });

  it('B’s invitation cards and messages name B', async () => {
    const invited = await app.inject({
      method: 'POST',
      url: '/consola/invitaciones',
      headers: { cookie: b.cookie, 'content-type': FORM },
      payload: new URLSearchParams({
        _xsrf: b.xsrf,
        ids: String(learnerB.id),
        sin_datos: 'si',
      }).toString(),
    });
    const sheet = /hoja=([^&]+)/.exec(String(invited.headers.location))?.[1];
    expect(sheet, invited.body.slice(0, 300)).toBeTruthy();
    // The sheet is a job (record 0273), opened with the key cookie its POST set.
    const key = invited.cookies.find((c) => c.name.startsWith('consola_hoja_'))!;
    await invitationWorkerFor(t.db)!.wake();
    const page = await app.inject({
      method: 'GET',
      url: String(invited.headers.location),
      headers: { cookie: `${b.cookie}; ${key.name}=${key.value}` },
    });
    const pdf = /href="data:application\/pdf;base64,([^"]+)"/.exec(page.body)?.[1];
    expect(pdf, page.body.slice(0, 500)).toBeTruthy();
    const cards = await PDFDocument.load(Buffer.from(pdf!, 'base64'));
    expect(cards.getAuthor()).toBe(NAME_B);
    // The WhatsApp message names B (in its link, encoded).
    expect(page.body).toContain(encodeURIComponent(NAME_B));
    expect(page.body).not.toContain(NAME_A);
  });

  it('/verificar of B’s certificate uses B’s reinducción period, obra and name', async () => {
    const saved = await learnerB.client.updateUser({
      id: String(learnerB.id),
      score: '100',
      route: FULL_ROUTE,
    });
    expect(saved.json().user?.score).toBe(100);
    const cert = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: learnerB.client.headers(),
    });
    expect(cert.json()).toMatchObject({ success: true });
    const [row] = await wall
      .forCompany(companyB)
      .query<{ code: string; completed_at: string }>(
        'SELECT code, completed_at FROM certificates WHERE user_id = $1',
        [learnerB.id],
      );
    const page = await app.inject({ method: 'GET', url: `/verificar/${row!.code}` });
    expect(page.body).toContain('Torre Beta');
    expect(page.body).toContain(`Emitido por</dt><dd class="issuer">${NAME_B}`);
    // Completed today: due six months on (B's period), not twelve (A's).
    const json = await app.inject({
      method: 'GET',
      url: `/verificar/${row!.code}`,
      headers: { accept: 'application/json' },
    });
    expect(json.json()).toMatchObject({ company: NAME_B });
    const completed = new Date(row!.completed_at);
    expect(page.body).toContain(spanishDay(certificateDays(completed, 6).dueOn));
    expect(page.body).not.toContain(spanishDay(certificateDays(completed, 12).dueOn));
  });

  it('a bad file is refused with its errors in Spanish and nothing is stored', async () => {
    const before = await wall
      .forCompany(ALL_COMPANIES)
      .query<{ n: number }>('SELECT count(*)::int AS n FROM company_configs');
    const refused = await uploadConfig(
      app,
      b,
      fileOfB({ empresa: { nombre: NAME_B, nit: '900765432-0', claseRiesgo: 'VII' } }),
      'mala.json',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('No se guardó nada');
    expect(refused.body).toContain('mala.json: empresa.claseRiesgo');
    expect(refused.body).toContain('mala.json: empresa.arl: falta este campo obligatorio');
    const notJson = await uploadConfig(app, b, '{ "empresa": ', 'rota.json');
    expect(notJson.statusCode).toBe(422);
    expect(notJson.body).toContain('rota.json: JSON inválido');
    const after = await wall
      .forCompany(ALL_COMPANIES)
      .query<{ n: number }>('SELECT count(*)::int AS n FROM company_configs');
    expect(after[0]!.n).toBe(before[0]!.n);
    const shown = await get(app, '/consola/configuracion', b);
    expect(shown.body).toContain('Versión 1, importada por Coordinador Beta');
  });

  it('a new version is shown from then on; what the learner was shown before stays recorded', async () => {
    const me = async () =>
      (await learnerB.client.post('me')).json().user.acceptanceStatement as string;
    const first = await me();
    expect(first).toContain(NAME_B);
    const renamed = 'Constructora Beta Renombrada S.A.S.';
    const result = await importCompanyConfig(
      wall,
      companyB,
      fileOfB({ empresa: { ...JSON.parse(fileOfB()).empresa, nombre: renamed } }),
      { platform: 'plataforma' },
    );
    expect(result).toMatchObject({ ok: true, version: 2 });
    const second = await me();
    expect(second).toContain(renamed);
    const published = await wall
      .forCompany(companyB)
      .query<{ body: string }>(
        'SELECT body FROM published_statements WHERE user_id = $1 ORDER BY body',
        [learnerB.id],
      );
    expect(published.map((p) => p.body)).toEqual(expect.arrayContaining([first, second]));
    // The stored versions are append-only.
    await expect(
      wall.forCompany(companyB).query('UPDATE company_configs SET body = $1', ['{}']),
    ).rejects.toThrow(/append-only/);
    // The audit log says who imported each version.
    const audited = await wall
      .forCompany(companyB)
      .query<{ actor_name: string; version: number }>(
        "SELECT actor_name, (details->>'version')::int AS version FROM audit_log WHERE action = 'importar-configuracion' ORDER BY id",
      );
    expect(audited).toEqual([
      { actor_name: 'Coordinador Beta', version: 1 },
      { actor_name: 'plataforma', version: 2 },
    ]);
  });

  it('A, with nothing stored, reads the installation’s file; a company never configured prints only its name', async () => {
    const pageA = await get(app, '/consola/configuracion', a);
    expect(pageA.body).toContain('data-source="installation"');
    expect(pageA.body).toContain(ANDINA.empresa.nit);
    const none = await createCompany(t.db, 'Gamma Sin Configurar');
    await createUser(wall.forCompany(none), {
      document: 'C-G1',
      name: 'Coordinadora Gamma',
      password: 'clave-gamma-1',
      role: 'coordinador',
    });
    const g = await session(app, 'C-G1', 'clave-gamma-1');
    const pageG = await get(app, '/consola/configuracion', g);
    expect(pageG.body).toContain('data-source="unconfigured"');
    expect(pageG.body).toContain('Gamma Sin Configurar');
    expect(pageG.body).not.toContain(ANDINA.empresa.nit);
    expect(pageG.body).not.toContain(NAME_A);
    const registroG = await pdfPagesText(
      (
        await get(
          app,
          '/consola/registro.pdf?obra=torre-norte&desde=2026-01-01&hasta=2026-12-31',
          g,
        )
      ).rawPayload,
    );
    expect(registroG).toContain('Gamma Sin Configurar');
    expect(registroG).not.toContain(NAME_A);
    expect(registroG).not.toContain(ANDINA.empresa.nit);
  });
});
