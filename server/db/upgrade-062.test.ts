// The upgrade into companies (record 0282): an installation made by the migrations up to 061 — its
// learners, answers, sealed acceptances, certificates with their signed QR, and audit log — is
// migrated in place and becomes company 1 with nothing lost: every seal and certificate verifies
// as before, as the coordinator, the gate and /verificar read them, and the chain goes on. Then,
// on a fresh database, the same document in two companies is two learners, and no row of one
// company can point at a learner of the other.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  openTestDb,
  signedInLearner,
  testApp,
  type Engine,
  type TestDb,
} from '../test-support.ts';
import { openPglite, openPostgres, type Db } from './db.ts';
import { ALL_COMPANIES, companyDb } from './company-scope.ts';
import { listMigrations, migrate } from './migrate.ts';
import { createUser, issueToken } from './store.ts';
import { audit } from '../console/audit.ts';
import { ANDINA } from '../console/console-fixture.ts';
import { createCertificateIssuer, gateQrText } from '../certificates.ts';
import type { CertificateRequest } from '../context.ts';
import { keyFromDatabase } from '../acceptance/installation-key.ts';
import { checkChain } from '../acceptance/store.ts';
import { SEAL_TEXT } from '../acceptance/summary.ts';
import { verifyGateQr } from '../../src/domain/gate/verify.ts';
import { colombiaDay } from '../../src/domain/gate/statement.ts';

const BASE = 'https://sst.example.co';
// The landed one-company installation: migrations up to 062 (companies laid, none scoped). The
// server's code now needs 062's columns to start, so the data is made at 062 and upgraded to the
// wall (063) and on.
const LANDED = '062';
const TIMEOUT = 300_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database made by the migrations up to 062: the installation as it stood with one company. */
async function landedDatabase(engine: Engine): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'migraciones-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  for (const { file, version } of listMigrations())
    if (version.slice(0, 3) <= LANDED) copyFileSync(file, join(dir, basename(file)));
  let db: Db;
  if (engine === 'pglite') {
    db = await openPglite();
    cleanups.push(() => db.close());
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `upgrade_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    db = await openPostgres(url, { schema, max: 10 });
    cleanups.push(async () => {
      await db.close();
      const admin = await openPostgres(url, { max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    });
  }
  const applied = await migrate(db, dir);
  expect(applied.at(-1)).toMatch(/^062_/);
  return db;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every row of every table that holds records, as the database returns them. */
async function records(db: Db): Promise<Record<string, unknown[]>> {
  const tables: Record<string, string> = {
    users: 'id',
    progress: 'user_id, course_id, cycle',
    answers: 'user_id, question_id',
    learning_sessions: 'user_id, session_id',
    acceptances: 'id',
    shown_texts: 'hash',
    published_statements: 'user_id, hash',
    acceptance_chain_head: 'count',
    certificates: 'id',
    audit_log: 'id',
    data_notice_versions: 'version',
  };
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(tables)) {
    const rows = await db.query<Record<string, unknown>>(
      `SELECT * FROM ${table} ORDER BY ${order}`,
    );
    // The columns 062 adds are compared apart; the rest must be exactly as they were.
    out[table] = rows.map(({ company_id: _company, ...rest }) => rest);
  }
  return out;
}

describe.each(ENGINES)('upgrade into companies (%s)', (engine) => {
  it(
    'an installation made by the landed migrations becomes company 1 with every record, seal and certificate still verifying',
    async () => {
      const db = await landedDatabase(engine);
      let issued: CertificateRequest | null = null;
      const real = createCertificateIssuer({ publicUrl: BASE, config: ANDINA });
      const open = async (): Promise<FastifyInstance> => {
        const app = await testApp(db, {
          console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
          certificateIssuer: async (request) => {
            issued = request;
            return real(request);
          },
        });
        cleanups.push(() => app.close());
        return app;
      };
      const before = await open();
      const coordinator = await createUser(db, {
        document: 'C-100',
        name: 'Carla Coordinadora',
        password: 'clave-coord',
        role: 'coordinador',
      });

      /** A learner who answered, finished, accepted and downloaded their certificate. */
      const learner = async (app: FastifyInstance, document: string) => {
        const { user, client } = await signedInLearner(
          app,
          db,
          { document, name: `Obrero ${document}` },
          { complete: true },
        );
        const answered = await client.post('record-activity', {
          answers: [
            {
              questionId: 'm1-q1',
              question: '¿Dónde está el punto de encuentro?',
              option: 'A',
              correctOption: 'A',
              correct: true,
              contentVersion: '1.0.0',
              answeredAt: '2026-11-23T15:00:00Z',
              latencyMs: 1500,
            },
          ],
        });
        expect(answered.statusCode).toBe(200);
        const statement: string = (await client.post('me')).json().user.acceptanceStatement;
        const accepted = await client.post('record-acceptance', {
          text: statement,
          deviceTime: '2026-11-26T10:00:00.000-05:00',
          sessionId: `session-${document}`,
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
        const qr = gateQrText(request.installationKey!, `${BASE}/verificar/${request.code}`, {
          code: request.code,
          name: request.user.name,
          document: request.user.document,
          obra: ANDINA.obras[0]!.nombre,
          completedAt: request.completedAt,
          reinductionMonths: ANDINA.reinduccion.periodoMeses,
        });
        return { id: user.id, code: request.code, qr };
      };
      const learners = [
        await learner(before, '71000001'),
        await learner(before, '71000002'),
        await learner(before, '71000003'),
      ];
      await audit(db, { userId: coordinator.id, name: coordinator.name }, 'desactivar', {
        id: learners[2]!.id,
        name: 'Obrero 71000003',
      });

      /** What the coordinator, /verificar and the gate read. */
      const read = async (app: FastifyInstance) => {
        const token = await issueToken(db, coordinator.id, 3_600_000, 'consola');
        const pages: string[] = [];
        for (const { id, code } of learners) {
          const page = await app.inject({
            method: 'GET',
            url: `/consola/aprendices/${id}`,
            headers: { authorization: token },
          });
          expect(page.statusCode).toBe(200);
          pages.push(text(page.body));
          const verified = await app.inject({ method: 'GET', url: `/verificar/${code}` });
          expect(verified.statusCode).toBe(200);
          pages.push(text(verified.body));
        }
        const keys = (await app.inject({ method: 'GET', url: '/api/v1/gate-keys' })).json().keys;
        const verdicts = [];
        for (const { qr } of learners)
          verdicts.push((await verifyGateQr(qr, keys, colombiaDay(new Date()))).status);
        return { pages, verdicts };
      };

      const chainBefore = await checkChain(db, await keyFromDatabase(db));
      expect(chainBefore.count).toBe(3);
      expect(chainBefore.faults).toEqual([]);
      expect(chainBefore.tail).toBeNull();
      const seenBefore = await read(before);
      expect(seenBefore.verdicts).toEqual(['valid', 'valid', 'valid']);
      for (const page of seenBefore.pages.filter((_, i) => i % 2 === 0))
        expect(page).toContain(SEAL_TEXT.intact);
      const rowsBefore = await records(db);
      await before.close();

      // The upgrade: the server's own start migrates (openDatabase), as here.
      const applied = await migrate(db);
      expect(applied[0]).toMatch(/^063_/);
      const after = await open();

      expect(await records(db)).toEqual(rowsBefore);
      for (const table of Object.keys(rowsBefore)) {
        const others = await db.query(`SELECT 1 FROM ${table} WHERE company_id <> 1`);
        expect(others, table).toEqual([]);
      }
      expect(await db.query('SELECT id, name FROM companies')).toEqual([
        { id: 1, name: ANDINA.empresa.nombre },
      ]);
      const chainAfter = await checkChain(db, await keyFromDatabase(db));
      expect(chainAfter).toEqual(chainBefore);
      expect(await read(after)).toEqual(seenBefore);

      // The chain goes on: an acceptance after the upgrade links to the sealed head.
      const next = await learner(after, '71000004');
      const chainNext = await checkChain(db, await keyFromDatabase(db));
      expect(chainNext.count).toBe(4);
      expect(chainNext.faults).toEqual([]);
      expect(chainNext.tail).toBeNull();
      const keys = (await after.inject({ method: 'GET', url: '/api/v1/gate-keys' })).json().keys;
      expect((await verifyGateQr(next.qr, keys, colombiaDay(new Date()))).status).toBe('valid');
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
