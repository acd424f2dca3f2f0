// LTI 1.3 launches (record 0295) through the Fastify app, against a platform model of our own
// whose http server runs in this process (test/lti-platform/platform.ts): the tool fetches the
// platform's key set over HTTP as it would Moodle's. A good launch reaches a learner session;
// each refusal answers a page that names what went wrong in Spanish.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ENGINES, openTestDb, testApp, TestClient, type TestDb } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { createCompany } from '../db/company-store.ts';
import { companyDb, type CompanyDb } from '../db/company-scope.ts';
import { issueInvitations } from '../invitations.ts';
import { insertRegistration, revokeRegistration } from './registrations.ts';
import { IDENTITY, LAUNCH } from './strings.ts';
import {
  formOf,
  LTI_CLAIM,
  LtiPlatform,
  newSigningKey,
  type PlatformUser,
} from '../../test/lti-platform/platform.ts';
import { escapeHtml } from '../routes/html-page.ts';

const SLUG_A = 'empresa-1';
const SLUG_B = 'constructora-b';
const COORDINATOR = { userId: null, name: 'Coordinadora de prueba' };

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const data = (html: string, name: string) => {
  const m = new RegExp(`data-${name}="([^"]*)"`).exec(html);
  return m ? unescape(m[1]!) : undefined;
};
const hidden = (html: string, name: string) => {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  return m ? unescape(m[1]!) : undefined;
};

/** The page says `message` (escaped as the page writes it). */
const says = (response: LightMyRequestResponse, message: string) =>
  expect(response.body).toContain(escapeHtml(message));

describe.each(ENGINES)('LTI launch (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;
  let moodle: LtiPlatform;
  let canvas: LtiPlatform;
  let companyB: number;
  let worker: number;
  let finished: number;

  beforeAll(async () => {
    t = await openTestDb(engine);
    await t.db.query('UPDATE companies SET slug = $1 WHERE id = 1 AND slug IS NULL', [SLUG_A]);
    companyB = await createCompany(t.db, 'Constructora B', SLUG_B);
    wall = companyDb(t.db);
    app = await testApp(t.db);
    moodle = await LtiPlatform.start({ name: 'Moodle de la obra' });
    canvas = await LtiPlatform.start({ name: 'Canvas de la constructora' });
    await insertRegistration(wall.forCompany(1), moodle.registration());
    await insertRegistration(wall.forCompany(1), canvas.registration());
    worker = (
      await createUser(t.db, { document: '1020304050', name: 'Ana Pérez', password: 'x1234567' })
    ).id;
    finished = (
      await createUser(t.db, { document: '5566778899', name: 'Luis Gómez', password: 'x1234567' })
    ).id;
    await t.db.query('UPDATE progress SET score = 100 WHERE user_id = $1', [finished]);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await moodle?.close();
    await canvas?.close();
    await t?.cleanup();
  });
  beforeEach(() => {
    moodle.tweak = {};
    canvas.tweak = {};
    moodle.resourceLinkId = 'recurso-1';
  });

  const startLogin = (platform: LtiPlatform, user: PlatformUser, slug = SLUG_A, extra = {}) =>
    app.inject({ method: 'GET', url: platform.loginUrl(`/lti/${slug}/login`, user, extra) });

  /** The whole browser path up to the launch page: login, the platform's form, the launch. */
  async function launch(platform: LtiPlatform, user: PlatformUser, slug = SLUG_A) {
    const login = await startLogin(platform, user, slug);
    expect(login.statusCode).toBe(200);
    const answer = await fetch(data(login.body, 'auth')!);
    const form = formOf(await answer.text());
    const post = () =>
      app.inject({
        method: 'POST',
        url: new URL(form.action).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form.fields).toString(),
      });
    const page = await post();
    return { login, form, page, post, state: data(login.body, 'state')! };
  }

  const exchange = (
    page: string,
    kept: 'navegador' | 'ninguno' = 'navegador',
    headers: Record<string, string> = {},
    state = data(page, 'state')!,
  ) =>
    app.inject({
      method: 'POST',
      url: data(page, 'api') ?? '/api/v1/lti/session',
      headers,
      payload: { ticket: data(page, 'ticket'), state, almacen: kept },
    });

  it('a good launch reaches a session of the imported worker of the document', async () => {
    const user = { sub: 'moodle-17', name: 'Ana P.', document: '1020304050' };
    const { login, page, state } = await launch(moodle, user);
    // The login: the platform's authentication request, and the state kept by the page's script.
    const asked = moodle.authRequests.at(-1)!;
    expect(asked).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: moodle.clientId,
      redirect_uri: `http://localhost:80/lti/${SLUG_A}/launch`,
      login_hint: 'moodle-17',
      lti_message_hint: 'mensaje-moodle-17',
      state,
    });
    expect(login.body).toContain('<script src="/lti/iniciar.js"></script>');
    const cookie = login.cookies.find((c) => c.name.startsWith('lti_state_'))!;
    expect(cookie).toMatchObject({ value: state, httpOnly: true, secure: true, sameSite: 'None' });
    expect([login.headers['set-cookie']].flat().join('\n')).toMatch(
      /lti_state_[^;]*;.*Partitioned/,
    );
    // The launch page: its script, the ticket, the app at the company's address.
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/lti/entrar.js"></script>');
    expect(data(page.body, 'app')).toBe(`/?empresa=${SLUG_A}`);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    const session = await exchange(page.body);
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body.user).toMatchObject({ id: worker, document: '1020304050', name: 'Ana Pérez' });
    // The token is a learner session of the app.
    const client = new TestClient(app);
    client.token = body.token;
    const csrf = await app.inject({
      method: 'GET',
      url: '/api/v1/csrf-cookie',
      headers: { authorization: body.token },
    });
    client.xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const me = await client.post('me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(worker);
    const [lti] = await t.db.query<{ linked_by: string; user_id: number }>(
      `SELECT linked_by, user_id FROM lti_users WHERE sub = 'moodle-17'`,
    );
    expect(lti).toEqual({ linked_by: 'documento', user_id: worker });
  });

  it('a platform that keeps the state for the tool (lti_storage_target) gets no cookie', async () => {
    const user = { sub: 'moodle-storage', document: '1020304050' };
    const login = await startLogin(moodle, user, SLUG_A, { lti_storage_target: '_parent' });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.filter((c) => c.name.startsWith('lti_state_'))).toEqual([]);
    expect(data(login.body, 'storage-target')).toBe('_parent');
    expect(data(login.body, 'storage-origin')).toBe(new URL(moodle.authUrl).origin);
    // The launch page asks the same frame; the browser's word that the platform held the state
    // stands in for the cookie, and nothing else does.
    const answer = await fetch(data(login.body, 'auth')!);
    const form = formOf(await answer.text());
    const page = await app.inject({
      method: 'POST',
      url: new URL(form.action).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...form.fields, lti_storage_target: '_parent' }).toString(),
    });
    expect(data(page.body, 'storage-target')).toBe('_parent');
    const session = await app.inject({
      method: 'POST',
      url: '/api/v1/lti/session',
      payload: {
        ticket: data(page.body, 'ticket'),
        state: data(page.body, 'state'),
        almacen: 'plataforma',
      },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.id).toBe(worker);
  });

  it('the scripts are served from our origin', async () => {
    for (const path of ['/lti/iniciar.js', '/lti/entrar.js']) {
      const script = await app.inject({ method: 'GET', url: path });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.body).toContain('lti-state:');
    }
  });

  it('two platforms (two issuers) sending one document reach the same learner', async () => {
    const viaMoodle = await launch(moodle, { sub: 'm-1', document: '5566778899' });
    const viaCanvas = await launch(canvas, { sub: 'c-99', document: '55.667.788 99' });
    const a = (await exchange(viaMoodle.page.body)).json();
    const b = (await exchange(viaCanvas.page.body)).json();
    expect(a.user.id).toBe(finished);
    expect(b.user.id).toBe(finished);
  });

  it('two resource links of one platform reach the same learner; each gets the grade', async () => {
    const user = { sub: 'm-2', document: '5566778899' };
    moodle.resourceLinkId = 'recurso-a';
    const first = (await exchange((await launch(moodle, user)).page.body)).json();
    moodle.resourceLinkId = 'recurso-b';
    const second = (await exchange((await launch(moodle, user)).page.body)).json();
    expect(first.user.id).toBe(finished);
    expect(second.user.id).toBe(finished);
    const targets = await t.db.query<{ resource_link_id: string; wanted_score: number }>(
      `SELECT g.resource_link_id, g.wanted_score FROM lti_grade_targets g
         JOIN lti_users u ON u.id = g.lti_user_id WHERE u.sub = 'm-2' ORDER BY 1`,
    );
    // The learner had already finished: 100 is due to both line items.
    expect(targets).toEqual([
      { resource_link_id: 'recurso-a', wanted_score: 100 },
      { resource_link_id: 'recurso-b', wanted_score: 100 },
    ]);
  });

  it('a document the company does not know yet makes its learner', async () => {
    const { page } = await launch(moodle, {
      sub: 'm-new',
      name: 'Nuevo Trabajador',
      document: '99887766',
    });
    const session = await exchange(page.body);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ document: '99887766', name: 'Nuevo Trabajador' });
    // The company's audit says who came in from the LMS, and how they were linked.
    const audited = await t.db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_log WHERE target_id = $1 ORDER BY id`,
      [session.json().user.id],
    );
    expect(audited).toEqual([
      { action: 'lti-crear-aprendiz', details: {} },
      { action: 'lti-vincular', details: { prueba: 'documento', emisor: moodle.issuer } },
    ]);
  });

  describe('refusals', () => {
    const user = { sub: 'm-refused', document: '1020304050' };

    it('a signature by another key', async () => {
      moodle.tweak = { mint: { key: await newSigningKey() } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(401);
      says(page, LAUNCH.badSignature);
      expect(page.body).not.toContain('data-ticket');
    });

    it('the same launch posted twice (replayed state and nonce)', async () => {
      const { page, post } = await launch(moodle, user);
      expect(page.statusCode).toBe(200);
      const again = await post();
      expect(again.statusCode).toBe(403);
      says(again, LAUNCH.replayed);
    });

    it('an id_token with another login’s nonce', async () => {
      moodle.tweak = { claims: { nonce: 'otro-nonce' } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(401);
      says(page, LAUNCH.wrongNonce);
    });

    it('a deployment the registration does not have', async () => {
      moodle.tweak = { claims: { [`${LTI_CLAIM}deployment_id`]: 'otro-despliegue' } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(403);
      says(page, LAUNCH.unknownDeployment);
    });

    it('a login naming a deployment the registration does not have', async () => {
      const login = await startLogin(moodle, user, SLUG_A, { lti_deployment_id: 'otro' });
      expect(login.statusCode).toBe(403);
      says(login, LAUNCH.unknownDeployment);
    });

    it('an expired id_token', async () => {
      moodle.tweak = { mint: { iat: Math.floor(Date.now() / 1000) - 3600, lifetime: 300 } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(401);
      says(page, LAUNCH.expired);
    });

    it('an id_token issued for another tool (audience)', async () => {
      moodle.tweak = { claims: { aud: 'otra-herramienta' } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(401);
      says(page, LAUNCH.wrongAudience);
    });

    it('several audiences whose authorized party is another tool', async () => {
      moodle.tweak = { claims: { aud: [moodle.clientId, 'otra'], azp: 'otra' } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(401);
      says(page, LAUNCH.wrongAudience);
    });

    it('another message type', async () => {
      moodle.tweak = { claims: { [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingRequest' } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(400);
      says(page, LAUNCH.wrongMessageType);
    });

    it('an unknown platform, and a revoked registration', async () => {
      const stranger = await LtiPlatform.start();
      try {
        const login = await startLogin(stranger, user);
        expect(login.statusCode).toBe(403);
        says(login, LAUNCH.unknownPlatform);
        const reg = await insertRegistration(wall.forCompany(1), stranger.registration());
        const started = await startLogin(stranger, user);
        expect(started.statusCode).toBe(200);
        // Revoked between the login and the launch: the launch is refused too.
        await revokeRegistration(wall.forCompany(1), reg.id, 'Coordinadora');
        const form = formOf(await (await fetch(data(started.body, 'auth')!)).text());
        const launched = await app.inject({
          method: 'POST',
          url: new URL(form.action).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form.fields).toString(),
        });
        expect(launched.statusCode).toBe(403);
        says(launched, LAUNCH.unknownPlatform);
        const after = await startLogin(stranger, user);
        expect(after.statusCode).toBe(403);
        says(after, LAUNCH.unknownPlatform);
      } finally {
        await stranger.close();
      }
    });

    it('an id_token another platform issued', async () => {
      moodle.tweak = { claims: { iss: 'https://otro-lms.example.co' } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(401);
      says(page, LAUNCH.wrongIssuer);
    });

    it('another LTI version', async () => {
      moodle.tweak = { claims: { [`${LTI_CLAIM}version`]: '1.1' } };
      const { page } = await launch(moodle, user);
      expect(page.statusCode).toBe(400);
      says(page, LAUNCH.wrongVersion);
    });

    it('a login older than ten minutes', async () => {
      const login = await startLogin(moodle, user);
      const state = data(login.body, 'state')!;
      const form = formOf(await (await fetch(data(login.body, 'auth')!)).text());
      await t.db.query(
        `UPDATE lti_logins SET expires_at = now() - interval '1 second' WHERE state_hash = $1`,
        [createHash('sha256').update(state).digest('hex')],
      );
      const late = await app.inject({
        method: 'POST',
        url: new URL(form.action).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form.fields).toString(),
      });
      expect(late.statusCode).toBe(403);
      says(late, LAUNCH.loginExpired);
    });

    it('a platform whose key set cannot be fetched', async () => {
      const down = await LtiPlatform.start();
      try {
        await insertRegistration(wall.forCompany(1), down.registration());
        const login = await startLogin(down, user);
        const form = formOf(await (await fetch(data(login.body, 'auth')!)).text());
        await down.close();
        const launched = await app.inject({
          method: 'POST',
          url: new URL(form.action).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form.fields).toString(),
        });
        expect(launched.statusCode).toBe(503);
        says(launched, LAUNCH.keysUnavailable);
      } finally {
        await down.close().catch(() => {});
      }
    });

    it('a deactivated worker', async () => {
      const gone = await createUser(t.db, {
        document: '4455667788',
        name: 'Retirado',
        password: 'x1234567',
      });
      await t.db.query('UPDATE users SET active = false WHERE id = $1', [gone.id]);
      const { page } = await launch(moodle, { sub: 'm-gone', document: '4455667788' });
      expect(page.statusCode).toBe(403);
      says(page, LAUNCH.deactivated);
    });

    it('a ticket traded after two minutes', async () => {
      const { page, state } = await launch(moodle, user);
      await t.db.query(
        `UPDATE lti_logins SET launched_at = now() - interval '3 minutes' WHERE state_hash = $1`,
        [createHash('sha256').update(state).digest('hex')],
      );
      const late = await exchange(page.body);
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe(LAUNCH.ticketExpired);
    });

    it('a launch without a state, and with a state no login made', async () => {
      const idToken = await moodle.mintIdToken(moodle.launchClaims(user, 'n'));
      const post = (fields: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: `/lti/${SLUG_A}/launch`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
      const missing = await post({ id_token: idToken });
      expect(missing.statusCode).toBe(400);
      says(missing, LAUNCH.stateMissing);
      const unknown = await post({ id_token: idToken, state: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(400);
      says(unknown, LAUNCH.unknownState);
    });

    it('a ticket used twice', async () => {
      const { page } = await launch(moodle, user);
      expect((await exchange(page.body)).statusCode).toBe(200);
      const again = await exchange(page.body);
      expect(again.statusCode).toBe(401);
      expect(again.json().message).toBe(LAUNCH.ticketUsed);
    });

    it('a ticket with a state this browser does not hold', async () => {
      // Neither storage nor the login's cookie: another browser began this login.
      const first = await launch(moodle, user);
      const refused = await exchange(first.page.body, 'ninguno');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(LAUNCH.stateNotHeld);
      // Another login's state is not this ticket's.
      const second = await launch(moodle, user);
      const other = await launch(moodle, user);
      const crossed = await exchange(second.page.body, 'navegador', {}, other.state);
      expect(crossed.statusCode).toBe(403);
      expect(crossed.json().message).toBe(LAUNCH.stateNotHeld);
      // Without storage, the login's cookie stands in for it.
      const third = await launch(moodle, user);
      const cookie = third.login.cookies.find((c) => c.name.startsWith('lti_state_'))!;
      const kept = await exchange(third.page.body, 'ninguno', {
        cookie: `${cookie.name}=${cookie.value}`,
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().user.id).toBe(worker);
    });

    it('a ticket of an unknown shape or value', async () => {
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/v1/lti/session',
        payload: { ticket: 'y'.repeat(43), state: 'z'.repeat(43), almacen: 'navegador' },
      });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().message).toBe(LAUNCH.ticketUnknown);
    });
  });

  describe('an LMS user without a document', () => {
    it('is not linked: the page asks for the invitation code or the coordinator', async () => {
      const { page } = await launch(moodle, { sub: 'sin-doc-1' });
      expect(page.statusCode).toBe(200);
      says(page, IDENTITY.noCode);
      expect(page.body).toContain(
        'Pide a tu coordinador SST que confirme tu ingreso en la consola',
      );
      expect(page.body).toContain(`action="/lti/${SLUG_A}/vincular"`);
      expect(page.body).not.toContain('data-ticket');
      const [row] = await t.db.query(`SELECT user_id FROM lti_users WHERE sub = 'sin-doc-1'`);
      expect(row).toEqual({ user_id: null });
      // Its ticket opens no session.
      const session = await app.inject({
        method: 'POST',
        url: '/api/v1/lti/session',
        payload: {
          ticket: hidden(page.body, 'ticket'),
          state: hidden(page.body, 'state'),
          almacen: 'navegador',
        },
      });
      expect(session.statusCode).toBe(403);
      expect(session.json().message).toBe(LAUNCH.sessionNotLinked);
    });

    const vincular = (page: string, document: string, code: string) =>
      app.inject({
        method: 'POST',
        url: `/lti/${SLUG_A}/vincular`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ticket: hidden(page, 'ticket')!,
          state: hidden(page, 'state')!,
          document,
          code,
        }).toString(),
      });

    it('the worker’s invitation code links the worker; the next launch needs nothing', async () => {
      const [card] = await issueInvitations(t.db, COORDINATOR, [worker], 'codigo');
      const { page } = await launch(moodle, { sub: 'sin-doc-2' });
      const linked = await vincular(page.body, '1020304050', card!.code);
      expect(linked.statusCode).toBe(200);
      const session = await exchange(linked.body);
      expect(session.statusCode).toBe(200);
      expect(session.json().user.id).toBe(worker);
      const [row] = await t.db.query(
        `SELECT user_id, linked_by FROM lti_users WHERE sub = 'sin-doc-2'`,
      );
      expect(row).toEqual({ user_id: worker, linked_by: 'invitacion' });
      const audited = await t.db.query<{ action: string; details: { prueba: string } }>(
        `SELECT action, details FROM audit_log WHERE target_id = $1 AND action = 'lti-vincular'`,
        [worker],
      );
      expect(audited.map((a) => a.details.prueba)).toContain('invitacion');
      const next = await launch(moodle, { sub: 'sin-doc-2' });
      expect((await exchange(next.page.body)).json().user.id).toBe(worker);
    });

    it('a wrong code does not link, and counts against the sign-in budget', async () => {
      const [card] = await issueInvitations(t.db, COORDINATOR, [finished], 'codigo');
      const { page } = await launch(moodle, { sub: 'sin-doc-3' });
      const wrong = card!.code === '0000000000' ? '1111111111' : '0000000000';
      const refused = await vincular(page.body, '5566778899', wrong);
      expect(refused.statusCode).toBe(401);
      says(refused, IDENTITY.wrongCode);
      const [row] = await t.db.query(`SELECT user_id FROM lti_users WHERE sub = 'sin-doc-3'`);
      expect(row).toEqual({ user_id: null });
      // Four more wrong codes: the budget (five) is spent, the right code now waits.
      for (let i = 0; i < 4; i++) await vincular(refused.body, '5566778899', wrong);
      const waiting = await vincular(refused.body, '5566778899', card!.code);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.body).toMatch(/Demasiados intentos fallidos\. Espera \d+ segundos/);
      const [still] = await t.db.query(`SELECT user_id FROM lti_users WHERE sub = 'sin-doc-3'`);
      expect(still).toEqual({ user_id: null });
    });
  });

  describe('company isolation', () => {
    it('a launch at company B’s address never sees company A’s registration or login', async () => {
      const user = { sub: 'm-iso', document: '1020304050' };
      const atB = await startLogin(moodle, user, SLUG_B);
      expect(atB.statusCode).toBe(403);
      says(atB, LAUNCH.unknownPlatform);
      // A login begun at A, its id_token posted to B's address: B knows no such login.
      const login = await startLogin(moodle, user, SLUG_A);
      const form = formOf(await (await fetch(data(login.body, 'auth')!)).text());
      const crossed = await app.inject({
        method: 'POST',
        url: `/lti/${SLUG_B}/launch`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form.fields).toString(),
      });
      expect(crossed.statusCode).toBe(400);
      says(crossed, LAUNCH.unknownState);
      const rows = await t.db.query(`SELECT 1 FROM lti_users WHERE company_id = $1`, [companyB]);
      expect(rows).toEqual([]);
    });

    it('an address of no company', async () => {
      const login = await startLogin(moodle, { sub: 'x' }, 'no-existe');
      expect(login.statusCode).toBe(404);
      says(login, LAUNCH.unknownCompany);
    });
  });
});
