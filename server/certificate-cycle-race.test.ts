// A certificate request that races a reinducción is stored on the cycle it was requested for
// (decision 0181): the archived cycle keeps its certificate, the new cycle at score 0 has none,
// and download-certificate in the new cycle never answers with the old PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CertificateIssuer } from './context.ts';
import { startReinduction } from './console/reinduction.ts';
import {
  ENGINES,
  openTestDb,
  signedInLearner,
  testApp,
  type TestClient,
  type TestDb,
} from './test-support.ts';

const ACTOR = { userId: null, name: 'Prueba' };
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.each(ENGINES)('certificate requests racing reinducciones (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  /** Runs inside the issuer, between the request's checks and the store (set per test). */
  let duringIssue: (userId: number) => Promise<void> = async () => {};

  beforeAll(async () => {
    t = await openTestDb(engine);
    const issuer: CertificateIssuer = async ({ user, code }) => {
      await duringIssue(user.id);
      return { url_file: `/certificados/${code}.pdf` };
    };
    app = await testApp(t.db, { certificateIssuer: issuer });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const download = async (client: TestClient) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/download-certificate',
        headers: client.headers(),
      })
    ).json() as { success: boolean; url_file?: string; message?: string };

  const certificates = (userId: number) =>
    t.db.query<{ cycle: number; url_file: string }>(
      'SELECT cycle, url_file FROM certificates WHERE user_id = $1 ORDER BY cycle',
      [userId],
    );

  it('a reinducción that lands while the PDF is being made leaves the certificate on the old cycle', async () => {
    const { user, client } = await signedInLearner(
      app,
      t.db,
      { document: '5100000000' },
      { complete: true },
    );
    duringIssue = async (id) => {
      if (id === user.id) await startReinduction(t.db, ACTOR, 'curso-sst', { userId: user.id });
    };
    const answer = await download(client);
    duringIssue = async () => {};
    const stored = await certificates(user.id);
    expect(stored.map((c) => Number(c.cycle))).toEqual([1]);
    expect(answer).toMatchObject({ success: true, url_file: stored[0]!.url_file });
    // The new cycle, at score 0, has no certificate: the old PDF is not handed out for it.
    const again = await download(client);
    expect(again.success).toBe(false);
    expect(again.url_file).toBeUndefined();
  });

  it('50 certificate requests racing 50 reinducciones: each certificate on the cycle it was requested for', async () => {
    const learners = [];
    for (let i = 0; i < 50; i++)
      learners.push(
        await signedInLearner(
          app,
          t.db,
          { document: `52000000${String(i).padStart(2, '0')}` },
          {
            complete: true,
          },
        ),
      );
    // The issuer takes 0–20 ms, as a real PDF does, and each side starts after 0–50 ms.
    duringIssue = () => pause(Math.random() * 20);
    const results = await Promise.all(
      learners.map(async ({ user, client }) => {
        const [answer] = await Promise.all([
          pause(Math.random() * 50).then(() => download(client)),
          pause(Math.random() * 50).then(() =>
            startReinduction(t.db, ACTOR, 'curso-sst', { userId: user.id }),
          ),
        ]);
        return { user, client, answer };
      }),
    );
    duringIssue = async () => {};
    for (const { user, client, answer } of results) {
      const stored = await certificates(user.id);
      // Never a certificate on the new cycle (score 0).
      expect(
        stored.every((c) => Number(c.cycle) === 1),
        `learner ${user.document}`,
      ).toBe(true);
      const [cycle] = await t.db.query<{ cycle: number }>('SELECT cycle FROM users WHERE id = $1', [
        user.id,
      ]);
      expect(Number(cycle!.cycle)).toBe(2);
      if (answer.success) expect(answer.url_file).toBe(stored[0]?.url_file);
      // In the new cycle the learner is told to finish the course, never given the old PDF.
      const now = await download(client);
      expect(now.success, `learner ${user.document}`).toBe(false);
    }
  }, 120_000);
});
