// An obra's SCORM zips from its console page (decision 0241): made from the template LMS build
// with the obra's values and identifiers, for the console's staff only, audited, and a page that
// says why there are none when the template build is missing. The template here is a small
// stand-in with the real template's page markers; e2e/console-import.spec.ts takes the real one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { createUser, issueToken } from '../db/store.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { readZip } from '../../course-files/package-unzip.ts';
import { ANDINA, consoleFixture, postSignIn, type ConsoleFixture } from './console-fixture.ts';
import { createCompany } from '../db/company-store.ts';
import { companyDb } from '../db/company-scope.ts';
import { importCompanyConfig } from '../company-config/import.ts';
import { createObra } from '../obras.ts';
import {
  EMPTY_OBRA_BLOCK,
  OBRA_STATIC_END,
  OBRA_STATIC_START,
  type ObraPageValues,
} from '../../src/domain/content/obra-template.ts';

const MEETING = 'la cancha múltiple del costado sur';
const APP_JS = 'console.log("curso");\n';

/** A template build: its page (block, markers, a placeholder) and one script. */
function templateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'curso-sst-template-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="es"><head><meta charset="UTF-8"><title>Curso</title></head><body><div id="root">${EMPTY_OBRA_BLOCK}${OBRA_STATIC_START}<p>¡Bienvenido a {{obra.nombre}}!</p>${OBRA_STATIC_END}</div><script type="module" src="./assets/index.js"></script></body></html>`,
  );
  writeFileSync(join(dir, 'assets', 'index.js'), APP_JS);
  return dir;
}

const zipFiles = (body: Buffer) =>
  readZip(body)
    .filter((e) => !e.isDirectory)
    .map((e) => e.name);
const zipText = (body: Buffer, name: string) =>
  readZip(body)
    .find((e) => e.name === name)!
    .data()
    .toString('utf8');

describe.each(ENGINES)('an obra’s SCORM zips from its console page (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  let template: string;
  let learnerToken: string;
  const out = mkdtempSync(join(tmpdir(), 'curso-sst-obra-zips-'));

  beforeAll(async () => {
    template = templateDir();
    f = await consoleFixture(engine, undefined, template);
    cookie = (await f.signIn())!;
    const made = await createObra(
      f.t.db,
      [],
      'Edificio Álamo',
      { puntoEncuentro: MEETING },
      f.coordinatorId,
    );
    expect(made).toHaveProperty('obra');
    const learner = await createUser(f.t.db, { document: 'L-1', name: 'Ana', password: 'x' });
    learnerToken = await issueToken(f.t.db, learner.id, 3_600_000, 'consola');
  }, 120_000);
  afterAll(async () => {
    await f?.close();
    rmSync(template, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it('the obra’s page links both zips, named for the obra', async () => {
    const page = await f.get('/consola/obras/edificio-alamo', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Paquetes SCORM para el LMS');
    expect(page.body).toContain(
      'href="/consola/obras/edificio-alamo/paquete/scorm12" download="curso-sst-edificio-alamo-scorm12.zip"',
    );
    expect(page.body).toContain(
      'href="/consola/obras/edificio-alamo/paquete/scorm2004" download="curso-sst-edificio-alamo-scorm2004.zip"',
    );
  });

  it('is refused to anonymous visitors and learners; an unknown obra or edition is 404', async () => {
    const url = '/consola/obras/edificio-alamo/paquete/scorm12';
    const anonymous = await f.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe(`/consola/ingresar?volver=${encodeURIComponent(url)}`);
    const learner = await f.app.inject({
      method: 'GET',
      url,
      headers: { authorization: learnerToken },
    });
    expect(learner.statusCode).toBe(403);
    expect(learner.headers['content-type']).not.toContain('zip');
    expect((await f.get('/consola/obras/no-existe/paquete/scorm12', cookie)).statusCode).toBe(404);
    expect((await f.get('/consola/obras/edificio-alamo/paquete/scorm3', cookie)).statusCode).toBe(
      404,
    );
  });

  it('each zip: the manifest with the obra’s identifiers, the schemas, the template’s files with the obra’s values; audited', async () => {
    const expected = {
      scorm12: { file: 'curso-sst-edificio-alamo-scorm12.zip', schema: 'imscp_rootv1p1p2.xsd' },
      scorm2004: {
        file: 'curso-sst-edificio-alamo-scorm2004.zip',
        schema: 'imscp_v1p1.xsd',
      },
    };
    for (const [edition, { file, schema }] of Object.entries(expected)) {
      const r = await f.get(`/consola/obras/edificio-alamo/paquete/${edition}`, cookie);
      expect(r.statusCode, edition).toBe(200);
      expect(r.headers['content-type']).toBe('application/zip');
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
      const body = r.rawPayload;
      writeFileSync(join(out, file), body);
      const files = zipFiles(body);
      expect(files[0]).toBe('imsmanifest.xml');
      expect(files).toContain('index.html');
      expect(files).toContain('assets/index.js');
      expect(files).toContain(schema);
      const manifest = zipText(body, 'imsmanifest.xml');
      expect(manifest).toContain('identifier="curso-sst-edificio-alamo-org"');
      expect(manifest).toContain('identifier="curso-sst-edificio-alamo-item"');
      expect(manifest).toContain('identifier="curso-sst-edificio-alamo-sco"');
      expect(manifest).toMatch(/<title>[^<]*— Edificio Álamo<\/title>/);
      expect(manifest).toContain('href="assets/index.js"');
      // The page carries the obra's values; the static introduction is filled.
      const html = zipText(body, 'index.html');
      const json = /id="obra-values">([\s\S]*?)<\/script>/.exec(html)![1]!;
      const values = JSON.parse(json) as ObraPageValues;
      expect(values.values['obra.puntoEncuentro']).toBe(MEETING);
      expect(values.values['empresa.nombre']).toBe('Constructora Andina S.A.S.');
      expect(values.company.obra).toEqual({ slug: 'edificio-alamo', nombre: 'Edificio Álamo' });
      expect(html).toContain('¡Bienvenido a Edificio Álamo!');
      expect(zipText(body, 'assets/index.js')).toBe(APP_JS);
    }
    const rows = await f.t.db.query<{ action: string; details: Record<string, string> | string }>(
      `SELECT action, details FROM audit_log WHERE action = 'paquete-scorm' ORDER BY id`,
    );
    const details = rows.map((r) =>
      typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
    );
    expect(details).toEqual([
      { obra: 'edificio-alamo', edicion: 'SCORM 1.2', archivo: expected.scorm12.file },
      {
        obra: 'edificio-alamo',
        edicion: 'SCORM 2004 3rd Edition',
        archivo: expected.scorm2004.file,
      },
    ]);
  });

  it('another obra’s zip has its own identifiers and values', async () => {
    // Torre Norte: the configuration's first obra (Constructora Andina).
    const r = await f.get('/consola/obras/torre-norte/paquete/scorm12', cookie);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('curso-sst-torre-norte-scorm12.zip');
    const manifest = zipText(r.rawPayload, 'imsmanifest.xml');
    expect(manifest).toContain('identifier="curso-sst-torre-norte-item"');
    expect(manifest).not.toContain('edificio-alamo');
    expect(zipText(r.rawPayload, 'index.html')).toContain('¡Bienvenido a Torre Norte!');
  });

  it('another company’s zip is filled from that company’s stored configuration (record 0287)', async () => {
    const wall = companyDb(f.t.db);
    const beta = await createCompany(f.t.db, 'Beta Paquetes');
    const { logo: _logo, ...empresa } = ANDINA.empresa;
    void _logo;
    const file = {
      ...JSON.parse(JSON.stringify(ANDINA)),
      empresa: { ...empresa, nombre: 'Constructora Beta S.A.S.', logo: undefined },
      obras: [{ slug: 'torre-beta', nombre: 'Torre Beta', puntoEncuentro: 'el parqueadero Beta' }],
    };
    const stored = await importCompanyConfig(wall, beta, JSON.stringify(file), {
      platform: 'prueba',
    });
    expect(stored.ok, JSON.stringify(stored)).toBe(true);
    await createUser(wall.forCompany(beta), {
      document: 'C-PB1',
      name: 'Coordinador Beta',
      password: 'clave-beta-1',
      role: 'coordinador',
    });
    const signedIn = await postSignIn(f.app, 'consola', {
      documento: 'C-PB1',
      clave: 'clave-beta-1',
    });
    const betaCookie = `consola_sesion=${signedIn.cookies.find((c) => c.name === 'consola_sesion')!.value}`;
    const r = await f.get('/consola/obras/torre-beta/paquete/scorm2004', betaCookie);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    const html = zipText(r.rawPayload, 'index.html');
    const values = JSON.parse(
      /id="obra-values">([\s\S]*?)<\/script>/.exec(html)![1]!,
    ) as ObraPageValues;
    expect(values.values['empresa.nombre']).toBe('Constructora Beta S.A.S.');
    expect(values.values['obra.puntoEncuentro']).toBe('el parqueadero Beta');
    expect(values.company.companyName).toBe('Constructora Beta S.A.S.');
    expect(html).not.toContain(ANDINA.empresa.nombre);
    // Company 1's coordinator has no such obra: not found, never B's zip.
    expect((await f.get('/consola/obras/torre-beta/paquete/scorm2004', cookie)).statusCode).toBe(
      404,
    );
  });

  const checker = join(ROOT, '..', 'shared', 'tools', 'check-scorm', 'check-scorm');
  it.skipIf(!existsSync(checker))(
    'both zips pass check-scorm with no FAIL and no WARN',
    () => {
      for (const file of [
        'curso-sst-edificio-alamo-scorm12.zip',
        'curso-sst-edificio-alamo-scorm2004.zip',
      ]) {
        const r = spawnSync(checker, [join(out, file)], { encoding: 'utf8' });
        const report = `${r.stdout}\n${r.stderr}`;
        expect(r.status, report).toBe(0);
        expect(r.stdout, report).toMatch(/RESULT: PASS/);
        expect(r.stdout, report).not.toMatch(/^(FAIL|WARN)/m);
      }
    },
    120_000,
  );
});

describe('without the template build', () => {
  let f: ConsoleFixture;
  let cookie: string;
  beforeAll(async () => {
    f = await consoleFixture('pglite');
    cookie = (await f.signIn())!;
  }, 120_000);
  afterAll(async () => f?.close());

  it('the obra’s page says so in Spanish, and the download answers 503 with the same reason', async () => {
    const page = await f.get('/consola/obras/torre-norte', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Los paquetes SCORM no están disponibles en este servidor');
    expect(page.body).not.toContain('/paquete/scorm12');
    const r = await f.get('/consola/obras/torre-norte/paquete/scorm12', cookie);
    expect(r.statusCode).toBe(503);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('Falta la build de plantilla');
  });
});
