// The database's wall between companies, strict (records 0283 and 0285): a statement that names
// no company is refused by the database itself — a read, a write and an insert alike — and one
// that names a company sees and writes only that company's rows, whatever its SQL says. On
// PostgreSQL the refusal is checked on a plain connection of the tables' owner (no server code
// in between); on both engines through the server's own handle when neither it nor the request
// names a company. Every table that holds a company's rows carries the wall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { openPostgres, type Db } from './db.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from './company-scope.ts';
import { createCompany } from './company-store.ts';
import { createUser } from './store.ts';

const REFUSED = /company_wall: la transacción no nombra su empresa/;

async function twoCompanies(db: Db) {
  const wall = companyDb(db);
  const b = await createCompany(db, 'Constructora B');
  await createUser(wall.forCompany(1), {
    document: '1010',
    name: 'Ana de A',
    password: 'clave-de-prueba-1',
  });
  await createUser(wall.forCompany(b), {
    document: '1010',
    name: 'Ana de B',
    password: 'clave-de-prueba-1',
  });
  return { wall, b };
}

describe.each(ENGINES)('the company wall (%s)', (engine) => {
  let t: TestDb;
  let wall: CompanyDb;
  let b: number;
  let plain: Db | null = null;
  beforeAll(async () => {
    t = await openTestDb(engine);
    ({ wall, b } = await twoCompanies(t.db));
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await t?.cleanup();
  });

  it('refuses a read, a change and an insert that name no company, through the server’s handle', async () => {
    await expect(wall.query('SELECT name FROM users')).rejects.toThrow(REFUSED);
    await expect(wall.query("UPDATE users SET name = 'X'")).rejects.toThrow(REFUSED);
    await expect(
      wall.query("INSERT INTO obras (slug, nombre, match_key) VALUES ('torre', 'Torre', 'torre')"),
    ).rejects.toThrow(REFUSED);
    const names = await wall
      .forCompany(ALL_COMPANIES)
      .query<{ name: string }>('SELECT name FROM users ORDER BY name');
    expect(names.map((r) => r.name)).toEqual(['Ana de A', 'Ana de B']);
  });

  it('shows and accepts only the named company’s rows, whatever the SQL says', async () => {
    const ofB = await wall.forCompany(b).query<{ name: string }>('SELECT name FROM users');
    expect(ofB.map((r) => r.name)).toEqual(['Ana de B']);
    const changed = await wall
      .forCompany(b)
      .query<{ name: string }>('UPDATE users SET name = name RETURNING name');
    expect(changed.map((r) => r.name)).toEqual(['Ana de B']);
    const ofA = await wall.forCompany(1).query<{ name: string }>('SELECT name FROM users');
    expect(ofA.map((r) => r.name)).toEqual(['Ana de A']);
    // Writing a row into another company from B's transaction is refused by the policy's check.
    await expect(
      wall
        .forCompany(b)
        .query(
          "INSERT INTO obras (company_id, slug, nombre, match_key) VALUES (1, 'torre', 'Torre', 'torre')",
        ),
    ).rejects.toThrow(/row-level security/);
  });

  it.runIf(engine === 'postgres')(
    'refuses a query that omits the company on a plain PostgreSQL connection of the tables’ owner',
    async () => {
      const [{ schema } = { schema: '' }] = await t.db.query<{ schema: string }>(
        'SELECT current_schema() AS schema',
      );
      plain = await openPostgres(process.env.TEST_DATABASE_URL!, { schema, max: 1 });
      await expect(plain.query('SELECT count(*) FROM users')).rejects.toThrow(REFUSED);
      await expect(plain.query('SELECT count(*) FROM certificates')).rejects.toThrow(REFUSED);
      await expect(plain.query("DELETE FROM obras WHERE slug = 'torre'")).rejects.toThrow(REFUSED);
      // The same connection naming its company reads that company's rows only.
      const rows = await plain.transaction(async (tx) => {
        await tx.query("SELECT set_config('app.company_id', '1', true)");
        return tx.query<{ name: string }>('SELECT name FROM users');
      });
      expect(rows.map((r) => r.name)).toEqual(['Ana de A']);
    },
  );

  // `installation_keys` names the company a key was derived for, but is the installation's
  // (record 0283): every company's ring is read from it.
  it('every table with a company_id column carries the wall, enabled and forced', async () => {
    const tables = await t.db.query<{ table: string; wall: boolean; forced: boolean }>(
      `SELECT c.relname AS table,
              EXISTS (SELECT 1 FROM pg_policies p WHERE p.tablename = c.relname
                        AND p.schemaname = current_schema() AND p.policyname = 'company_wall')
                AND c.relrowsecurity AS wall,
              c.relforcerowsecurity AS forced
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
        WHERE c.relkind = 'r' AND c.relname <> 'installation_keys'
          AND EXISTS (SELECT 1 FROM pg_attribute a
                       WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped)
        ORDER BY c.relname`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(22);
    expect(tables.filter((r) => !r.wall || !r.forced).map((r) => r.table)).toEqual([]);
  });
});
