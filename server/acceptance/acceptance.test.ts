// The worker's acceptance on the server (decision 0220): recorded once per cycle with what the
// server knows (time spent, first answers), sealed in one chain, and an edited row is found.
// Only a statement the server published to the learner is sealed, and an impossible device time
// is refused (record 0259).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  signedInLearner,
  type TestClient,
  testApp,
  type TestDb,
} from '../test-support.ts';
import { checkChain, sha256Hex, shownText } from './store.ts';
import { MESSAGES } from '../messages.ts';
import { keyFromSecret } from './installation-key.ts';
import { computeSeal, GENESIS } from './seal.ts';

const FOREIGN = 'NO recibí ninguna inducción y no acepto nada.';

describe.each(ENGINES)('acceptance (%s)', (engine) => {
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

  const signIn = async (document: string) => {
    const { user, client } = await signedInLearner(app, t.db, {
      document,
      name: `Ana ${document}`,
    });
    const complete = async () =>
      expect(
        (await client.updateUser({ id: String(user.id), score: '100', route: FULL_ROUTE })).json()
          .user.score,
      ).toBe(100);
    return Object.assign(client, { complete, userId: user.id });
  };
  /** The statement the server hands the learner now (and so publishes to them). */
  const statementOf = async (client: TestClient): Promise<string> =>
    (await client.post('me')).json().user.acceptanceStatement;
  const accept = async (client: TestClient, extra: object = {}) =>
    client.post('record-acceptance', {
      text: await statementOf(client),
      deviceTime: '2026-11-26T10:00:00.000-05:00',
      sessionId: 'session-0001',
      cycle: 1,
      ...extra,
    });

  it('refuses before the course is complete, then records and seals once', async () => {
    const client = await signIn('70000001');
    const early = await accept(client);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toEqual(['La aceptación se registra cuando terminas el curso.']);
    // The reason tells the client to keep it and send it again later (records 0261, 0272): the
    // one refusal field, as for «not published».
    expect(early.json()).toEqual({
      success: false,
      message: ['La aceptación se registra cuando terminas el curso.'],
      reason: 'not-completed',
    });
    await client.complete();
    // An account two days old, a session of 4000 s that began two hours ago.
    await t.db.query("UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1", [
      client.userId,
    ]);
    const startedAt = new Date(Date.now() - 2 * 3600_000).toISOString();
    await client.post('record-activity', {
      cycle: 1,
      sessions: [{ id: 'session-0001', startedAt, seconds: 4000 }],
    });
    const statement = await statementOf(client);
    expect(statement).toMatch(/^Yo, Ana 70000001, con documento 70000001, recibí la parte general/);
    const first = await accept(client);
    expect(first.json()).toMatchObject({ success: true });
    expect(first.statusCode).toBe(200);
    const body = first.json().acceptance;
    expect(body.shownVersion).toBe(sha256Hex(statement));
    expect(body.seal).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
    // The queue sends again: the same acceptance, not a second one.
    const again = await accept(client, { deviceTime: '2026-11-26T11:00:00Z' });
    expect(again.json().acceptance).toEqual(body);
    const [row] = await t.db.query<Record<string, unknown>>(
      'SELECT seconds_spent, device_time, prev_seal FROM acceptances',
    );
    expect(row!.seconds_spent).toBe(4000);
    expect(new Date(row!.device_time as string).toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(row!.prev_seal).toBe(GENESIS);
    expect(await shownText(t.db, body.shownVersion)).toBe(statement);
  });

  it('links every acceptance to the previous seal; an edited row breaks the chain', async () => {
    for (const document of ['70000002', '70000003']) {
      const client = await signIn(document);
      await client.complete();
      expect((await accept(client)).statusCode).toBe(200);
    }
    const key = await (await import('./installation-key.ts')).keyFromDatabase(t.db);
    const ok = await checkChain(t.db, key);
    expect(ok.count).toBe(3);
    expect(ok.broken.size).toBe(0);
    const rows = await t.db.query<{ id: number; seal: string; prev_seal: string }>(
      'SELECT id, seal, prev_seal FROM acceptances ORDER BY id',
    );
    expect(rows[1]!.prev_seal).toBe(rows[0]!.seal);
    expect(ok.head).toBe(rows[2]!.seal);

    // The table refuses changes; someone with the owner's rights can still switch that off.
    await expect(t.db.query('UPDATE acceptances SET seconds_spent = 9999')).rejects.toThrow(
      /append-only/,
    );
    await t.db.query('ALTER TABLE acceptances DISABLE TRIGGER acceptances_no_change');
    await t.db.query('UPDATE acceptances SET seconds_spent = 9999 WHERE id = $1', [rows[1]!.id]);
    await t.db.query('ALTER TABLE acceptances ENABLE TRIGGER acceptances_no_change');
    const bad = await checkChain(t.db, key);
    expect([...bad.broken]).toEqual([Number(rows[1]!.id)]);
  });

  it('derives the same keys from the same secret, and seals depend on the previous seal', () => {
    const secret = Buffer.alloc(32, 7);
    const a = keyFromSecret(secret);
    const b = keyFromSecret(Buffer.from(secret));
    expect(a.keyId).toBe(b.keyId);
    expect(a.publicKey).toBe(b.publicKey);
    const fields = {
      userId: 1,
      courseId: 'c',
      cycle: 1,
      name: 'N',
      document: 'D',
      deviceTime: null,
      receivedAt: '2026-11-26T15:00:00.000Z',
      sessionId: 's',
      shownVersion: 'v',
      secondsSpent: 1,
      firstCorrect: 1,
      firstAnswered: 1,
      keyId: a.keyId,
    };
    expect(computeSeal(a.sealKey, GENESIS, fields)).not.toBe(
      computeSeal(a.sealKey, '1'.repeat(64), fields),
    );
  });
  it('refuses a text the server did not publish to the learner, and stores nothing', async () => {
    const other = await signIn('70000011');
    const client = await signIn('70000012');
    await client.complete();
    const before = await t.db.query('SELECT id FROM acceptances');
    for (const text of [FOREIGN, await statementOf(other)]) {
      const refused = await accept(client, { text });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        success: false,
        message: [
          'Este texto no es el que el curso te mostró. No se guardó. Abre el curso con internet y vuelve a aceptar.',
        ],
        reason: 'not-published',
      });
      expect(await shownText(t.db, sha256Hex(text))).toBeNull();
    }
    expect(await t.db.query('SELECT id FROM acceptances')).toEqual(before);
    expect(MESSAGES.acceptance.notPublished).toMatch(/no es el que el curso te mostró/);
  });

  it('accepts an older statement published to the learner (queued offline before a change)', async () => {
    const client = await signIn('70000013');
    await client.complete();
    const older = await statementOf(client);
    // The coordinator corrects the name; the app is handed the new statement.
    await t.db.query("UPDATE users SET name = 'Ana María 70000013' WHERE id = $1", [client.userId]);
    const newer = await statementOf(client);
    expect(newer).toContain('Yo, Ana María 70000013,');
    expect(newer).not.toBe(older);
    const accepted = await accept(client, { text: older });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().acceptance.shownVersion).toBe(sha256Hex(older));
  });

  it('refuses an impossible device time instead of moving it to another day', async () => {
    const client = await signIn('70000014');
    await client.complete();
    for (const deviceTime of [
      '2026-02-30T10:00:00Z',
      '2026-02-29T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-11-26T24:00:00Z',
      '2026-11-26T10:60:00Z',
      '2026-11-26T10:00:00+25:00',
    ]) {
      const refused = await accept(client, { deviceTime });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toEqual([MESSAGES.acceptance.bad(['deviceTime'])]);
    }
    expect(
      await t.db.query('SELECT id FROM acceptances WHERE user_id = $1', [client.userId]),
    ).toEqual([]);
    const leapDay = await accept(client, { deviceTime: '2028-02-29T10:00:00Z' });
    expect(leapDay.statusCode).toBe(200);
  });
});
