// The audit log's gaps closed (decision 0184): failed console sign-ins (with the reason, never the
// password), sign-outs, views of a learner's page, and one row per learner an import created, in
// the import's own transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, type TestDb } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { importUsers } from '../cli/users.ts';
import { consoleFixture, hiddenXsrf, type ConsoleFixture } from './console-fixture.ts';

describe.each(ENGINES)('audit log gaps (%s)', (engine) => {
  let f: ConsoleFixture;
  let t: TestDb;
  let app: FastifyInstance;
  let learnerId: number;

  beforeAll(async () => {
    f = await consoleFixture(engine, {
      document: 'C-400',
      name: 'Carla Coordinadora',
      password: 'clave-coord',
    });
    ({ t, app } = f);
    learnerId = (
      await createUser(t.db, { document: '4004004004', name: 'Ana Pérez', password: 'secreto123' })
    ).id;
  }, 120_000);

  afterAll(() => f?.close());

  const entries = (action: string) =>
    t.db.query<{
      actor_name: string;
      target_id: number | null;
      target_name: string | null;
      details: Record<string, unknown>;
    }>(
      'SELECT actor_name, target_id, target_name, details FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );

  const signIn = (document: string, password: string) => f.signInAnswer(document, password);

  it('records failed sign-ins with their reason and never the password', async () => {
    expect((await signIn('C-400', 'mala-clave-123')).statusCode).toBe(401);
    expect((await signIn('NADIE-1', 'otra-clave-456')).statusCode).toBe(401);
    expect((await signIn('4004004004', 'secreto123')).statusCode).toBe(403);
    const failed = await entries('ingreso-fallido');
    expect(failed.map((f) => [f.actor_name, f.details.motivo])).toEqual([
      ['C-400', 'contraseña incorrecta'],
      ['NADIE-1', 'usuario desconocido'],
      ['4004004004', 'cuenta de aprendiz'],
    ]);
    const all = JSON.stringify(await t.db.query('SELECT * FROM audit_log'));
    expect(all).not.toContain('mala-clave-123');
    expect(all).not.toContain('otra-clave-456');
  });

  it('records a view of a learner page and the sign-out', async () => {
    const ok = await signIn('C-400', 'clave-coord');
    expect(ok.statusCode).toBe(303);
    const session = ok.cookies.find((c) => c.name === 'consola_sesion')!.value;
    const cookie = `consola_sesion=${session}`;
    const page = await app.inject({
      method: 'GET',
      url: `/consola/aprendices/${learnerId}`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(await entries('ver-aprendiz')).toEqual([
      expect.objectContaining({
        actor_name: 'Carla Coordinadora',
        target_id: learnerId,
        target_name: 'Ana Pérez',
      }),
    ]);
    const out = await app.inject({
      method: 'POST',
      url: '/consola/salir',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(page.body) }).toString(),
    });
    expect(out.statusCode).toBe(303);
    expect((await entries('salida')).map((e) => e.actor_name)).toEqual(['Carla Coordinadora']);
  });

  it('records each learner an import created', async () => {
    const io = { out: () => {}, err: () => {} };
    await importUsers(
      t.db,
      Buffer.from(
        'documento,nombre,correo,contraseña\n4100000001,Beto Ruiz,,clave-beto\n4100000002,Carla Díaz,,clave-carla\n4004004004,Repetida,,clave-x\n',
        'utf8',
      ),
      io,
      { actor: { userId: null, name: 'Prueba' } },
    );
    const created = (await entries('crear-usuario')).filter((e) => e.details.via === 'importacion');
    expect(created.map((e) => [e.target_name, e.details.documento, e.details.linea])).toEqual([
      ['Beto Ruiz', '4100000001', 2],
      ['Carla Díaz', '4100000002', 3],
    ]);
    expect((await entries('importar-csv')).at(-1)?.details).toMatchObject({
      importados: 2,
      ya_inscritos: 1,
      rechazados: 0,
    });
  });
});
