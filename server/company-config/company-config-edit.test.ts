// Editing a company's configuration page by page in the console (record 0292): a coordinator's
// save stores the next version with only that section changed and an audit row naming who,
// which section and which fields; the reader's errors come back in Spanish next to the field with
// nothing stored; a save that changes nothing stores nothing; an auditor's POST is refused;
// another company's coordinator finds neither the obra nor the version; a logo that fails the
// checks of record 0188 is refused; a company «sin configurar» imports a file first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINES, openTestDb, testApp, type Engine, type TestDb } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { createCompany } from '../db/company-store.ts';
import { companyDb, type CompanyDb } from '../db/company-scope.ts';
import { ANDINA, staffSession, type StaffSession } from '../console/console-fixture.ts';
import { nitCheckDigit } from '../../src/domain/config/index.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { importCompanyConfig } from './import.ts';

const FORM = 'application/x-www-form-urlencoded';
const NIT_B = `900765432-${nitCheckDigit('900765432')}`;
const FIXTURES = join(ROOT, 'test', 'fixtures', 'config');
const GOOD_LOGO = readFileSync(join(FIXTURES, 'constructora-andina-logo.svg'), 'utf8');

/** B's file: Andina's fixture (without its logo) with B's name, NIT and two obras. */
function fileOfB(): string {
  const raw = JSON.parse(readFileSync(join(FIXTURES, 'constructora-andina.json'), 'utf8')) as {
    empresa: Record<string, unknown>;
  };
  delete raw.empresa.logo;
  return JSON.stringify(
    {
      ...raw,
      empresa: { ...raw.empresa, nombre: 'Constructora Beta S.A.S.', nit: NIT_B },
      obras: [
        { slug: 'torre-beta', nombre: 'Torre Beta', alarma: 'Sirena larga' },
        { slug: 'bodega-beta', nombre: 'Bodega Beta' },
      ],
    },
    null,
    2,
  );
}

type Staff = StaffSession;
const session = staffSession;

const get = (app: FastifyInstance, url: string, who: Staff) =>
  app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

const post = (app: FastifyInstance, url: string, who: Staff, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, 'content-type': FORM },
    payload: new URLSearchParams({ _xsrf: who.xsrf, ...fields }).toString(),
  });

/** The logo page's form, as the browser posts it. */
function postLogo(app: FastifyInstance, who: Staff, svg: string) {
  const b = '----logo';
  return app.inject({
    method: 'POST',
    url: '/consola/configuracion/logo',
    headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${b}` },
    payload:
      `--${b}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n${who.xsrf}\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="logo"; filename="logo.svg"\r\nContent-Type: image/svg+xml\r\n\r\n${svg}\r\n--${b}--\r\n`,
  });
}

/** The form's fields as its page fills them (name → value), to post them back changed. */
function formFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const decode = (s: string) =>
    s
      .replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const m of html.matchAll(/<input id="f-[^"]*" name="([^"]+)" value="([^"]*)"/g))
    out[m[1]!] = decode(m[2]!);
  for (const m of html.matchAll(/<textarea id="f-[^"]*" name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g))
    out[m[1]!] = decode(m[2]!);
  for (const m of html.matchAll(/<select id="f-[^"]*" name="([^"]+)"[^>]*>(.*?)<\/select>/g))
    out[m[1]!] = /<option selected>([^<]*)</.exec(m[2]!)?.[1] ?? '';
  return out;
}

describe.each(ENGINES)('editing the configuration page by page (%s)', (engine: Engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;
  let companyB: number;
  let unconfigured: number;
  let a: Staff;
  let b: Staff;
  let auditorB: Staff;
  let c: Staff;

  const versionsOfB = () =>
    wall
      .forCompany(companyB)
      .query<{ version: number; body: string; logo_svg: string | null }>(
        'SELECT version, body, logo_svg FROM company_configs WHERE company_id = $1 ORDER BY version',
        [companyB],
      );

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    app = await testApp(t.db, {
      console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
    });
    wall = companyDb(t.db);
    companyB = await createCompany(t.db, 'Beta Registrada');
    unconfigured = await createCompany(t.db, 'Gamma Sin Configurar');
    const staff = (company: number, document: string, name: string, role = 'coordinador') =>
      createUser(wall.forCompany(company), {
        document,
        name,
        password: `clave-${document}`,
        role: role as 'coordinador' | 'auditor',
      });
    await staff(1, 'C-A1', 'Coordinadora Alfa');
    await staff(companyB, 'C-B1', 'Coordinador Beta');
    await staff(companyB, 'AU-B1', 'Auditora Beta', 'auditor');
    await staff(unconfigured, 'C-G1', 'Coordinadora Gamma');
    a = await session(app, 'C-A1', 'clave-C-A1');
    b = await session(app, 'C-B1', 'clave-C-B1');
    auditorB = await session(app, 'AU-B1', 'clave-AU-B1');
    c = await session(app, 'C-G1', 'clave-C-G1');
    const imported = await importCompanyConfig(wall, companyB, fileOfB(), { platform: 'Prueba' });
    expect(imported.ok).toBe(true);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('the meeting point of an obra: version n+1 with the new value, everything else as it was, and the audit row', async () => {
    const before = await versionsOfB();
    const page = await get(app, '/consola/configuracion/obras/bodega-beta', b);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Esta obra está en el archivo de configuración');
    const sent = await post(app, '/consola/configuracion/obras/bodega-beta', b, {
      ...formFields(page.body),
      puntoEncuentro: 'Parqueadero sur',
    });
    expect(sent.statusCode, sent.body.slice(0, 600)).toBe(303);
    const shown = await get(app, String(sent.headers.location), b);
    expect(shown.body).toContain(`Guardado: versión ${before.length + 1}.`);
    expect(shown.body).toContain('obras[1].puntoEncuentro');

    const after = await versionsOfB();
    expect(after).toHaveLength(before.length + 1);
    const previous = JSON.parse(before.at(-1)!.body) as { obras: Record<string, unknown>[] };
    previous.obras[1]!.puntoEncuentro = 'Parqueadero sur';
    expect(JSON.parse(after.at(-1)!.body)).toEqual(previous);

    const [row] = await wall
      .forCompany(companyB)
      .query<{ actor_name: string; details: Record<string, unknown> }>(
        "SELECT actor_name, details FROM audit_log WHERE action = 'editar-configuracion' ORDER BY id DESC LIMIT 1",
      );
    expect(row!.actor_name).toBe('Coordinador Beta');
    expect(row!.details).toMatchObject({
      version: before.length + 1,
      seccion: 'obra bodega-beta',
      campos: ['obras[1].puntoEncuentro'],
      cambios: ['obras[1].puntoEncuentro: «» → «Parqueadero sur»'],
    });

    // The history names who and what; the version's file downloads as stored.
    const config = await get(app, '/consola/configuracion', b);
    expect(config.body).toContain('Cambió: obra bodega-beta');
    expect(config.body).toContain('cambiada en la consola por Coordinador Beta');
    const file = await get(app, `/consola/configuracion/versiones/${before.length + 1}`, b);
    expect(file.body).toBe(after.at(-1)!.body);
  });

  it('a bad NIT or an empty required field is refused in Spanish next to the field, the form refilled, nothing stored', async () => {
    const before = await versionsOfB();
    const page = await get(app, '/consola/configuracion/empresa', b);
    const filled = formFields(page.body);
    expect(filled.nit).toBe(NIT_B);
    const badNit = await post(app, '/consola/configuracion/empresa', b, {
      ...filled,
      nit: '900765432-0',
      arlNombre: 'ARL Nueva Tecleada',
    });
    expect(badNit.statusCode).toBe(422);
    expect(badNit.body).toMatch(
      /<p class="field-error" id="f-nit-error">[^<]*dígito de verificación/,
    );
    expect(badNit.body).toContain('value="900765432-0"');
    expect(badNit.body).toContain('value="ARL Nueva Tecleada"');
    const noName = await post(app, '/consola/configuracion/empresa', b, { ...filled, nombre: ' ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.body).toContain(
      '<p class="field-error" id="f-nombre-error">está vacío: este campo es obligatorio</p>',
    );
    expect(await versionsOfB()).toEqual(before);
  });

  it('a save that changes nothing stores nothing and says so', async () => {
    const before = await versionsOfB();
    const page = await get(app, '/consola/configuracion/responsable', b);
    const sent = await post(app, '/consola/configuracion/responsable', b, formFields(page.body));
    expect(sent.statusCode).toBe(303);
    expect((await get(app, String(sent.headers.location), b)).body).toContain(
      'No cambiaste nada: no se guardó una versión nueva.',
    );
    expect(await versionsOfB()).toEqual(before);
  });

  it('an auditor reads the pages but their POST is refused', async () => {
    const before = await versionsOfB();
    const page = await get(app, '/consola/configuracion/reinduccion', auditorB);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Solo un coordinador puede cambiar la configuración.');
    const sent = await post(app, '/consola/configuracion/reinduccion', auditorB, {
      periodoMeses: '3',
    });
    expect(sent.statusCode).toBe(403);
    expect(await versionsOfB()).toEqual(before);
  });

  it('another company’s coordinator finds neither B’s obra nor B’s versions', async () => {
    const before = await versionsOfB();
    expect((await get(app, '/consola/configuracion/obras/torre-beta', a)).statusCode).toBe(404);
    const sent = await post(app, '/consola/configuracion/obras/torre-beta', a, {
      nombre: 'Torre Intrusa',
      puntoEncuentro: 'Otro lugar',
    });
    expect(sent.statusCode).toBe(404);
    const file = await get(app, `/consola/configuracion/versiones/${before.length}`, a);
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('Constructora Beta');
    expect(await versionsOfB()).toEqual(before);
  });

  it('a logo that fails the checks of record 0188 is refused; a good one is stored', async () => {
    const before = await versionsOfB();
    const refused = await postLogo(
      app,
      b,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatch(/<p class="field-error" id="f-logo-error">[^<]*script/i);
    expect(await versionsOfB()).toEqual(before);

    const stored = await postLogo(app, b, GOOD_LOGO);
    expect(stored.statusCode, stored.body.slice(0, 600)).toBe(303);
    const after = await versionsOfB();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.logo_svg).toBe(GOOD_LOGO);
    expect(JSON.parse(after.at(-1)!.body).empresa.logo).toBe('logo.svg');
  });

  it('a company «sin configurar» is asked to import its file first, and nothing is stored', async () => {
    const page = await get(app, '/consola/configuracion/empresa', c);
    expect(page.body).toContain('primero importa su archivo');
    const sent = await post(app, '/consola/configuracion/empresa', c, {
      nombre: 'Gamma',
      nit: NIT_B,
    });
    expect(sent.statusCode).toBe(409);
    const stored = await wall
      .forCompany(unconfigured)
      .query('SELECT version FROM company_configs WHERE company_id = $1', [unconfigured]);
    expect(stored).toEqual([]);
  });
});
