// An acceptance for an induction cycle a reinducción archived (record 0261): the server answers
// 409 stale-cycle (the client removes it and tells the worker why) and seals nothing on the
// archived cycle; a «not completed yet» refusal carries a code the client keeps it by.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, signedInLearner, testApp, type TestDb } from '../test-support.ts';
import { startReinduction } from '../console/reinduction.ts';

const STATEMENT = 'Yo, Ana, recibí la inducción general.\n\nAcepto confirmarlo electrónicamente.';
const COORDINATOR = { userId: null, name: 'Prueba' };

describe.each(ENGINES)('acceptance of an archived cycle (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('is refused with 409 stale-cycle and nothing is sealed; the new cycle asks again', async () => {
    const { user, client } = await signedInLearner(
      app,
      t.db,
      { document: '70000261', name: 'Ana Reinducción' },
      { complete: true },
    );
    // The worker accepted offline in cycle 1; meanwhile the coordinator started a reinducción.
    await startReinduction(t.db, COORDINATOR, 'curso-sst', { userId: user.id });
    const body = { text: STATEMENT, deviceTime: '2026-11-29T10:00:00Z', sessionId: 'session-0261' };
    const late = await client.post('record-acceptance', { ...body, cycle: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'stale-cycle', cycle: 2 });
    // The new cycle is not completed yet: refused, with the reason that keeps it on the device.
    const early = await client.post('record-acceptance', { ...body, cycle: 2 });
    expect(early.statusCode).toBe(422);
    expect(early.json().reason).toBe('not-completed');
    const rows = await t.db.query('SELECT 1 FROM acceptances');
    expect(rows).toEqual([]);
  });
});
