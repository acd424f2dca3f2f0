// Invitations (decision 0210) on both engines: lifetimes, single use, hashing, the attempt budget
// kept in the database, refusal after deactivation, audit entries without secrets, and
// POST auth/invitation answering like auth/login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, seedUser, testApp, TestClient, type TestDb } from './test-support.ts';
import {
  CODE_DIGITS,
  formatCode,
  INVITATION_LIFETIME_MS,
  INVITATION_SESSION_TTL_MS,
  issueInvitations,
  MAX_FAILED_ATTEMPTS,
  normalizeCode,
  redeemCode,
  redeemLink,
} from './invitations.ts';
import { hashToken } from './security/tokens.ts';
import { MESSAGES } from './messages.ts';

const HOOK_TIMEOUT = 120_000;
const coordinator = { userId: null, name: 'Coordinadora Prueba' };

describe('codes', () => {
  it('are CODE_DIGITS digits, typed with spaces or dashes, shown in two groups', () => {
    expect(CODE_DIGITS).toBeGreaterThanOrEqual(8);
    expect(normalizeCode('12345 67890')).toBe('1234567890');
    expect(normalizeCode('123-456-7890')).toBe('1234567890');
    expect(normalizeCode('123456789')).toBeNull();
    expect(normalizeCode('12345678901')).toBeNull();
    expect(normalizeCode('12345abcde')).toBeNull();
    expect(formatCode('1234567890')).toBe('12345 67890');
  });

  it('lifetimes: a card lives two weeks, a fresh code one day, the session 90 days', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(INVITATION_LIFETIME_MS.tarjeta).toBe(14 * day);
    expect(INVITATION_LIFETIME_MS.codigo).toBe(day);
    expect(INVITATION_SESSION_TTL_MS).toBe(90 * day);
  });
});

describe.each(ENGINES)('invitations (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let n = 0;

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const learner = async (name = 'Ana Pérez') => {
    n += 1;
    return seedUser(t.db, { document: `77${1000 + n}`, name, email: `inv${n}@example.co` });
  };
  const rowsOf = (userId: number) =>
    t.db.query<{
      token_hash: string;
      code_hash: string;
      expires_at: Date | string;
      created_at: Date | string;
      used_at: unknown;
      revoked_at: unknown;
      failed_attempts: number;
    }>('SELECT * FROM invitations WHERE user_id = $1 ORDER BY id', [userId]);

  it('stores only hashes, with the lifetime of its kind', async () => {
    const ana = await learner();
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    const [fresh] = await issueInvitations(t.db, coordinator, [ana.id], 'codigo');
    expect(card!.code).toMatch(/^\d{10}$/);
    expect(card!.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const rows = await rowsOf(ana.id);
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(rows);
    for (const secret of [card!.token, card!.code, fresh!.token, fresh!.code])
      expect(dump).not.toContain(secret);
    expect(rows[0]!.token_hash).toBe(hashToken(card!.token));
    expect(rows[0]!.code_hash).toMatch(/^scrypt\$/);
    const life = (r: (typeof rows)[number]) =>
      new Date(r.expires_at).getTime() - new Date(r.created_at).getTime();
    expect(Math.abs(life(rows[0]!) - INVITATION_LIFETIME_MS.tarjeta)).toBeLessThan(60_000);
    expect(Math.abs(life(rows[1]!) - INVITATION_LIFETIME_MS.codigo)).toBeLessThan(60_000);
    // The newer one replaced the card: a lost card stops working.
    expect(rows[0]!.revoked_at).not.toBeNull();
    expect(await redeemLink(t.db, card!.token, ana.document)).toEqual({
      ok: false,
      reason: 'revoked',
    });
    expect(await redeemCode(t.db, ana.document, fresh!.code)).toEqual({ ok: true, userId: ana.id });
  });

  it('a link or code is used once; using one uses the card', async () => {
    const ana = await learner();
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    expect(await redeemLink(t.db, card!.token, ana.document)).toEqual({ ok: true, userId: ana.id });
    expect(await redeemLink(t.db, card!.token, ana.document)).toEqual({
      ok: false,
      reason: 'used',
    });
    expect(await redeemCode(t.db, ana.document, card!.code)).toEqual({
      ok: false,
      reason: 'used',
    });
  });

  it('an expired invitation is refused', async () => {
    const ana = await learner();
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    await t.db.query(
      "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [ana.id],
    );
    expect(await redeemLink(t.db, card!.token, ana.document)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('a deactivated learner gets no invitation and cannot use an earlier one', async () => {
    const ana = await learner();
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [ana.id]);
    expect(await redeemLink(t.db, card!.token, ana.document)).toEqual({
      ok: false,
      reason: 'deactivated',
    });
    expect(await redeemCode(t.db, ana.document, card!.code)).toEqual({
      ok: false,
      reason: 'deactivated',
    });
    expect(await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta')).toEqual([]);
  });

  it('the attempt budget is kept in the database and survives a restart', async () => {
    const ana = await learner();
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    const wrong = card!.code === '0000000000' ? '1111111111' : '0000000000';
    for (let i = 0; i < MAX_FAILED_ATTEMPTS - 1; i++)
      expect(await redeemCode(t.db, ana.document, wrong)).toEqual({
        ok: false,
        reason: 'no-match',
      });
    expect((await rowsOf(ana.id))[0]!.failed_attempts).toBe(MAX_FAILED_ATTEMPTS - 1);
    // A new app on the same database (a restart) sees the same count.
    const again = await testApp(t.db);
    await again.close();
    // A forwarded link with another document counts too; this try spends the budget.
    expect(await redeemLink(t.db, card!.token, '999999')).toEqual({
      ok: false,
      reason: 'no-match',
    });
    const [row] = await rowsOf(ana.id);
    expect(row!.failed_attempts).toBe(MAX_FAILED_ATTEMPTS);
    expect(row!.revoked_at).not.toBeNull();
    // Even the right code now is refused: the coordinator issues a new one.
    expect(await redeemCode(t.db, ana.document, card!.code)).toEqual({
      ok: false,
      reason: 'revoked',
    });
  });

  it('the code is never accepted with another learner’s document', async () => {
    const ana = await learner('Ana Uno');
    const bea = await learner('Bea Dos');
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    await issueInvitations(t.db, coordinator, [bea.id], 'tarjeta');
    expect(await redeemCode(t.db, bea.document, card!.code)).toEqual({
      ok: false,
      reason: 'no-match',
    });
    expect(await redeemLink(t.db, card!.token, bea.document)).toEqual({
      ok: false,
      reason: 'no-match',
    });
  });

  it('a forwarded link with another document says only that the data do not match', async () => {
    const ana = await learner('Ana Reenvío');
    const [used] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    expect((await redeemLink(t.db, used!.token, ana.document)).ok).toBe(true);
    const bea = await learner('Bea Desactivada');
    const [card] = await issueInvitations(t.db, coordinator, [bea.id], 'tarjeta');
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [bea.id]);
    for (const token of [used!.token, card!.token])
      for (const document of ['12345678', '99887766'])
        expect(await redeemLink(t.db, token, document)).toEqual({ ok: false, reason: 'no-match' });
    // With the right document the reason is told, as before.
    expect(await redeemLink(t.db, used!.token, ana.document)).toEqual({
      ok: false,
      reason: 'used',
    });
    expect(await redeemLink(t.db, card!.token, bea.document)).toEqual({
      ok: false,
      reason: 'deactivated',
    });
  });

  it('two redeems at once: one wins', async () => {
    const ana = await learner();
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    const results = await Promise.all([
      redeemLink(t.db, card!.token, ana.document),
      redeemCode(t.db, ana.document, card!.code),
      redeemLink(t.db, card!.token, ana.document),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('the audit log has every issue, use and refusal, without a secret', async () => {
    const ana = await learner('Ana Auditada');
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    await redeemLink(t.db, card!.token, '123456');
    await redeemLink(t.db, card!.token, ana.document);
    const rows = await t.db.query<{ action: string; actor_name: string; details: unknown }>(
      'SELECT action, actor_name, details FROM audit_log WHERE target_id = $1 ORDER BY id',
      [ana.id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'invitacion-emitida',
      'invitacion-rechazada',
      'invitacion-usada',
    ]);
    expect(rows[0]!.actor_name).toBe('Coordinadora Prueba');
    const all = JSON.stringify(await t.db.query('SELECT * FROM audit_log'));
    expect(all).not.toContain(card!.token);
    expect(all).not.toContain(card!.code);
    expect(all).not.toContain(hashToken(card!.token));
  });

  describe('POST auth/invitation', () => {
    const redeem = async (payload: object) => {
      const client = await new TestClient(app).init();
      const response = await client.post('auth/invitation', payload);
      return { client, response };
    };

    it('answers like auth/login and the token opens the learner API', async () => {
      const ana = await learner('Ana Enlace');
      const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
      const { client, response } = await redeem({ token: card!.token, document: ana.document });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['success', 'token', 'user']);
      expect(body.user).toMatchObject({ id: ana.id, name: 'Ana Enlace' });
      expect(body.user).not.toHaveProperty('celular');
      client.token = body.token;
      const fresh = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      if (fresh) client.xsrf = fresh.value;
      expect((await client.post('me')).json().user.id).toBe(ana.id);
      const [session] = await t.db.query<{ days: number }>(
        `SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM tokens
          WHERE token_hash = $1`,
        [hashToken(body.token)],
      );
      expect(Math.round(Number(session!.days))).toBe(90);

      const twice = await redeem({ token: card!.token, document: ana.document });
      expect(twice.response.statusCode).toBe(410);
      expect(twice.response.json()).toMatchObject({
        success: false,
        code: 'used',
        message: MESSAGES.invitation.used,
      });
    });

    it('a code with the document signs in; bad input is a 422 in Spanish', async () => {
      const ana = await learner();
      const [fresh] = await issueInvitations(t.db, coordinator, [ana.id], 'codigo');
      const wrong = await redeem({ code: '12345', document: ana.document });
      expect(wrong.response.statusCode).toBe(422);
      expect(wrong.response.json().message).toEqual([MESSAGES.invitation.codeInvalid]);
      const noDocument = await redeem({ code: fresh!.code });
      expect(noDocument.response.statusCode).toBe(422);
      const ok = await redeem({ code: formatCode(fresh!.code), document: ` ${ana.document} ` });
      expect(ok.response.statusCode).toBe(200);
      expect(ok.response.json().user.id).toBe(ana.id);
    });

    it('a deactivated learner is told so', async () => {
      const ana = await learner();
      const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
      await t.db.query('UPDATE users SET active = false WHERE id = $1', [ana.id]);
      const { response } = await redeem({ token: card!.token, document: ana.document });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.invitation.deactivated);
    });

    it('a used link with another document answers 401 «no coinciden»', async () => {
      const ana = await learner();
      const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
      expect((await redeemLink(t.db, card!.token, ana.document)).ok).toBe(true);
      const { response } = await redeem({ token: card!.token, document: '10203040' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'no-match',
        message: MESSAGES.invitation.noMatch,
      });
    });

    it('GET of the endpoint or of a link uses nothing', async () => {
      const ana = await learner();
      const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
      const get = await app.inject({
        method: 'GET',
        url: `/api/v1/auth/invitation?token=${card!.token}&document=${ana.document}`,
      });
      expect(get.statusCode).toBe(404);
      await app.inject({ method: 'GET', url: `/entrar#${card!.token}` });
      expect((await rowsOf(ana.id))[0]!.used_at).toBeNull();
      expect((await redeemLink(t.db, card!.token, ana.document)).ok).toBe(true);
    });
  });
});
