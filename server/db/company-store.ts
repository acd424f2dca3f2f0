// The companies an installation holds (record 0282). Until the platform role can add companies,
// there is one: company 1, the installation as it stood before migration 062.
import type { Queryable } from './db.ts';

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

/**
 * A new company, empty; its id. The platform role's act (record 0282); tests use it directly.
 * Its address's slug (record 0288) is `slug` when given, else `empresa-<id>` (migration 068).
 */
export async function createCompany(db: Queryable, name: string, slug?: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO companies (name, slug) VALUES ($1, $2) RETURNING id',
    [name, slug ?? null],
  );
  return Number(row!.id);
}

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
