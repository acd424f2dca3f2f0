// The companies an installation holds (record 0282): company 1, the installation as it stood
// before migration 062, and those the platform role creates (record 0286).
import type { Db, Queryable } from './db.ts';
import { GENESIS } from '../acceptance/seal.ts';

/** The company every row written without a company belongs to (the columns' default). */
export const FIRST_COMPANY_ID = 1;

/**
 * Names company 1 after the configuration's company when it has no name yet (the migration could
 * not know it). A name already given is kept: the configuration file no longer renames it.
 */
export async function nameFirstCompany(db: Queryable, name: string): Promise<void> {
  await db.query("UPDATE companies SET name = $2 WHERE id = $1 AND name = ''", [
    FIRST_COMPANY_ID,
    name,
  ]);
}

/** A company name already given to another company (compared without case or extra spaces). */
export class DuplicateCompanyError extends Error {
  readonly code = 'DUPLICATE_COMPANY';
  constructor(readonly companyName: string) {
    super(`A company named ${companyName} exists`);
  }
}

/**
 * A new company, empty; its id. The platform role's act (records 0282, 0286); tests use it
 * directly. A name another company has (case and repeated spaces aside) is refused
 * (`DuplicateCompanyError`). The company comes with its acceptance chain's empty head (count 0,
 * the genesis seal), not yet sealed: whoever holds the company's key seals it (the platform
 * console at once; else its first acceptance, as migration 057's head of company 1 was sealed
 * at the key's first load) — so a new company's chain never reads «falta la cabeza» and its
 * first acceptance never meets a missing head. Its address's slug (record 0288) is `slug` when
 * given, else `empresa-<id>` (migration 068).
 */
export async function createCompany(db: Db, name: string, slug?: string): Promise<number> {
  return db.transaction(async (tx) => {
    // `companies` is the installation's table, outside the wall. Two creations with one name at
    // once: the second waits for the first and then finds its name.
    await tx.query('LOCK TABLE companies IN SHARE ROW EXCLUSIVE MODE');
    const [taken] = await tx.query(
      `SELECT 1 FROM companies
        WHERE lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) = lower($1) LIMIT 1`,
      [sameName(name)],
    );
    if (taken) throw new DuplicateCompanyError(name);
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO companies (name, slug) VALUES ($1, $2) RETURNING id',
      [name, slug ?? null],
    );
    const id = Number(row!.id);
    // The head is the new company's row: the rest of this transaction acts in it (record 0283).
    await tx.query("SELECT set_config('app.company_id', $1, true)", [String(id)]);
    await tx.query(
      'INSERT INTO acceptance_chain_head (company_id, count, last_seal) VALUES ($1, 0, $2)',
      [id, GENESIS],
    );
    return id;
  });
}

/** A company name as names are compared: trimmed, each run of spaces one space. */
const sameName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * A company's address name (record 0288): lowercase letters, digits and hyphens, starting with a
 * letter (never read as an id), not ending with a hyphen, at most 40 characters — migration
 * 068's check.
 */
export const COMPANY_SLUG = /^[a-z](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export const isCompanySlug = (value: unknown): value is string =>
  typeof value === 'string' && COMPANY_SLUG.test(value);

export interface CompanyAddress {
  id: number;
  name: string;
  slug: string;
}

/**
 * The company whose address is `slug`, or null. `companies` is the installation's table, outside
 * the wall: read before any company is known, it needs no company.
 */
export async function companyBySlug(db: Queryable, slug: string): Promise<CompanyAddress | null> {
  if (!isCompanySlug(slug)) return null;
  const [row] = await db.query<CompanyAddress>(
    'SELECT id, name, slug FROM companies WHERE slug = $1',
    [slug],
  );
  return row ? { id: Number(row.id), name: row.name, slug: row.slug } : null;
}

/** The company with this id, with its address, or null. */
export async function companyById(db: Queryable, id: number): Promise<CompanyAddress | null> {
  const [row] = await db.query<CompanyAddress>(
    'SELECT id, name, slug FROM companies WHERE id = $1',
    [id],
  );
  return row ? { id: Number(row.id), name: row.name, slug: row.slug } : null;
}

/**
 * Gives a company another address name. False when another company has it already; an invalid
 * slug is refused before the database (the check would refuse it too).
 */
export async function setCompanySlug(db: Queryable, id: number, slug: string): Promise<boolean> {
  if (!isCompanySlug(slug)) throw new Error(`nombre de dirección no válido: ${slug}`);
  const taken = await companyBySlug(db, slug);
  if (taken && taken.id !== id) return false;
  const updated = await db.query<{ id: number }>(
    'UPDATE companies SET slug = $2 WHERE id = $1 RETURNING id',
    [id, slug],
  );
  return updated.length > 0;
}
