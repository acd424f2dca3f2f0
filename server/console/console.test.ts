// The coordinator's console on both engines (decisions 0110-0116): role enforcement on every route,
// summary counts, filters and pagination in SQL, the learner page with first answers, actions
// and the audit log, the CSV import, and the exports' contents (CSV columns, PDF text).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  FULL_ROUTE,
  multipart,
  openTestDb,
  signedInLearner,
  testApp,
  type TestDb,
  pdfPagesText,
} from '../test-support.ts';
import { createUser, findCredentials, issueToken } from '../db/store.ts';
import { CSV_COLUMNS } from './exports.ts';
import { importWorkerFor } from './import-jobs.ts';
import { ANDINA } from './console-fixture.ts';

const hiddenXsrf = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

const answer = (questionId: string, correct: boolean) => ({
  questionId,
  question: `Texto de ${questionId}`,
  option: correct ? 'La correcta' : 'Una incorrecta',
  correctOption: 'La correcta',
  correct,
  contentVersion: '1.0.0',
  answeredAt: '2026-03-02T15:00:00Z',
  latencyMs: 900,
});

describe.each(ENGINES)('coordinator console (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let coordinatorToken: string;
  let auditorToken: string;
  let learnerToken: string;
  let completedId: number;

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  const post = async (
    url: string,
    token: string,
    fields: Record<string, string>,
    from = '/consola',
  ) => {
    const page = await get(from, token);
    const sent = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(page.body), ...fields }).toString(),
    });
    // A done action redirects (POST-redirect-GET, decision 0216); follow it as a browser does.
    const location = String(sent.headers.location ?? '');
    if (
      sent.statusCode !== 303 ||
      !location.startsWith('/consola/') ||
      location === '/consola/ingresar'
    )
      return sent;
    return get(location, token);
  };

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, {
      console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
    });
    const coordinator = await createUser(t.db, {
      document: 'C-100',
      name: 'Carla Coordinadora',
      password: 'clave-coord',
      role: 'coordinador',
    });
    const auditor = await createUser(t.db, {
      document: 'A-100',
      name: 'Aurelio Auditor',
      password: 'clave-audit',
      role: 'auditor',
    });
    coordinatorToken = await issueToken(t.db, coordinator.id, 3_600_000, 'consola');
    auditorToken = await issueToken(t.db, auditor.id, 3_600_000, 'consola');
    // 60 learners: obra torre-norte (default, null) or puente-sur; three contratistas.
    for (let i = 0; i < 60; i++)
      await t.db.query(
        `INSERT INTO users (document, name, password_hash, obra, contratista, cargo, fecha_ingreso)
         VALUES ($1, $2, 'x', $3, $4, 'Oficial', '2026-01-10')`,
        [
          `L${1000 + i}`,
          `Aprendiz ${String(i).padStart(2, '0')}`,
          i % 2 ? 'puente-sur' : null,
          i % 3 === 0 ? null : i % 3 === 1 ? 'Andamios SAS' : '=Formula Ltda',
        ],
      );
    await t.db.query(
      `INSERT INTO progress (user_id) SELECT id FROM users WHERE document LIKE 'L%'`,
    );
    // Ten started (score 20), five completed a year ago (overdue), one completed recently.
    await t.db.query(
      `UPDATE progress SET score = 20, route = '0,1,2' WHERE user_id IN (SELECT id FROM users WHERE document BETWEEN 'L1000' AND 'L1009')`,
    );
    await t.db.query(
      `UPDATE progress SET score = 100, route = $1, completed_at = now() - interval '13 months' WHERE user_id IN (SELECT id FROM users WHERE document BETWEEN 'L1010' AND 'L1014')`,
      [FULL_ROUTE],
    );
    const { user, client } = await signedInLearner(
      app,
      t.db,
      { document: '7777', name: 'Lucía Completa' },
      { complete: true },
    );
    completedId = user.id;
    learnerToken = client.token;
    await client.post('record-activity', {
      answers: [answer('m1-q1', false), answer('m1-q2', true), answer('m2-q1', true)],
    });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const READ_ROUTES = [
    '/consola',
    '/consola/aprendices',
    '/consola/aprendices/1',
    '/consola/auditoria',
    '/consola/registro',
    '/consola/exportar.csv',
    '/consola/registro.pdf?obra=torre-norte&desde=2026-01-01&hasta=2026-12-31',
    '/consola/agregar',
    '/consola/importar',
  ];
  const WRITE_ROUTES = [
    '/consola/agregar',
    '/consola/importar',
    '/consola/aprendices/1/desactivar',
    '/consola/aprendices/1/reactivar',
    '/consola/aprendices/1/contrasena',
    '/consola/aprendices/1/reinduccion',
    '/consola/reinduccion-obra',
  ];

  it('refuses every console route to anonymous visitors (redirect or 401) and to learners (403)', async () => {
    for (const url of READ_ROUTES) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(303);
      expect(anonymous.headers.location).toBe(
        `/consola/ingresar?volver=${encodeURIComponent(url)}`,
      );
      const learner = await get(url, learnerToken);
      expect(learner.statusCode, url).toBe(403);
      expect(learner.body).toContain('solo para el coordinador');
    }
    for (const url of WRITE_ROUTES) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(401);
      const learner = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: learnerToken },
        payload: {},
      });
      expect(learner.statusCode, url).toBe(403);
      const auditor = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: auditorToken },
        payload: {},
      });
      expect(auditor.statusCode, url).toBe(403);
    }
    // The auditor reads.
    expect((await get('/consola/aprendices', auditorToken)).statusCode).toBe(200);
    // A coordinator's POST without the form token is refused.
    const noToken = await app.inject({
      method: 'POST',
      url: '/consola/aprendices/1/desactivar',
      headers: { authorization: coordinatorToken },
      payload: {},
    });
    expect(noToken.statusCode).toBe(419);
    // Security headers as everywhere.
    const page = await get('/consola', coordinatorToken);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toMatch(/<script/i);
  });

  it('signs a coordinator in with the form and refuses a learner there', async () => {
    const form = await get('/consola/ingresar?volver=/consola/aprendices');
    const cookie = form.cookies.find((c) => c.name === 'consola_xsrf')!;
    const send = (document: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/consola/ingresar',
        headers: {
          cookie: `consola_xsrf=${cookie.value}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          _xsrf: hiddenXsrf(form.body),
          documento: document,
          clave: password,
          volver: '/consola/aprendices',
        }).toString(),
      });
    const ok = await send('C-100', 'clave-coord');
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/consola/aprendices');
    const session = ok.cookies.find((c) => c.name === 'consola_sesion')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/consola' });
    const page = await app.inject({
      method: 'GET',
      url: '/consola',
      headers: { cookie: `consola_sesion=${session.value}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Carla Coordinadora');
    expect((await send('7777', 'secreto123')).statusCode).toBe(403);
    expect((await send('C-100', 'mala-clave')).statusCode).toBe(401);
  });

  it('summarises per obra and contratista', async () => {
    const html = (await get('/consola', coordinatorToken)).body;
    // 61 learners: 50 not started, 10 in progress, 6 completed, 5 of them overdue.
    expect(html).toMatch(/<span class="n">61<\/span>Inscritos/);
    expect(html).toMatch(/<span class="n">45<\/span>Sin iniciar/);
    expect(html).toMatch(/<span class="n">10<\/span>En curso/);
    expect(html).toMatch(/<span class="n">6<\/span>Completados/);
    expect(html).toMatch(/<span class="n">5<\/span>Reinducción vencida/);
    expect(html).toContain('Torre Norte');
    expect(html).toContain('Empleados directos');
    expect(html).toContain('=Formula Ltda');
  });

  it('filters, sorts and paginates in SQL', async () => {
    const all = (await get('/consola/aprendices', coordinatorToken)).body;
    expect(all).toContain('61 aprendices · página 1 de 2');
    // A page past the end shows the last one.
    expect((await get('/consola/aprendices?pagina=9', coordinatorToken)).body).toContain(
      '61 aprendices · página 2 de 2',
    );
    const second = (await get('/consola/aprendices?pagina=2', coordinatorToken)).body;
    // A row: the coordinator's pick box, then the learner's name.
    const learnerRow = /<tr><td class="pick">[^]*?<\/td><td><a href="\/consola\/aprendices\/\d+">/g;
    expect((second.match(learnerRow) ?? []).length).toBe(11);
    const filtered = (
      await get(
        '/consola/aprendices?obra=puente-sur&contratista=Andamios+SAS&estado=sin-iniciar',
        coordinatorToken,
      )
    ).body;
    const names = [...filtered.matchAll(/aprendices\/\d+">([^<]+)</g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    // i odd (puente-sur) and i % 3 === 1 (Andamios) and not started (i ≥ 15)
    const expected = Array.from({ length: 60 }, (_, i) => i)
      .filter((i) => i % 2 === 1 && i % 3 === 1 && i >= 15)
      .map((i) => `Aprendiz ${String(i).padStart(2, '0')}`);
    expect(names).toEqual(expected);
    const overdue = (
      await get('/consola/aprendices?estado=vencida&orden=documento&dir=desc', coordinatorToken)
    ).body;
    expect([...overdue.matchAll(/class="code wide">(L\d+)</g)].map((m) => m[1])).toEqual([
      'L1014',
      'L1013',
      'L1012',
      'L1011',
      'L1010',
    ]);
    // «Pendiente»: who still lacks the induction, not started or in progress (45 + 10).
    const pending = (await get('/consola/aprendices?estado=pendiente', coordinatorToken)).body;
    expect(pending).toContain('55 aprendices');
    expect(pending).toContain('<option value="pendiente" selected');
    // Search ignores case and accents: typed with, without, or in capitals.
    for (const q of ['luc%C3%ADa', 'lucia', 'LUC%C3%8DA', 'LUCIA%20completa']) {
      const search = (await get(`/consola/aprendices?q=${q}`, coordinatorToken)).body;
      expect(search, q).toContain('Lucía Completa');
      expect(search, q).toContain('1 aprendices');
    }
  });

  it('shows the learner page with first answers and question text', async () => {
    const html = (await get(`/consola/aprendices/${completedId}`, coordinatorToken)).body;
    expect(html).toContain('<h1>Lucía Completa</h1>');
    expect(html).toContain('Texto de m1-q1');
    expect(html).toContain('2 correctas de 3 respondidas.');
    expect(html).toContain('Historial de ciclos');
    // She saved progress, so she accepted the data notice first (record 0213).
    expect(html).toMatch(/Aceptado el [^<]*\(versión aviso-\w+\)/);
  });

  it('adds, imports, deactivates, resets a password, starts a reinducción — all in the audit log', async () => {
    const added = await post(
      '/consola/agregar',
      coordinatorToken,
      {
        documento: '8888',
        nombre: 'Nuevo Aprendiz',
        obra: 'puente-sur',
        contratista: 'Andamios SAS',
        cargo: 'Ayudante',
        fecha_ingreso: '2026-02-01',
        clave: '',
      },
      '/consola/agregar',
    );
    expect(added.statusCode).toBe(200);
    expect(added.body).toMatch(/Contraseña generada .*<span class="secret">\S{12}<\/span>/);
    const dup = await post(
      '/consola/agregar',
      coordinatorToken,
      { documento: '8888', nombre: 'Otro', obra: 'puente-sur' },
      '/consola/agregar',
    );
    expect(dup.statusCode).toBe(422);

    const page = await get('/consola/importar', coordinatorToken);
    const { body, contentType } = multipart({ _xsrf: hiddenXsrf(page.body) });
    const file =
      'documento;nombre;correo;contraseña;obra;contratista;cargo;fecha_ingreso\r\n9001;Ana Import;;clave-ana;torre-norte;;Oficial;15/01/2026\r\n9002;;;;;;;\r\n9003;Bea Import;;;nada;;;\r\n9004;Cris Import;;;puente-sur;Andamios SAS;;31/02/2026\r\n';
    const withFile = body.replace(
      /--(\S+)--\r\n$/,
      (_m, b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="archivo"; filename="e.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n--${b}--\r\n`,
    );
    const imported = await app.inject({
      method: 'POST',
      url: '/consola/importar',
      headers: { authorization: coordinatorToken, 'content-type': contentType },
      payload: withFile,
    });
    // The upload is stored as a job and redirects to its page (decision 0216); «nada» is an
    // obra nobody has: the page offers to create it, and left unticked its row is an error.
    expect(imported.statusCode).toBe(303);
    const jobUrl = String(imported.headers.location);
    expect(jobUrl).toMatch(/^\/consola\/importar\/\d+$/);
    const offer = await get(jobUrl, coordinatorToken);
    expect(offer.body).toContain('Crear la obra «nada» (1 fila)');
    const released = await post(`${jobUrl}/obras`, coordinatorToken, {}, jobUrl);
    expect(released.statusCode).toBe(200);
    await importWorkerFor(t.db)!.wake();
    const result = await get(jobUrl, coordinatorToken);
    expect(result.body).toContain('Importados: 1. Ya inscritos: 0. Con errores: 3.');
    Object.assign(imported, { body: result.body });
    expect(imported.body).toContain('Línea 3: falta el nombre');
    expect(imported.body).toContain('Línea 4: obra desconocida «nada»');
    expect(imported.body).toContain('Línea 5: fecha de ingreso inválida «31/02/2026»');
    const [ana] = await t.db.query<{ fecha_ingreso: string; cargo: string }>(
      "SELECT fecha_ingreso::text AS fecha_ingreso, cargo FROM users WHERE document = '9001'",
    );
    expect(ana).toEqual({ fecha_ingreso: '2026-01-15', cargo: 'Oficial' });

    const reset = await post(
      `/consola/aprendices/${completedId}/contrasena`,
      coordinatorToken,
      {},
      `/consola/aprendices/${completedId}`,
    );
    const password = /<p class="secret">([^<]+)<\/p>/.exec(reset.body)?.[1];
    expect(password).toMatch(/^\S{12}$/);
    // Shown once: the learner page does not show it again.
    expect((await get(`/consola/aprendices/${completedId}`, coordinatorToken)).body).not.toContain(
      password!,
    );

    // Not on one click: without the box ticked nothing is archived.
    const unconfirmed = await post(
      `/consola/aprendices/${completedId}/reinduccion`,
      coordinatorToken,
      {},
      `/consola/aprendices/${completedId}`,
    );
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.body).toContain('marca la casilla para confirmarla');
    expect(unconfirmed.body).not.toContain('Ver ciclo 1');
    const reinduction = await post(
      `/consola/aprendices/${completedId}/reinduccion`,
      coordinatorToken,
      { confirmar: 'si' },
      `/consola/aprendices/${completedId}`,
    );
    expect(reinduction.body).toContain('Reinducción iniciada: ciclo 2');
    expect(reinduction.body).toContain('Ver ciclo 1');
    const cycle1 = (await get(`/consola/aprendices/${completedId}?ciclo=1`, coordinatorToken)).body;
    expect(cycle1).toContain('2 correctas de 3 respondidas.');

    const obra = await post('/consola/reinduccion-obra', coordinatorToken, {
      obra: 'torre-norte',
      confirmar: 'REINDUCCION',
    });
    // Overdue learners L1010, L1012, L1014 are in torre-norte (even i).
    expect(obra.body).toContain('Reinducción iniciada para 3 aprendices de Torre Norte.');

    const deactivated = await post(
      `/consola/aprendices/${completedId}/desactivar`,
      coordinatorToken,
      {},
      `/consola/aprendices/${completedId}`,
    );
    expect(deactivated.body).toContain('Cuenta desactivada');
    // A deactivated learner's session ends and sign-in is refused; the records stay.
    expect((await get('/consola', learnerToken)).statusCode).toBe(401);
    expect(await findCredentials(t.db, { document: '7777' })).toBeNull();
    const [kept] = await t.db.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM answers WHERE user_id = $1',
      [completedId],
    );
    expect(kept!.n).toBe(3);

    const auditLog = (await get('/consola/auditoria', coordinatorToken)).body;
    for (const label of [
      'Creó un usuario',
      'Importó un CSV',
      'Restableció la contraseña',
      'Inició reinducción',
      'Desactivó',
    ])
      expect(auditLog).toContain(label);
    expect(auditLog).toContain('Carla Coordinadora');
  });

  it('exports the filtered table as CSV for Spanish Excel', async () => {
    const response = await get(
      '/consola/exportar.csv?contratista=%3DFormula+Ltda',
      coordinatorToken,
    );
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="aprendices-/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.split(';')).toEqual([...CSV_COLUMNS]);
    expect(lines).toHaveLength(1 + 20);
    // The contratista "=Formula Ltda" stays text in Excel.
    expect(lines[1]!.split(';')[4]).toBe("'=Formula Ltda");
  });

  it('makes the «Registro de inducción» PDF for an obra and a period', async () => {
    const from = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const response = await get(
      `/consola/registro.pdf?obra=torre-norte&desde=${from}&hasta=${to}`,
      coordinatorToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfPagesText(response.rawPayload);
    expect(text).toContain('Constructora Andina S.A.S.');
    expect(text).toContain('NIT 901234567-7');
    expect(text).toContain('Registro de inducción SG-SST');
    expect(text).toContain('Obra: Torre Norte');
    expect(text).toContain('Curso: Inducción SST');
    expect(text).toContain('Duración prevista del curso: 4 horas.');
    expect(text).toContain('Lucía Completa');
    expect(text).toContain('7777');
    expect(text).toContain('2/3 (67 %)');
    expect(text).toContain('Aprendiz 10');
    expect(text).not.toContain('Aprendiz 11'); // puente-sur
    expect(text).toContain('Diana Rocha Valencia');
    expect(text).toContain('Licencia SST 12345 de 2023');
    const bad = await get(
      '/consola/registro.pdf?obra=torre-norte&desde=2026-05-01&hasta=2026-01-01',
      coordinatorToken,
    );
    expect(bad.statusCode).toBe(422);
  });

  it('limits console sign-in attempts per address like the API', async () => {
    const limited = await testApp(t.db, {
      rateLimits: { loginPerIp: 2 },
      console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const form = await limited.inject({ method: 'GET', url: '/consola/ingresar' });
        const cookie = form.cookies.find((c) => c.name === 'consola_xsrf')!;
        const response = await limited.inject({
          method: 'POST',
          url: '/consola/ingresar',
          headers: {
            cookie: `consola_xsrf=${cookie.value}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({
            _xsrf: hiddenXsrf(form.body),
            documento: 'C-100',
            clave: 'mala-clave',
          }).toString(),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
