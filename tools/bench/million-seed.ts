// The rows of many companies' learners, in bulk (record 0289): what `npm run seed:million` writes
// and its unit test checks at a tiny size. Every company-owned table a real learner fills gets
// its rows from `INSERT … SELECT generate_series` (never the application's per-row functions),
// a batch of companies per statement; only the acceptances are sealed in Node, one company's
// chain per statement, since each seal links to the one before it (decision 0220) — every
// company's chain is real and its head sealed, so the app's chain check holds on all of them.
//
// The shape of each company (the same at every size, so the 10 k and 1 M points compare):
// - one coordinator (document 9000000000 + company) and `learners` learners;
// - the first half of its learners at its first obra, all completed (the obra's registro);
// - the second half at its second obra: a third not started, a third in progress, a third done;
// - every learner accepted the data notice; each started learner has sessions and a token, each
//   completed one 14 first answers, a certificate row (no PDF: `pdf` stays NULL), a published
//   statement and a sealed acceptance; two audit rows per learner (created, notice accepted).
// One password hash, computed once, is shared by every account (hashing a million passwords
// would take hours and measures nothing the bench asks).
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../server/db/db.ts';
import { ALL_COMPANIES, companyDb, type CompanyDb } from '../../server/db/company-scope.ts';
import {
  companyKey,
  keyFromDatabase,
  recordCompanyKeyId,
} from '../../server/acceptance/installation-key.ts';
import { computeSeal, GENESIS, type SealedFields } from '../../server/acceptance/seal.ts';
import { computeHeadSeal, type ChainHead } from '../../server/acceptance/chain-head.ts';

export interface SeedShape {
  companies: number;
  learners: number;
  /** The two obras' slugs each company's learners are at (the console's configuration's). */
  obras: [string, string];
  /** The data-notice version every learner accepted (the console's configuration's). */
  notice: string;
  /** The one password hash every account shares. */
  passwordHash: string;
}

/** Learners per company up to this: documents are 1000000000 + company·100000 + i. */
export const MAX_LEARNERS = 99_999;
export const MAX_COMPANIES = 20_000;
export const ANSWERS_PER_COMPLETED = 14;
export const ANSWERS_PER_STARTED = 6;

/** A learner's document: the same number never appears in two companies here. */
export const learnerDocument = (company: number, i: number) =>
  String(1_000_000_000 + company * 100_000 + i);
export const coordinatorDocument = (company: number) => String(9_000_000_000 + company);

/** The statement each company's learners accepted: one text per company. */
export const statementText = (company: number) =>
  [
    `Empresa ${company}. Declaro que terminé la inducción en seguridad y salud en el trabajo.`,
    'Entendí los riesgos de la obra, el uso de los elementos de protección personal,',
    'qué hacer en una emergencia y a quién avisar de un peligro o un accidente.',
    'Me comprometo a cumplir las normas de la obra y a pedir ayuda cuando no sepa hacer algo.',
  ].join(' ');

/** The handle every statement of the seed runs through: it names every company (record 0283). */
export const acrossAll = (db: Db): CompanyDb => companyDb(db).forCompany(ALL_COMPANIES);

/** Learners already in the database (any company): the seed refuses to add to them. */
export async function learnerCount(db: Db): Promise<number> {
  const [row] = await acrossAll(db).query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE role = 'aprendiz'",
  );
  return row?.n ?? 0;
}

/** Companies 1..n exist (company 1 is made by migration 062); inserts only the name. */
async function ensureCompanies(db: Db, n: number): Promise<void> {
  await db.query(
    `INSERT INTO companies (id, name)
     SELECT c, 'Empresa de prueba ' || c FROM generate_series(1, $1::integer) c
     ON CONFLICT (id) DO NOTHING`,
    [n],
  );
  // The identity goes on after the seeded ids, so a company created later gets a new one.
  await db.query(
    `SELECT setval(pg_get_serial_sequence('companies', 'id'), (SELECT max(id) FROM companies))`,
  );
}

/** The rows of companies `from`..`to` (inclusive), all tables but the acceptances. */
async function seedBatch(tx: Queryable, s: SeedShape, from: number, to: number): Promise<void> {
  const half = Math.floor(s.learners / 2);
  const p = [from, to];
  await tx.query(
    `INSERT INTO obras (company_id, slug, nombre, match_key)
     SELECT c, o.slug, o.nombre, o.slug FROM generate_series($1::integer, $2::integer) c
      CROSS JOIN (VALUES ($3, 'Obra ' || $3), ($4, 'Obra ' || $4)) o(slug, nombre)`,
    [...p, s.obras[0], s.obras[1]],
  );
  await tx.query(
    `INSERT INTO data_notice_versions (company_id, version, first_seen_at)
     SELECT c, $3, now() - interval '400 days' FROM generate_series($1::integer, $2::integer) c`,
    [...p, s.notice],
  );
  await tx.query(
    `INSERT INTO users (company_id, document, name, password_hash, role, created_at)
     SELECT c, (9000000000::bigint + c)::text, 'Coordinadora ' || c, $3, 'coordinador',
            now() - interval '400 days'
       FROM generate_series($1::integer, $2::integer) c`,
    [...p, s.passwordHash],
  );
  // Learner i of company c: the first half at the first obra, completed; the second half at the
  // second obra, by i % 3: not started (0), in progress (1), completed (2).
  await tx.query(
    `INSERT INTO users (company_id, document, name, password_hash, obra, contratista, cargo,
                        fecha_ingreso, celular, data_notice_accepted_at, data_notice_version,
                        created_at)
     SELECT c, (1000000000::bigint + c::bigint * 100000 + i)::text,
            (ARRAY['Ana','Luis','Marta','Jorge','Sofía','Pedro','Lucía','Andrés'])[1 + i % 8]
              || ' ' || (ARRAY['Gómez','Rodríguez','Pérez','Martínez','Díaz','López'])[1 + (i / 8) % 6]
              || ' ' || lpad(i::text, 5, '0'),
            $3, CASE WHEN i <= $5 THEN $6 ELSE $7 END, 'Contratista ' || (i % 12), 'Oficial de obra',
            date '2025-01-01' + (i % 365), '3' || lpad((c::bigint * 100000 + i)::text, 9, '0'),
            now() - interval '300 days', $8, now() - interval '300 days'
       FROM generate_series($1::integer, $2::integer) c CROSS JOIN generate_series(1, $4::integer) i`,
    [...p, s.passwordHash, s.learners, half, s.obras[0], s.obras[1], s.notice],
  );
  // Fresh statistics, so the statements below find this batch's learners by index, not by
  // reading every company seeded before.
  await tx.query('ANALYZE users');
  // The learners' state, by the same rule, through a view of this batch's learners.
  const learners = `(SELECT u.id, u.company_id, u.name, u.document, u.obra,
            (u.document::bigint - 1000000000 - u.company_id::bigint * 100000)::integer AS i,
            CASE WHEN (u.document::bigint - 1000000000 - u.company_id::bigint * 100000) <= ${half}
                 THEN 2 ELSE (u.document::bigint - 1000000000 - u.company_id::bigint * 100000) % 3 END AS st
       FROM users u WHERE u.company_id BETWEEN $1 AND $2 AND u.role = 'aprendiz')`;
  await tx.query(
    `INSERT INTO induction_cycles (company_id, user_id, cycle, started_at)
     SELECT company_id, id, 1, now() - interval '300 days' FROM ${learners} l`,
    p,
  );
  await tx.query(
    `INSERT INTO progress (company_id, user_id, score, route, current_location, final_terms_at,
                           completed_at, updated_at)
     SELECT company_id, id,
            CASE st WHEN 0 THEN 0 WHEN 1 THEN 40 ELSE 100 END,
            CASE st WHEN 0 THEN '' WHEN 1 THEN '0,1,2-0,1,2' ELSE '0,1,2,3-0,1,2,3-0,1,2,3-0,1,2,3-0,1,2' END,
            CASE st WHEN 1 THEN '/tema/modulo3/2' END,
            CASE st WHEN 2 THEN now() - (i % 300) * interval '1 day' END,
            CASE st WHEN 2 THEN now() - (i % 300) * interval '1 day' END,
            now() - (i % 300) * interval '1 day'
       FROM ${learners} l`,
    p,
  );
  await tx.query(
    `INSERT INTO answers (company_id, user_id, course_id, cycle, question_id, question,
                          chosen_option, correct_option, correct, content_version, answered_at,
                          latency_ms, received_at)
     SELECT company_id, id, 'curso-sst', 1, 'm' || (q / 3 + 1) || '-q' || (q % 3 + 1),
            '¿Qué hace usted si ve un peligro en la obra? Pregunta ' || q,
            'Aviso al encargado', 'Aviso al encargado', (id + q) % 5 <> 0, '1.0.0',
            now() - (i % 300) * interval '1 day' - interval '1 hour', 1200 + (q * 37) % 900,
            now() - (i % 300) * interval '1 day' - interval '1 hour'
       FROM ${learners} l
       CROSS JOIN generate_series(0, ${ANSWERS_PER_COMPLETED - 1}) q
      WHERE st = 2 OR (st = 1 AND q < ${ANSWERS_PER_STARTED})`,
    p,
  );
  await tx.query(
    `INSERT INTO learning_sessions (company_id, user_id, session_id, course_id, cycle, started_at,
                                    seconds, updated_at, first_seen_at)
     SELECT company_id, id, 's' || id || '-' || k, 'curso-sst', 1,
            now() - (i % 300) * interval '1 day' - (3 - k) * interval '1 hour', 1500 + (id % 7) * 60,
            now() - (i % 300) * interval '1 day', now() - (i % 300) * interval '1 day'
       FROM ${learners} l CROSS JOIN generate_series(1, 2) k
      WHERE st = 2 OR (st = 1 AND k = 1)`,
    p,
  );
  await tx.query(
    `INSERT INTO tokens (company_id, user_id, token_hash, created_at, expires_at, scope)
     SELECT company_id, id, encode(sha256(('semilla-token-' || id)::bytea), 'hex'),
            now() - (i % 300) * interval '1 day', now() - (i % 300) * interval '1 day' + interval '7 days',
            'app'
       FROM ${learners} l WHERE st > 0`,
    p,
  );
  await tx.query(
    `INSERT INTO certificates (company_id, user_id, code, url_file, name, document, score,
                               issued_at, file_token, course_title, completed_at, course_id, cycle)
     SELECT company_id, id, 'SST-' || upper(lpad(to_hex(id), 8, '0')),
            '/certificados/SST-' || upper(lpad(to_hex(id), 8, '0')) || '.pdf', name, document, 100,
            now() - (i % 300) * interval '1 day', encode(sha256(('semilla-archivo-' || id)::bytea), 'hex'),
            'Inducción en seguridad y salud en el trabajo', now() - (i % 300) * interval '1 day',
            'curso-sst', 1
       FROM ${learners} l WHERE st = 2`,
    p,
  );
  await tx.query(
    `INSERT INTO audit_log (company_id, at, actor_id, actor_name, action, target_id, target_name, details)
     SELECT l.company_id, now() - interval '300 days', co.id, co.name, 'crear-usuario', l.id, l.name,
            jsonb_build_object('documento', l.document, 'obra', l.obra)
       FROM ${learners} l JOIN users co ON co.company_id = l.company_id AND co.role = 'coordinador'
     UNION ALL
     SELECT company_id, now() - interval '300 days', id, name, 'aviso-datos-aceptado', id, name,
            jsonb_build_object('version', $3::text)
       FROM ${learners} l`,
    [...p, s.notice],
  );
}

/**
 * What a completed learner's rows above add up to (the acceptance seals them, as the server's
 * learningFacts would read them): two sessions, 14 first answers, those with (id + q) % 5 <> 0
 * right.
 */
export function completedFacts(id: number) {
  let firstCorrect = 0;
  for (let q = 0; q < ANSWERS_PER_COMPLETED; q++) if ((id + q) % 5 !== 0) firstCorrect++;
  return {
    secondsSpent: 2 * (1500 + (id % 7) * 60),
    firstCorrect,
    firstAnswered: ANSWERS_PER_COMPLETED,
  };
}

interface CompletedRow {
  id: number;
  company_id: number;
  name: string;
  document: string;
  completed_at: Date;
}

/** The completed learners of companies `from`..`to`, by company, in the order they completed. */
async function completedByCompany(tx: Queryable, from: number, to: number) {
  await tx.query('ANALYZE progress');
  const rows = await tx.query<CompletedRow>(
    `SELECT u.id, u.company_id, u.name, u.document, p.completed_at
       FROM users u JOIN progress p ON p.user_id = u.id
      WHERE u.company_id BETWEEN $1 AND $2 AND p.company_id BETWEEN $1 AND $2
        AND p.completed_at IS NOT NULL
      ORDER BY u.company_id, p.completed_at, u.id`,
    [from, to],
  );
  const by = new Map<number, CompletedRow[]>();
  for (const r of rows) {
    const list = by.get(Number(r.company_id)) ?? [];
    list.push(r);
    by.set(Number(r.company_id), list);
  }
  return by;
}

/** The shown text, the published statements and the sealed chain of company `c`. */
async function sealCompany(
  tx: Queryable,
  key: Awaited<ReturnType<typeof keyFromDatabase>>,
  c: number,
  rows: CompletedRow[],
): Promise<number> {
  const own = companyKey(key, c);
  await recordCompanyKeyId(tx, own);
  const body = statementText(c);
  const hash = createHash('sha256').update(body, 'utf8').digest('hex');
  await tx.query(
    `INSERT INTO shown_texts (company_id, hash, body, first_shown_at)
     VALUES ($1, $2, $3, now() - interval '400 days')`,
    [c, hash, body],
  );
  await tx.query(
    `INSERT INTO published_statements (company_id, user_id, hash, obra, body, first_published_at)
     SELECT p.company_id, p.user_id, $2, u.obra, $3, p.completed_at - interval '2 minutes'
       FROM progress p JOIN users u ON u.id = p.user_id
      WHERE p.company_id = $1 AND p.completed_at IS NOT NULL`,
    [c, hash, body],
  );
  if (rows.length === 0) return 0;
  let prev = GENESIS;
  const cols: unknown[][] = Array.from({ length: 13 }, () => []);
  let first: string | null = null;
  let last: string | null = null;
  for (const r of rows) {
    const receivedAt = new Date(new Date(r.completed_at).getTime() + 60_000).toISOString();
    first ??= receivedAt;
    last = receivedAt;
    const fields: SealedFields = {
      userId: Number(r.id),
      courseId: 'curso-sst',
      cycle: 1,
      name: r.name,
      document: r.document,
      deviceTime: null,
      receivedAt,
      sessionId: `s${r.id}-2`,
      shownVersion: hash,
      ...completedFacts(Number(r.id)),
      keyId: own.keyId,
    };
    const seal = computeSeal(own.sealKey, prev, fields);
    const values = [
      fields.userId,
      fields.name,
      fields.document,
      receivedAt,
      fields.sessionId,
      fields.secondsSpent,
      fields.firstCorrect,
      fields.firstAnswered,
      prev,
      seal,
    ];
    values.forEach((v, i) => cols[i]!.push(v));
    prev = seal;
  }
  // WITH ORDINALITY + ORDER BY: the ids follow the chain's order, which is the rows' id order.
  await tx.query(
    `INSERT INTO acceptances (company_id, user_id, course_id, cycle, name, document, device_time,
                              received_at, session_id, shown_version, seconds_spent, first_correct,
                              first_answered, key_id, prev_seal, seal)
     SELECT $1, a.user_id, 'curso-sst', 1, a.name, a.document, NULL, a.received_at::timestamptz,
            a.session_id, $2, a.seconds, a.correct, a.answered, $3, a.prev_seal, a.seal
       FROM unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
                   $10::int[], $11::int[], $12::text[], $13::text[])
            WITH ORDINALITY AS a(user_id, name, document, received_at, session_id, seconds,
                                 correct, answered, prev_seal, seal, n)
      ORDER BY a.n`,
    [c, hash, own.keyId, ...cols.slice(0, 10)],
  );
  const head: ChainHead = {
    count: rows.length,
    lastSeal: prev,
    firstReceivedAt: first,
    lastReceivedAt: last,
    keyId: own.keyId,
    seal: null,
  };
  await tx.query(
    `INSERT INTO acceptance_chain_head (company_id, count, last_seal, first_received_at,
                                        last_received_at, key_id, seal)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (company_id) DO UPDATE SET count = excluded.count, last_seal = excluded.last_seal,
       first_received_at = excluded.first_received_at, last_received_at = excluded.last_received_at,
       key_id = excluded.key_id, seal = excluded.seal, updated_at = now()`,
    [c, head.count, head.lastSeal, first, last, own.keyId, computeHeadSeal(own, head)],
  );
  return rows.length;
}

export interface SeedProgress {
  (done: number, total: number, step: string): void;
}

/**
 * Seeds `s.companies` × `s.learners` into a migrated, learner-free database, `batch` companies
 * per transaction. Every statement names all companies (`todas`, record 0283) and writes an
 * explicit company_id, so it holds under the strict wall.
 */
export async function seedCompanies(
  db: Db,
  s: SeedShape,
  progress: SeedProgress = () => {},
  batch = 20,
): Promise<void> {
  const all = acrossAll(db);
  await ensureCompanies(db, s.companies);
  // The installation's secret (made here when the database has none, as the server would).
  const key = await keyFromDatabase(all);
  await withoutForeignKeys(db, async () => {
    for (let from = 1; from <= s.companies; from += batch) {
      const to = Math.min(s.companies, from + batch - 1);
      await all.transaction(async (tx) => {
        await seedBatch(tx, s, from, to);
        const completed = await completedByCompany(tx, from, to);
        for (let c = from; c <= to; c++) await sealCompany(tx, key, c, completed.get(c) ?? []);
      });
      progress(to, s.companies, 'empresas');
    }
  });
  await db.query('ANALYZE');
}

/** The tables a learner's rows fill, below users: their foreign keys are checked once, at the end. */
const BULK_TABLES = [
  'answers',
  'learning_sessions',
  'tokens',
  'induction_cycles',
  'progress',
  'certificates',
  'audit_log',
  'published_statements',
  'acceptances',
];

/**
 * Runs `fn` with the foreign keys of BULK_TABLES dropped, then adds each back as it was (its
 * definition from pg_constraint): PostgreSQL then checks every row in one join per key instead of
 * three lookups per inserted row — the usual bulk load, and the rows are checked all the same.
 */
async function withoutForeignKeys(db: Db, fn: () => Promise<void>): Promise<void> {
  const keys = await db.query<{ tbl: string; name: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()
        AND c.conrelid::regclass::text = ANY($1::text[])`,
    [BULK_TABLES],
  );
  for (const k of keys) await db.query(`ALTER TABLE ${k.tbl} DROP CONSTRAINT ${k.name}`);
  try {
    await fn();
  } finally {
    for (const k of keys) await db.query(`ALTER TABLE ${k.tbl} ADD CONSTRAINT ${k.name} ${k.def}`);
  }
}

/** Bytes of every table and index of the current schema. */
export async function schemaBytes(db: Queryable): Promise<number> {
  const [row] = await db.query<{ bytes: string }>(
    `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')`,
  );
  return Number(row?.bytes ?? 0);
}
