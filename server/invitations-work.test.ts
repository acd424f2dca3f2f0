// A code check does the same work whatever the document (record 0267): one scrypt per try, for an
// unknown document as for a worker with many invitations (live, used, revoked) or none. Counted
// by spying on node:crypto's scrypt, never by timing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as crypto from 'node:crypto';
import { ENGINES, openTestDb, seedUser, type TestDb } from './test-support.ts';
import { issueInvitations, redeemCode, redeemLink } from './invitations.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

const HOOK_TIMEOUT = 120_000;
const coordinator = { userId: null, name: 'Coordinadora Prueba' };
const scryptCalls = () => vi.mocked(crypto.scrypt).mock.calls.length;

describe.each(ENGINES)('a code check costs one hash (%s)', (engine) => {
  let t: TestDb;
  let n = 0;

  beforeAll(async () => {
    t = await openTestDb(engine);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await t?.cleanup();
  });

  beforeEach(() => {
    vi.mocked(crypto.scrypt).mockClear();
  });

  const learner = async () => {
    n += 1;
    return seedUser(t.db, {
      document: `88${1000 + n}`,
      name: `Obrero ${n}`,
      email: `work${n}@example.co`,
    });
  };
  /** Hash computations of one code check. */
  const hashesOf = async (document: string, code: string) => {
    const before = scryptCalls();
    const result = await redeemCode(t.db, document, code);
    return { result, hashes: scryptCalls() - before };
  };
  const WRONG = '0000000001';

  it('the same for an unknown document, a worker with six cards, with none live, with none', async () => {
    const many = await learner();
    // Six cards ever issued: five revoked by the next, one live.
    const cards = [];
    for (let i = 0; i < 6; i++)
      cards.push((await issueInvitations(t.db, coordinator, [many.id], 'tarjeta'))[0]!);
    const usedUp = await learner();
    const [usedCard] = await issueInvitations(t.db, coordinator, [usedUp.id], 'tarjeta');
    await issueInvitations(t.db, coordinator, [usedUp.id], 'tarjeta');
    await t.db.query('UPDATE invitations SET used_at = now() WHERE user_id = $1', [usedUp.id]);
    const none = await learner();

    const tries = [
      await hashesOf('99999999', WRONG),
      await hashesOf(many.document, WRONG),
      await hashesOf(many.document, cards[0]!.code),
      await hashesOf(usedUp.document, usedCard!.code),
      await hashesOf(usedUp.document, WRONG),
      await hashesOf(none.document, WRONG),
    ];
    expect(tries.map((x) => x.hashes)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(tries.every((x) => !x.result.ok)).toBe(true);
    // The live card still signs in, with one hash.
    const live = await hashesOf(many.document, cards[5]!.code);
    expect(live).toEqual({ result: { ok: true, userId: many.id }, hashes: 1 });
  });

  it('a link costs no hash of a code', async () => {
    const ana = await learner();
    const [card] = await issueInvitations(t.db, coordinator, [ana.id], 'tarjeta');
    const before = scryptCalls();
    await redeemLink(t.db, card!.token, '12345678');
    expect((await redeemLink(t.db, card!.token, ana.document)).ok).toBe(true);
    expect(scryptCalls() - before).toBe(0);
  });
});
