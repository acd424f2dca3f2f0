// The learner's side of the console (decisions 0111, 0126, 0127) on both engines: cycle and habeas-data
// fields on login/me, accept-data-notice, update-user's stale cycle, record-activity (first
// answer kept, a batch re-sent after a network failure changes nothing), and reinducción.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  signedInLearner,
  testApp,
  TestClient,
  acceptNotice,
  type TestDb,
} from './test-support.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { currentEnv } from './env.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';

const CURRENT = dataNoticeVersion(
  readConfiguration(withEnv({}, currentEnv()), { firstObra: true }).config,
);
import { startReinduction } from './console/reinduction.ts';
import { MESSAGES } from './messages.ts';

const HOOK_TIMEOUT = 120_000;

const answer = (
  questionId: string,
  option: string,
  correct: boolean,
  at = '2026-11-23T15:00:00Z',
) => ({
  questionId,
  question: `¿Pregunta ${questionId}?`,
  option,
  correctOption: 'La correcta',
  correct,
  contentVersion: '1.0.0',
  answeredAt: at,
  latencyMs: 1500,
});

describe.each(ENGINES)('learner activity (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  const coordinator = { userId: null, name: 'Prueba' };

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const answersOf = (userId: number) =>
    t.db.query<{ question_id: string; chosen_option: string; cycle: number; correct: boolean }>(
      'SELECT question_id, chosen_option, cycle, correct FROM answers WHERE user_id = $1 ORDER BY cycle, question_id',
      [userId],
    );

  it('login and me carry the cycle and the data-notice acceptance; only a published version is accepted', async () => {
    const { client, user } = await signedInLearner(app, t.db, {
      document: '5001',
      acceptNotice: false,
    });
    const me = await client.post('me');
    expect(me.json().user).toMatchObject({
      cycle: 1,
      dataNoticeAcceptedAt: null,
      dataNoticeVersion: null,
      score: 0,
    });

    const missing = await client.post('accept-data-notice', {});
    expect(missing.statusCode).toBe(422);
    // A version the server never showed (record 0213).
    const invented = await client.post('accept-data-notice', { noticeVersion: 'aviso-INVENTADO' });
    expect(invented.statusCode).toBe(422);
    expect(invented.json().message).toEqual([MESSAGES.activity.noticeUnknownVersion]);
    expect((await client.post('me')).json().user.dataNoticeAcceptedAt).toBeNull();

    const first = await client.post('accept-data-notice', { noticeVersion: CURRENT });
    expect(first.statusCode).toBe(200);
    const acceptedAt = first.json().user.dataNoticeAcceptedAt;
    expect(Date.parse(acceptedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(first.json().user.dataNoticeVersion).toBe(CURRENT);
    const again = await client.post('accept-data-notice', { noticeVersion: CURRENT });
    expect(again.json().user.dataNoticeAcceptedAt).toBe(acceptedAt);

    const relogin = await client.login('5001', 'secreto123');
    expect(relogin.json().user).toMatchObject({ cycle: 1, dataNoticeAcceptedAt: acceptedAt });
    const audited = await t.db.query<{ details: { version: string } }>(
      "SELECT details FROM audit_log WHERE action = 'aviso-datos-aceptado' AND target_id = $1",
      [user.id],
    );
    expect(audited.map((r) => r.details.version)).toEqual([CURRENT]);
  });

  it('the server enforces the notice: without any acceptance nothing is saved and no certificate', async () => {
    const { client, user } = await signedInLearner(app, t.db, {
      document: '5011',
      acceptNotice: false,
    });
    const save = await client.updateUser({ id: String(user.id), score: '20', route: '0,1,2' });
    expect(save.statusCode).toBe(428);
    expect(save.json().message).toBe(MESSAGES.dataNoticeRequired);
    const activity = await client.post('record-activity', {
      answers: [answer('m1-q1', 'A', true)],
    });
    expect(activity.statusCode).toBe(428);
    const certificate = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: client.headers(),
    });
    expect(certificate.statusCode).toBe(428);
    expect(await answersOf(user.id)).toEqual([]);

    expect((await client.post('accept-data-notice', { noticeVersion: CURRENT })).statusCode).toBe(
      200,
    );
    expect(
      (await client.updateUser({ id: String(user.id), score: '20', route: '0,1,2' })).json(),
    ).toMatchObject({ success: true });
  });

  it('saves under a version accepted earlier stay valid; a newer version replaces it once accepted', async () => {
    const { client, user } = await signedInLearner(app, t.db, {
      document: '5012',
      acceptNotice: false,
    });
    // An older notice (before celular joined it), published by an earlier server.
    await acceptNotice(t.db, user.id, 'aviso-anterior');
    const save = await client.updateUser({ id: String(user.id), score: '20', route: '0,1,2' });
    expect(save.statusCode).toBe(200);
    expect(save.json().user.dataNoticeVersion).toBe('aviso-anterior');
    const newer = await client.post('accept-data-notice', { noticeVersion: CURRENT });
    expect(newer.json().user.dataNoticeVersion).toBe(CURRENT);
    // Going back to the older text is allowed only because it exists; it is recorded too.
    expect(
      (await client.post('accept-data-notice', { noticeVersion: 'aviso-anterior' })).statusCode,
    ).toBe(200);
  });

  it('anonymous calls to the new routes are refused with 401', async () => {
    // An anonymous client with a valid anonymous XSRF token: only the missing session refuses it.
    const client = await new TestClient(app).init();
    expect((await client.post('record-activity', { answers: [] })).statusCode).toBe(401);
    expect((await client.post('accept-data-notice', { noticeVersion: 'x' })).statusCode).toBe(401);
  });

  it('keeps the first answer per question; a batch re-sent after a network failure changes nothing', async () => {
    const { user, client } = await signedInLearner(app, t.db, { document: '5002' });
    const batch = {
      cycle: 1,
      answers: [answer('m1-q1', 'Primera', false), answer('m1-q2', 'La correcta', true)],
      sessions: [{ id: 'sess-0001-abcd', startedAt: '2026-11-23T14:55:00Z', seconds: 120 }],
    };
    const sent = await client.post('record-activity', batch);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, answers: 2, sessions: 1 });

    // The response was lost: the queue sends the same batch again, then a later answer to m1-q1.
    const resent = await client.post('record-activity', batch);
    expect(resent.json()).toEqual({ success: true, answers: 0, sessions: 1 });
    const later = await client.post('record-activity', {
      answers: [answer('m1-q1', 'Segunda', true, '2026-11-23T15:10:00Z')],
      sessions: [
        { id: 'sess-0001-abcd', startedAt: '2026-11-23T14:55:00Z', seconds: 60 },
        { id: 'sess-0002-abcd', startedAt: '2026-11-23T16:00:00Z', seconds: 300 },
      ],
    });
    expect(later.json()).toMatchObject({ answers: 0, sessions: 2 });
    expect(await answersOf(user.id)).toEqual([
      { question_id: 'm1-q1', chosen_option: 'Primera', cycle: 1, correct: false },
      { question_id: 'm1-q2', chosen_option: 'La correcta', cycle: 1, correct: true },
    ]);
    const [time] = await t.db.query<{ total: number }>(
      'SELECT sum(seconds)::integer AS total FROM learning_sessions WHERE user_id = $1',
      [user.id],
    );
    // The larger seconds of a session are kept (120, not the late 60), plus the second session.
    expect(time!.total).toBe(420);
    // Answers never move the score.
    expect((await client.post('me')).json().user.score).toBe(0);
  });

  it('refuses bad activity with 422 in Spanish and stores nothing of that call', async () => {
    const { user, client } = await signedInLearner(app, t.db, { document: '5003' });
    const bad = await client.post('record-activity', {
      answers: [answer('m9-q9', 'x', true), { ...answer('m1-q1', 'x', true), answeredAt: 'ayer' }],
      sessions: [{ id: 'sess-0003-abcd', startedAt: '2026-11-23T14:55:00Z', seconds: 90_000 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toEqual([
      MESSAGES.activity.badAnswer(1, ['questionId no es una pregunta del curso']),
      MESSAGES.activity.badAnswer(2, ['answeredAt']),
      MESSAGES.activity.badSession(1, ['seconds']),
    ]);
    const tooMany = await client.post('record-activity', {
      answers: Array.from({ length: 51 }, () => answer('m1-q1', 'x', true)),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(await answersOf(user.id)).toEqual([]);
  });

  it('reinducción archives the completed cycle; old saves get 409 stale-cycle; the new cycle starts at 0', async () => {
    const { user, client } = await signedInLearner(
      app,
      t.db,
      { document: '5004' },
      { complete: true },
    );
    await client.post('record-activity', { cycle: 1, answers: [answer('m1-q1', 'Primera', true)] });
    const cert = await client.app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: client.headers(),
    });
    expect(cert.json().success).toBe(false); // no issuer in this app: the rule is per cycle below

    const result = await startReinduction(t.db, coordinator, 'curso-sst', { userId: user.id });
    expect(result.started).toEqual([{ id: user.id, name: user.name, cycle: 2 }]);

    const me = (await client.post('me')).json().user;
    expect(me).toMatchObject({
      cycle: 2,
      score: 0,
      route: '',
      url_certificate: null,
      completed_at: null,
    });

    // A device's old queue: a save and answers of cycle 1 are refused and never complete cycle 2.
    const stale = await client.updateUser({
      id: String(user.id),
      score: '100',
      route: FULL_ROUTE,
      cycle: '1',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, code: 'stale-cycle', cycle: 2 });
    expect(stale.json().errors[0]).toBe(MESSAGES.staleCycle);
    const staleActivity = await client.post('record-activity', {
      cycle: 1,
      answers: [answer('m1-q2', 'x', true)],
    });
    expect(staleActivity.statusCode).toBe(409);
    expect((await client.post('me')).json().user.score).toBe(0);

    // The same question in the new cycle is a new first answer; the archived one is kept.
    await client.post('record-activity', { cycle: 2, answers: [answer('m1-q1', 'Otra', false)] });
    expect((await answersOf(user.id)).map((a) => [a.cycle, a.chosen_option])).toEqual([
      [1, 'Primera'],
      [2, 'Otra'],
    ]);
    // A save without a cycle (a client that never sends one) belongs to the cycle its session
    // was opened in (record 0267): this session's is archived, so even the whole course of the
    // old cycle is refused and cycle 2 stays at 0 …
    const oldSession = await client.updateUser({
      id: String(user.id),
      score: '100',
      route: FULL_ROUTE,
      final_terms: '1',
    });
    expect(oldSession.statusCode).toBe(409);
    expect(oldSession.json()).toMatchObject({ success: false, code: 'stale-cycle', cycle: 2 });
    const oldActivity = await client.post('record-activity', {
      answers: [answer('m1-q2', 'x', true)],
    });
    expect(oldActivity.statusCode).toBe(409);
    expect((await client.post('me')).json().user).toMatchObject({ cycle: 2, score: 0 });
    // … and after signing in again it belongs to the current one.
    const fresh = await new TestClient(app).init();
    expect((await fresh.login('5004', 'secreto123')).statusCode).toBe(200);
    const saved = await fresh.updateUser({ id: String(user.id), score: '20', route: '0,1,2' });
    expect(saved.json().user).toMatchObject({ cycle: 2, score: 20 });
    const archived = await t.db.query<{ cycle: number; score: string; completed_at: Date | null }>(
      'SELECT cycle, score, completed_at FROM progress WHERE user_id = $1 ORDER BY cycle',
      [user.id],
    );
    expect(archived.map((r) => [r.cycle, Number(r.score), r.completed_at !== null])).toEqual([
      [1, 100, true],
      [2, 20, false],
    ]);
    const [history] = await t.db.query<{ archived_at: Date | null }>(
      'SELECT archived_at FROM induction_cycles WHERE user_id = $1 AND cycle = 1',
      [user.id],
    );
    expect(history!.archived_at).not.toBeNull();
    // A learner who has not completed the current cycle is not restarted.
    expect(
      (await startReinduction(t.db, coordinator, 'curso-sst', { userId: user.id })).started,
    ).toEqual([]);
  });

  it('the audit log is append-only', async () => {
    await expect(t.db.query('UPDATE audit_log SET action = $1', ['x'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM audit_log WHERE action = 'reinduccion'",
    );
    expect(row!.n).toBe(1);
  });
});
