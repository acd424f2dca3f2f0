// Acceptances in the database (decision 0220): recorded once per learner, course and cycle,
// sealed on arrival in their company's chain (seal.ts; one chain per company, record 0282) with
// the company's key, never updated or deleted (the table's trigger), and verified by walking the
// company's chain under every key the installation holds for that company and against the
// company's sealed head (decision 0258).
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { lockCurrentCycle } from '../db/store.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import {
  companyKey,
  keyRing,
  recordCompanyKeyId,
  type InstallationKey,
  type KeyMode,
  type KeyRing,
} from './installation-key.ts';
import { createHead, headSealed, readHead, writeHead, type ChainHead } from './chain-head.ts';
import { wasPublished } from './published.ts';
import { computeSeal, GENESIS, sealMatches, type SealedFields } from './seal.ts';

export interface AcceptanceInput {
  userId: number;
  courseId: string;
  /** The cycle the client believes current; a different one throws StaleCycleError. */
  cycle: number | undefined;
  /** The statement exactly as shown to the learner. */
  text: string;
  deviceTime: string | null;
  sessionId: string;
}

export interface StoredAcceptance extends SealedFields {
  id: number;
  prevSeal: string;
  seal: string;
}

export class NotCompletedError extends Error {
  readonly code = 'not-completed';
}

/** The text is not a statement the server published to this learner (record 0259). */
export class NotPublishedError extends Error {
  readonly code = 'not-published';
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string | Date).toISOString();

const SELECT = `SELECT id, user_id, course_id, cycle, name, document, device_time, received_at,
  session_id, shown_version, seconds_spent, first_correct, first_answered, key_id, prev_seal, seal
  FROM acceptances`;

function toStored(r: Record<string, unknown>): StoredAcceptance {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    courseId: String(r.course_id),
    cycle: Number(r.cycle),
    name: String(r.name),
    document: String(r.document),
    deviceTime: iso(r.device_time),
    receivedAt: iso(r.received_at)!,
    sessionId: String(r.session_id),
    shownVersion: String(r.shown_version),
    secondsSpent: Number(r.seconds_spent),
    firstCorrect: Number(r.first_correct),
    firstAnswered: Number(r.first_answered),
    keyId: String(r.key_id),
    prevSeal: String(r.prev_seal),
    seal: String(r.seal),
  };
}

export async function acceptanceFor(
  db: Queryable,
  userId: number,
  courseId: string,
  cycle: number,
): Promise<StoredAcceptance | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `${SELECT} WHERE user_id = $1 AND course_id = $2 AND cycle = $3`,
    [userId, courseId, cycle],
  );
  return row ? toStored(row) : null;
}

/** Keeps the text exactly as shown, once per hash: its hash, the acceptance's shownVersion. */
async function storeShownText(tx: Queryable, text: string): Promise<string> {
  const shownVersion = sha256Hex(text);
  // No conflict target: the key is (hash, company_id) since record 0282, the hash alone before.
  await tx.query('INSERT INTO shown_texts (hash, body) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    shownVersion,
    text,
  ]);
  return shownVersion;
}

type LearningFacts = Pick<SealedFields, 'secondsSpent' | 'firstCorrect' | 'firstAnswered'>;

/** The cycle's time spent (bounded, record 0259) and first answers, as the acceptance records them. */
async function learningFacts(
  tx: Queryable,
  userId: number,
  courseId: string,
  cycle: number,
): Promise<LearningFacts> {
  const [facts] = await tx.query<Record<string, unknown>>(
    `SELECT learning_seconds($1, $2, $3) AS seconds,
            (SELECT count(*) FILTER (WHERE correct) FROM answers
              WHERE user_id = $1 AND course_id = $2 AND cycle = $3) AS correct,
            (SELECT count(*) FROM answers
              WHERE user_id = $1 AND course_id = $2 AND cycle = $3) AS answered`,
    [userId, courseId, cycle],
  );
  return {
    secondsSpent: Number(facts?.seconds ?? 0),
    firstCorrect: Number(facts?.correct ?? 0),
    firstAnswered: Number(facts?.answered ?? 0),
  };
}

interface LockedChain {
  /** The seal the new row links to. */
  prevSeal: string;
  /** Moves the sealed head onto the new row (nothing when the head is gone or not sealed). */
  advance(receivedAt: string, seal: string): Promise<void>;
}

/**
 * The end of the company's chain, locked until commit (decisions 0258, 0282). One chain per
 * company: the previous seal is read with the company's head row locked (`FOR UPDATE`), so two
 * acceptances of one company arriving together cannot both link to the same row, and another
 * company's acceptance waits for nothing. A company's first acceptance makes its head. A new row
 * links to the sealed head's last seal: after the newest rows were deleted it no longer links to
 * the row before it, so the gap stays in the chain. Without a sealed head (gone, or altered) it
 * links to the company's last row and the head is left as it is: the check keeps reporting it;
 * with the head row gone there is no row to lock, so the whole table is locked as before.
 */
async function lockedChainHead(tx: Queryable, key: InstallationKey): Promise<LockedChain> {
  const company = key.company;
  let head = await readHead(tx, company, true);
  // A company without acceptances has no head yet; a head missing after acceptances is a fault
  // (removed), never made again here. Company 1's head was made by the upgrade (migration 057).
  if (!head && company !== FIRST_COMPANY_ID) {
    const [any] = await tx.query('SELECT 1 FROM acceptances WHERE company_id = $1 LIMIT 1', [
      company,
    ]);
    if (!any) {
      await createHead(tx, key);
      head = await readHead(tx, company, true);
    }
  }
  if (!head) await tx.query('LOCK TABLE acceptances IN EXCLUSIVE MODE');
  const [last] = await tx.query<{ seal: string }>(
    'SELECT seal FROM acceptances WHERE company_id = $1 ORDER BY id DESC LIMIT 1',
    [company],
  );
  // The head as the upgrade left it, never sealed yet: sealed now, as at the key's first load.
  if (head && head.seal === null) {
    await writeHead(tx, key, head);
    head = await readHead(tx, company, true);
  }
  const sealed = head !== null && headSealed(head, (await keyRing(tx, key)).keys);
  if (!sealed || !head) return { prevSeal: last?.seal ?? GENESIS, advance: async () => {} };
  const current = head;
  return {
    prevSeal: head.lastSeal,
    advance: (receivedAt, seal) =>
      writeHead(tx, key, {
        ...current,
        count: current.count + 1,
        lastSeal: seal,
        firstReceivedAt: current.firstReceivedAt ?? receivedAt,
        lastReceivedAt: receivedAt,
      }),
  };
}

async function insertSealed(
  tx: Queryable,
  company: number,
  fields: SealedFields,
  prevSeal: string,
  seal: string,
): Promise<number> {
  const [row] = await tx.query<Record<string, unknown>>(
    `INSERT INTO acceptances (user_id, course_id, cycle, name, document, device_time,
       received_at, session_id, shown_version, seconds_spent, first_correct, first_answered,
       key_id, prev_seal, seal, company_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING id`,
    [
      fields.userId,
      fields.courseId,
      fields.cycle,
      fields.name,
      fields.document,
      fields.deviceTime,
      fields.receivedAt,
      fields.sessionId,
      fields.shownVersion,
      fields.secondsSpent,
      fields.firstCorrect,
      fields.firstAnswered,
      fields.keyId,
      prevSeal,
      seal,
      company,
    ],
  );
  return Number(row!.id);
}

/**
 * Records and seals the learner's acceptance of the current cycle; the one already stored when
 * there is one (a re-sent queue item). Throws NotCompletedError before the course is complete.
 * Sealed in the learner's company's chain with that company's key, whichever company's key the
 * caller holds (record 0282): the learner's row decides.
 */
export async function recordAcceptance(
  db: Db,
  installationKey: InstallationKey,
  input: AcceptanceInput,
): Promise<StoredAcceptance | null> {
  return db.transaction(async (tx) => {
    const cycle = await lockCurrentCycle(tx, input.userId, input.cycle);
    if (cycle === null) return null;
    const existing = await acceptanceFor(tx, input.userId, input.courseId, cycle);
    if (existing) return existing;
    const [user] = await tx.query<{
      name: string;
      document: string;
      completed_at: unknown;
      company_id: number;
    }>(
      `SELECT u.name, u.document, p.completed_at, u.company_id FROM users u
         LEFT JOIN progress p ON p.user_id = u.id AND p.course_id = $2 AND p.cycle = $3
        WHERE u.id = $1`,
      [input.userId, input.courseId, cycle],
    );
    if (!user?.completed_at) throw new NotCompletedError('course not completed');
    // Only a statement the server built and published to this learner is sealed (record 0259).
    if (!(await wasPublished(tx, input.userId, sha256Hex(input.text))))
      throw new NotPublishedError('statement not published to this learner');
    const shownVersion = await storeShownText(tx, input.text);
    const facts = await learningFacts(tx, input.userId, input.courseId, cycle);
    const own = companyKey(installationKey, Number(user.company_id));
    await recordCompanyKeyId(tx, own);
    const { prevSeal, advance } = await lockedChainHead(tx, own);
    const fields: SealedFields = {
      userId: input.userId,
      courseId: input.courseId,
      cycle,
      name: user.name,
      document: user.document,
      deviceTime: input.deviceTime,
      receivedAt: new Date().toISOString(),
      sessionId: input.sessionId,
      shownVersion,
      ...facts,
      keyId: own.keyId,
    };
    const seal = computeSeal(own.sealKey, prevSeal, fields);
    const id = await insertSealed(tx, own.company, fields, prevSeal, seal);
    await advance(fields.receivedAt, seal);
    return { ...fields, id, prevSeal, seal };
  });
}

/** A row the chain check found at fault (decision 0258). */
export interface ChainFault {
  id: number;
  receivedAt: string;
}

/** How the rows compare with the sealed head (decision 0258); null when they agree. */
export type TailFault =
  | { kind: 'no-head' }
  | { kind: 'head-not-sealed' }
  | {
      kind: 'rows-differ';
      /** Acceptances the head counts, and rows found. */
      expected: number;
      found: number;
      /** ISO receipt times bounding the affected period (null when unknown). */
      from: string | null;
      to: string | null;
    };

export interface ChainCheck {
  /** The last row's seal (GENESIS when there is none): printed on every registro. */
  head: string;
  count: number;
  /** Ids of rows whose seal or link does not match (edited, or after a deleted row). */
  broken: Set<number>;
  /** Of those, the rows whose own seal matches but whose link does not (a row before is gone). */
  linkBroken: Set<number>;
  /** Ids of rows naming a key this installation does not hold: invented, or a key not given. */
  unknownKey: Set<number>;
  /** Ids of rows whose shown text no longer has the hash they sealed. */
  textAltered: Set<number>;
  /** Ids of rows sealed and linked correctly, after a row at fault in the chain. */
  afterFault: Set<number>;
  /** Ids of every row walked: the company's chain (record 0282). */
  walked: Set<number>;
  /** Rows at fault (broken, unknown key), in chain order. */
  faults: ChainFault[];
  /** The rows against the sealed head. */
  tail: TailFault | null;
  /** Where the keys live (the registro prints it). */
  keyMode: KeyMode;
}

/** The company's shown texts whose body no longer hashes to them (edited in the database). */
async function alteredShownTexts(db: Queryable, company: number): Promise<Set<string>> {
  const rows = await db.query<{ hash: string }>(
    `SELECT hash FROM shown_texts
      WHERE company_id = $1 AND encode(sha256(convert_to(body, 'UTF8')), 'hex') <> hash`,
    [company],
  );
  return new Set(rows.map((r) => r.hash));
}

/** The rows against the sealed head: missing head, unsealed head, or a different end. */
function tailFault(
  head: ChainHead | null,
  keys: KeyRing['keys'],
  rows: StoredAcceptance[],
  firstLinkBreak: number,
): TailFault | null {
  if (!head) return { kind: 'no-head' };
  if (!headSealed(head, keys)) return { kind: 'head-not-sealed' };
  const last = rows.at(-1);
  if (head.count === rows.length && head.lastSeal === (last?.seal ?? GENESIS)) return null;
  // The gap begins at the last row still linked to the rows before it.
  const before = firstLinkBreak >= 0 ? rows[firstLinkBreak - 1] : last;
  return {
    kind: 'rows-differ',
    expected: head.count,
    found: rows.length,
    from: before?.receivedAt ?? head.firstReceivedAt,
    to: head.lastReceivedAt,
  };
}

/**
 * Walks the whole chain of `key`'s company in order (record 0282: `key` is the company's, e.g.
 * the request's from `ctx.installationKey()`) and checks every seal under the key its row names
 * (any key the installation holds for that company, decision 0258), every link, every shown text,
 * and the end against the company's sealed head.
 */
export async function checkChain(db: Queryable, key: InstallationKey): Promise<ChainCheck> {
  const company = key.company;
  const ring = await keyRing(db, key);
  const rows = (
    await db.query<Record<string, unknown>>(`${SELECT} WHERE company_id = $1 ORDER BY id`, [
      company,
    ])
  ).map(toStored);
  const altered = await alteredShownTexts(db, company);
  const check: ChainCheck = {
    head: GENESIS,
    count: rows.length,
    broken: new Set(),
    linkBroken: new Set(),
    unknownKey: new Set(),
    textAltered: new Set(),
    afterFault: new Set(),
    walked: new Set(rows.map((row) => row.id)),
    faults: [],
    tail: null,
    keyMode: ring.mode,
  };
  let prev = GENESIS;
  let firstLinkBreak = -1;
  rows.forEach((row, i) => {
    const held = ring.keys.get(row.keyId);
    if (!held) check.unknownKey.add(row.id);
    else if (!sealMatches(held.sealKey, row.prevSeal, row, row.seal)) check.broken.add(row.id);
    if (row.prevSeal !== prev) {
      if (held && !check.broken.has(row.id)) check.linkBroken.add(row.id);
      check.broken.add(row.id);
      if (firstLinkBreak < 0) firstLinkBreak = i;
    }
    if (altered.has(row.shownVersion)) check.textAltered.add(row.id);
    if (check.broken.has(row.id) || check.unknownKey.has(row.id))
      check.faults.push({ id: row.id, receivedAt: row.receivedAt });
    else if (check.faults.length) check.afterFault.add(row.id);
    prev = row.seal;
  });
  check.head = prev;
  check.tail = tailFault(await readHead(db, company), ring.keys, rows, firstLinkBreak);
  return check;
}

/** The text a learner was shown, by its hash; null when missing or when it no longer matches. */
export async function shownText(db: Queryable, hash: string): Promise<string | null> {
  const [row] = await db.query<{ body: string }>('SELECT body FROM shown_texts WHERE hash = $1', [
    hash,
  ]);
  return row ? checkedShownText(hash, row.body) : null;
}

/** A stored shown text's body when it still has its hash, else null (edited in the database). */
export const checkedShownText = (hash: string, body: string): string | null =>
  sha256Hex(body) === hash ? body : null;

/** The acceptance of the cycle a certificate was issued on, by the certificate's code. */
export async function acceptanceForCertificate(
  db: Queryable,
  code: string,
): Promise<StoredAcceptance | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `${SELECT.replace('FROM acceptances', 'FROM acceptances a')}
      WHERE (a.user_id, a.course_id, a.cycle) IN
            (SELECT user_id, course_id, cycle FROM certificates WHERE code = $1)`,
    [code],
  );
  return row ? toStored(row) : null;
}
