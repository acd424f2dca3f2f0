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

/** A new company, empty; its id. The platform role's act (record 0282); tests use it directly. */
export async function createCompany(db: Queryable, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO companies (name) VALUES ($1) RETURNING id',
    [name],
  );
  return Number(row!.id);
}
