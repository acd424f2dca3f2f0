// A question appended to a published course (m3-q4, decision record 0270), server side: a learner
// who finished the course before it existed keeps, on the server updated to the new content, the
// fourteen first answers, the score 100 and the completed modules; the new
// question is recorded as one more first answer, and a re-sent earlier answer changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, seedUser, testApp, TestClient, type TestDb } from './test-support.ts';
import { loadCourseShape } from './course-shape.ts';
import { courseQuestionIds } from '../src/domain/progress/course-facts.ts';
import { restoreProgress } from '../src/domain/progress/carry-over.ts';
import { computeScore, isModuleComplete } from '../src/domain/progress/engine.ts';
import { encodeRoute } from '../src/domain/progress/route-codec.ts';
import type { CourseShape } from '../src/domain/progress/engine.ts';

const NOW: CourseShape = loadCourseShape();
// The course as published before the question: module 3 had three questions, module 1 eight topics.
const BEFORE: CourseShape = {
  topicCounts: [8, ...NOW.topicCounts.slice(1)],
  questionCounts: [3, 3, 3, 3, 2],
  ...(NOW.moduleNumbers ? { moduleNumbers: NOW.moduleNumbers } : {}),
};
const OLD_IDS = courseQuestionIds(BEFORE);
const DOCUMENT = '5560001';

const answer = (questionId: string, option: string, at: string) => ({
  questionId,
  question: `¿Pregunta ${questionId}?`,
  option,
  correctOption: 'La correcta',
  correct: option === 'La correcta',
  contentVersion: '1.0.0',
  answeredAt: at,
  latencyMs: 1500,
});

/** Every topic and quiz of every module seen: the whole course in that shape. */
const wholeRoute = (shape: CourseShape) =>
  encodeRoute(shape.topicCounts.map((count) => Array.from({ length: count + 1 }, (_, i) => i)));

describe.each(ENGINES)('a question appended after the course was finished (%s)', (engine) => {
  let t: TestDb;
  let before: FastifyInstance;
  let after: FastifyInstance;
  let userId = 0;

  const firstAnswers = async () =>
    t.db.query<{ question_id: string; chosen_option: string }>(
      'SELECT question_id, chosen_option FROM answers WHERE user_id = $1 ORDER BY question_id',
      [userId],
    );

  const signIn = async (app: FastifyInstance) => {
    const client = await new TestClient(app).init();
    expect((await client.login(DOCUMENT, 'secreto123')).statusCode).toBe(200);
    return client;
  };

  beforeAll(async () => {
    t = await openTestDb(engine);
    before = await testApp(t.db, { courseShape: BEFORE });
    after = await testApp(t.db, { courseShape: NOW });
    const user = await seedUser(t.db, { document: DOCUMENT, email: `${DOCUMENT}@example.co` });
    userId = user.id;
    const client = await signIn(before);
    const sent = await client.post('record-activity', {
      answers: OLD_IDS.map((id) => answer(id, 'La correcta', '2026-11-20T15:00:00Z')),
    });
    expect(sent.json()).toMatchObject({ success: true, answers: OLD_IDS.length });
    const saved = await client.updateUser({
      id: String(userId),
      score: '100',
      route: wholeRoute(BEFORE),
    });
    expect(saved.json().user).toMatchObject({ score: 100 });
  }, 120_000);

  afterAll(async () => {
    await before?.close();
    await after?.close();
    await t?.cleanup();
  });

  it('the question is new: the server of the old content refuses its answer', async () => {
    expect(OLD_IDS).toHaveLength(14);
    expect(courseQuestionIds(NOW)).toEqual([...OLD_IDS, 'm3-q4']);
    const client = await signIn(before);
    const refused = await client.post('record-activity', {
      answers: [answer('m3-q4', 'La correcta', '2026-11-20T15:05:00Z')],
    });
    expect(refused.statusCode).toBe(422);
  });

  it('on the new content: score 100 and every module completed', async () => {
    const client = await signIn(after);
    const { user } = (await client.post('me')).json();
    expect(user.score).toBe(100);
    const viewed = restoreProgress({ route: user.route, score: user.score }, NOW).viewed;
    NOW.topicCounts.forEach((_, m) =>
      expect(isModuleComplete(viewed, NOW, m), `módulo ${m + 1}`).toBe(true),
    );
    expect(computeScore(viewed, NOW)).toBe(100);
  });

  it('the fourteen first answers stay; m3-q4 is one more; a re-sent earlier answer changes nothing', async () => {
    const client = await signIn(after);
    const sent = await client.post('record-activity', {
      answers: [
        answer('m1-q1', 'Otra', '2026-11-28T15:00:00Z'),
        answer('m3-q4', 'La correcta', '2026-11-28T15:01:00Z'),
      ],
    });
    expect(sent.json()).toMatchObject({ success: true, answers: 1 });
    const stored = await firstAnswers();
    expect(stored.map((a) => a.question_id).sort()).toEqual([...OLD_IDS, 'm3-q4'].sort());
    expect(stored.every((a) => a.chosen_option === 'La correcta')).toBe(true);
    // The next save in the new shape keeps the course finished.
    const saved = await client.updateUser({
      id: String(userId),
      score: '100',
      route: wholeRoute(NOW),
    });
    expect(saved.json().user).toMatchObject({ score: 100, route: wholeRoute(NOW) });
  });
});
