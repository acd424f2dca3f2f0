// The LMS grades (record 0295), as the LMS sees them: a learner's risen score reaches the line
// item of each resource link they launched, as an AGS score, once per rise, through failures,
// restarts and with the right company's registration. The LMS is the test platform's AGS model
// (test/lti-platform/ags.ts) on a port of its own; the clock is moved by hand, never waited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  seedUser,
  testApp,
  TestClient,
  type TestDb,
} from '../test-support.ts';
import { companyDb, type CompanyDb } from '../db/company-scope.ts';
import { createCompany } from '../db/company-store.ts';
import { createUser } from '../db/store.ts';
import { AgsPlatform } from '../../test/lti-platform/ags.ts';
import { insertRegistration, type Registration } from './registrations.ts';
import { recordScore, upsertGradeTarget } from './grades.ts';
import {
  backoffMs,
  gradeSenderFor,
  scoresUrl,
  sendDueGrades,
  type GradeSenderOptions,
} from './grade-sender.ts';
import { AccessTokens, type SignClientAssertion } from './client-credentials.ts';
import type { JobClock } from '../console/import-worker.ts';

const ISSUER = 'https://moodle.example.co';
const KID = 'herramienta-1';

describe.each(ENGINES)('LMS grades (%s)', (engine) => {
  let t: TestDb;
  let wall: CompanyDb;
  let app: FastifyInstance;
  let ags: AgsPlatform;
  let registrationA: Registration;
  let privateKey: CryptoKey;
  const signedFor: { companyId: number; clientId: string }[] = [];
  const clock = {
    t: Date.parse('2026-11-29T12:00:00.000Z'),
    now() {
      return this.t;
    },
    every: () => () => undefined,
    advance(ms: number) {
      this.t += ms;
    },
  } satisfies JobClock & { t: number; advance(ms: number): void };

  const sign: SignClientAssertion = async (registration, claims) => {
    signedFor.push({ companyId: registration.companyId, clientId: registration.clientId });
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .sign(privateKey);
  };
  const senderOptions: GradeSenderOptions = { signClientAssertion: sign, clock, pollMs: 0 };
  const sender = () => gradeSenderFor(t.db)!;

  const registration = (db: CompanyDb, clientId: string) =>
    insertRegistration(db, {
      platformName: 'Moodle',
      issuer: ISSUER,
      clientId,
      authUrl: `${ags.baseUrl}/auth`,
      tokenUrl: ags.tokenUrl,
      jwksUrl: `${ags.baseUrl}/jwks`,
      registeredVia: 'manual',
      deploymentIds: ['1'],
      createdByName: 'Coordinadora',
    });

  /** An LMS user linked to the learner, with a target on a line item of its own. */
  async function target(
    db: CompanyDb,
    reg: Registration,
    userId: number,
    sub: string,
    lineitemUrl: string,
  ): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO lti_users (registration_id, issuer, sub, user_id, linked_by, linked_at)
       VALUES ($1, $2, $3, $4, 'documento', now()) RETURNING id`,
      [reg.id, ISSUER, sub, userId],
    );
    const ltiUserId = Number(row!.id);
    await upsertGradeTarget(db, {
      ltiUserId,
      registrationId: reg.id,
      resourceLinkId: `enlace-${sub}`,
      lineitemUrl,
    });
    return ltiUserId;
  }

  /** A company-1 learner signed in through the API, launched from the LMS on `lineitem`. */
  async function lmsLearner(document: string, lineitemUrl: string, on = app) {
    const user = await seedUser(t.db, { document, email: `${document}@example.co` });
    await target(wall.forCompany(1), registrationA, user.id, `sub-${document}`, lineitemUrl);
    const client = await new TestClient(on).init();
    expect((await client.login(document, 'secreto123')).statusCode).toBe(200);
    const save = async (score: number, route: string) => {
      const saved = await client.updateUser({ id: String(user.id), score: String(score), route });
      expect(saved.statusCode).toBe(200);
    };
    return { user, sub: `sub-${document}`, save };
  }

  const targetRow = async (lineitemUrl: string) =>
    (
      await wall.forCompany(1).query<{
        sent_score: number | null;
        attempts: number;
        last_error: string | null;
        next_attempt_at: Date | string | null;
      }>('SELECT sent_score, attempts, last_error, next_attempt_at FROM lti_grade_targets WHERE lineitem_url = $1', [lineitemUrl])
    )[0]!;

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    wall = companyDb(t.db);
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
    ags = new AgsPlatform(
      [
        { clientId: 'cliente-a', jwks: { keys: [jwk] } },
        { clientId: 'cliente-b', jwks: { keys: [jwk] } },
      ],
      { now: () => clock.now() },
    );
    await ags.listen(0);
    registrationA = await registration(wall.forCompany(1), 'cliente-a');
    app = await testApp(t.db, { ltiGrades: senderOptions });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await ags?.close();
    await t?.cleanup();
  });

  it('a score that rises from 40 to 100 reaches the line item as 40, then 100 Completed and FullyGraded', async () => {
    const lineitem = ags.lineitemUrl('rise');
    const { sub, save } = await lmsLearner('1000000001', lineitem);
    await save(40, '0,1,2-0,1,2');
    await sender().wake();
    const sentAt40 = new Date(clock.now()).toISOString();
    clock.advance(1000);
    await save(100, FULL_ROUTE);
    await sender().wake();
    expect(ags.scoresOf(lineitem)).toEqual([
      {
        userId: sub,
        scoreGiven: 40,
        scoreMaximum: 100,
        activityProgress: 'InProgress',
        gradingProgress: 'Pending',
        timestamp: sentAt40,
      },
      {
        userId: sub,
        scoreGiven: 100,
        scoreMaximum: 100,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: new Date(clock.now()).toISOString(),
      },
    ]);
    expect(ags.scores.at(-1)!.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(ags.scoresOf(lineitem)[1]!.timestamp).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(await targetRow(lineitem)).toMatchObject({ sent_score: 100, attempts: 0 });
  });

  it('a lower score later is never sent', async () => {
    const lineitem = ags.lineitemUrl('lower');
    const { user, save } = await lmsLearner('1000000002', lineitem);
    await save(100, FULL_ROUTE);
    await sender().wake();
    await save(40, '0,1,2-0,1,2');
    await recordScore(wall.forCompany(1), user.id, 20);
    await sender().wake();
    expect(ags.scoresOf(lineitem).map((s) => s.scoreGiven)).toEqual([100]);
  });

  it('with the platform down nothing is lost: retried after 30 s, then 60 s, and sent exactly once when it is back', async () => {
    const lineitem = ags.lineitemUrl('down');
    const { save } = await lmsLearner('1000000003', lineitem);
    ags.down();
    await save(100, FULL_ROUTE);
    await sender().wake();
    const first = await targetRow(lineitem);
    expect(first).toMatchObject({ sent_score: null, attempts: 1 });
    expect(first.last_error).toBeTruthy();
    expect(new Date(first.next_attempt_at!).getTime()).toBe(clock.now() + 30_000);

    clock.advance(30_000);
    await sender().wake();
    const second = await targetRow(lineitem);
    expect(second).toMatchObject({ sent_score: null, attempts: 2 });
    expect(new Date(second.next_attempt_at!).getTime()).toBe(clock.now() + 60_000);

    ags.up();
    await sender().wake(); // not due yet: the wait holds
    expect(ags.scoresOf(lineitem)).toEqual([]);
    clock.advance(60_000);
    await sender().wake();
    await sender().wake();
    expect(ags.scoresOf(lineitem).map((s) => s.scoreGiven)).toEqual([100]);
    expect(await targetRow(lineitem)).toMatchObject({
      sent_score: 100,
      attempts: 0,
      last_error: null,
    });
  });

  it('a 4xx other than 401 is recorded and retried later, with the same wait', async () => {
    const lineitem = ags.lineitemUrl('refused');
    const { save } = await lmsLearner('1000000004', lineitem);
    ags.failNext(1, 404);
    await save(100, FULL_ROUTE);
    await sender().wake();
    const refused = await targetRow(lineitem);
    expect(refused).toMatchObject({ sent_score: null, attempts: 1 });
    expect(refused.last_error).toContain('404');
    clock.advance(30_000);
    await sender().wake();
    expect(ags.scoresOf(lineitem).map((s) => s.scoreGiven)).toEqual([100]);
  });

  it('one token request serves two scores of a registration', async () => {
    const lineitem = ags.lineitemUrl('token');
    const { save } = await lmsLearner('1000000005', lineitem);
    sender().tokens.drop(registrationA.id);
    const before = ags.tokenRequests.length;
    await save(40, '0,1,2-0,1,2');
    await sender().wake();
    clock.advance(60_000);
    await save(100, FULL_ROUTE);
    await sender().wake();
    expect(ags.scoresOf(lineitem).map((s) => s.scoreGiven)).toEqual([40, 100]);
    expect(ags.tokenRequests.slice(before)).toEqual([{ clientId: 'cliente-a', refused: null }]);
  });

  it('a token the platform answers 401 to is replaced at once and the score goes through', async () => {
    const lineitem = ags.lineitemUrl('revoked');
    const { save } = await lmsLearner('1000000006', lineitem);
    await save(40, '0,1,2-0,1,2');
    await sender().wake();
    const before = ags.tokenRequests.length;
    ags.revokeTokens();
    await save(100, FULL_ROUTE);
    await sender().wake();
    expect(ags.scoresOf(lineitem).map((s) => s.scoreGiven)).toEqual([40, 100]);
    expect(ags.tokenRequests.length).toBe(before + 1);
    expect(await targetRow(lineitem)).toMatchObject({ attempts: 0, last_error: null });
  });

  it('a line item URL with a query string gets /scores before the ?', async () => {
    expect(
      scoresUrl('https://lms.example.co/mod/lti/services.php/2/lineitems/5/lineitem?type_id=1'),
    ).toBe('https://lms.example.co/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=1');
    const lineitem = ags.lineitemUrl('query', '?type_id=3');
    const { save } = await lmsLearner('1000000007', lineitem);
    await save(100, FULL_ROUTE);
    await sender().wake();
    expect(ags.scores.at(-1)!.lineitem).toBe('/lineitems/query/lineitem?type_id=3');
    expect(ags.scoresOf(lineitem).map((s) => s.scoreGiven)).toEqual([100]);
  });

  it('a resource link launched again with a new line item gets the score sent there too', async () => {
    const old = ags.lineitemUrl('antes');
    const { user, save } = await lmsLearner('1000000010', old);
    await save(100, FULL_ROUTE);
    await sender().wake();
    const [row] = await wall
      .forCompany(1)
      .query<{ lti_user_id: number; resource_link_id: string }>(
        'SELECT lti_user_id, resource_link_id FROM lti_grade_targets WHERE lineitem_url = $1',
        [old],
      );
    const renewed = ags.lineitemUrl('despues');
    const relaunch = {
      ltiUserId: Number(row!.lti_user_id),
      registrationId: registrationA.id,
      resourceLinkId: row!.resource_link_id,
      lineitemUrl: renewed,
    };
    // What a launch does: the target, then the learner's current score.
    await upsertGradeTarget(wall.forCompany(1), relaunch);
    await recordScore(wall.forCompany(1), user.id, 100);
    await sender().wake();
    // The same line item launched again sends nothing more.
    await upsertGradeTarget(wall.forCompany(1), relaunch);
    await recordScore(wall.forCompany(1), user.id, 100);
    await sender().wake();
    expect(ags.scoresOf(old).map((s) => s.scoreGiven)).toEqual([100]);
    expect(ags.scoresOf(renewed).map((s) => s.scoreGiven)).toEqual([100]);
  });

  it('a revoked registration sends nothing, and the score waits', async () => {
    const lineitem = ags.lineitemUrl('revocada');
    const regC = await registration(wall.forCompany(1), 'cliente-c');
    const learner = await seedUser(t.db, { document: '1000000011', email: 'a11@example.co' });
    await target(wall.forCompany(1), regC, learner.id, 'sub-c', lineitem);
    await wall
      .forCompany(1)
      .query('UPDATE lti_registrations SET revoked_at = now() WHERE id = $1', [regC.id]);
    await recordScore(wall.forCompany(1), learner.id, 100);
    await sender().wake();
    expect(ags.scoresOf(lineitem)).toEqual([]);
    expect(await targetRow(lineitem)).toMatchObject({ sent_score: null, attempts: 0 });
  });

  it("company B's targets are sent with company B's registration only", async () => {
    const b = await createCompany(t.db, 'Constructora Beta', 'beta');
    const wallB = wall.forCompany(b);
    const registrationB = await registration(wallB, 'cliente-b');
    const learnerB = await createUser(wallB, {
      document: '2000000001',
      name: 'Beto Segundo',
      email: 'beto@example.co',
      password: 'beto-2-clave',
    });
    const lineitemB = ags.lineitemUrl('beta');
    await target(wallB, registrationB, learnerB.id, 'sub-beto', lineitemB);
    const learnerA = await seedUser(t.db, { document: '1000000008', email: 'a8@example.co' });
    const lineitemA = ags.lineitemUrl('alfa');
    await target(wall.forCompany(1), registrationA, learnerA.id, 'sub-alfa', lineitemA);
    await recordScore(wallB, learnerB.id, 100);
    await recordScore(wall.forCompany(1), learnerA.id, 100);

    // Company B's run sends B's score only, with B's client.
    signedFor.length = 0;
    const tokens = new AccessTokens({ sign, fetch: (u, i) => fetch(u, i), now: () => clock.now() });
    const sent = await sendDueGrades({
      db: wallB,
      tokens,
      fetch: (u, i) => fetch(u, i),
      now: () => clock.now(),
    });
    expect(sent).toEqual({ sent: 1, failed: 0 });
    expect(ags.scores.filter((s) => s.lineitem.includes('beta'))).toMatchObject([
      { clientId: 'cliente-b', body: { userId: 'sub-beto', scoreGiven: 100 } },
    ]);
    expect(ags.scoresOf(lineitemA)).toEqual([]);
    expect(signedFor).toEqual([{ companyId: b, clientId: 'cliente-b' }]);

    // The server's loop goes through every company, each with its own registration.
    await sender().wake();
    expect(ags.scores.filter((s) => s.lineitem.includes('alfa'))).toMatchObject([
      { clientId: 'cliente-a', body: { userId: 'sub-alfa', scoreGiven: 100 } },
    ]);
    expect(ags.scoresOf(lineitemB)).toHaveLength(1);
  });

  it('the queue survives a restart: a new server over the same database sends what was pending', async () => {
    const first = await testApp(t.db, { ltiGrades: senderOptions });
    await first.ready();
    const lineitem = ags.lineitemUrl('restart');
    const { save } = await lmsLearner('1000000009', lineitem, first);
    ags.down();
    await save(100, FULL_ROUTE);
    await sender().wake();
    await first.close();
    expect(ags.scoresOf(lineitem)).toEqual([]);

    ags.up();
    clock.advance(30_000);
    const second = await testApp(t.db, { ltiGrades: senderOptions });
    try {
      await second.ready();
      await sender().wake(); // the start's own run, awaited
      expect(ags.scoresOf(lineitem).map((s) => s.scoreGiven)).toEqual([100]);
    } finally {
      await second.close();
    }
  });

  it('waits 30 s after a first failure, doubling to an hour at most', () => {
    expect([1, 2, 3, 7, 8, 30].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});
