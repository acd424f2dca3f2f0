// A coordinator's learner-app token (kept in localStorage) does not open the console, by header
// or by a forged cookie, and cannot reset a password there; a console session does not drive the
// learner API (decision 0185).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, TestClient, type TestDb } from '../test-support.ts';
import { createUser, issueToken } from '../db/store.ts';
import { consoleFixture, type ConsoleFixture } from './console-fixture.ts';

describe.each(ENGINES)('token scopes (%s)', (engine) => {
  let f: ConsoleFixture;
  let t: TestDb;
  let app: FastifyInstance;
  let coordinatorId: number;
  let learnerId: number;

  beforeAll(async () => {
    f = await consoleFixture(engine, {
      document: 'C-500',
      name: 'Carla Coordinadora',
      password: 'clave-coord',
    });
    ({ t, app, coordinatorId } = f);
    learnerId = (
      await createUser(t.db, { document: '5005005005', name: 'Ana Pérez', password: 'secreto123' })
    ).id;
  }, 120_000);

  afterAll(() => f?.close());

  it('refuses the app token of a coordinator on every console way in', async () => {
    const client = await new TestClient(app).init();
    expect((await client.login('C-500', 'clave-coord')).statusCode).toBe(200);
    const appToken = client.token;
    const byHeader = await app.inject({
      method: 'GET',
      url: '/consola',
      headers: { authorization: appToken },
    });
    expect(byHeader.statusCode).toBe(401);
    expect(byHeader.body).toContain('La sesión de la app del curso no sirve para la consola');
    const byCookie = await app.inject({
      method: 'GET',
      url: '/consola',
      headers: { cookie: `consola_sesion=${appToken.replace(/^Bearer /, '')}` },
    });
    expect(byCookie.statusCode).toBe(401);
    const reset = await app.inject({
      method: 'POST',
      url: `/consola/aprendices/${learnerId}/contrasena`,
      headers: { authorization: appToken, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_xsrf=x',
    });
    expect(reset.statusCode).toBe(401);
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM audit_log WHERE action = 'restablecer-contrasena'",
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('opens the console with a console session, which the learner API refuses', async () => {
    const consoleToken = await issueToken(t.db, coordinatorId, 3_600_000, 'consola');
    const page = await app.inject({
      method: 'GET',
      url: '/consola',
      headers: { authorization: consoleToken },
    });
    expect(page.statusCode).toBe(200);
    const api = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: { authorization: `Bearer ${consoleToken}` },
    });
    expect(api.statusCode).toBe(401);
  });
});
