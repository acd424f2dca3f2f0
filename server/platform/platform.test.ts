// The platform role (record 0286): an account made with the CLI signs in on /plataforma, lists the
// companies and creates one with its first coordinator — who then signs in to the console and
// sees only its own, empty company. Each act is in the platform's audit and in the new company's
// audit log, naming the platform account; a duplicate name is refused; a platform session opens
// neither the console nor the learner API, and a coordinator's session does not open /plataforma.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, testApp, type TestDb } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from '../db/company-scope.ts';
import { createCompany } from '../db/company-store.ts';
import { runUsers } from '../cli/users.ts';
import { checkChain } from '../acceptance/store.ts';
import { companyKey, keyFromDatabase } from '../acceptance/installation-key.ts';
import { ANDINA, hiddenXsrf, postSignIn } from '../console/console-fixture.ts';

const FORM = 'application/x-www-form-urlencoded';
const OPERATOR = {
  email: 'operaciones@consultora.co',
  name: 'Olga Operadora',
  password: 'clave-plataforma-1',
};

describe.each(ENGINES)('the platform role (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;

  const cli = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) };
    const code = await runUsers(argv, io, t.db);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const addOperator = (extra: string[] = []) =>
    cli([
      'plataforma',
      'add',
      '--email',
      OPERATOR.email,
      '--name',
      OPERATOR.name,
      '--password',
      OPERATOR.password,
      ...extra,
    ]);

  /** Posts the platform's sign-in form with its token; the answer as it comes. */
  const platformSignIn = async (email: string, password: string) => {
    return postSignIn(app, 'plataforma', { correo: email, clave: password });
  };
  const platformSession = async () => {
    const answer = await platformSignIn(OPERATOR.email, OPERATOR.password);
    const found = answer.cookies.find((c) => c.name === 'plataforma_sesion');
    if (answer.statusCode !== 303 || !found) throw new Error(`no platform session: ${answer.body}`);
    return { token: found.value, cookie: `plataforma_sesion=${found.value}` };
  };
  const consoleSignIn = async (document: string, password: string) => {
    const page = await app.inject({ method: 'GET', url: '/consola/ingresar' });
    const xsrf = page.cookies.find((c) => c.name === 'consola_xsrf')!;
    const answer = await app.inject({
      method: 'POST',
      url: '/consola/ingresar',
      headers: { cookie: `consola_xsrf=${xsrf.value}`, 'content-type': FORM },
      payload: new URLSearchParams({
        _xsrf: hiddenXsrf(page.body),
        documento: document,
        clave: password,
      }).toString(),
    });
    const found = answer.cookies.find((c) => c.name === 'consola_sesion');
    return found ? found.value : null;
  };
  const createForm = async (cookie: string, fields: Record<string, string>) => {
    const form = await app.inject({
      method: 'GET',
      url: '/plataforma/empresas/nueva',
      headers: { cookie },
    });
    return app.inject({
      method: 'POST',
      url: '/plataforma/empresas',
      headers: { cookie, 'content-type': FORM },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(form.body), ...fields }).toString(),
    });
  };
  const everyCompany = () => wall.forCompany(ALL_COMPANIES);
  const platformAuditRows = () =>
    t.db.query<{ actor_name: string; action: string; target_company_id: number | null }>(
      'SELECT actor_name, action, target_company_id FROM platform_audit ORDER BY id',
    );

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, {
      console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
    });
    wall = companyDb(t.db);
    // Company 1 has a coordinator and a learner: none of them may show in a new company.
    await createUser(wall.forCompany(1), {
      document: 'C-100',
      name: 'Coordinadora Andina',
      password: 'clave-andina',
      role: 'coordinador',
    });
    await createUser(wall.forCompany(1), {
      document: '1010101',
      name: 'Aprendiz Andina Reservado',
      password: 'clave-aprendiz',
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('no platform account exists until the CLI makes one; its usage errors make none', async () => {
    expect(await t.db.query('SELECT 1 FROM platform_accounts')).toEqual([]);
    expect((await platformSignIn(OPERATOR.email, OPERATOR.password)).statusCode).toBe(401);

    await expect(cli(['plataforma', 'add', '--email', OPERATOR.email])).rejects.toThrow(
      'Falta --name.',
    );
    await expect(addOperator(['--empresa', '2'])).rejects.toThrow(
      'Una cuenta de la plataforma no es de ninguna empresa',
    );
    await expect(cli(['plataforma', 'borrar'])).rejects.toThrow(
      'Comando desconocido: plataforma borrar',
    );
    await expect(cli(['plataforma'])).rejects.toThrow('Indique el comando de la plataforma');
    const short = await cli([
      'plataforma',
      'add',
      '--email',
      OPERATOR.email,
      '--name',
      OPERATOR.name,
      '--password',
      'corta-123',
    ]);
    expect(short).toMatchObject({ code: 1, out: '' });
    expect(short.err).toBe(
      'No se creó la cuenta de la plataforma: la contraseña de la plataforma debe tener al menos 12 caracteres.',
    );
    expect(await t.db.query('SELECT 1 FROM platform_accounts')).toEqual([]);

    const made = await addOperator();
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(
      /^Cuenta de la plataforma creada: Olga Operadora <operaciones@consultora.co> \(id \d+\)/,
    );
    const again = await cli([
      'plataforma',
      'add',
      '--email',
      OPERATOR.email.toUpperCase(),
      '--name',
      'Otra Persona',
      '--password',
      'otra-clave-larga',
    ]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('ya existe una cuenta de la plataforma con ese correo');
    // Not a row of any company: no user was made.
    expect(
      await everyCompany().query("SELECT 1 FROM users WHERE email = 'operaciones@consultora.co'"),
    ).toEqual([]);
    // The sign-in before any account was tried (and refused, audited); then the CLI's account.
    expect((await platformAuditRows()).map((r) => r.action)).toEqual([
      'ingreso-fallido',
      'crear-cuenta',
    ]);
  });

  it('signs in with its correo and password; a wrong one is refused and audited', async () => {
    const wrong = await platformSignIn(OPERATOR.email, 'no-es-la-clave');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Correo o contraseña incorrectos.');
    const { cookie } = await platformSession();
    const list = await app.inject({ method: 'GET', url: '/plataforma', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Empresas de esta instalación');
    expect(list.body).toContain(ANDINA.empresa.nombre);
    expect(list.body).toContain('Olga Operadora (plataforma)');
    // Counts, never who.
    expect(list.body).not.toContain('Aprendiz Andina Reservado');
    const audit = await platformAuditRows();
    expect(audit.slice(-2)).toEqual([
      { actor_name: OPERATOR.email, action: 'ingreso-fallido', target_company_id: null },
      { actor_name: OPERATOR.name, action: 'ingreso', target_company_id: null },
    ]);
  });

  it('creates a company and its first coordinator, who sees only that empty company', async () => {
    const { cookie } = await platformSession();
    const created = await createForm(cookie, {
      empresa: '  Obras   del Sur S.A.S. ',
      nombre: 'Sofía Sur',
      documento: '52000111',
      correo: 'sofia@obrasdelsur.co',
    });
    expect(created.statusCode, created.body.slice(0, 600)).toBe(201);
    expect(created.body).toContain('Se creó la empresa <strong>Obras del Sur S.A.S.</strong>');
    const password = /<p class="secret">([^<]+)<\/p>/.exec(created.body)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    const [company] = await t.db.query<{ id: number }>(
      "SELECT id FROM companies WHERE name = 'Obras del Sur S.A.S.'",
    );
    const id = Number(company!.id);

    // The list shows it, with no learners.
    const list = await app.inject({ method: 'GET', url: '/plataforma', headers: { cookie } });
    expect(list.body).toMatch(
      new RegExp(
        `>${id}</td><th scope="row" data-label="Empresa">Obras del Sur S.A.S.</th><td data-label="Aprendices" class="num">0<`,
      ),
    );

    // The coordinator signs in to the console with the password shown once: its company, empty.
    const session = await consoleSignIn('52000111', password!);
    expect(session).not.toBeNull();
    const learners = await app.inject({
      method: 'GET',
      url: '/consola/aprendices',
      headers: { cookie: `consola_sesion=${session}` },
    });
    expect(learners.statusCode).toBe(200);
    expect(learners.body).not.toContain('Aprendiz Andina Reservado');
    expect(learners.body).not.toContain('Coordinadora Andina');
    const [row] = await everyCompany().query<{ company_id: number; role: string }>(
      "SELECT company_id, role FROM users WHERE document = '52000111'",
    );
    expect(row).toEqual({ company_id: id, role: 'coordinador' });

    // Audited in the platform's log and in the new company's own, naming the platform account.
    expect((await platformAuditRows()).slice(-2)).toEqual([
      { actor_name: OPERATOR.name, action: 'crear-empresa', target_company_id: id },
      { actor_name: OPERATOR.name, action: 'crear-coordinador', target_company_id: id },
    ]);
    const log = await app.inject({
      method: 'GET',
      url: '/consola/auditoria',
      headers: { cookie: `consola_sesion=${session}` },
    });
    expect(log.body).toContain('Olga Operadora &lt;operaciones@consultora.co&gt; (plataforma)');
    expect(log.body).toContain('via: plataforma');
    const companyLog = await wall
      .forCompany(id)
      .query<{ actor_id: number | null; action: string; target_name: string }>(
        'SELECT actor_id, action, target_name FROM audit_log ORDER BY id',
      );
    expect(companyLog[0]).toEqual({
      actor_id: null,
      action: 'crear-usuario',
      target_name: 'Sofía Sur',
    });

    // Its chain has its own sealed empty head: nothing reads as missing or unsealed.
    const key = companyKey(await keyFromDatabase(t.db), id);
    const chain = await checkChain(wall.forCompany(id), key);
    expect({ count: chain.count, tail: chain.tail }).toEqual({ count: 0, tail: null });
  });

  it('refuses a name another company has, in Spanish, whatever its case and spaces', async () => {
    const { cookie } = await platformSession();
    const before = await t.db.query('SELECT id FROM companies ORDER BY id');
    for (const empresa of ['OBRAS DEL SUR  S.A.S.', ANDINA.empresa.nombre.toLowerCase()]) {
      const refused = await createForm(cookie, {
        empresa,
        nombre: 'Otro Coordinador',
        documento: '52000222',
        correo: '',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain(
        'No se creó la empresa: ya existe una empresa con ese nombre.',
      );
    }
    const bad = await createForm(cookie, { empresa: '', nombre: '', documento: 'x', correo: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('falta el nombre de la empresa');
    expect(await t.db.query('SELECT id FROM companies ORDER BY id')).toEqual(before);
    expect(await everyCompany().query("SELECT 1 FROM users WHERE document = '52000222'")).toEqual(
      [],
    );
  });

  it('a platform session opens neither the console nor the learner API, and the reverse', async () => {
    const platform = await platformSession();
    const coordinator = await consoleSignIn('C-100', 'clave-andina');
    expect(coordinator).not.toBeNull();

    // The platform's token, however it is sent, is no console or learner session.
    const asConsole = await app.inject({
      method: 'GET',
      url: '/consola/aprendices',
      headers: { cookie: `${platform.cookie}; consola_sesion=${platform.token}` },
    });
    expect([asConsole.statusCode, asConsole.headers.location]).toEqual([
      303,
      '/consola/ingresar?volver=%2Fconsola%2Faprendices',
    ]);
    const withHeader = await app.inject({
      method: 'GET',
      url: '/consola/aprendices',
      headers: { authorization: platform.token },
    });
    expect(withHeader.statusCode).toBe(401);
    const api = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: { authorization: `Bearer ${platform.token}` },
    });
    expect(api.statusCode).toBe(401);

    // The coordinator's console token does not open /plataforma, in any cookie or header.
    for (const headers of [
      { cookie: `plataforma_sesion=${coordinator}; consola_sesion=${coordinator}` },
      { authorization: coordinator! },
    ]) {
      const page = await app.inject({ method: 'GET', url: '/plataforma', headers });
      expect([page.statusCode, page.headers.location]).toEqual([303, '/plataforma/ingresar']);
      const post = await app.inject({
        method: 'POST',
        url: '/plataforma/empresas',
        headers: { ...headers, 'content-type': FORM },
        payload: 'empresa=Intrusa&nombre=Ina%20Intrusa&documento=9090909',
      });
      expect(post.statusCode).toBe(401);
    }
    // A coordinator's credentials are no platform account.
    expect((await platformSignIn('C-100', 'clave-andina')).statusCode).toBe(422);
    expect((await t.db.query("SELECT 1 FROM companies WHERE name = 'Intrusa'")).length).toBe(0);

    // A platform form needs this session's form token: none, or a console one, is refused.
    const consolePage = await app.inject({
      method: 'GET',
      url: '/consola',
      headers: { cookie: `consola_sesion=${coordinator}` },
    });
    for (const xsrf of ['', hiddenXsrf(consolePage.body)]) {
      const forged = await app.inject({
        method: 'POST',
        url: '/plataforma/empresas',
        headers: { cookie: platform.cookie, 'content-type': FORM },
        payload: new URLSearchParams({
          _xsrf: xsrf,
          empresa: 'Forjada',
          nombre: 'Fe Forjada',
          documento: '9191919',
        }).toString(),
      });
      expect(forged.statusCode).toBe(419);
    }

    // Signing out ends the platform session.
    const list = await app.inject({
      method: 'GET',
      url: '/plataforma',
      headers: { cookie: platform.cookie },
    });
    const out = await app.inject({
      method: 'POST',
      url: '/plataforma/salir',
      headers: { cookie: platform.cookie, 'content-type': FORM },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(list.body) }).toString(),
    });
    expect([out.statusCode, out.headers.location]).toEqual([303, '/plataforma/ingresar']);
    const after = await app.inject({
      method: 'GET',
      url: '/plataforma',
      headers: { cookie: platform.cookie },
    });
    expect(after.statusCode).toBe(303);
    expect((await platformAuditRows()).at(-1)?.action).toBe('salida');
  });

  it('an unknown /plataforma path is the platform’s not-found page, not the learner app', async () => {
    const answer = await app.inject({ method: 'GET', url: '/plataforma/no-existe' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('Esta página de la plataforma no existe.');
  });

  it('a company created directly has its empty head: its chain reads no missing head', async () => {
    const id = await createCompany(t.db, 'Constructora Directa');
    const [head] = await wall
      .forCompany(id)
      .query<{ count: string | number; seal: string | null }>(
        'SELECT count, seal FROM acceptance_chain_head WHERE company_id = $1',
        [id],
      );
    expect({ count: Number(head!.count), seal: head!.seal }).toEqual({ count: 0, seal: null });
    const key = companyKey(await keyFromDatabase(t.db), id);
    expect((await checkChain(wall.forCompany(id), key)).tail?.kind).not.toBe('no-head');
    await expect(createCompany(t.db, 'constructora  directa')).rejects.toThrow(/exists/);
  });
});
