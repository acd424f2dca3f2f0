// The coordinator console's queries at size (docs/decisions/0112-console-queries.md),
// part of `npm run bench:server`: 10,000 learners and 140,000 first answers seeded in SQL into
// PGlite on disk, then over HTTP on loopback (as the trivial route of the same run): the summary,
// a filtered and sorted page, a search, the CSV export of every learner and the PDF register.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import type { FastifyInstance } from 'fastify';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { coordinatorConsoleToken } from './bench/console-token.ts';
import { readConfiguration } from '../course-files/read-config.ts';
import { ROOT } from '../course-files/read-content.ts';

export interface ConsoleBench {
  learners: number;
  answers: number;
  seedSeconds: number;
  scenarios: { name: string; runs: number; p50: number; p95: number; max: number }[];
  exports: { name: string; ms: number; bytes: number }[];
}

const LEARNERS = 10_000;
const ANSWERS_PER_LEARNER = 14;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** 10,000 learners, their progress and 14 first answers each, seeded in SQL; seconds taken. */
async function seed(db: Db, log: (line: string) => void): Promise<number> {
  const seedStarted = performance.now();
  log(`  console: seeding ${LEARNERS} learners and ${LEARNERS * ANSWERS_PER_LEARNER} answers`);
  await db.query(
    `INSERT INTO users (document, name, email, password_hash, obra, contratista, cargo, fecha_ingreso)
     SELECT 'B' || g, 'Aprendiz ' || lpad(g::text, 5, '0'), 'a' || g || '@example.co', 'x',
            CASE WHEN g % 2 = 0 THEN 'puente-sur' END,
            CASE WHEN g % 5 = 0 THEN NULL ELSE 'Contratista ' || (g % 12) END,
            'Oficial', date '2025-01-01' + (g % 365)
       FROM generate_series(1, $1::integer) g`,
    [LEARNERS],
  );
  // A third not started, a third in progress, a third completed over the last 14 months.
  await db.query(
    `INSERT INTO progress (user_id, score, route, completed_at)
     SELECT id, CASE id % 3 WHEN 0 THEN 0 WHEN 1 THEN 40 ELSE 100 END,
            CASE id % 3 WHEN 0 THEN '' WHEN 1 THEN '0,1,2-0,1,2' ELSE '0,1,2,3-0,1,2,3-0,1,2,3-0,1,2,3-0,1,2' END,
            CASE WHEN id % 3 = 2 THEN now() - (id % 420) * interval '1 day' END
       FROM users`,
  );
  await db.query(
    `INSERT INTO answers (user_id, course_id, cycle, question_id, question, chosen_option,
                          correct_option, correct, content_version, answered_at, latency_ms)
     SELECT u.id, 'curso-sst', 1, 'm' || (q / 3 + 1) || '-q' || (q % 3 + 1),
            'Pregunta de prueba número ' || q, 'Opción elegida', 'Opción correcta',
            (u.id + q) % 4 <> 0, '1.0.0', now() - interval '1 day', 1200
       FROM users u CROSS JOIN generate_series(0, $1::integer - 1) q`,
    [ANSWERS_PER_LEARNER],
  );
  await db.exec('ANALYZE');
  return (performance.now() - seedStarted) / 1000;
}

/** A coordinator's GET of a console path: the body, or an error unless HTTP 200. */
type FetchOk = (path: string) => Promise<Uint8Array>;

const PAGES: [string, string][] = [
  ['summary (/consola)', '/consola'],
  [
    'filtered page (obra + contratista + estado, sorted, page 3)',
    '/consola/aprendices?obra=puente-sur&estado=completado&orden=finalizado&dir=desc&pagina=3',
  ],
  ['search (name contains)', '/consola/aprendices?q=aprendiz+0042'],
  ['learners table, page 100', '/consola/aprendices?pagina=100'],
];

/** Each console page `runs` times after a warm-up: p50, p95 and max. */
async function timePages(
  fetchOk: FetchOk,
  runs: number,
  log: (line: string) => void,
): Promise<ConsoleBench['scenarios']> {
  const scenarios: ConsoleBench['scenarios'] = [];
  for (const [name, path] of PAGES) {
    for (let i = 0; i < 5; i++) await fetchOk(path); // warm-up
    log(`  console: ${name}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fetchOk(path);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    scenarios.push({
      name,
      runs,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
    });
  }
  return scenarios;
}

/** The CSV of every learner and the registro PDF, once each: time and size. */
async function timeExports(
  fetchOk: FetchOk,
  log: (line: string) => void,
): Promise<ConsoleBench['exports']> {
  const exports: ConsoleBench['exports'] = [];
  const year = new Date().getUTCFullYear();
  for (const [name, path] of [
    ['CSV of all 10,000 learners', '/consola/exportar.csv'],
    [
      'Registro PDF (one obra, 14 months)',
      `/consola/registro.pdf?obra=torre-norte&desde=${year - 2}-01-01&hasta=${year}-12-31`,
    ],
  ] as const) {
    log(`  console: ${name}`);
    const t0 = performance.now();
    const body = await fetchOk(path);
    exports.push({ name, ms: performance.now() - t0, bytes: body.length });
  }
  return exports;
}

/** The console's server on loopback, with a coordinator's session to ask it with. */
async function startConsole(db: Db): Promise<{ app: FastifyInstance; fetchOk: FetchOk }> {
  const token = await coordinatorConsoleToken(db, 'C-1');
  const config = readConfiguration(
    { config: join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json') },
    { firstObra: true },
  ).config;
  const app = await buildApp({
    db,
    webDir: null,
    lmsPreviewDir: null,
    logger: false,
    console: { config },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const fetchOk: FetchOk = async (path) => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: token } });
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
    return body;
  };
  return { app, fetchOk };
}

export async function benchConsole(log: (line: string) => void, runs = 40): Promise<ConsoleBench> {
  const dir = mkdtempSync(join(tmpdir(), 'curso-bench-console-'));
  const db = await openPglite(join(dir, 'pglite'));
  try {
    await migrate(db);
    const seedSeconds = await seed(db, log);
    const { app, fetchOk } = await startConsole(db);
    try {
      const scenarios = await timePages(fetchOk, runs, log);
      const exports = await timeExports(fetchOk, log);
      return {
        learners: LEARNERS,
        answers: LEARNERS * ANSWERS_PER_LEARNER,
        seedSeconds,
        scenarios,
        exports,
      };
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatConsoleBench(b: ConsoleBench): string[] {
  return [
    `Coordinator console on PGlite on disk: ${b.learners} learners, ${b.answers} answers (seeded in ${b.seedSeconds.toFixed(1)} s), sequential requests over HTTP`,
    ...b.scenarios.map(
      (s) =>
        `  ${s.name.padEnd(62)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  max ${s.max.toFixed(1).padStart(6)} ms  (${s.runs} runs${s.p95 <= 200 ? '' : '; over the 200 ms target'})`,
    ),
    ...b.exports.map(
      (e) =>
        `  ${e.name.padEnd(62)} ${(e.ms / 1000).toFixed(2)} s, ${(e.bytes / 1024).toFixed(0)} KiB`,
    ),
  ];
}

// Alone: npx tsx tools/bench-console.ts
if (process.argv[1]?.endsWith('bench-console.ts'))
  benchConsole((l) => console.error(l)).then((b) => console.log(formatConsoleBench(b).join('\n')));
