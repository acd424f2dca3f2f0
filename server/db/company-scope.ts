// Which company a query acts for (records 0282 and 0283). The server never hands a route the bare
// database: it hands it a `CompanyDb`, which runs every statement in a transaction that first
// names the company — `set_config('app.company_id', …, true)`, gone when the transaction ends,
// so a pooled connection carries nothing to the next — and, where the connection's user would
// bypass row-level security (a superuser: PGlite's only user, or a PostgreSQL superuser), takes
// a role that does not. The database's policies (migration 063) then show and accept only that
// company's rows, whatever the SQL says.
//
// The company comes from one of three places:
// - the request: the hook `companyPerRequest` opens a holder for each request and the sign-in
//   guards (learner API, console) put the signed-in account's company in it;
// - an explicit `db.forCompany(id)`: a job worked under its own company, a CLI command;
// - `db.forCompany(ALL_COMPANIES)`: a lookup that must find its row before it knows the company
//   (a sign-in token, an invitation link, a certificate code) — a line a reviewer can find.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Db, Queryable } from './db.ts';

/** The scope that admits every company's rows: named where a query must cross companies. */
export const ALL_COMPANIES = 'todas';

export type CompanyScope = number | typeof ALL_COMPANIES;

/** A database whose every statement runs for one company (or, said so, for all of them). */
export interface CompanyDb extends Db {
  /** The company this handle is fixed to; null: the request's company, if any. */
  readonly company: CompanyScope | null;
  /** The same database, every statement for `scope`. */
  forCompany(scope: CompanyScope): CompanyDb;
}

/** The role the server takes where its own user bypasses row-level security (record 0283). */
export const COMPANY_ROLE = 'curso_sst_empresa';

interface RequestCompany {
  company: CompanyScope | null;
}

const requestCompany = new AsyncLocalStorage<RequestCompany>();

/**
 * A Fastify `onRequest` hook (callback form, so the rest of the request runs inside it): opens
 * the request's holder, empty until a sign-in guard names the company.
 */
export function companyPerRequest(
  _request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  requestCompany.run({ company: null }, done);
}

/** The signed-in account's company, for the rest of this request. */
export function setRequestCompany(company: number): void {
  const holder = requestCompany.getStore();
  if (holder) holder.company = company;
}

/** The company of the request being handled, or null (none signed in, or not in a request). */
export function requestCompanyScope(): CompanyScope | null {
  return requestCompany.getStore()?.company ?? null;
}

/** Runs `fn` with the request's company set to `company` (jobs, tests). */
export function withRequestCompany<T>(company: CompanyScope, fn: () => T): T {
  return requestCompany.run({ company }, fn);
}

/**
 * `db` as a company handle: a `CompanyDb` stays itself; a bare database (a test's, a tool's)
 * is returned unchanged, since it enters no wall.
 */
export function acrossCompanies(db: Queryable): Queryable {
  return isCompanyDb(db) ? db.forCompany(ALL_COMPANIES) : db;
}

/** `db` for one company when it is a company handle; a bare database unchanged. */
export function forCompanyOf<T extends Queryable>(db: T, company: CompanyScope): T {
  // A company handle's `forCompany` is a handle too (a `Db`), so it stands where `db` stood.
  return isCompanyDb(db) ? (db.forCompany(company) as unknown as T) : db;
}

export function isCompanyDb(db: Queryable): db is CompanyDb {
  return typeof (db as Partial<CompanyDb>).forCompany === 'function';
}

/**
 * Whether the connection's user bypasses row-level security, and if so, the role it takes
 * instead — created when missing and given this schema's tables, every start (a migration may
 * have added tables since). A user that does not bypass (a PostgreSQL owner without BYPASSRLS:
 * FORCE makes the policies hold for it) takes no role: null.
 */
export async function companyRole(db: Db): Promise<string | null> {
  const [me] = await db.query<{ bypasses: boolean; superuser: boolean }>(
    `SELECT rolsuper OR rolbypassrls AS bypasses, rolsuper AS superuser
       FROM pg_roles WHERE rolname = current_user`,
  );
  if (!me?.bypasses) return null;
  await createRoleOnce(db);
  if (!me.superuser) await db.query(`GRANT ${COMPANY_ROLE} TO CURRENT_USER`);
  const [{ schema } = { schema: 'public' }] = await db.query<{ schema: string }>(
    'SELECT current_schema() AS schema',
  );
  const name = `"${schema.replace(/"/g, '""')}"`;
  await db.query(`GRANT USAGE ON SCHEMA ${name} TO ${COMPANY_ROLE}`);
  await db.query(
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${name} TO ${COMPANY_ROLE}`,
  );
  await db.query(
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${name} TO ${COMPANY_ROLE}`,
  );
  return COMPANY_ROLE;
}

/** Roles are the cluster's: several servers (or test files) may start at once. */
async function createRoleOnce(db: Db): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [known] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_roles WHERE rolname = $1',
      [COMPANY_ROLE],
    );
    if (known && known.n > 0) return;
    try {
      await db.query(`CREATE ROLE ${COMPANY_ROLE} NOLOGIN`);
      return;
    } catch (error) {
      // 42710 duplicate_object, 23505 unique_violation: another process created it just now.
      const code = (error as { code?: string }).code;
      if (code !== '42710' && code !== '23505') throw error;
    }
  }
}

/**
 * The server's handle on `db` (record 0283): every statement runs in a transaction that names
 * its company — the handle's own, else the request's, else none (which the wall answers as
 * migration 063 says) — and takes the company role when the user would bypass the policies.
 * The role is found at the first statement (a database down at start does not stop the server).
 */
export function companyDb(db: Db): CompanyDb {
  if (isCompanyDb(db)) return db;
  // One handle per database, so what a process keys by its database (the job workers) finds it
  // whether it is given the bare database or the handle.
  const known = handles.get(db);
  if (known) return known;
  let role: Promise<string | null> | null = null;
  const roleOnce = () => {
    role ??= companyRole(db).catch((error: unknown) => {
      role = null;
      throw error;
    });
    return role;
  };
  const handle = scopedHandle(db, roleOnce, null);
  handles.set(db, handle);
  return handle;
}

const handles = new WeakMap<Db, CompanyDb>();

function scopedHandle(
  db: Db,
  role: () => Promise<string | null>,
  fixed: CompanyScope | null,
): CompanyDb {
  const enter = async (tx: Queryable, as: string | null) => {
    const scope = fixed ?? requestCompanyScope();
    const company = scope === null ? '' : String(scope);
    await (as
      ? tx.query("SELECT set_config('role', $2, true), set_config('app.company_id', $1, true)", [
          company,
          as,
        ])
      : tx.query("SELECT set_config('app.company_id', $1, true)", [company]));
  };
  return {
    kind: db.kind,
    company: fixed,
    async query<T>(sql: string, params?: unknown[]) {
      const as = await role();
      return db.transaction(async (tx) => {
        await enter(tx, as);
        return tx.query<T>(sql, params);
      });
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const as = await role();
      return db.transaction(async (tx) => {
        await enter(tx, as);
        return fn(tx);
      });
    },
    // Migrations only (they run on the bare database before the server starts).
    exec: (sql: string) => db.exec(sql),
    close: () => db.close(),
    forCompany: (scope: CompanyScope) => scopedHandle(db, role, scope),
  };
}
