// npm run bench:server -- --instances [--requests N] [--concurrency C] [--json]
// Two server instances on one PostgreSQL (decision 0233), each in its own process, behind the
// round-robin Node proxy of server/scale-out.ts. Reports:
//   - save (update-user) throughput and p99 with one instance, and with two behind the proxy
//     (on a 2-core machine the ratio measures contention as much as scaling: reported, not gated);
//   - saves p99 and the event-loop p99 of the instance serving them, at rest and while that same
//     instance exports a 1,700-row «Registro de inducción» — with the export worker (decision
//     0232) and, for contrast, with the export drawn on the event loop (as before 0232).
// Pass/fail: the event-loop p99 during the worker export stays under 50 ms.
// Needs DATABASE_URL or TEST_DATABASE_URL (a schema of its own, dropped afterwards).
import { randomBytes } from 'node:crypto';
import { openPostgres, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { createUser } from '../server/db/store.ts';
import { coordinatorConsoleToken } from './bench/console-token.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../server/db/activity-store.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { seedCompletedLearners, spawnInstance, startRoundRobinProxy } from '../server/scale-out.ts';
import { readConfiguration } from '../course-files/read-config.ts';
import { ROOT } from '../course-files/read-content.ts';
import { join } from 'node:path';
import { envText } from '../scripts/lib/env.ts';
import { saveProgress, signInLearner, type SignedInLearner } from './bench/learner-sign-in.ts';

const ROWS = 1700;
const PASSWORD = 'bench-escala-123';
const BUDGET_MS = 50;

type Learner = SignedInLearner;

const signIn = (base: string, document: string) => signInLearner(base, document, PASSWORD);

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;

/** Saves by `learners` (one per client) against `base` until `stop()` or `total` saves. */
async function saves(
  base: string,
  learners: Learner[],
  options: { total?: number; until?: Promise<unknown> },
) {
  let settled = false;
  void options.until?.finally(() => (settled = true));
  const latencies: number[] = [];
  let errors = 0;
  /** How the refused saves were answered: status → count (0 = no answer). */
  const refused: Record<number, number> = {};
  let issued = 0;
  const started = performance.now();
  const more = () => (options.until ? !settled : issued < (options.total ?? 0));
  await Promise.all(
    learners.map(async (l, w) => {
      while (more()) {
        const i = issued++;
        const t0 = performance.now();
        const res = await saveProgress(base, l, i + w);
        if (!res || res.status !== 200) {
          errors++;
          refused[res?.status ?? 0] = (refused[res?.status ?? 0] ?? 0) + 1;
        }
        await res?.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    saves: latencies.length,
    errors,
    refused,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

type SaveStats = Awaited<ReturnType<typeof saves>>;

/** The two save scenarios of an export run, named for the report. */
const pick = <T>(r: { rest: T; busy: T }, prefix = '') => ({
  [`${prefix}at rest`]: r.rest,
  [`${prefix}during export`]: r.busy,
});

/**
 * The first obra's registro of ROWS completed learners, `concurrency` learners who save, and a
 * coordinator's console token to export the registro with.
 */
async function seedBench(
  db: Db,
  concurrency: number,
  log: (line: string) => void,
): Promise<{ obra: string; documents: string[]; consoleToken: string }> {
  const config = readConfiguration(
    { config: join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json') },
    { firstObra: true },
  ).config;
  log(`  scale-out: seeding ${ROWS} completed learners for the registro`);
  await seedCompletedLearners(db, ROWS, config.obras[0]!.slug);
  const documents = Array.from({ length: concurrency }, (_, i) => String(8_000_000_001 + i));
  // The server saves only for a learner who accepted its data notice (record 0213): the
  // instances show this configuration's, so the learners have accepted that one.
  const notice = dataNoticeVersion(config);
  await publishDataNoticeVersion(db, notice);
  for (const document of documents) {
    const learner = await createUser(db, {
      document,
      name: `Aprendiz ${document}`,
      password: PASSWORD,
    });
    if ((await acceptDataNotice(db, learner.id, notice)) !== 'accepted')
      throw new Error(`aviso de datos no registrado para ${document}`);
  }
  const consoleToken = await coordinatorConsoleToken(db, 'C-bench');
  return { obra: config.obras[0]!.slug, documents, consoleToken };
}

const loopP99 = async (base: string) =>
  ((await (await fetch(`${base}/__event-loop`)).json()) as { p99: number }).p99;

/** Saves on `base` at rest (requests/2), then while `base` exports the registro. */
async function duringExport(
  base: string,
  learners: Learner[],
  requests: number,
  exportRequest: { path: string; token: string },
) {
  const rest = await loopP99(base).then(() =>
    saves(base, learners, { total: Math.ceil(requests / 2) }),
  );
  const restLoop = await loopP99(base);
  const t0 = performance.now();
  const exported = fetch(`${base}${exportRequest.path}`, {
    headers: { authorization: exportRequest.token },
  }).then(async (r) => {
    const bytes = (await r.arrayBuffer()).byteLength;
    if (r.status !== 200) throw new Error(`registro.pdf: HTTP ${r.status}`);
    return { bytes, seconds: (performance.now() - t0) / 1000 };
  });
  const busy = await saves(base, learners, { until: exported });
  const busyLoop = await loopP99(base);
  return { rest, restLoop, busy, busyLoop, export: await exported };
}

type ExportRun = Awaited<ReturnType<typeof duringExport>>;

function formatScaleOut(
  r: { concurrency: number; one: SaveStats; two: SaveStats; worker: ExportRun; inline: ExportRun },
  failedSaves: string[],
): string {
  const { concurrency, one, two, worker, inline } = r;
  const f = (n: number) => n.toFixed(1);
  const row = (name: string, s: SaveStats) =>
    `  ${name.padEnd(34)} ${String(s.saves).padStart(6)} saves  ${f(s.perSecond).padStart(7)}/s  p50 ${f(s.p50Ms).padStart(6)} ms  p99 ${f(s.p99Ms).padStart(7)} ms  errors ${s.errors}`;
  return [
    `Two instances on one PostgreSQL (${concurrency} learners saving at once)`,
    row('one instance', one),
    row('two instances behind the proxy', two),
    `  throughput ratio two/one: ${(two.perSecond / one.perSecond).toFixed(2)} (on this machine's cores: contention as much as scaling)`,
    '',
    `Saves on the instance exporting a ${ROWS}-row registro (event-loop p99 of that instance)`,
    row('worker: at rest', worker.rest) + `  loop p99 ${f(worker.restLoop)} ms`,
    row('worker: during export', worker.busy) +
      `  loop p99 ${f(worker.busyLoop)} ms  (export ${f(worker.export.seconds)} s, ${Math.round(worker.export.bytes / 1024)} KB)`,
    row('on the loop: at rest', inline.rest) + `  loop p99 ${f(inline.restLoop)} ms`,
    row('on the loop: during export', inline.busy) +
      `  loop p99 ${f(inline.busyLoop)} ms  (export ${f(inline.export.seconds)} s)`,
    `  ${worker.busyLoop < BUDGET_MS ? 'PASS' : 'FAIL'}: event-loop p99 during the worker export ${f(worker.busyLoop)} ms (budget ${BUDGET_MS} ms)`,
    ...(failedSaves.length
      ? [`  FAIL: saves refused (HTTP status: count) — ${failedSaves.join('; ')}`]
      : []),
  ].join('\n');
}

/** `--requests N` and `--concurrency C` (a bad or missing number keeps the default), `--json`. */
function scaleOutOptions(argv: string[]) {
  const number = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    const n = i >= 0 ? Number(argv[i + 1]) : fallback;
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    requests: number('requests', 1000),
    concurrency: number('concurrency', 10),
    json: argv.includes('--json'),
  };
}

/** The scenarios with refused saves: name, count and how they were answered. */
const refusedSaves = (runs: Record<string, SaveStats>) =>
  Object.entries(runs)
    .filter(([, r]) => r.errors > 0)
    .map(([name, r]) => `${name}: ${r.errors} (${JSON.stringify(r.refused)})`);

export async function benchScaleOut(argv: string[]): Promise<number> {
  const url = envText('DATABASE_URL') ?? envText('TEST_DATABASE_URL');
  if (!url) {
    console.error(
      'bench:server --instances: se necesita PostgreSQL (DATABASE_URL o TEST_DATABASE_URL; en este repositorio: source scripts/ci-postgres.sh).',
    );
    return 2;
  }
  const { requests, concurrency, json } = scaleOutOptions(argv);
  const log = (line: string) => console.error(line);

  const schema = `bench_scale_${randomBytes(4).toString('hex')}`;
  const db = await openPostgres(url, { schema, max: 5, sessionCompany: '1' });
  const stops: (() => Promise<void>)[] = [];
  try {
    await migrate(db);
    const { obra, documents, consoleToken } = await seedBench(db, concurrency, log);

    log('  scale-out: starting two instances (worker exports) and one with exports on the loop');
    const a = await spawnInstance({ databaseUrl: url, schema });
    stops.push(a.stop);
    const b = await spawnInstance({ databaseUrl: url, schema });
    stops.push(b.stop);
    const proxy = await startRoundRobinProxy([a.url, b.url]);
    stops.push(proxy.close);
    const learners: Learner[] = [];
    for (const d of documents) learners.push(await signIn(proxy.url, d));

    // Throughput: one instance, then two behind the proxy (same sessions: shared state).
    await saves(a.url, learners, { total: Math.min(200, requests) }); // warm-up
    log('  scale-out: saves, one instance');
    const one = await saves(a.url, learners, { total: requests });
    await saves(proxy.url, learners, { total: Math.min(200, requests) });
    log('  scale-out: saves, two instances behind the proxy');
    const two = await saves(proxy.url, learners, { total: requests });

    const year = new Date().getUTCFullYear();
    const exportRequest = {
      path: `/consola/registro.pdf?obra=${obra}&desde=${year - 2}-01-01&hasta=${year + 1}-01-01`,
      token: consoleToken,
    };
    log('  scale-out: registro export with the worker');
    const worker = await duringExport(a.url, learners, requests, exportRequest);
    const inlineInstance = await spawnInstance({ databaseUrl: url, schema, exportsInline: true });
    stops.push(inlineInstance.stop);
    log('  scale-out: registro export on the event loop (before decision 0232), for contrast');
    const inline = await duringExport(inlineInstance.url, learners, requests, exportRequest);

    // Every save must be stored: a refused save (a bench learner the server will not save for)
    // would make the times those of an error answer, and the figures meaningless.
    const failedSaves = refusedSaves({
      one,
      two,
      ...pick(worker, 'worker: '),
      ...pick(inline, 'on the loop: '),
    });
    const pass = worker.busyLoop < BUDGET_MS && failedSaves.length === 0;
    const result = { requests, concurrency, rows: ROWS, one, two, worker, inline, pass };
    if (json) console.log(JSON.stringify(result, null, 2));
    else console.log(formatScaleOut(result, failedSaves));
    return pass ? 0 : 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await db.close();
    const admin = await openPostgres(url, { max: 1 });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}
