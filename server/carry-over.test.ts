// Progress survives a content update (decision 0076), server side: a learner with modules 1–2 completed under the old shape
// (6/6/7/5/5 topics, score 40) keeps them completed, score 40, after the server is updated to
// content with today's shape (decision 0076) — and the first update-user after it stores the
// route in the new shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  openTestDb,
  signedInLearner,
  testApp,
  TestClient,
  type TestDb,
} from './test-support.ts';
import { computeScore, isModuleComplete } from '../src/domain/progress/engine.ts';
import { restoreProgress } from '../src/domain/progress/carry-over.ts';
import { decodeRoute } from '../src/domain/progress/route-codec.ts';
import { buildReportCsv } from './cli/report.ts';

const OLD = { topicCounts: [6, 6, 7, 5, 5] };
const NEW = { topicCounts: [8, 8, 10, 5, 5] };
const OLD_ROUTE = '0,1,2,3,4,5,6-0,1,2,3,4,5,6-{}-{}-{}';

describe.each(ENGINES)('progress across a content update (%s)', (engine) => {
  let t: TestDb;
  let before: FastifyInstance;
  let after: FastifyInstance;
  let userId = 0;

  beforeAll(async () => {
    t = await openTestDb(engine);
    before = await testApp(t.db, { courseShape: OLD });
    after = await testApp(t.db, { courseShape: NEW });
    const { user, client } = await signedInLearner(before, t.db, { document: '5550001' });
    userId = user.id;
    const saved = await client.updateUser({ id: String(user.id), score: '40', route: OLD_ROUTE });
    expect(saved.json().user).toMatchObject({ score: 40, route: OLD_ROUTE });
  }, 120_000);

  afterAll(async () => {
    await before?.close();
    await after?.close();
    await t?.cleanup();
  });

  it('me, read as the client reads it, still shows modules 1–2 completed and score 40', async () => {
    const client = await new TestClient(after).init();
    await client.login('5550001', 'secreto123');
    const { user } = (await client.post('me')).json();
    expect(user.score).toBe(40);
    const viewed = restoreProgress({ route: user.route, score: user.score }, NEW).viewed;
    expect(isModuleComplete(viewed, NEW, 0) && isModuleComplete(viewed, NEW, 1)).toBe(true);
    expect(computeScore(viewed, NEW)).toBe(40);
  });

  it('the next update-user keeps both completions, score 40, route in the new shape', async () => {
    const client = await new TestClient(after).init();
    await client.login('5550001', 'secreto123');
    // The learner opens module 3's first topic; the client claims 40.
    const saved = await client.updateUser({
      id: String(userId),
      score: '40',
      route: '{}-{}-0-{}-{}',
    });
    expect(saved.statusCode).toBe(200);
    const { user } = saved.json();
    expect(user.score).toBe(40);
    expect(user.route).toBe('0,1,2,3,4,5,6,7,8-0,1,2,3,4,5,6,7,8-0-{}-{}');
    expect(computeScore(decodeRoute(user.route, NEW.topicCounts).viewed, NEW)).toBe(40);
    // The report counts 2 completed modules.
    const csv = await buildReportCsv(t.db, NEW);
    const row = csv.split('\n').find((l) => l.startsWith('5550001'))!;
    expect(row.split(',')[4]).toBe('2');
  });
});
