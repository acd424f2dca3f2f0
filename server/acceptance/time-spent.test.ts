// Time spent, bounded by what the server can see (record 0259): a session counts from its
// claimed start, never before the cycle began nor after the server first received it, up to its
// last save; overlapping sessions count once; at most 8 hours per Colombian day. The sealed
// acceptance, the console's learner page, the registro and the audit pack give the same figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, signedInLearner, testApp, type TestDb } from '../test-support.ts';
import { createUser, shippedCourseId } from '../db/store.ts';
import { learnerDetail } from '../console/learner-detail.ts';
import { registroRows } from '../console/exports.ts';
import { buildPack } from '../audit-pack/pack.ts';
import { checkChain } from './store.ts';
import { keyFromDatabase } from './installation-key.ts';

const COURSE = shippedCourseId();
const DAY = 86_400;

describe.each(ENGINES)('time spent (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let n = 0;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, { courseId: COURSE });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** A learner whose account was created `ago` before now (an SQL interval). */
  const learner = async (ago: string) => {
    const user = await createUser(t.db, {
      document: String(71000000 + ++n),
      name: `Trabajador ${n}`,
      password: 'secreto123',
    });
    await t.db.query(`UPDATE users SET created_at = now() - $2::interval WHERE id = $1`, [
      user.id,
      ago,
    ]);
    return user.id;
  };
  /** A session row as the server keeps it; times are SQL expressions. */
  const session = (
    userId: number,
    s: { startedAt: string; firstSeen: string; lastSave: string; seconds: number; cycle?: number },
  ) =>
    t.db.query(
      `INSERT INTO learning_sessions (user_id, session_id, course_id, cycle, started_at, seconds,
                                      first_seen_at, updated_at)
       VALUES ($1, $2, $3, $4, ${s.startedAt}, $5, ${s.firstSeen}, ${s.lastSave})`,
      [userId, `s-${++n}`, COURSE, s.cycle ?? 1, s.seconds],
    );
  const spent = async (userId: number, cycle = 1) => {
    const [row] = await t.db.query<{ s: number }>('SELECT learning_seconds($1, $2, $3) AS s', [
      userId,
      COURSE,
      cycle,
    ]);
    return Number(row!.s);
  };

  it('counts a normal session and an offline one (sent once, later) as they were', async () => {
    const id = await learner('30 days');
    await session(id, {
      startedAt: "now() - interval '61 minutes'",
      firstSeen: "now() - interval '60 minutes'",
      lastSave: "now() - interval '1 minute'",
      seconds: 3000,
    });
    await session(id, {
      startedAt: "now() - interval '3 hours'",
      firstSeen: "now() - interval '2 hours'",
      lastSave: "now() - interval '2 hours'",
      seconds: 2400,
    });
    expect(await spent(id)).toBe(5400);
  });

  it('counts sessions open at the same time once', async () => {
    const id = await learner('30 days');
    for (let i = 0; i < 3; i++)
      await session(id, {
        startedAt: "now() - interval '1 hour'",
        firstSeen: "now() - interval '59 minutes'",
        lastSave: 'now()',
        seconds: 3600,
      });
    expect(await spent(id)).toBe(3600);
  });

  it('gives nothing for a session claiming to start after the server first received it', async () => {
    const id = await learner('30 days');
    await session(id, {
      startedAt: "'2099-01-01T10:00:00Z'",
      firstSeen: 'now()',
      lastSave: 'now()',
      seconds: DAY,
    });
    expect(await spent(id)).toBe(0);
  });

  it('counts nothing before the cycle began', async () => {
    const id = await learner('30 days');
    await t.db.query(
      `INSERT INTO induction_cycles (user_id, cycle, started_at) VALUES ($1, 2, now() - interval '10 minutes')`,
      [id],
    );
    await session(id, {
      startedAt: "now() - interval '2 days'",
      firstSeen: "now() - interval '1 minute'",
      lastSave: 'now()',
      seconds: DAY,
      cycle: 2,
    });
    expect(await spent(id, 2)).toBe(600);
  });

  it('counts at most 8 hours in one Colombian day', async () => {
    const id = await learner('400 days');
    // 06:00 to 18:00 in Colombia, 12 hours claimed; then 22:00 to 02:00, 2 hours on each day.
    await session(id, {
      startedAt: "'2026-03-10T11:00:00Z'",
      firstSeen: "'2026-03-10T11:01:00Z'",
      lastSave: "'2026-03-10T23:00:00Z'",
      seconds: 12 * 3600,
    });
    await session(id, {
      startedAt: "'2026-03-11T03:00:00Z'",
      firstSeen: "'2026-03-11T03:01:00Z'",
      lastSave: "'2026-03-11T07:00:00Z'",
      seconds: 4 * 3600,
    });
    expect(await spent(id)).toBe(8 * 3600 + 2 * 3600);
  });

  it('bounds 20 parallel 86,400-s sessions and one from 2099 by the minutes the account exists, everywhere', async () => {
    const { user, client } = await signedInLearner(
      app,
      t.db,
      { document: '71999999', name: 'Ana Minutos' },
      { complete: true },
    );
    await t.db.query(`UPDATE users SET created_at = now() - interval '5 minutes' WHERE id = $1`, [
      user.id,
    ]);
    const sessions = Array.from({ length: 20 }, (_, i) => ({
      id: `parallel-${String(i).padStart(4, '0')}`,
      startedAt: '2026-11-01T00:00:00Z',
      seconds: DAY,
    }));
    const future = [{ id: 'future-0001', startedAt: '2099-01-01T00:00:00Z', seconds: DAY }];
    for (const batch of [sessions, future])
      expect((await client.post('record-activity', { cycle: 1, sessions: batch })).statusCode).toBe(
        200,
      );
    const me = (await client.post('me')).json().user;
    const accepted = await client.post('record-acceptance', {
      text: me.acceptanceStatement,
      deviceTime: new Date().toISOString(),
      sessionId: 'session-minutes-old',
      cycle: 1,
    });
    expect(accepted.statusCode).toBe(200);

    const [age] = await t.db.query<{ s: number }>(
      'SELECT extract(epoch FROM now() - created_at)::integer AS s FROM users WHERE id = $1',
      [user.id],
    );
    const [sealed] = await t.db.query<{ seconds_spent: number }>(
      'SELECT seconds_spent FROM acceptances WHERE user_id = $1',
      [user.id],
    );
    const sealedSeconds = Number(sealed!.seconds_spent);
    expect(sealedSeconds).toBeGreaterThan(0);
    expect(sealedSeconds).toBeLessThanOrEqual(Number(age!.s));

    const detail = await learnerDetail(t.db, user.id, COURSE);
    expect(detail!.cycles[0]!.seconds).toBe(sealedSeconds);
    // Yesterday to tomorrow: the registro reads Colombian days.
    const day = (offset: number) =>
      new Date(Date.now() + offset * DAY * 1000).toISOString().slice(0, 10);
    const [from, to] = [day(-1), day(1)];
    const key = await keyFromDatabase(t.db);
    const chain = await checkChain(t.db, key);
    const rows = await registroRows(
      t.db,
      { courseId: COURSE, defaultObra: 'obra-de-prueba', reinductionMonths: 12 },
      'obra-de-prueba',
      from,
      to,
      { chain, verifyBase: 'https://curso.example.co' },
    );
    const row = rows.find((r) => r.document === '71999999');
    expect(row!.seconds).toBe(sealedSeconds);
    expect(row!.timeSpent).not.toMatch(/\d+ h/);
    const pack = await buildPack(t.db, key, {
      courseId: COURSE,
      from,
      to,
      workers: undefined,
      actorId: user.id,
    });
    const worker = pack.workers.find((w) => w.id === user.id);
    expect(worker!.seconds).toBe(sealedSeconds);
  });
});
