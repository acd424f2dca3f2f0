// The learner API's response schemas (decision record 0214): what is not declared never leaves
// the server, and everything the store returns for a learner is declared (nothing the app reads
// is dropped on the way out).
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSES } from './response-schemas.ts';
import { ENGINES, openTestDb, signedInLearner, testApp, type TestDb } from '../test-support.ts';
import { getUser } from '../db/store.ts';

const learner = {
  id: 7,
  name: 'Ana Pérez',
  document: '1020304050',
  email: null,
  obra: 'torre-norte',
  score: 40,
  route: '0,1-0',
  current_location: 'm2/t1',
  final_terms: false,
  completed_at: null,
  url_certificate: null,
  cycle: 1,
  dataNoticeAcceptedAt: '2026-11-26T10:00:00.000Z',
  dataNoticeVersion: 'v2',
  obra_values: { 'obra.nombre': 'Torre Norte', 'obra.brigadistas': ['Luis', 'Marta'] },
};

describe('response schemas', () => {
  it('leave out a field the schema does not declare, keep every declared one', async () => {
    const app = Fastify();
    app.get('/me', { schema: RESPONSES.user }, async () => ({
      success: true,
      user: { ...learner, password_hash: 'scrypt$…', celular: '3001234567' },
      debug: 'x',
    }));
    const body = (await app.inject({ method: 'GET', url: '/me' })).json();
    expect(body).toEqual({ success: true, user: learner });
    await app.close();
  });

  it('let a refusal keep its own shape and status', async () => {
    const app = Fastify();
    app.get('/me', { schema: RESPONSES.user }, async (_request, reply) =>
      reply.code(409).send({ success: false, code: 'stale-cycle', cycle: 2 }),
    );
    const response = await app.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, code: 'stale-cycle', cycle: 2 });
    await app.close();
  });
});

describe.each(ENGINES)('learner API answers (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => t?.cleanup());

  it('carry every field the store returns for a learner', async () => {
    const app = await testApp(t.db);
    const { user, client } = await signedInLearner(app, t.db, { document: '55667788' });
    const stored = (await getUser(t.db, user.id))!;
    const me = (await client.post('me')).json();
    // Beside them, the acceptance statement the server published to the learner (record 0259)
    // and the hash of what the web app needs of the learner's company (record 0291).
    const { acceptanceStatement, company_config, ...fromStore } = me.user;
    expect(company_config).toMatch(/^empresa-[0-9a-z]+$/);
    expect(fromStore).toEqual(stored);
    expect(Object.keys(fromStore).sort()).toEqual(Object.keys(stored).sort());
    expect(acceptanceStatement).toMatch(/^Yo, Ana Pérez, con documento 55667788, recibí/);
    await app.close();
  }, 120_000);
});
