// Decision 0216: every console form that changes something answers 303 (POST-redirect-GET), so
// reloading the page it leads to never repeats the action. The walk covers every POST route the
// console registers (read from the router), so a new form without a case here fails the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ENGINES } from '../test-support.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { createUser } from '../db/store.ts';
import { runUsers } from '../cli/users.ts';
import { createCompany } from '../db/company-store.ts';
import { consoleFixture, hiddenXsrf, postSignIn, type ConsoleFixture } from './console-fixture.ts';
import { importWorkerFor } from './import-jobs.ts';
import { invitationWorkerFor } from './invitation-jobs.ts';

/** Full paths of the POST routes under /consola, from fastify's route tree. */
function consolePostRoutes(tree: string, prefix = '/consola/'): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^(.*?)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = [...m[1]!].length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    if (m[3]!.split(', ').includes('POST') && path.startsWith(prefix)) out.push(path);
  }
  return out.sort();
}

describe.each(ENGINES)('POST-redirect-GET on every console form (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  let learnerId: number;
  const answered = new Map<string, number>();
  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
    learnerId = (
      await createUser(f.t.db, { document: '7500001', name: 'Walk Uno', password: 'clave-walk-1' })
    ).id;
    for (const [document, contratista] of [
      ['7500002', 'Andamios SAS'],
      ['7500003', 'andamios s.a.s.'],
    ] as const) {
      const { id } = await createUser(f.t.db, {
        document,
        name: `Walk ${document}`,
        password: 'clave-walk-2',
      });
      await f.t.db.query('UPDATE users SET contratista = $2 WHERE id = $1', [id, contratista]);
    }
  }, 120_000);
  afterAll(() => f.close());

  /** Posts a form as the browser does (the token of `pageUrl`) and records the answer. */
  const submit = async (
    route: string,
    url: string,
    fields: Record<string, string>,
    pageUrl: string,
  ) => {
    const page = await f.get(pageUrl, cookie);
    const sent = await f.post(url, cookie, fields, page.body);
    answered.set(route, sent.statusCode);
    return sent;
  };
  const followed = async (sent: LightMyRequestResponse) =>
    (await f.get(String(sent.headers.location), cookie)).body.replace(/&#(\d+);/g, (_m, n) =>
      String.fromCharCode(Number(n)),
    );
  /** Sends a file as the page's form does (the CSV import unless said otherwise). */
  const upload = async (
    text: string,
    to = { url: '/consola/importar', field: 'archivo', fileName: 'w.csv', type: 'text/csv' },
  ) => {
    const form = await f.get(to.url, cookie);
    const b = '----walk';
    const sent = await f.app.inject({
      method: 'POST',
      url: to.url,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${b}` },
      payload:
        `--${b}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n${hiddenXsrf(form.body)}\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="${to.field}"; filename="${to.fileName}"\r\nContent-Type: ${to.type}\r\n\r\n${text}\r\n--${b}--\r\n`,
    });
    answered.set(to.url, sent.statusCode);
    return sent;
  };

  it('answers 303 to each form that changes something, and the next page says what happened', async () => {
    const signIn = await f.signInAnswer('C-900', 'clave-coord');
    answered.set('/consola/ingresar', signIn.statusCode);

    const added = await submit(
      '/consola/agregar',
      '/consola/agregar',
      { documento: '7500009', nombre: 'Walk Nueve', obra: 'torre-norte' },
      '/consola/agregar',
    );
    expect(added.statusCode).toBe(303);

    const learner = `/consola/aprendices/${learnerId}`;
    const act = (action: string, fields: Record<string, string> = {}) =>
      submit(`/consola/aprendices/:id/${action}`, `${learner}/${action}`, fields, learner);
    expect(await followed(await act('celular', { celular: '3001234567' }))).toContain('Celular');
    expect((await act('contrasena')).statusCode).toBe(303);
    expect((await act('desactivar')).statusCode).toBe(303);
    expect((await act('reactivar')).statusCode).toBe(303);
    // The coordinator's audited mark that leaves a worker out of the audit sample (record 0264).
    expect(await followed(await act('excluir-auditoria', { motivo: 'Retirado' }))).toContain(
      'Retirado',
    );
    expect((await act('incluir-auditoria', { motivo: 'Volvió a la obra' })).statusCode).toBe(303);
    await f.t.db.query('UPDATE progress SET completed_at = now(), score = 100 WHERE user_id = $1', [
      learnerId,
    ]);
    expect(await followed(await act('reinduccion', { confirmar: 'si' }))).toContain(
      'Reinducción iniciada: ciclo 2',
    );
    const obraWide = await submit(
      '/consola/reinduccion-obra',
      '/consola/reinduccion-obra',
      { obra: 'torre-norte', confirmar: 'REINDUCCION' },
      '/consola',
    );
    expect(await followed(obraWide)).toContain('Reinducción iniciada para');

    const obra = await submit(
      '/consola/obras',
      '/consola/obras',
      { nombre: 'Torre Walk' },
      '/consola/obras',
    );
    expect(obra.statusCode).toBe(303);
    const slug = /\/consola\/obras\/([^?]+)/.exec(String(obra.headers.location))![1]!;
    const edited = await submit(
      '/consola/obras/:slug',
      `/consola/obras/${slug}`,
      { nombre: 'Torre Walk', puntoEncuentro: 'Parqueadero norte' },
      `/consola/obras/${slug}`,
    );
    expect(edited.statusCode).toBe(303);
    const assigned = await submit(
      '/consola/obras/:slug/asignar',
      `/consola/obras/${slug}/asignar`,
      { documentos: '7500001' },
      `/consola/obras/${slug}`,
    );
    expect(await followed(assigned)).toContain('Asignados a esta obra: 1.');

    const imported = await upload(
      'documento,nombre,cargo,obra\n7500001,Walk Uno,Maestro,Obra Walk Nueva\n',
    );
    expect(imported.statusCode).toBe(303);
    const job = String(imported.headers.location);
    const released = await submit(
      '/consola/importar/:id/obras',
      `${job}/obras`,
      { 'crear-0': 'si' },
      job,
    );
    expect(released.statusCode).toBe(303);
    await importWorkerFor(f.t.db)!.wake();
    const updated = await submit('/consola/importar/:id/actualizar', `${job}/actualizar`, {}, job);
    expect(await followed(updated)).toContain('Datos actualizados: 1 aprendices.');

    const merged = await submit(
      '/consola/contratistas/unir',
      '/consola/contratistas/unir',
      { grupo: 'andamio', nombre: 'Andamios SAS' },
      '/consola/contratistas',
    );
    expect(await followed(merged)).toContain('Contratistas unidos');

    // LTI 1.3 (record 0295): a platform registered by hand, revoked; a one-time registration
    // link (shown once on the next page); the tool key rotated; an LMS user confirmed.
    const registered = await submit(
      '/consola/lti/registros',
      '/consola/lti/registros',
      {
        platformName: 'Moodle Walk',
        issuer: 'https://moodle.walk.example.co',
        clientId: 'walk',
        deploymentId: 'd-walk',
        jwksUrl: 'https://moodle.walk.example.co/certs',
        authUrl: 'https://moodle.walk.example.co/auth',
        tokenUrl: 'https://moodle.walk.example.co/token',
        documentClaim: 'documento',
      },
      '/consola/lti',
    );
    expect(await followed(registered)).toContain('Se registró la plataforma Moodle Walk.');
    const [walkRegistration] = await f.t.db.query<{ id: number; issuer: string }>(
      "SELECT id, issuer FROM lti_registrations WHERE client_id = 'walk'",
    );
    const [lmsUser] = await f.t.db.query<{ id: number }>(
      `INSERT INTO lti_users (registration_id, issuer, sub, name) VALUES ($1, $2, 'walk-sub', 'Walk LMS')
       RETURNING id`,
      [walkRegistration!.id, walkRegistration!.issuer],
    );
    const confirmedLms = await submit(
      '/consola/lti/pendientes/:id',
      `/consola/lti/pendientes/${lmsUser!.id}`,
      { documento: '7500001' },
      '/consola/lti/pendientes',
    );
    expect(await followed(confirmedLms)).toContain('Walk LMS quedó vinculado a Walk Uno.');
    const revokedLti = await submit(
      '/consola/lti/registros/:id/revocar',
      `/consola/lti/registros/${walkRegistration!.id}/revocar`,
      { confirmar: 'si' },
      '/consola/lti',
    );
    expect(await followed(revokedLti)).toContain('Se revocó el registro de Moodle Walk.');
    const linkMade = await submit(
      '/consola/lti/enlaces',
      '/consola/lti/enlaces',
      {},
      '/consola/lti',
    );
    expect(await followed(linkMade)).toContain('/lti/empresa-1/registro?enlace=');
    const keyRotated = await submit(
      '/consola/lti/clave',
      '/consola/lti/clave',
      { confirmar: 'si' },
      '/consola/lti',
    );
    expect(await followed(keyRotated)).toContain('Nueva clave de la herramienta');

    // Invitations (decisions 0245, 0273): a job issues them after the 303 and seals the codes to
    // the key the browser holds in a cookie; the address names only the sheet; a reload shows the
    // same sheet again and issues nothing.
    const invited = await submit(
      '/consola/invitaciones',
      '/consola/invitaciones',
      // Its obra has no facts yet: the coordinator goes ahead anyway (record 0273).
      { ids: String(learnerId), sin_datos: 'si' },
      learner,
    );
    expect(invited.statusCode).toBe(303);
    const sheet = String(invited.headers.location);
    expect(sheet).toMatch(/^\/consola\/invitaciones\?hoja=[\w-]{24}$/);
    const key = invited.cookies.find((c) => c.name.startsWith('consola_hoja_'))!;
    expect(key.httpOnly).toBe(true);
    const withKey = `${cookie}; ${key.name}=${key.value}`;
    await invitationWorkerFor(f.t.db)!.wake();
    const [stored] = await f.t.db.query<{ sealed: string }>(
      'SELECT sealed FROM console_invitation_sheets',
    );
    const shown = await f.get(sheet, withKey);
    expect(shown.body).toContain('Invitaciones listas: 1');
    const code = /class="code secret">(\d{5}) (\d{5})</.exec(shown.body)!.slice(1).join('');
    expect(sheet).not.toContain(code);
    expect(stored!.sealed).not.toContain(code);
    expect(Buffer.from(stored!.sealed, 'base64url').toString('latin1')).not.toContain(code);
    const issued = async () =>
      (
        await f.t.db.query<{ id: number; revoked: boolean }>(
          'SELECT id, revoked_at IS NOT NULL AS revoked FROM invitations WHERE user_id = $1 ORDER BY id',
          [learnerId],
        )
      ).map((r) => `${r.id}:${r.revoked}`);
    const before = await issued();
    const reloaded = await f.get(sheet, withKey);
    expect(reloaded.statusCode).toBe(200);
    expect(reloaded.body).toContain(`${code.slice(0, 5)} ${code.slice(5)}`);
    expect(await issued()).toEqual(before);
    expect(before.at(-1)).toMatch(/:false$/);

    // The company's configuration (record 0287): the installation's file, imported as a version.
    const raw = JSON.parse(
      readFileSync(join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json'), 'utf8'),
    ) as { empresa: Record<string, unknown> };
    delete raw.empresa.logo;
    const configured = await upload(JSON.stringify(raw), {
      url: '/consola/configuracion',
      field: 'archivo',
      fileName: 'andina.json',
      type: 'application/json',
    });
    expect(await followed(configured)).toContain('Configuración importada: versión 1.');
    // Edited page by page (record 0292): each save a new version, reported on the next page.
    const section = await submit(
      '/consola/configuracion/:section',
      '/consola/configuracion/reinduccion',
      { periodoMeses: '6' },
      '/consola/configuracion/reinduccion',
    );
    expect(await followed(section)).toContain('Guardado: versión 2.');
    const obraFacts = await submit(
      '/consola/configuracion/obras/:slug',
      '/consola/configuracion/obras/torre-norte',
      { nombre: 'Torre Norte', puntoEncuentro: 'Parqueadero de la portería' },
      '/consola/configuracion/obras/torre-norte',
    );
    expect(await followed(obraFacts)).toContain('Guardado: versión 3.');
    const newObra = await submit(
      '/consola/configuracion/obra-nueva',
      '/consola/configuracion/obra-nueva',
      { slug: 'bodega-walk', nombre: 'Bodega Walk' },
      '/consola/configuracion/obra-nueva',
    );
    expect(await followed(newObra)).toContain('Guardado: versión 4.');
    const logo = await upload(
      readFileSync(
        join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina-logo.svg'),
        'utf8',
      ),
      {
        url: '/consola/configuracion/logo',
        field: 'logo',
        fileName: 'logo.svg',
        type: 'image/svg+xml',
      },
    );
    answered.delete('/consola/configuracion/logo');
    answered.set('/consola/configuracion/:section', logo.statusCode);
    expect(await followed(logo)).toContain('Guardado: versión 5.');

    const out = await submit('/consola/salir', '/consola/salir', {}, '/consola');
    expect(out.statusCode).toBe(303);
  });

  it('walked every POST route the console has', () => {
    const routes = consolePostRoutes(f.app.printRoutes({ commonPrefix: false, method: 'POST' }));
    expect(routes.length).toBeGreaterThan(15);
    expect([...answered.keys()].sort()).toEqual(routes);
    for (const [route, status] of answered) expect(status, route).toBe(303);
  });

  // The platform's forms (records 0286, 0293): each that changes something answers 303, but the
  // creation, whose answer shows the new coordinator's password once (never stored to show later).
  it('answers 303 to each platform form that changes something', async () => {
    const io = { out: () => undefined, err: () => undefined };
    const operator = { correo: 'prg@consultora.co', clave: 'clave-prg-plataforma' };
    await runUsers(
      [
        'plataforma',
        'add',
        '--email',
        operator.correo,
        '--name',
        'Paula',
        '--password',
        operator.clave,
      ],
      io,
      f.t.db,
    );
    const platform = new Map<string, number>();
    const signIn = await postSignIn(f.app, 'plataforma', operator);
    platform.set('/plataforma/ingresar', signIn.statusCode);
    const session = `plataforma_sesion=${signIn.cookies.find((c) => c.name === 'plataforma_sesion')!.value}`;
    const send = async (
      route: string,
      url: string,
      fields: Record<string, string>,
      pageUrl: string,
    ) => {
      const page = await f.get(pageUrl, session);
      const sent = await f.post(url, session, fields, page.body);
      platform.set(route, sent.statusCode);
      return sent;
    };
    const created = await send(
      '/plataforma/empresas',
      '/plataforma/empresas',
      { empresa: 'Empresa Caminada', nombre: 'Carla Caminada', documento: 'W-1' },
      '/plataforma/empresas/nueva',
    );
    expect(created.statusCode).toBe(201);
    const leaving = await createCompany(f.t.db, 'Empresa Que Se Va');
    expect(
      (await f.get(`/plataforma/empresas/${leaving}/exportacion.json`, session)).statusCode,
    ).toBe(200);
    const removed = await send(
      '/plataforma/empresas/:id/eliminar',
      `/plataforma/empresas/${leaving}/eliminar`,
      { confirmacion: 'Empresa Que Se Va' },
      `/plataforma/empresas/${leaving}/retirar`,
    );
    expect((await f.get(String(removed.headers.location), session)).body).toContain(
      'Se eliminó la empresa <strong>Empresa Que Se Va</strong>',
    );
    const operatorSet = await send(
      '/plataforma/operador',
      '/plataforma/operador',
      { nombre: 'Operadora Caminada S.A.S.', nit: '900.555.666-7', contacto: 'datos@caminada.co' },
      '/plataforma/operador',
    );
    expect((await f.get(String(operatorSet.headers.location), session)).body).toContain(
      'Operadora Caminada S.A.S.',
    );
    const out = await send('/plataforma/salir', '/plataforma/salir', {}, '/plataforma');
    expect(out.headers.location).toBe('/plataforma/ingresar');

    const routes = consolePostRoutes(
      f.app.printRoutes({ commonPrefix: false, method: 'POST' }),
      '/plataforma/',
    );
    expect([...platform.keys()].sort()).toEqual(routes);
    for (const [route, status] of platform)
      expect(status, route).toBe(route === '/plataforma/empresas' ? 201 : 303);
  });
});
