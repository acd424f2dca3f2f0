// The seed of `npm run seed:million` at a tiny size (record 0289): 3 companies × 6 learners on
// each engine, read back through the console's own queries and the acceptance chain check — the
// rows are ones the app reads, in the company they belong to, and every company's chain holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../../server/test-support.ts';
import { companyDb } from '../../server/db/company-scope.ts';
import { learnersPage, summary } from '../../server/console/queries.ts';
import { checkChain } from '../../server/acceptance/store.ts';
import { companyKey, keyFromDatabase } from '../../server/acceptance/installation-key.ts';
import { learnerCount, learnerDocument, seedCompanies } from './million-seed.ts';
import { defaultSchema, parseSeedOptions, seedShape } from '../seed-million.ts';

describe('seed:million options', () => {
  it('defaults to 1000 companies of 1000 learners in their own schema, on TEST_DATABASE_URL', () => {
    expect(parseSeedOptions([], { TEST_DATABASE_URL: 'postgres://x' })).toEqual({
      companies: 1000,
      learners: 1000,
      maxGb: 20,
      databaseUrl: 'postgres://x',
      schema: 'millon_1000x1000',
    });
    expect(
      parseSeedOptions(['--companies', '10', '--learners=500', '--database-url', 'postgres://y'], {
        DATABASE_URL: 'postgres://z',
      }),
    ).toMatchObject({ companies: 10, learners: 500, databaseUrl: 'postgres://y' });
    expect(defaultSchema(10, 1000)).toBe('millon_10x1000');
  });

  it('refuses a size it cannot number and a schema name that is not one', () => {
    expect(() => parseSeedOptions(['--learners', '100000'], {})).toThrow(/--learners/);
    expect(() => parseSeedOptions(['--companies', '0'], {})).toThrow(/--companies/);
    expect(() => parseSeedOptions(['--schema', 'Robert; DROP'], {})).toThrow(/esquema/);
    expect(() => parseSeedOptions(['--rapido'], {})).toThrow(/desconocida/);
  });
});

describe.each(ENGINES)('seed:million at 3 × 6 (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
    await seedCompanies(t.db, await seedShape(3, 6), () => {}, 2);
  }, 180_000);
  afterAll(() => t.cleanup(), 60_000);
  const scope = { courseId: 'curso-sst', defaultObra: 'torre-norte', reinductionMonths: 12 };

  it("shows each company's learners in its own console, and no other company's", async () => {
    const wall = companyDb(t.db);
    expect(await learnerCount(t.db)).toBe(18);
    const page = await learnersPage(wall.forCompany(2), scope, {});
    expect(page.total).toBe(6);
    expect(page.rows.map((r) => r.document).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => learnerDocument(2, i)).sort(),
    );
    // Three completed at the first obra; at the second, one each: not started, in progress, done.
    const estados = page.rows.map((r) => r.estado).sort();
    expect(estados).toEqual([
      'completado',
      'completado',
      'completado',
      'completado',
      'en-curso',
      'sin-iniciar',
    ]);
    expect(page.rows.filter((r) => r.certificateCode).length).toBe(4);
    const rows = await summary(wall.forCompany(3), scope);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("seals every company's acceptances in its own chain, which the chain check accepts", async () => {
    const wall = companyDb(t.db);
    const key = await keyFromDatabase(wall.forCompany('todas'));
    for (const c of [1, 2, 3]) {
      const check = await checkChain(wall.forCompany(c), companyKey(key, c));
      expect(check.count).toBe(4);
      expect(check.broken.size + check.unknownKey.size + check.textAltered.size).toBe(0);
      expect(check.tail).toBeNull();
    }
  });
});
