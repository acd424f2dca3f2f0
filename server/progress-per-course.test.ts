// Progress is keyed by course (decision record 0035): one learner keeps separate progress and
// certificates in two courses, and migration 004 keeps every row written before it, attached
// to the course that shipped then.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, listMigrations } from './db/migrate.ts';
import {
  certificateForUser,
  createUser,
  getUser,
  reportRows,
  saveCertificate,
  shippedCourseId,
  updateProgress,
} from './db/store.ts';
import { ENGINES, FULL_ROUTE, SHAPE, openTestDb } from './test-support.ts';

const OTHER = 'otro-curso';
/** Each test opens its own database (PGlite start-up and migrations are slow on a loaded machine). */
const DB_TEST_TIMEOUT = 90_000;

describe.each(ENGINES)('progress per course (%s)', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it(
    'keeps two courses apart for one learner',
    async () => {
      const { db, cleanup } = await openTestDb(engine);
      cleanups.push(cleanup);
      const user = await createUser(db, {
        document: '111',
        name: 'Ana Pérez',
        password: 'x1234567',
      });
      await updateProgress(db, user.id, { score: 20, route: '0,1,2', finalTerms: false }, SHAPE);
      const other = await updateProgress(
        db,
        user.id,
        { score: 100, route: FULL_ROUTE, finalTerms: true },
        SHAPE,
        OTHER,
      );
      expect(other?.user).toMatchObject({ score: 100, route: FULL_ROUTE, final_terms: true });
      expect(await getUser(db, user.id)).toMatchObject({
        score: 20,
        route: '0,1,2-{}-{}-{}-{}',
        final_terms: false,
      });
      expect(await getUser(db, user.id, OTHER)).toMatchObject({ score: 100, route: FULL_ROUTE });
      expect(await getUser(db, user.id, 'sin-avance')).toMatchObject({ score: 0, route: '' });

      const cert = { name: 'Ana Pérez', document: '111', score: 100 };
      await saveCertificate(db, user.id, { ...cert, code: 'OTRO-1', url_file: '/o.pdf' }, OTHER);
      expect(await certificateForUser(db, user.id)).toBeNull();
      expect((await certificateForUser(db, user.id, OTHER))?.code).toBe('OTRO-1');
      expect((await reportRows(db))[0]).toMatchObject({ score: 20, certificate_code: null });
      expect((await reportRows(db, OTHER))[0]).toMatchObject({
        score: 100,
        certificate_code: 'OTRO-1',
      });
    },
    DB_TEST_TIMEOUT,
  );

  it(
    'migration 004 keeps the rows written before it, in the shipped course',
    async () => {
      const { db, cleanup } = await openTestDb(engine);
      cleanups.push(cleanup);
      // openTestDb migrated everything; rebuild the schema as it was before 004.
      const dir = mkdtempSync(join(tmpdir(), 'curso-sst-migrations-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const before = listMigrations().filter((m) => m.version < '004');
      for (const m of before) copyFileSync(m.file, join(dir, `${m.version}.sql`));
      await db.exec(
        'DROP TABLE invitations, data_notice_versions; ' +
          'DROP TABLE audit_log, answers, learning_sessions, induction_cycles; DROP FUNCTION audit_log_append_only(); ' +
          'DROP TABLE certificates; DROP TABLE tokens; DROP TABLE progress; DROP TABLE users; DROP TABLE schema_migrations',
      );
      expect(await migrate(db, dir)).toEqual(before.map((m) => m.version));
      const [u] = await db.query<{ id: number }>(
        "INSERT INTO users (document, name, password_hash) VALUES ('222', 'Luis Gómez', 'x') RETURNING id",
      );
      await db.query(
        "INSERT INTO progress (user_id, score, route) VALUES ($1, 40, '0,1,2-0,1,2-{}-{}-{}')",
        [u!.id],
      );
      await db.query(
        "INSERT INTO certificates (user_id, code, url_file, name, document, score) VALUES ($1, 'VIEJO-1', '/v.pdf', 'Luis Gómez', '222', 100)",
        [u!.id],
      );

      expect(await migrate(db)).toContain('004_progress_per_course');
      expect(shippedCourseId()).toBe('curso-sst');
      expect(await getUser(db, u!.id)).toMatchObject({
        score: 40,
        route: '0,1,2-0,1,2-{}-{}-{}',
        url_certificate: '/v.pdf',
      });
      expect((await certificateForUser(db, u!.id))?.code).toBe('VIEJO-1');
      // The old row now belongs to the shipped course only; another course starts empty.
      expect(await getUser(db, u!.id, OTHER)).toMatchObject({ score: 0, url_certificate: null });
    },
    DB_TEST_TIMEOUT,
  );
});
