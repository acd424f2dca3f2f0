// Coordinator and auditor accounts can be deactivated, reactivated and have their password reset
// from the console, but the last active coordinator is never deactivated (decision 0187).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, testApp, type TestDb } from '../test-support.ts';
import { createUser, findCredentials, issueToken } from '../db/store.ts';
import { verifyPassword } from '../security/passwords.ts';
// Not the whole console fixture: its own coordinator would keep «the last active one» from being last.
import { ANDINA, hiddenXsrf } from './console-fixture.ts';

describe.each(ENGINES)('staff accounts in the console (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, {
      console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
    });
    for (const [key, role] of [
      ['ana', 'coordinador'],
      ['beto', 'coordinador'],
      ['aurelio', 'auditor'],
    ] as const) {
      ids[key] = (
        await createUser(t.db, { document: `S-${key}`, name: key, password: `clave-${key}`, role })
      ).id;
      tokens[key] = await issueToken(t.db, ids[key], 3_600_000, 'consola');
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const get = (url: string, token: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: token } });
  const act = async (token: string, who: string, action: string) => {
    const page = await get('/consola', token);
    const posted = await app.inject({
      method: 'POST',
      url: `/consola/aprendices/${ids[who]}/${action}`,
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(page.body) }).toString(),
    });
    // Done: a redirect whose page shows the notice once (POST-redirect-GET); refused: the form.
    if (posted.statusCode !== 303) return { statusCode: posted.statusCode, body: posted.body };
    const shown = await get(String(posted.headers.location), token);
    return { statusCode: posted.statusCode, body: shown.body };
  };

  it('deactivates and reactivates an auditor, ending their session', async () => {
    expect((await act(tokens.ana!, 'aurelio', 'desactivar')).statusCode).toBe(303);
    expect((await get('/consola', tokens.aurelio!)).statusCode).toBe(401);
    expect((await act(tokens.ana!, 'aurelio', 'reactivar')).statusCode).toBe(303);
    const [row] = await t.db.query<{ active: boolean }>('SELECT active FROM users WHERE id = $1', [
      ids.aurelio,
    ]);
    expect(row!.active).toBe(true);
  });

  it("resets another coordinator's password: shown once, old sessions revoked", async () => {
    const reset = await act(tokens.ana!, 'beto', 'contrasena');
    expect(reset.statusCode).toBe(303);
    const password = /<p class="secret">([^<]+)<\/p>/.exec(reset.body)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const credentials = await findCredentials(t.db, { document: 'S-beto' });
    expect(await verifyPassword(password, credentials!.password_hash)).toBe(true);
    expect((await get('/consola', tokens.beto!)).statusCode).toBe(401);
  });

  it('deactivates a coordinator but never the last active one', async () => {
    expect((await act(tokens.ana!, 'beto', 'desactivar')).statusCode).toBe(303);
    const last = await act(tokens.ana!, 'ana', 'desactivar');
    expect(last.statusCode).toBe(409);
    expect(last.body).toContain('es el único coordinador activo');
    const [row] = await t.db.query<{ active: boolean }>('SELECT active FROM users WHERE id = $1', [
      ids.ana,
    ]);
    expect(row!.active).toBe(true);
    expect((await get('/consola', tokens.ana!)).statusCode).toBe(200);
  });

  it('two coordinators deactivating each other at once leave one active', async () => {
    await t.db.query('UPDATE users SET active = true WHERE id = $1', [ids.beto]);
    const beto = await issueToken(t.db, ids.beto!, 3_600_000, 'consola');
    const [a, b] = await Promise.all([
      act(tokens.ana!, 'beto', 'desactivar'),
      act(beto, 'ana', 'desactivar'),
    ]);
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM users WHERE role = 'coordinador' AND active",
    );
    expect(Number(row!.n)).toBe(1);
    expect([a.statusCode, b.statusCode].sort()).toContain(303);
  });
});
