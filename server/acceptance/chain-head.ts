// The head of the acceptance chain (decision 0258): the number of acceptances, the last seal and
// the first and last receipt times, in the company's row of acceptance_chain_head (one chain and
// one head per company, record 0282), sealed with the company's seal key (HMAC) and moved forward
// in the same transaction as each acceptance, under the lock of that row. The rows are compared
// with it: deleting the newest rows or emptying the table no longer matches the head.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import type { InstallationKey, KeyMaterial } from './installation-key.ts';
import { GENESIS } from './seal.ts';

export interface ChainHead {
  count: number;
  lastSeal: string;
  /** ISO receipt times of the first and the last acceptance, null while there is none. */
  firstReceivedAt: string | null;
  lastReceivedAt: string | null;
  /** The key that sealed the head, and its seal; null while the upgrade's head is unsealed. */
  keyId: string | null;
  seal: string | null;
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string | Date).toISOString();

/** The bytes sealed: one line per field. */
export const headSealInput = (h: ChainHead, keyId: string) =>
  [
    'curso-sst/cabeza-de-cadena/v1',
    h.count,
    h.lastSeal,
    h.firstReceivedAt ?? '',
    h.lastReceivedAt ?? '',
    keyId,
  ].join('\n');

export const computeHeadSeal = (key: KeyMaterial, h: ChainHead) =>
  createHmac('sha256', key.sealKey).update(headSealInput(h, key.keyId)).digest('hex');

/**
 * The company's head row (`forUpdate` inside the inserting transaction: the lock that orders that
 * company's acceptances, and no other's), or null when it is gone or not made yet.
 */
export async function readHead(
  db: Queryable,
  company: number,
  forUpdate = false,
): Promise<ChainHead | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT count, last_seal, first_received_at, last_received_at, key_id, seal
       FROM acceptance_chain_head WHERE company_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [company],
  );
  if (!row) return null;
  return {
    count: Number(row.count),
    lastSeal: String(row.last_seal),
    firstReceivedAt: iso(row.first_received_at),
    lastReceivedAt: iso(row.last_received_at),
    keyId: (row.key_id as string | null) ?? null,
    seal: (row.seal as string | null) ?? null,
  };
}

/** Whether the head is sealed under one of the keys held (`keys`: id → key). */
export function headSealed(head: ChainHead, keys: ReadonlyMap<string, KeyMaterial>): boolean {
  const key = head.keyId ? keys.get(head.keyId) : undefined;
  if (!key || !head.seal) return false;
  const expected = Buffer.from(computeHeadSeal(key, head), 'hex');
  const given = Buffer.from(head.seal, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Writes the head of `key`'s company sealed under `key` (the row exists). */
export async function writeHead(tx: Queryable, key: KeyMaterial, head: ChainHead): Promise<void> {
  await tx.query(
    `UPDATE acceptance_chain_head SET count = $1, last_seal = $2, first_received_at = $3,
            last_received_at = $4, key_id = $5, seal = $6, updated_at = now()
      WHERE company_id = $7`,
    [
      head.count,
      head.lastSeal,
      head.firstReceivedAt,
      head.lastReceivedAt,
      key.keyId,
      computeHeadSeal(key, head),
      key.company,
    ],
  );
}

/**
 * The empty head of a company's chain, sealed under `key` — made by the company's first
 * acceptance (record 0282; company 1's was made by migration 057). Two first acceptances at once:
 * the second waits on the first's row and then keeps it.
 */
export async function createHead(tx: Queryable, key: KeyMaterial): Promise<void> {
  const head: ChainHead = {
    count: 0,
    lastSeal: GENESIS,
    firstReceivedAt: null,
    lastReceivedAt: null,
    keyId: key.keyId,
    seal: null,
  };
  await tx.query(
    `INSERT INTO acceptance_chain_head (company_id, count, last_seal, key_id, seal)
     VALUES ($1, 0, $2, $3, $4) ON CONFLICT (company_id) DO NOTHING`,
    [key.company, GENESIS, key.keyId, computeHeadSeal(key, head)],
  );
}

/**
 * Seals company 1's head as the upgrade to record 0258 left it (the rows present then), once: a
 * head that carries a seal is never sealed again here, only moved forward by an acceptance. Every
 * other company's head is sealed when it is made.
 */
export async function sealUnsealedHead(db: Db, key: InstallationKey): Promise<void> {
  const first = key.forCompany(FIRST_COMPANY_ID);
  const scoped = forCompanyOf(db, FIRST_COMPANY_ID);
  await scoped.transaction(async (tx) => {
    const head = await readHead(tx, FIRST_COMPANY_ID, true);
    if (head && head.seal === null) await writeHead(tx, first, head);
  });
}
