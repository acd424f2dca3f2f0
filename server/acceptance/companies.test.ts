// Keys and chain per company (record 0282): an acceptance of company 2 is sealed with company 2's
// key in company 2's own chain, from its own genesis, under its own sealed head; company 1's
// seals and head do not move; each chain checks clean alone; a row of company 1 relabelled with
// company 2's key id — even resealed with company 2's key, which company 2 may be given — reads
// «CLAVE DESCONOCIDA» in company 1's chain; and a company's acceptance never waits on another
// company's head.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestClient } from '../test-support.ts';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  seedUser,
  signedInLearner,
  testApp,
  type TestDb,
  sessionClient,
} from '../test-support.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from '../db/company-scope.ts';
import { createCompany } from '../db/company-store.ts';
import { checkChain } from './store.ts';
import { companyKey, keyFromDatabase, type InstallationKey } from './installation-key.ts';
import { computeSeal, GENESIS } from './seal.ts';
import { chainHeadText, SEAL_TEXT, sealState } from './summary.ts';
import { buildPack } from '../audit-pack/pack.ts';

interface Row {
  id: number;
  user_id: number;
  company_id: number;
  key_id: string;
  prev_seal: string;
  seal: string;
}

describe.each(ENGINES)('keys and chain per company (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let wall: CompanyDb;
  let second: number;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db);
    wall = companyDb(t.db);
    second = await createCompany(t.db, 'Constructora Segunda S.A.S.');
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** A learner of company 1, signed in by document (company 1's sign-in, record 0283). */
  const firstCompanyLearner = async (document: string) =>
    (await signedInLearner(app, t.db, { document, name: `Ana ${document}` }, { complete: true }))
      .client;

  /** A learner of `company` with a session of their own, who completed the course. */
  const companyLearner = async (company: number, document: string) => {
    const db = wall.forCompany(company);
    const user = await seedUser(db, {
      document,
      name: `Beto ${document}`,
      email: `${document}@example.co`,
    });
    const client = await sessionClient(app, db, user.id);
    const saved = await client.updateUser({ id: String(user.id), score: '100', route: FULL_ROUTE });
    expect(saved.json().user?.score).toBe(100);
    return client;
  };

  const accept = async (client: TestClient, document: string) => {
    const text: string = (await client.post('me')).json().user.acceptanceStatement;
    return client.post('record-acceptance', {
      text,
      deviceTime: '2026-11-26T10:00:00.000-05:00',
      sessionId: `session-${document}`,
      cycle: 1,
    });
  };

  /** Every company's acceptances and heads, as an auditor with the whole database reads them. */
  const everyRow = () =>
    wall
      .forCompany(ALL_COMPANIES)
      .query<Row>(
        'SELECT id, user_id, company_id, key_id, prev_seal, seal FROM acceptances ORDER BY id',
      );
  const heads = () =>
    wall.forCompany(ALL_COMPANIES).query<{
      company_id: number;
      count: string;
      last_seal: string;
      key_id: string;
      seal: string;
    }>('SELECT company_id, count, last_seal, key_id, seal FROM acceptance_chain_head ORDER BY company_id');

  let key: InstallationKey;

  it('two companies each accept: each in its own chain, sealed with its own key, both clean; company 1 unmoved', async () => {
    expect((await accept(await firstCompanyLearner('71000001'), '71000001')).statusCode).toBe(200);
    key = await keyFromDatabase(t.db);
    const firstBefore = await everyRow();
    const firstHead = (await heads()).filter((h) => h.company_id === 1);

    for (const document of ['72000001', '72000002']) {
      const sent = await accept(await companyLearner(second, document), document);
      expect(sent.statusCode).toBe(200);
    }
    const rows = await everyRow();
    const own = rows.filter((r) => Number(r.company_id) === second);
    expect(own).toHaveLength(2);
    // Company 2's chain starts at its own genesis and links its own rows, under its own key.
    expect(own[0]!.prev_seal).toBe(GENESIS);
    expect(own[1]!.prev_seal).toBe(own[0]!.seal);
    expect(own[0]!.key_id).not.toBe(key.keyId);
    const secondKey = companyKey(key, second);
    expect(own.map((r) => r.key_id)).toEqual([secondKey.keyId, secondKey.keyId]);
    // Company 1's rows and sealed head are exactly as before company 2 accepted.
    expect(rows.filter((r) => Number(r.company_id) === 1)).toEqual(firstBefore);
    expect((await heads()).filter((h) => h.company_id === 1)).toEqual(firstHead);
    // One head per company; company 2's counts its two acceptances.
    const secondHead = (await heads()).find((h) => h.company_id === second)!;
    expect(Number(secondHead.count)).toBe(2);
    expect(secondHead.last_seal).toBe(own[1]!.seal);
    expect(secondHead.key_id).toBe(secondKey.keyId);

    // Company 1 accepts again: it links to company 1's last seal, not company 2's.
    expect((await accept(await firstCompanyLearner('71000002'), '71000002')).statusCode).toBe(200);
    const firstRows = (await everyRow()).filter((r) => Number(r.company_id) === 1);
    expect(firstRows[1]!.prev_seal).toBe(firstRows[0]!.seal);

    for (const [db, k, count] of [
      [wall.forCompany(1), key, 2],
      [wall.forCompany(second), secondKey, 2],
    ] as const) {
      const chain = await checkChain(db, k);
      expect(chain.count).toBe(count);
      expect(chain.faults).toEqual([]);
      expect(chain.broken.size + chain.unknownKey.size + chain.textAltered.size).toBe(0);
      expect(chain.tail).toBeNull();
    }
    // Company 2's row is never read as verified against company 1's chain.
    expect(sealState(await checkChain(wall.forCompany(1), key), Number(own[0]!.id))).toBe(
      'unknown-key',
    );
  });

  it("the audit pack prints the company's own chain head: its key id and its count", async () => {
    const [actor] = await wall.forCompany(second).query<{ id: number }>('SELECT id FROM users');
    const today = new Date().toISOString().slice(0, 10);
    const packOf = async (db: CompanyDb, k: InstallationKey, actorId: number) =>
      (
        await buildPack(db, k, {
          courseId: 'curso-sst',
          from: '2026-01-01',
          to: today,
          workers: 1,
          actorId,
        })
      ).chainHead;
    const secondKey = companyKey(key, second);
    const secondRows = (await everyRow()).filter((r) => Number(r.company_id) === second);
    const printed = await packOf(wall.forCompany(second), secondKey, Number(actor!.id));
    expect(printed).toContain(chainHeadText(secondRows.at(-1)!.seal, secondKey.keyId, 2));
    expect(printed).not.toMatch(/FALTA|FALLOS|NO COINCIDE|NO TIENE/);
    const firstRows = (await everyRow()).filter((r) => Number(r.company_id) === 1);
    const [firstActor] = await t.db.query<{ id: number }>('SELECT min(id) AS id FROM users');
    expect(await packOf(wall.forCompany(1), key, Number(firstActor!.id))).toContain(
      chainHeadText(firstRows.at(-1)!.seal, key.keyId, 2),
    );
  });

  it("a row of company 1 relabelled with company 2's key id, resealed with company 2's key, reads «CLAVE DESCONOCIDA»", async () => {
    const secondKey = companyKey(key, second);
    const [target] = (await everyRow()).filter((r) => Number(r.company_id) === 1);
    const [fields] = await t.db.query<Record<string, unknown>>(
      `SELECT user_id, course_id, cycle, name, document, device_time, received_at, session_id,
              shown_version, seconds_spent, first_correct, first_answered
         FROM acceptances WHERE id = $1`,
      [target!.id],
    );
    const forged = computeSeal(secondKey.sealKey, target!.prev_seal, {
      userId: Number(fields!.user_id),
      courseId: String(fields!.course_id),
      cycle: Number(fields!.cycle),
      name: String(fields!.name),
      document: String(fields!.document),
      deviceTime: fields!.device_time
        ? new Date(fields!.device_time as string).toISOString()
        : null,
      receivedAt: new Date(fields!.received_at as string).toISOString(),
      sessionId: String(fields!.session_id),
      shownVersion: String(fields!.shown_version),
      secondsSpent: Number(fields!.seconds_spent),
      firstCorrect: Number(fields!.first_correct),
      firstAnswered: Number(fields!.first_answered),
      keyId: secondKey.keyId,
    });
    // Whoever writes the database says the id is company 1's too (the key the row may name), then
    // relabels and reseals the row with the trigger off, as the table owner can.
    await t.db.query(
      "INSERT INTO installation_keys (key_id, secret, company_id) VALUES ($1, 'derivada', 1)",
      [secondKey.keyId],
    );
    await t.db.query('ALTER TABLE acceptances DISABLE TRIGGER acceptances_no_change');
    try {
      await t.db.query('UPDATE acceptances SET key_id = $1, seal = $2 WHERE id = $3', [
        secondKey.keyId,
        forged,
        target!.id,
      ]);
    } finally {
      await t.db.query('ALTER TABLE acceptances ENABLE TRIGGER acceptances_no_change');
    }
    const first = await checkChain(wall.forCompany(1), key);
    const state = sealState(first, Number(target!.id));
    expect(state).toBe('unknown-key');
    expect(SEAL_TEXT[state]).toMatch(/^CLAVE DESCONOCIDA/);
    // Company 2's own chain is untouched.
    expect((await checkChain(wall.forCompany(second), secondKey)).faults).toEqual([]);
  });

  // PGlite has one connection and runs one transaction at a time: nothing to show there.
  it.skipIf(engine === 'pglite')(
    "a company-2 acceptance completes while a company-1 acceptance holds company 1's head row",
    async () => {
      const client = await companyLearner(second, '72000003');
      const sent = await t.db.transaction(async (tx) => {
        // What a company-1 acceptance in flight holds: its head row, and the insert's table lock.
        await tx.query('SELECT 1 FROM acceptance_chain_head WHERE company_id = 1 FOR UPDATE');
        await tx.query('LOCK TABLE acceptances IN ROW EXCLUSIVE MODE');
        return accept(client, '72000003');
      });
      expect(sent.statusCode).toBe(200);
      expect((await checkChain(wall.forCompany(second), companyKey(key, second))).count).toBe(3);
    },
  );
});
