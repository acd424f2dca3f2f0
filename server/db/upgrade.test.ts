// The upgrade into companies (record 0282), from an installation made by the LANDED code itself:
// server/db/fixtures/landed-061.json holds every row that the one-company code (the commit
// before migration 062) wrote for its learners — answers, sessions, sealed acceptances on the
// chain with its head, certificates with their signed QR texts, a learner the coordinator
// deactivated, the audit log — made by make-landed-fixture.ts beside it. Here the rows go into a
// schema made by the migrations up to 061 (they never change), the later migrations run as the
// server's start runs them, and today's server reads the result: nothing lost, every seal and
// certificate verifying, everything company 1's, and the chain going on. Then, on a fresh
// database, the same document in two companies is two learners, and no row of one company can
// point at a learner of the other.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ENGINES,
  openTestDb,
  signedInLearner,
  testApp,
  TestClient,
  type Engine,
  type TestDb,
  printedGateQr,
  TEST_SESSION_COMPANY,
} from '../test-support.ts';
import { openPglite, openPostgres, type Db } from './db.ts';
import { ALL_COMPANIES, companyDb } from './company-scope.ts';
import { listMigrations, migrate } from './migrate.ts';
import { createUser, issueToken } from './store.ts';
import { ANDINA } from '../console/console-fixture.ts';
import { createCertificateIssuer } from '../certificates.ts';
import type { CertificateRequest } from '../context.ts';
import { keyFromDatabase } from '../acceptance/installation-key.ts';
import { checkChain } from '../acceptance/store.ts';
import { SEAL_TEXT } from '../acceptance/summary.ts';
import { verifyGateQr } from '../../src/domain/gate/verify.ts';
import { colombiaDay } from '../../src/domain/gate/statement.ts';
import { loadTables, readTable, type TableDump } from './fixtures/table-rows.ts';

const BASE = 'https://sst.example.co';
const TIMEOUT = 300_000;

interface LandedFixture {
  /** The Colombian day the fixture was made: its certificates' QR texts are judged as of it. */
  day: string;
  /** The migrations the landed code had applied, in order. */
  migrations: string[];
  coordinator: { id: number; document: string; name: string; password: string };
  learners: {
    id: number;
    document: string;
    name: string;
    code: string;
    qr: string;
    active: boolean;
    /** /verificar's status for the code at the landed code: 410 once the learner is deactivated. */
    verificar: number;
  }[];
  tables: TableDump[];
}

const LANDED: LandedFixture = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'landed-061.json'), 'utf8'),
);
/** The learners' password in the fixture (test-support's seedUser). */
const PASSWORD = 'secreto123';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The landed installation: a schema made by the migrations it had applied, holding its rows.
 */
async function landedDatabase(engine: Engine): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'migraciones-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  for (const { file, version } of listMigrations())
    if (LANDED.migrations.includes(version)) copyFileSync(file, join(dir, basename(file)));
  let db: Db;
  if (engine === 'pglite') {
    db = await openPglite();
    cleanups.push(() => db.close());
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `upgrade_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    db = await openPostgres(url, { schema, max: 10, sessionCompany: TEST_SESSION_COMPANY });
    cleanups.push(async () => {
      await db.close();
      const admin = await openPostgres(url, { max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    });
  }
  // The same migrations, unchanged since: the schema the rows were read from.
  expect(await migrate(db, dir)).toEqual(LANDED.migrations);
  await loadTables(db, LANDED.tables);
  return db;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe.each(ENGINES)('upgrade into companies (%s)', (engine) => {
  it(
    'an installation made by the landed code becomes company 1 with every record, seal and certificate still verifying',
    async () => {
      const db = await landedDatabase(engine);

      // The upgrade: the server's own start migrates (openDatabase), as here.
      const applied = await migrate(db);
      expect(applied[0]).toMatch(/^062_/);
      let issued: CertificateRequest | null = null;
      const real = createCertificateIssuer({ publicUrl: BASE, config: ANDINA });
      const app = await testApp(db, {
        console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
        certificateIssuer: async (request) => {
          issued = request;
          return real(request);
        },
      });
      cleanups.push(() => app.close());

      // Every row as the landed code wrote it, column by column; the columns added since are
      // read apart: every row is company 1's.
      const all = companyDb(db).forCompany(ALL_COMPANIES);
      for (const table of LANDED.tables)
        expect(await readTable(all, table), table.name).toEqual(table.rows);
      const scoped = await all.query<{ table: string }>(
        `SELECT table_name AS "table" FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name = 'company_id'`,
      );
      const companyTables = scoped.map((r) => r.table);
      for (const table of ['users', 'acceptances', 'certificates', 'audit_log', 'answers'])
        expect(companyTables).toContain(table);
      for (const table of companyTables) {
        const others = await all.query(`SELECT 1 FROM ${table} WHERE company_id <> 1`);
        expect(others, table).toEqual([]);
      }
      expect(await all.query('SELECT id, name FROM companies')).toEqual([
        { id: 1, name: ANDINA.empresa.nombre },
      ]);

      // Every seal verifies with the installation key the landed code made.
      const chain = await checkChain(db, await keyFromDatabase(db));
      expect(chain.count).toBe(3);
      expect(chain.faults).toEqual([]);
      expect(chain.tail).toBeNull();

      // What the coordinator, /verificar and the gate read.
      const token = await issueToken(db, LANDED.coordinator.id, 3_600_000, 'consola');
      const keys = (await app.inject({ method: 'GET', url: '/api/v1/gate-keys' })).json().keys;
      for (const learner of LANDED.learners) {
        const page = await app.inject({
          method: 'GET',
          url: `/consola/aprendices/${learner.id}`,
          headers: { authorization: token },
        });
        expect(page.statusCode).toBe(200);
        expect(text(page.body)).toContain(learner.name);
        expect(text(page.body)).toContain(SEAL_TEXT.intact);
        const verified = await app.inject({ method: 'GET', url: `/verificar/${learner.code}` });
        expect(verified.statusCode, learner.code).toBe(learner.verificar);
        expect(text(verified.body)).toContain(learner.code);
        if (learner.active) expect(text(verified.body)).toContain(learner.name);
        expect((await verifyGateQr(learner.qr, keys, LANDED.day)).status).toBe('valid');
        // The learners sign in with their passwords as before; the deactivated one does not.
        const signIn = await (await new TestClient(app).init()).login(learner.document, PASSWORD);
        expect(signIn.statusCode === 200, learner.document).toBe(learner.active);
      }

      // The chain goes on: an acceptance after the upgrade links to the sealed head.
      const { client } = await signedInLearner(
        app,
        db,
        { document: '71000004', name: 'Obrero 71000004' },
        { complete: true },
      );
      const statement: string = (await client.post('me')).json().user.acceptanceStatement;
      const accepted = await client.post('record-acceptance', {
        text: statement,
        deviceTime: '2026-11-30T10:00:00.000-05:00',
        sessionId: 'session-71000004',
        cycle: 1,
      });
      expect(accepted.statusCode).toBe(200);
      const certificate = await app.inject({
        method: 'GET',
        url: '/api/v1/download-certificate',
        headers: client.headers(),
      });
      expect(certificate.json().success).toBe(true);
      const request = issued!;
      const qr = printedGateQr(request, ANDINA, BASE);
      const chainNext = await checkChain(db, await keyFromDatabase(db));
      expect(chainNext.count).toBe(4);
      expect(chainNext.faults).toEqual([]);
      expect(chainNext.tail).toBeNull();
      expect((await verifyGateQr(qr, keys, colombiaDay(new Date()))).status).toBe('valid');
    },
    TIMEOUT,
  );

  it(
    'the same document in two companies is two learners; no row points at another company’s learner',
    async () => {
      const t: TestDb = await openTestDb(engine);
      cleanups.push(() => t.cleanup());
      const first = await createUser(t.db, {
        document: '72000001',
        name: 'Ana Uno',
        password: 'clave-123',
      });
      const [second] = await t.db.query<{ id: number }>(
        "INSERT INTO companies (name) VALUES ('Constructora Dos') RETURNING id",
      );
      expect(second!.id).toBe(2);
      // Rows that name their company, across companies (record 0283: the wall admits them only
      // under `todas`; the bare handle on PostgreSQL acts for company 1).
      const all = companyDb(t.db).forCompany(ALL_COMPANIES);
      const [twin] = await all.query<{ id: number }>(
        "INSERT INTO users (document, name, company_id) VALUES ('72000001', 'Ana Dos', 2) RETURNING id",
      );
      expect(twin!.id).not.toBe(first.id);
      // Within one company the document stays unique, as the console's error says.
      await expect(
        createUser(t.db, { document: '72000001', name: 'Ana Otra', password: 'clave-123' }),
      ).rejects.toThrow();
      // Company 2's progress row for company 1's learner is refused by the database.
      await expect(
        all.query(
          "INSERT INTO progress (user_id, course_id, company_id) VALUES ($1, 'otro-curso', 2)",
          [first.id],
        ),
      ).rejects.toThrow(/progress_user_company_fkey/);
      await all.query(
        "INSERT INTO progress (user_id, course_id, company_id) VALUES ($1, 'otro-curso', 2)",
        [twin!.id],
      );
    },
    TIMEOUT,
  );
});
