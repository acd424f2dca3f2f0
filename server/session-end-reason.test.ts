// A password reset or a deactivation is not an expired session (decision 0231): the 401 says
// which one happened, and progress queued before a reset is accepted when its owner signs in
// again with the new password. Driven through the console's own actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, signedInLearner, TestClient, type TestDb } from './test-support.ts';
import { issueToken } from './db/store.ts';
import { MESSAGES } from './messages.ts';
import { consoleFixture, hiddenXsrf, type ConsoleFixture } from './console/console-fixture.ts';

describe.each(ENGINES)('why a session ended (%s)', (engine) => {
  let f: ConsoleFixture;
  let t: TestDb;
  let app: FastifyInstance;
  let coordinator: string;

  beforeAll(async () => {
    f = await consoleFixture(engine, {
      document: 'C-ana',
      name: 'Ana Coordina',
      password: 'clave-coordinadora',
    });
    ({ t, app } = f);
    coordinator = await issueToken(t.db, f.coordinatorId, 3_600_000, 'consola');
  }, 120_000);

  afterAll(() => f?.close());

  const act = async (learnerId: number, action: string) => {
    const page = await app.inject({
      method: 'GET',
      url: '/consola',
      headers: { authorization: coordinator },
    });
    const response = await app.inject({
      method: 'POST',
      url: `/consola/aprendices/${learnerId}/${action}`,
      headers: { authorization: coordinator, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(page.body) }).toString(),
    });
    // Done: the console redirects after the action (POST-redirect-GET); its page shows the notice.
    expect(response.statusCode).toBe(303);
    return app.inject({
      method: 'GET',
      url: String(response.headers.location),
      headers: { authorization: coordinator },
    });
  };

  /** Module 1 and 2 done (40 %), as the phone's queue would send them. */
  const module2 = (id: number) => ({ id: String(id), score: '40', route: '0,1,2-0,1,2' });

  it('a password reset: the 401 says so; the queued module 2 is accepted after signing in again', async () => {
    const { user, client } = await signedInLearner(app, t.db, { document: '6001' });
    const reset = await act(user.id, 'contrasena');
    const password = /<p class="secret">([^<]+)<\/p>/.exec(reset.body)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);

    // The phone's queue arrives with the old session.
    const refused = await client.updateUser(module2(user.id));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      success: false,
      message: MESSAGES.sessionPasswordReset,
      reason: 'password-reset',
    });
    // A GET (no XSRF check on the way) says the same.
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: client.headers(),
    });
    expect(me.statusCode).toBe(401);
    expect(me.json().reason).toBe('password-reset');

    // She signs in with the new password: the same queued save is accepted, as hers.
    const again = await new TestClient(app).init();
    expect((await again.login('6001', password)).statusCode).toBe(200);
    const sent = await again.updateUser(module2(user.id));
    expect(sent.statusCode).toBe(200);
    expect(sent.json().user.score).toBe(40);
    expect(sent.json().user.route).toMatch(/^0,1,2-0,1,2\b/);
  });

  it('a deactivation: the 401 says so, and signing in stays refused', async () => {
    const { user, client } = await signedInLearner(app, t.db, { document: '6002' });
    await act(user.id, 'desactivar');
    const refused = await client.updateUser(module2(user.id));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      success: false,
      message: MESSAGES.sessionDeactivated,
      reason: 'deactivated',
    });
    const again = await new TestClient(app).init();
    expect((await again.login('6002', 'secreto123')).statusCode).not.toBe(200);
  });

  it('a signed-out, expired or unknown token is an ended session, nothing more', async () => {
    const { user, client } = await signedInLearner(app, t.db, { document: '6003' });
    expect((await client.post('logout')).statusCode).toBe(200);
    const afterLogout = await client.updateUser(module2(user.id));
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toEqual({
      success: false,
      message: MESSAGES.unauthorized,
      reason: 'expired',
    });
    const stranger = await new TestClient(app).init();
    stranger.token = 'x'.repeat(43);
    const unknown = await stranger.post('me');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().reason).toBe('expired');
  });
});
