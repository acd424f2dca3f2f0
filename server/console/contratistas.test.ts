// Decision 0240: contratistas written differently are one group, and the merge rewrites them
// to the spelling kept, once, audited, coordinator only, POST-redirect-GET.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { consoleFixture, type ConsoleFixture } from './console-fixture.ts';
import { contratistaKey, DIRECT_KEY, groupContratistas } from './contratistas.ts';

describe('contratistaKey', () => {
  it.each([
    ['Directo', DIRECT_KEY],
    ['Empleados directos', DIRECT_KEY],
    ['EMPLEADO DIRECTO', DIRECT_KEY],
    ['Personal de planta directo', DIRECT_KEY],
    ['', DIRECT_KEY],
    [null, DIRECT_KEY],
    ['Andamios S.A.S.', 'andamio'],
    ['andamios sas', 'andamio'],
    ['Andamios S. A. S.', 'andamio'],
    ['ANDAMIOS LTDA', 'andamio'],
    ['Eléctricos del Norte', 'electrico norte'],
    ['Electricos Del Norte S.A.', 'electrico norte'],
    ['Construcciones Peñalosa y Cía', 'construccion penalosa'],
    ['Construcciones Penalosa', 'construccion penalosa'],
  ])('«%s» → «%s»', (name, key) => {
    expect(contratistaKey(name)).toBe(key);
  });

  it('keeps apart what is really different', () => {
    expect(contratistaKey('Andamios del Sur')).not.toBe(contratistaKey('Andamios del Norte'));
    expect(contratistaKey('Eléctricos SAS')).not.toBe(contratistaKey('Andamios SAS'));
    // A name made only of common words is not every other such name.
    expect(contratistaKey('Sociedad Anónima')).not.toBe(contratistaKey('Limitada'));
  });
});

describe('groupContratistas', () => {
  it('shows each contratista once with its spellings, most used first', () => {
    const groups = groupContratistas([
      { name: 'Directo', learners: 2 },
      { name: 'Empleados directos', learners: 5 },
      { name: '', learners: 3 },
      { name: 'Andamios SAS', learners: 4 },
      { name: 'andamios s.a.s.', learners: 1 },
      { name: 'Eléctricos del Norte', learners: 1 },
    ]);
    expect(groups.map((g) => [g.key, g.learners, g.spellings.map((s) => s.name)])).toEqual([
      [DIRECT_KEY, 10, ['Empleados directos', '', 'Directo']],
      ['andamio', 5, ['Andamios SAS', 'andamios s.a.s.']],
      ['electrico norte', 1, ['Eléctricos del Norte']],
    ]);
    expect(groups[0]!.direct).toBe(true);
  });
});

describe.each(ENGINES)('merging contratistas in the console (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  const decode = (html: string) =>
    html.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
    const learners: [string, string | null][] = [
      ['7300001', 'Andamios SAS'],
      ['7300002', 'Andamios SAS'],
      ['7300003', 'andamios s.a.s.'],
      ['7300004', 'ANDAMIOS LTDA'],
      ['7300005', 'Directo'],
      ['7300006', 'Empleados directos'],
      ['7300007', null],
      ['7300008', 'Eléctricos del Norte'],
    ];
    for (const [document, contratista] of learners) {
      const { id } = await createUser(f.t.db, {
        document,
        name: `Aprendiz ${document}`,
        password: 'clave-aprendiz',
      });
      await f.t.db.query('UPDATE users SET contratista = $2 WHERE id = $1', [id, contratista]);
    }
    await createUser(f.t.db, {
      document: 'A-1',
      name: 'Aurora Auditora',
      password: 'clave-auditora',
      role: 'auditor',
    });
  }, 120_000);
  afterAll(() => f.close());

  const contratistaOf = async (document: string) =>
    (
      await f.t.db.query<{ contratista: string | null }>(
        'SELECT contratista FROM users WHERE document = $1',
        [document],
      )
    )[0]!.contratista;

  it('shows the spellings as one group with a merge action', async () => {
    const page = decode((await f.get('/consola/contratistas', cookie)).body);
    expect(page).toContain('2 contratistas aparecen con nombres distintos.');
    expect(page).toContain('Andamios SAS <span class="hint">(4 aprendices, escrito de 3 formas)');
    expect(page).toContain(
      'Empleados directos <span class="hint">(3 aprendices, escrito de 3 formas)',
    );
    expect(page).toContain('Unir 3 nombres');
  });

  it('merges a group into the spelling kept: 303, the notice once, an audit row per learner', async () => {
    const page = (await f.get('/consola/contratistas', cookie)).body;
    const merged = await f.post(
      '/consola/contratistas/unir',
      cookie,
      { grupo: 'andamio', nombre: 'Andamios SAS' },
      page,
    );
    expect(merged.statusCode).toBe(303);
    const location = String(merged.headers.location);
    expect(location).toMatch(/^\/consola\/contratistas\?aviso=/);
    const after = decode((await f.get(location, cookie)).body);
    expect(after).toContain(
      'Contratistas unidos: «ANDAMIOS LTDA», «andamios s.a.s.» → «Andamios SAS» (2 aprendices).',
    );
    expect(decode((await f.get(location, cookie)).body)).not.toContain('Contratistas unidos');
    for (const d of ['7300001', '7300002', '7300003', '7300004'])
      expect(await contratistaOf(d)).toBe('Andamios SAS');
    expect(await contratistaOf('7300008')).toBe('Eléctricos del Norte');
    const audit = await f.t.db.query<{ target_name: string; details: unknown }>(
      "SELECT target_name, details FROM audit_log WHERE action = 'unir-contratistas' ORDER BY target_name",
    );
    expect(audit).toEqual([
      {
        target_name: 'Aprendiz 7300003',
        details: {
          via: 'unir-contratistas',
          campos: { contratista: ['andamios s.a.s.', 'Andamios SAS'] },
        },
      },
      {
        target_name: 'Aprendiz 7300004',
        details: {
          via: 'unir-contratistas',
          campos: { contratista: ['ANDAMIOS LTDA', 'Andamios SAS'] },
        },
      },
    ]);
    // Sent again (a stale page): nothing left to merge, nothing changes.
    const again = await f.post(
      '/consola/contratistas/unir',
      cookie,
      { grupo: 'andamio', nombre: 'Andamios SAS' },
      page,
    );
    expect(again.statusCode).toBe(422);
    expect(decode(again.body)).toContain('Ese grupo ya no tiene nombres distintos que unir.');
  });

  it('merges the direct employees into no contratista', async () => {
    const page = (await f.get('/consola/contratistas', cookie)).body;
    const merged = await f.post(
      '/consola/contratistas/unir',
      cookie,
      { grupo: DIRECT_KEY, nombre: '' },
      page,
    );
    expect(merged.statusCode).toBe(303);
    for (const d of ['7300005', '7300006', '7300007']) expect(await contratistaOf(d)).toBeNull();
  });

  it('refuses a name outside the group, and an auditor', async () => {
    await f.t.db.query(
      "UPDATE users SET contratista = 'Electricos Del Norte S.A.' WHERE document = '7300001'",
    );
    const page = (await f.get('/consola/contratistas', cookie)).body;
    const outside = await f.post(
      '/consola/contratistas/unir',
      cookie,
      { grupo: 'electrico norte', nombre: 'Otra Empresa' },
      page,
    );
    expect(outside.statusCode).toBe(422);
    expect(await contratistaOf('7300001')).toBe('Electricos Del Norte S.A.');
    const auditor = (await f.signIn('A-1', 'clave-auditora'))!;
    const readOnly = decode((await f.get('/consola/contratistas', auditor)).body);
    expect(readOnly).toContain('escrito de 2 formas');
    expect(readOnly).not.toContain('Unir 2 nombres');
    const refused = await f.post(
      '/consola/contratistas/unir',
      auditor,
      { grupo: 'electrico norte', nombre: 'Eléctricos del Norte' },
      readOnly,
    );
    expect(refused.statusCode).toBe(403);
    expect(await contratistaOf('7300001')).toBe('Electricos Del Norte S.A.');
  });
});
