// Who a console sign-in names (records 0282, 0283, 0288). The same document (or correo) may be an
// account in several companies. At a company's address (`/consola/ingresar?empresa=<slug>`) the
// accounts are looked up in that company only; at the plain address across companies, and the
// page signs in only when the staff account it names is one.
import type { Queryable } from '../db/db.ts';
import { acrossCompanies, forCompanyOf } from '../db/company-scope.ts';
import type { Role } from '../db/store.ts';

export interface SignInCandidate {
  id: number;
  password_hash: string | null;
  role: Role;
  companyId: number;
}

/**
 * The active accounts with this document or correo: in `company` when the address names one
 * (record 0288), else in every company (`todas`, record 0283: the company is what the sign-in
 * finds out). Staff accounts first, then by company.
 */
export async function signInCandidates(
  db: Queryable,
  by: { document: string } | { email: string },
  company?: number,
): Promise<SignInCandidate[]> {
  type Row = { id: number; password_hash: string | null; role: Role; company_id: number };
  const scoped = company === undefined ? acrossCompanies(db) : forCompanyOf(db, company);
  // A deactivated account cannot sign in (record 0113); its records stay. The company's own
  // handle shows only its rows; the filter says so for a bare database too (tests, tools).
  const rows = await scoped.query<Row>(
    `SELECT id, password_hash, role, company_id FROM users
      WHERE ${'document' in by ? 'document = $1' : 'lower(email) = lower($1)'} AND active
        AND ($2::int IS NULL OR company_id = $2)
      ORDER BY role = 'aprendiz', company_id, id`,
    ['document' in by ? by.document : by.email, company ?? null],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    password_hash: r.password_hash,
    role: r.role,
    companyId: Number(r.company_id),
  }));
}

/**
 * The accounts a console sign-in weighs: the staff accounts when there is one (a coordinator who
 * is also a learner elsewhere signs in as the coordinator), else the learner accounts (answered
 * «esta cuenta es de aprendiz»).
 */
export async function staffCandidates(
  db: Queryable,
  by: { document: string } | { email: string },
  company?: number,
): Promise<SignInCandidate[]> {
  const all = await signInCandidates(db, by, company);
  const staff = all.filter((c) => c.role !== 'aprendiz');
  return staff.length ? staff : all;
}
