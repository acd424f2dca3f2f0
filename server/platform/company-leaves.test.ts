// A company created from its configuration file, and a company that leaves (record 0293): the
// platform's create form takes the file (refused in Spanish with nothing created when it does not
// validate; else the company, its coordinator and its configuration's version 1, audited in both
// logs); «Retirar empresa» downloads the company's whole record, which verifies outside the
// installation (scripts/verify-company-export.ts) and fails on one changed byte of an acceptance
// or a certificate; the deletion needs an export of the current state and the company's name
// typed, removes every row of the company in every table, and leaves nothing that answers.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  seedUser,
  sessionClient,
  testApp,
  TestClient,
  type TestDb,
} from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from '../db/company-scope.ts';
import { runUsers } from '../cli/users.ts';
import { createCertificateIssuer } from '../certificates.ts';
import { ANDINA, hiddenXsrf, postSignIn } from '../console/console-fixture.ts';
import { verifyCompanyExport } from '../../src/domain/company-export/verify.ts';
import { COMPANY_TABLES, NOT_EXPORTED } from './export-company.ts';

const FORM = 'application/x-www-form-urlencoded';
const OPERATOR = { email: 'retiros@consultora.co', name: 'Rita Retiros', password: 'clave-plat-9' };
const COURSE = { title: 'Inducción SST', hours: 4 };
const DELTA = 'Constructora Delta S.A.S.';
const EXAMPLE = readFileSync(new URL('../../config/ejemplo.json', import.meta.url), 'utf8');
const deltaFile = () =>
  JSON.stringify({
    ...JSON.parse(EXAMPLE),
    empresa: { ...JSON.parse(EXAMPLE).empresa, nombre: DELTA },
  });

/** A multipart body with text fields and files, as a browser sends the create form. */
function multipartForm(
  fields: Record<string, string>,
  files: Record<string, { name: string; text: string; type: string }>,
) {
  const boundary = '----plataforma7f3a';
  const parts = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    ...Object.entries(files).map(
      ([k, f]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n${f.text}\r\n`,
    ),
  ];
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(ENGINES)('a company from a file, and a company that leaves (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;
  let cookie: string;
  let delta: number;
  let exported = '';
  let coordinatorPassword = '';

  const pageToken = async (url: string) =>
    hiddenXsrf((await app.inject({ method: 'GET', url, headers: { cookie } })).body);

  const createWithFile = async (fields: Record<string, string>, file: string, name: string) => {
    const { body, contentType } = multipartForm(
      { _xsrf: await pageToken('/plataforma/empresas/nueva'), ...fields },
      { archivo: { name, text: file, type: 'application/json' } },
    );
    return app.inject({
      method: 'POST',
      url: '/plataforma/empresas',
      headers: { cookie, 'content-type': contentType },
      payload: body,
    });
  };
  const removeForm = async (company: number, typed: string) =>
    app.inject({
      method: 'POST',
      url: `/plataforma/empresas/${company}/eliminar`,
      headers: { cookie, 'content-type': FORM },
      payload: new URLSearchParams({
        _xsrf: await pageToken(`/plataforma/empresas/${company}/retirar`),
        confirmacion: typed,
      }).toString(),
    });
  const download = (company: number) =>
    app.inject({
      method: 'GET',
      url: `/plataforma/empresas/${company}/exportacion.json`,
      headers: { cookie },
    });
  const companies = () =>
    t.db.query<{ id: number; name: string }>('SELECT id, name FROM companies');

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
    await createUser(wall.forCompany(1), {
      document: '1010101',
      name: 'Aprendiz Andina',
      password: 'clave-aprendiz',
    });
    const io = { out: () => undefined, err: () => undefined };
    await runUsers(
      [
        'plataforma',
        'add',
        '--email',
        OPERATOR.email,
        '--name',
        OPERATOR.name,
        '--password',
        OPERATOR.password,
      ],
      io,
      t.db,
    );
    const signIn = await postSignIn(app, 'plataforma', {
      correo: OPERATOR.email,
      clave: OPERATOR.password,
    });
    cookie = `plataforma_sesion=${signIn.cookies.find((c) => c.name === 'plataforma_sesion')!.value}`;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('a configuration file that does not validate creates nothing; the form says why and keeps what was typed', async () => {
    const before = await companies();
    const bad = JSON.stringify({ ...JSON.parse(EXAMPLE), empresa: { nombre: 'Gamma' } });
    const answer = await createWithFile(
      { empresa: 'Obras Gamma', nombre: 'Gina Gamma', documento: 'G-1', correo: '' },
      bad,
      'gamma.json',
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain(
      'No se creó la empresa: el archivo de configuración no es válido',
    );
    expect(answer.body).toContain('gamma.json: empresa.');
    expect(answer.body).toContain('value="Obras Gamma"');
    expect(await companies()).toEqual(before);
  });

  it('a company is created from its file: named by it, version 1 stored, audited in both logs', async () => {
    const answer = await createWithFile(
      { empresa: '', nombre: 'Diana Delta', documento: 'D-1', correo: '' },
      deltaFile(),
      'delta.json',
    );
    expect(answer.statusCode, answer.body.slice(0, 600)).toBe(201);
    expect(answer.body).toContain(DELTA);
    expect(answer.body).toContain('versión 1, desde el archivo');
    coordinatorPassword = /<p class="secret">([^<]+)<\/p>/.exec(answer.body)![1]!;
    delta = Number((await companies()).find((c) => c.name === DELTA)!.id);
    const inDelta = wall.forCompany(delta);
    const [config] = await inDelta.query<{ version: number; created_by_platform: string }>(
      'SELECT version, created_by_platform FROM company_configs WHERE company_id = $1',
      [delta],
    );
    expect(config).toMatchObject({
      version: 1,
      created_by_platform: expect.stringContaining(OPERATOR.name),
    });
    const platform = await t.db.query<{ action: string }>(
      'SELECT action FROM platform_audit WHERE target_company_id = $1 ORDER BY id',
      [delta],
    );
    expect(platform.map((r) => r.action)).toEqual([
      'crear-empresa',
      'crear-coordinador',
      'importar-configuracion',
    ]);
    const own = await inDelta.query<{ action: string }>('SELECT action FROM audit_log ORDER BY id');
    expect(own.map((r) => r.action)).toEqual(['crear-usuario', 'importar-configuracion']);
  });

  let learner: TestClient;
  let certificateCode = '';
  let slug = '';

  it('its export verifies outside the installation; one changed byte of an acceptance or a certificate does not', async () => {
    const inDelta = wall.forCompany(delta);
    for (const document of ['73000001', '73000002']) {
      const user = await seedUser(inDelta, {
        document,
        name: `Beto ${document}`,
        email: `${document}@example.co`,
      });
      const client = await sessionClient(app, inDelta, user.id);
      const saved = await client.updateUser({
        id: String(user.id),
        score: '100',
        route: FULL_ROUTE,
      });
      expect(saved.json().user?.score).toBe(100);
      const text: string = (await client.post('me')).json().user.acceptanceStatement;
      const accepted = await client.post('record-acceptance', {
        text,
        deviceTime: '2026-11-26T10:00:00.000-05:00',
        sessionId: `session-${document}`,
        cycle: 1,
      });
      expect(accepted.statusCode).toBe(200);
      learner = client;
    }
    const certificate = await learner.app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: learner.headers(),
    });
    expect(certificate.json()).toMatchObject({ success: true });
    certificateCode = (await inDelta.query<{ code: string }>('SELECT code FROM certificates'))[0]!
      .code;
    slug = (
      await t.db.query<{ slug: string }>('SELECT slug FROM companies WHERE id = $1', [delta])
    )[0]!.slug;

    const answer = await download(delta);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="exportacion-/);
    exported = answer.body;
    // Credentials never leave: no password hash, no session or invitation hash.
    expect(exported).not.toContain('password_hash');
    expect(exported).not.toContain('token_hash');
    const verified = await verifyCompanyExport(exported);
    expect(verified).toMatchObject({ ok: true });
    const summary = (verified as { summary: string[] }).summary.join('\n');
    expect(summary).toContain('Aceptaciones: 2, cada una firmada');
    expect(summary).toContain('Certificados: 1, cada uno firmado');

    // Audited with the file's sha256, in the platform's audit and the company's log.
    const sha256 = createHash('sha256').update(exported).digest('hex');
    const [recorded] = await t.db.query<{ details: { sha256: string } }>(
      "SELECT details FROM platform_audit WHERE action = 'exportar-empresa' AND target_company_id = $1",
      [delta],
    );
    expect(recorded!.details.sha256).toBe(sha256);
    const [own] = await inDelta.query<{ details: { sha256: string } }>(
      "SELECT details FROM audit_log WHERE action = 'exportar-empresa'",
    );
    expect(own!.details.sha256).toBe(sha256);

    // One byte changed in one acceptance, then in the certificate: named, and refused.
    const changed = (table: 'acceptances' | 'certificates', column: string) => {
      const file = JSON.parse(exported);
      const content = JSON.parse(file.contenido);
      const row = content.tablas[table][0];
      row[column] = String(row[column]).replace(/.$/, (c: string) => (c === '1' ? '2' : '1'));
      file.contenido = JSON.stringify(content);
      return { text: JSON.stringify(file), id: row.id };
    };
    const acceptance = changed('acceptances', 'document');
    expect(await verifyCompanyExport(acceptance.text)).toEqual({
      ok: false,
      problem: expect.stringMatching(
        new RegExp(`^aceptación ${acceptance.id} .*la firma no coincide`),
      ),
    });
    const certificateChanged = changed('certificates', 'name');
    expect(await verifyCompanyExport(certificateChanged.text)).toEqual({
      ok: false,
      problem: expect.stringMatching(
        new RegExp(`^certificado ${certificateChanged.id} .*la firma no coincide`),
      ),
    });

    // The script itself: a Spanish summary and 0, or the first thing that fails and 1.
    const dir = mkdtempSync(join(tmpdir(), 'exportacion-'));
    try {
      writeFileSync(join(dir, 'limpia.json'), exported);
      writeFileSync(join(dir, 'cambiada.json'), acceptance.text);
      const run = promisify(execFile);
      const script = new URL('../../scripts/verify-company-export.ts', import.meta.url).pathname;
      const clean = await run('npx', ['tsx', script, join(dir, 'limpia.json')]);
      expect(clean.stdout).toContain('Todo verifica');
      const failed = await run('npx', ['tsx', script, join(dir, 'cambiada.json')]).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('NO VERIFICA: aceptación'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the deletion needs the name typed and an export of the current state; company 1 is never deleted', async () => {
    const page = await app.inject({
      method: 'GET',
      url: `/plataforma/empresas/${delta}/retirar`,
      headers: { cookie },
    });
    expect(page.body).toContain('Decreto 1072 de 2015, artículo 2.2.4.6.13');
    expect(page.body).toContain('veinte (20) años');
    expect(page.body).toContain('Es del estado actual de la empresa');

    const wrong = await removeForm(delta, 'Constructora Delta');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('el nombre escrito no es el de la empresa');
    // A write after the export: the export is no longer of the current state.
    await createUser(wall.forCompany(delta), {
      document: 'D-2',
      name: 'Dario Delta',
      password: 'clave-dario-1',
    });
    const stale = await removeForm(delta, DELTA);
    expect(stale.statusCode).toBe(422);
    expect(stale.body).toContain('la empresa cambió después de la última exportación');
    const first = await removeForm(1, 'Constructora Andina S.A.S.');
    expect(first.statusCode).toBe(422);
    expect(await companies()).toHaveLength(2);
  });

  it('the append-only tables still refuse a delete: the removal lets through its own company’s rows only, never company 1’s', async () => {
    const first = wall.forCompany(1);
    await first.query(
      "INSERT INTO audit_log (actor_name, action, details) VALUES ('Prueba', 'ingreso', '{}')",
    );
    await expect(first.query('DELETE FROM audit_log')).rejects.toThrow('audit_log is append-only');
    // The setting names Delta: company 1's rows stay refused in that transaction.
    await expect(
      wall.forCompany(ALL_COMPANIES).transaction(async (tx) => {
        await tx.query("SELECT set_config('app.company_removal', $1, true)", [String(delta)]);
        await tx.query('DELETE FROM audit_log WHERE company_id = 1');
      }),
    ).rejects.toThrow('audit_log is append-only');
    // Company 1 is never removed, even when named.
    await expect(
      first.transaction(async (tx) => {
        await tx.query("SELECT set_config('app.company_removal', '1', true)");
        await tx.query('DELETE FROM audit_log');
      }),
    ).rejects.toThrow('audit_log is append-only');
    await expect(first.query('SELECT remove_company(1)')).rejects.toThrow('remove_company');
    expect(await first.query('SELECT 1 FROM audit_log')).toHaveLength(1);
  });

  it('after the deletion nothing of the company answers, and no row of it stays in any table', async () => {
    // Its coordinator signed in to the console before: that session must end with it.
    const staff = await postSignIn(app, 'consola', {
      documento: 'D-1',
      clave: coordinatorPassword,
      empresa: slug,
    });
    const staffCookie = staff.cookies.find((c) => c.name === 'consola_sesion');
    expect(staffCookie, staff.body.slice(0, 300)).toBeTruthy();
    const consoleCookie = `consola_sesion=${staffCookie!.value}`;
    expect(
      (await app.inject({ method: 'GET', url: '/consola', headers: { cookie: consoleCookie } }))
        .statusCode,
    ).toBe(200);
    expect((await download(delta)).statusCode).toBe(200);
    const removed = await removeForm(delta, ` ${DELTA.toUpperCase()} `);
    expect(removed.statusCode, removed.body.slice(0, 400)).toBe(303);
    expect(removed.headers.location).toBe(`/plataforma?eliminada=${delta}`);
    const list = await app.inject({
      method: 'GET',
      url: String(removed.headers.location),
      headers: { cookie },
    });
    expect(list.body).toContain(`Se eliminó la empresa <strong>${DELTA}</strong>`);

    // Every table that holds a company's rows (the database's own list) holds none of Delta's.
    const tables = await t.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE column_name = 'company_id' AND table_schema = current_schema()`,
    );
    expect(tables.map((r) => r.table_name).sort()).toEqual(
      [...COMPANY_TABLES, ...NOT_EXPORTED].sort(),
    );
    for (const { table_name } of tables) {
      const rows = await wall
        .forCompany(ALL_COMPANIES)
        .query(`SELECT 1 FROM ${table_name} WHERE company_id = $1`, [delta]);
      expect(rows, table_name).toEqual([]);
    }
    expect((await companies()).map((c) => Number(c.id))).toEqual([1]);

    // Its address, its learner's session, its sign-in, its certificate, its gate keys: gone.
    expect((await learner.post('me')).statusCode).toBe(401);
    const login = await new TestClient(app).init();
    const signIn = await login.post('auth/login', {
      document: '73000001',
      password: 'secreto123',
      empresa: slug,
    });
    expect(signIn.statusCode).toBe(422);
    const verify = await app.inject({ method: 'GET', url: `/verificar/${certificateCode}` });
    expect(verify.statusCode).toBe(404);
    for (const empresa of [slug, String(delta)])
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/gate-keys?empresa=${empresa}` }))
          .statusCode,
      ).toBe(404);
    const consoleSignIn = await postSignIn(app, 'consola', {
      documento: 'D-1',
      clave: coordinatorPassword,
      empresa: slug,
    });
    expect(consoleSignIn.statusCode).toBe(422);
    const staffAfter = await app.inject({
      method: 'GET',
      url: '/consola',
      headers: { cookie: consoleCookie },
    });
    expect(staffAfter.statusCode).toBe(303);
    expect(staffAfter.headers.location).toMatch(/^\/consola\/ingresar/);

    // The platform's audit keeps who, when, the name, the export's hash and its counts.
    const [kept] = await t.db.query<{ actor_name: string; details: Record<string, unknown> }>(
      "SELECT actor_name, details FROM platform_audit WHERE action = 'eliminar-empresa'",
    );
    expect(kept).toMatchObject({
      actor_name: OPERATOR.name,
      details: {
        empresa: DELTA,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        conteos: expect.objectContaining({ acceptances: 2, certificates: 1 }),
      },
    });
    // Company 1 is as it was.
    expect(await wall.forCompany(1).query('SELECT document FROM users')).toEqual([
      { document: '1010101' },
    ]);
  }, 60_000);
});
