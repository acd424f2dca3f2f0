// npm run bench:million -- [--learners 10000|1000000] [--saves N] [--concurrency C] [--json]
// npm run bench:million -- --explain [--learners 10000|1000000]: the console's query plans.
// The record's cost at the size of an ARL (record 0289): on a schema seeded by
// `npm run seed:million` (10 companies × 1000 learners: millon_10x1000; 1000 × 1000:
// millon_1000x1000), two server instances in their own processes behind the round-robin proxy
// of server/scale-out.ts (decision 0233), and for each size: saves at saturation (p50, p95,
// saves/s), sign-in p95, a company's console summary and learners page p95 (company 1 and the
// last company), an obra's registro (500 rows), the database's bytes per learner — each figure
// with the machine's 1-minute load average when it was taken. Without --learners: both sizes,
// then the table with the ratios 1M/10k (the goal: each within 1.5×).
// Needs DATABASE_URL or TEST_DATABASE_URL (`source scripts/ci-postgres.sh`).
import { loadavg } from 'node:os';
import { openPostgres, type Db } from '../server/db/db.ts';
import { companyDb } from '../server/db/company-scope.ts';
import { migrate } from '../server/db/migrate.ts';
import { issueToken } from '../server/db/store.ts';
import { spawnInstance, startRoundRobinProxy } from '../server/scale-out.ts';
import { envText } from '../scripts/lib/env.ts';
import { coordinatorDocument, learnerDocument, schemaBytes } from './bench/million-seed.ts';
import { defaultSchema, SEED_PASSWORD } from './seed-million.ts';
import { explainConsole } from './bench/million-explain.ts';
import { saveProgress, signInLearner, type SignedInLearner } from './bench/learner-sign-in.ts';

const USAGE =
  'Uso: npm run bench:million -- [--learners 10000|1000000] [--saves N] [--concurrency C] [--json] [--explain]';

const SIZES: Record<string, { companies: number; learners: number }> = {
  '10000': { companies: 10, learners: 1000 },
  '1000000': { companies: 1000, learners: 1000 },
};

interface Figure {
  name: string;
  value: number;
  unit: string;
  load: number;
}

interface SizeResult {
  size: string;
  schema: string;
  learners: number;
  figures: Figure[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;

const load1 = () => loadavg()[0]!;

type Session = SignedInLearner;

const signIn = (base: string, document: string) => signInLearner(base, document, SEED_PASSWORD);

/** `total` saves by `learners` (one request at a time each): latencies and rate. */
async function saves(base: string, learners: Session[], total: number) {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    learners.map(async (l, w) => {
      while (issued < total) {
        const i = issued++;
        const t0 = performance.now();
        const res = await saveProgress(base, l, i + w);
        if (!res || res.status !== 200) errors++;
        await res?.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    errors,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

/** `runs` sequential GETs of `path` after 3 warm-ups: p95 (and every time, sorted). */
async function timeGet(base: string, token: string, path: string, runs: number) {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: token } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await get());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), times };
}

/** A console session for company `c`'s coordinator (seeded), issued under that company. */
async function consoleToken(db: Db, c: number): Promise<string> {
  const scoped = companyDb(db).forCompany(c);
  const [row] = await scoped.query<{ id: number }>('SELECT id FROM users WHERE document = $1', [
    coordinatorDocument(c),
  ]);
  if (!row) throw new Error(`no coordinator in company ${c}: seed it first (npm run seed:million)`);
  return issueToken(scoped, row.id, 3_600_000, 'consola');
}

async function benchSize(
  url: string,
  size: string,
  o: { saves: number; concurrency: number },
  log: (line: string) => void,
): Promise<SizeResult> {
  const shape = SIZES[size]!;
  const schema = defaultSchema(shape.companies, shape.learners);
  const db = await openPostgres(url, { schema, max: 2 });
  // The seeded schema at this checkout's migrations (an index added since the seed, record 0289).
  await migrate(db);
  const stops: (() => Promise<void>)[] = [];
  const figures: Figure[] = [];
  const add = (name: string, value: number, unit = 'ms') =>
    figures.push({ name, value, unit, load: load1() });
  try {
    const learners = await companyDb(db)
      .forCompany('todas')
      .query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE role = 'aprendiz'");
    const count = learners[0]?.n ?? 0;
    if (count !== shape.companies * shape.learners)
      throw new Error(
        `el esquema ${schema} tiene ${count} aprendices, no ${shape.companies * shape.learners}: npm run seed:million -- --companies ${shape.companies} --learners ${shape.learners}`,
      );
    log(`  ${size}: two instances on ${schema}`);
    const a = await spawnInstance({ databaseUrl: url, schema });
    stops.push(a.stop);
    const b = await spawnInstance({ databaseUrl: url, schema });
    stops.push(b.stop);
    const proxy = await startRoundRobinProxy([a.url, b.url]);
    stops.push(proxy.close);

    // Sign-in by document acts in company 1 (record 0283): its in-progress learners (the second
    // half, i % 3 = 1) sign in, two at a time, and then save.
    const half = shape.learners / 2;
    const documents: string[] = [];
    for (let i = half + 1; documents.length < o.concurrency && i <= shape.learners; i++)
      if (i % 3 === 1) documents.push(learnerDocument(1, i));
    log(`  ${size}: ${documents.length} sign-ins`);
    const sessions: Session[] = [];
    const signInTimes: number[] = [];
    for (let i = 0; i < documents.length; i += 2) {
      await Promise.all(
        documents.slice(i, i + 2).map(async (d) => {
          const t0 = performance.now();
          sessions.push(await signIn(proxy.url, d));
          signInTimes.push(performance.now() - t0);
        }),
      );
    }
    signInTimes.sort((x, y) => x - y);
    add('sign-in p95', percentile(signInTimes, 95));

    log(`  ${size}: ${o.saves} saves, ${sessions.length} at a time`);
    await saves(proxy.url, sessions, Math.min(300, o.saves)); // warm-up
    const s = await saves(proxy.url, sessions, o.saves);
    if (s.errors > 0) throw new Error(`${s.errors} saves refused`);
    add('save p50', s.p50);
    add('save p95', s.p95);
    add('saves/s at saturation', s.perSecond, '/s');

    const last = shape.companies;
    for (const c of [1, last]) {
      const token = await consoleToken(db, c);
      log(`  ${size}: console of company ${c}`);
      add(
        `console summary p95 (company ${c === 1 ? '1' : 'last'})`,
        (await timeGet(proxy.url, token, '/consola', 30)).p95,
      );
      add(
        `learners page p95 (company ${c === 1 ? '1' : 'last'})`,
        (await timeGet(proxy.url, token, '/consola/aprendices?pagina=10', 30)).p95,
      );
    }
    const year = new Date().getUTCFullYear();
    const registro = await timeGet(
      proxy.url,
      await consoleToken(db, last),
      `/consola/registro.pdf?obra=torre-norte&desde=${year - 2}-01-01&hasta=${year + 1}-01-01`,
      5,
    );
    add('registro, 500 rows (company last), median', registro.p50);

    const bytes = await schemaBytes(db);
    add('database bytes per learner', bytes / count, 'B');
    return { size, schema, learners: count, figures };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await db.close();
  }
}

const fmt = (f: Figure | undefined) =>
  f === undefined
    ? '—'
    : f.unit === 'ms'
      ? `${f.value.toFixed(1)} ms`
      : `${f.value.toFixed(0)}${f.unit === '/s' ? '/s' : ' B'}`;

export function formatMillion(results: SizeResult[]): string {
  const names = results[0]!.figures.map((f) => f.name);
  const header = ['Figure', ...results.map((r) => `${r.size} (load)`)];
  if (results.length === 2) header.push('ratio 1M/10k');
  const rows = names.map((name) => {
    const cells = results.map((r) => {
      const f = r.figures.find((x) => x.name === name);
      return `${fmt(f)} (${f?.load.toFixed(1) ?? '—'})`;
    });
    const row = [name, ...cells];
    if (results.length === 2) {
      const [x, y] = results.map((r) => r.figures.find((f) => f.name === name)!.value);
      // A rate falls where a time grows: its ratio is 10k/1M, so above 1 is worse either way.
      const ratio = name.startsWith('saves/s') ? x! / y! : y! / x!;
      row.push(`${ratio.toFixed(2)}${ratio <= 1.5 ? '' : '  over 1.5×'}`);
    }
    return row;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [
    'Two instances on one PostgreSQL, per size (1-minute load average when each figure was taken)',
    line(header),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...rows.map(line),
  ].join('\n');
}

function parse(argv: string[]) {
  const o = {
    sizes: Object.keys(SIZES),
    saves: 2000,
    concurrency: 24,
    json: false,
    explain: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') o.json = true;
    else if (a === '--explain') o.explain = true;
    else if (a === '--learners' && argv[i + 1] && SIZES[argv[i + 1]!]) o.sizes = [argv[++i]!];
    else if ((a === '--saves' || a === '--concurrency') && Number(argv[i + 1]) > 0)
      o[a === '--saves' ? 'saves' : 'concurrency'] = Math.floor(Number(argv[++i]));
    else throw new Error(`opción no válida: ${a}`);
  }
  return o;
}

async function main(): Promise<number> {
  let o: ReturnType<typeof parse>;
  try {
    o = parse(process.argv.slice(2));
  } catch (e) {
    console.error(`bench:million: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const url = envText('DATABASE_URL') ?? envText('TEST_DATABASE_URL');
  if (!url) {
    console.error(
      'bench:million: se necesita PostgreSQL (DATABASE_URL o TEST_DATABASE_URL; en este repositorio: source scripts/ci-postgres.sh).',
    );
    return 2;
  }
  const log = (line: string) => console.error(line);
  if (o.explain) {
    for (const size of o.sizes) {
      const { companies, learners } = SIZES[size]!;
      const db = await openPostgres(url, { schema: defaultSchema(companies, learners), max: 1 });
      try {
        await migrate(db);
        console.log(`# ${size}: company ${companies} of ${companies}`);
        console.log(await explainConsole(db, companies));
      } finally {
        await db.close();
      }
    }
    return 0;
  }
  const results: SizeResult[] = [];
  for (const size of o.sizes) results.push(await benchSize(url, size, o, log));
  if (o.json) console.log(JSON.stringify(results, null, 2));
  else console.log(formatMillion(results));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    const cause = (error as { cause?: unknown }).cause;
    console.error(`bench:million: ${(error as Error).stack ?? String(error)}`, cause ?? '');
    process.exitCode = 2;
  },
);
