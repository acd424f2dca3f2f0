// 200 concurrent update-user calls with random scores leave the maximum stored, and no
// viewed topic sent by any of them is lost (decision 0016).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  seedUser,
  testApp,
  TestClient,
  type TestDb,
} from './test-support.ts';

describe.each(ENGINES)('concurrent update-user (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('keeps the maximum of 200 random scores', async () => {
    const learner = await seedUser(t.db);
    const client = await new TestClient(app).init();
    await client.login('1020304050', 'secreto123');
    const scores = Array.from({ length: 200 }, () => Math.round(Math.random() * 9999) / 100);
    const responses = await Promise.all(
      scores.map((score) =>
        client.updateUser({ id: String(learner.id), score: String(score), route: FULL_ROUTE }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.query<{ score: string }>(
      'SELECT score FROM progress WHERE user_id = $1',
      [learner.id],
    );
    expect(Number(row!.score)).toBe(Math.max(...scores));
    // Each answer reports a score at least as high as the one it sent.
    responses.forEach((r, i) => expect(r.json().user.score).toBeGreaterThanOrEqual(scores[i]!));
  }, 120_000);

  it('merges 200 concurrent partial routes without losing a topic', async () => {
    const learner = await seedUser(t.db, { document: '7007007007', email: 'c@example.co' });
    const client = await new TestClient(app).init();
    await client.login('7007007007', 'secreto123');
    // Each call reports one single viewed index of one module.
    const parts = FULL_ROUTE.split('-').map((m) => m.split(','));
    const calls = Array.from({ length: 200 }, (_, i) => {
      const moduleIndex = i % parts.length;
      const topics = parts[moduleIndex]!;
      const topic = topics[Math.floor(i / parts.length) % topics.length]!;
      return parts.map((_, m) => (m === moduleIndex ? topic : '{}')).join('-');
    });
    const responses = await Promise.all(
      calls.map((route) => client.updateUser({ id: String(learner.id), score: '0', route })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.query<{ route: string }>(
      'SELECT route FROM progress WHERE user_id = $1',
      [learner.id],
    );
    expect(row!.route).toBe(FULL_ROUTE);
  }, 120_000);
});
