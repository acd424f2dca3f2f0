// npm run bench:server [-- --requests N] [--concurrency C] [--seconds S] [--json]
// npm run bench:server -- --instances [--requests N] [--concurrency C] [--json]: two instances on
// one PostgreSQL behind a proxy, and saves during a registro export (tools/bench-scale-out.ts).
// The API server under load on loopback: update-user and me, the two calls the web course makes
// while a learner works, on PGlite (on disk in a temp folder, as in production) and, when
// DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL (in a temp schema, dropped afterwards).
// Beside them, a trivial Fastify route ({ok:true}) measured in the same run: the floor that
// Node + Fastify + fetch set on this machine. Bounded: N requests per scenario after a short
// warm-up, C at a time, stopping early at S seconds.
// Then the data-folder lock race (decision 0050), 50 rounds × 8 processes per lock strategy, and the
// CSV import of 10,000 generated rows (1 in 50 bad) as UTF-8 and as Windows-1252: time apart
// from hashing, hashing time, and production-cost hashing measured on a sample
// (tools/bench/lock-and-import.ts).
// Then (decision 0112) the coordinator console at 10,000 learners: tools/bench-console.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { createUser } from '../server/db/store.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../server/db/activity-store.ts';
import { benchConsole, formatConsoleBench } from './bench-console.ts';
import { benchImport, benchLockRace, formatLockAndImport } from './bench/lock-and-import.ts';
import { openScratchSchema } from '../server/test-support.ts';
import { envText } from '../scripts/lib/env.ts';

const USAGE =
  'Uso: npm run bench:server [-- --requests N] [--concurrency C] [--seconds S] [--json] | -- --instances [--requests N] [--concurrency C] [--json]';

interface Options {
  requests: number;
  concurrency: number;
  seconds: number;
  json: boolean;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { requests: 2000, concurrency: 10, seconds: 30, json: false };
  const limits: Record<string, [number, number]> = {
    requests: [10, 100_000],
    concurrency: [1, 200],
    seconds: [1, 300],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') o.json = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      const m = /^--(requests|concurrency|seconds)(?:=(.*))?$/.exec(a);
      if (!m) throw new Error(`unknown option ${a}`);
      const key = m[1] as 'requests' | 'concurrency' | 'seconds';
      const raw = m[2] ?? argv[++i];
      const n = Number(raw);
      const [lo, hi] = limits[key]!;
      if (!Number.isInteger(n) || n < lo || n > hi)
        throw new Error(`--${key} wants a whole number from ${lo} to ${hi}, got "${raw ?? ''}"`);
      o[key] = n;
    }
  }
  return o;
}

export interface LoadResult {
  scenario: string;
  engine: string;
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** True when the time cap stopped the scenario before all requests were sent. */
  capped: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;

/**
 * Sends `total` requests, `concurrency` at a time, each made by `request(worker, i)`; a response
 * other than 200 with success:true (or ok:true) counts as an error.
 */
async function drive(
  total: number,
  concurrency: number,
  capMs: number,
  request: (worker: number, i: number) => Promise<Response>,
): Promise<Omit<LoadResult, 'scenario' | 'engine'>> {
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + capMs;
  const worker = async (w: number) => {
    while (issued < total && performance.now() < deadline) {
      const i = issued++;
      const t0 = performance.now();
      try {
        const res = await request(w, i);
        const body = (await res.json()) as { success?: boolean; ok?: boolean };
        if (res.status !== 200 || !(body.success ?? body.ok)) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    capped: latencies.length < total,
  };
}

const urlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

interface Learner {
  id: number;
  token: string;
  xsrf: string;
}

/** Signs a learner in the way the web course does: XSRF cookie first, then auth/login. */
async function signIn(base: string, document: string, password: string): Promise<Learner> {
  const csrf = await fetch(`${base}/api/v1/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('\n'))?.[1];
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie from csrf-cookie');
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ document, password }),
  });
  const body = (await res.json()) as { success?: boolean; token?: string; user?: { id: number } };
  if (res.status !== 200 || !body.token || !body.user)
    throw new Error(`sign-in failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  // Sign-in binds a fresh XSRF token to the session (docs/decisions/0051-…): echo that one.
  const bound = /XSRF-TOKEN=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
  if (!bound) throw new Error('no session XSRF-TOKEN cookie from auth/login');
  return { id: body.user.id, token: body.token, xsrf: bound };
}

interface Engine {
  name: string;
  open(): Promise<{ db: Db; cleanup(): Promise<void> }>;
}

function engines(): Engine[] {
  const list: Engine[] = [
    {
      name: 'PGlite',
      async open() {
        const dir = mkdtempSync(join(tmpdir(), 'curso-sst-bench-server-'));
        const db = await openPglite(join(dir, 'pglite'));
        await migrate(db);
        return {
          db,
          async cleanup() {
            await db.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  const url = envText('DATABASE_URL') ?? envText('TEST_DATABASE_URL');
  if (url)
    list.push({
      name: 'PostgreSQL',
      open: () => openScratchSchema(url, 'bench'),
    });
  return list;
}

/**
 * One learner per concurrent client, as in a class taking the course together: each
 * update-user locks only its own progress row. Each has accepted the data notice, or the
 * server saves nothing (record 0213).
 */
async function seedLearners(db: Db, count: number, password: string): Promise<string[]> {
  const documents = Array.from({ length: count }, (_, i) => String(9_000_000_001 + i));
  await publishDataNoticeVersion(db, 'aviso-bench');
  for (const document of documents) {
    const user = await createUser(db, {
      document,
      name: `Aprendiz ${document}`,
      email: null,
      password,
    });
    await acceptDataNotice(db, user.id, 'aviso-bench');
  }
  return documents;
}

type LearnerRequest = (worker: number, i: number) => Promise<Response>;

/** The two calls the web course makes while a learner works, made by learner `worker`. */
function learnerCalls(base: string, learners: Learner[]): [string, LearnerRequest][] {
  const headers = (l: Learner) => ({
    authorization: l.token,
    cookie: `XSRF-TOKEN=${l.xsrf}`,
    'x-xsrf-token': l.xsrf,
  });
  // Multipart bodies, as the web course's FormData sends them. Half the course done, a new
  // bookmark on each call, so every update is a real write.
  const route = '0,1,2,3,4,5,6-0,1,2,3,4,5,6-0,1,2-{}-{}';
  const updateUser: LearnerRequest = (w, i) => {
    const l = learners[w]!;
    const form = new FormData();
    form.append('id', String(l.id));
    form.append('score', '40');
    form.append('route', route);
    form.append('current_location', `/tema/modulo3/${i % 7}`);
    return fetch(`${base}/api/v1/update-user`, {
      method: 'POST',
      headers: headers(l),
      body: form,
    });
  };
  const me: LearnerRequest = (w) => {
    const l = learners[w]!;
    return fetch(`${base}/api/v1/me`, {
      method: 'POST',
      headers: headers(l),
      body: new FormData(),
    });
  };
  return [
    ['update-user', updateUser],
    ['me', me],
  ];
}

async function benchEngine(
  engine: Engine,
  o: Options,
  log: (line: string) => void,
): Promise<LoadResult[]> {
  const { db, cleanup } = await engine.open();
  let app: FastifyInstance | null = null;
  try {
    const password = 'bench-clave-123';
    const documents = await seedLearners(db, o.concurrency, password);
    app = await buildApp({
      db,
      webDir: null,
      lmsPreviewDir: null,
      logger: false,
      rateLimits: { loginPerIp: 0 },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = urlOf(app);
    const learners: Learner[] = [];
    for (const d of documents) learners.push(await signIn(base, d, password));
    const out: LoadResult[] = [];
    for (const [scenario, request] of learnerCalls(base, learners)) {
      await drive(Math.min(200, o.requests), o.concurrency, o.seconds * 1000, request); // warm-up
      log(`  ${engine.name}: ${scenario}`);
      out.push({
        scenario,
        engine: engine.name,
        ...(await drive(o.requests, o.concurrency, o.seconds * 1000, request)),
      });
    }
    return out;
  } finally {
    await app?.close();
    await cleanup();
  }
}

async function benchTrivial(o: Options, log: (line: string) => void): Promise<LoadResult> {
  const app = Fastify({ logger: false });
  app.get('/ok', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const url = `${urlOf(app)}/ok`;
    await drive(Math.min(200, o.requests), o.concurrency, o.seconds * 1000, () => fetch(url));
    log('  trivial Fastify route');
    return {
      scenario: 'GET {ok:true}',
      engine: 'Fastify alone',
      ...(await drive(o.requests, o.concurrency, o.seconds * 1000, () => fetch(url))),
    };
  } finally {
    await app.close();
  }
}

function formatTable(results: LoadResult[], o: Options): string {
  const header = ['Scenario', 'Database', 'Requests', 'Errors', 'Req/s', 'p50', 'p99', 'max'];
  const rows = results.map((r) => [
    r.scenario,
    r.engine,
    `${r.requests}${r.capped ? ' (time cap)' : ''}`,
    String(r.errors),
    r.requestsPerSecond.toFixed(0),
    `${r.p50Ms.toFixed(1)} ms`,
    `${r.p99Ms.toFixed(1)} ms`,
    `${r.maxMs.toFixed(1)} ms`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [
    `API server on 127.0.0.1: ${o.requests} requests per scenario, ${o.concurrency} at a time (cap ${o.seconds} s), after a warm-up`,
    line(header),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...rows.map(line),
  ].join('\n');
}

async function main(): Promise<number> {
  // Two instances on one PostgreSQL (decision 0233): a mode of its own.
  if (process.argv.includes('--instances')) {
    const { benchScaleOut } = await import('./bench-scale-out.ts');
    return benchScaleOut(process.argv.slice(2));
  }
  let o: Options;
  try {
    o = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error(`bench:server: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const log = (line: string) => console.error(line);
  const started = Date.now();
  const results: LoadResult[] = [await benchTrivial(o, log)];
  for (const engine of engines()) results.push(...(await benchEngine(engine, o, log)));
  if (!envText('DATABASE_URL') && !envText('TEST_DATABASE_URL'))
    log('  (PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it)');
  const lock = await benchLockRace(log);
  const imports = await benchImport(log);
  // Decision 0112: the coordinator console's queries with 10,000 learners and 140,000 answers.
  const consoleBench = await benchConsole(log);
  const lockOk = lock.every((r) => r.errors.length === 0 && r.holders.every((h) => h === 1));
  if (o.json)
    console.log(
      JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          node: process.version,
          options: o,
          results,
          lock,
          imports,
          console: consoleBench,
        },
        null,
        2,
      ),
    );
  else {
    console.log(
      [
        formatTable(results, o),
        '',
        ...formatLockAndImport(lock, imports),
        '',
        ...formatConsoleBench(consoleBench),
        `(${((Date.now() - started) / 1000).toFixed(0)} s, Node ${process.version})`,
      ].join('\n'),
    );
  }
  const importOk = imports.results.every((r) => r.importSeconds < 30);
  return results.some((r) => r.errors > 0) || !lockOk || !importOk ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`bench:server: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 2;
  },
);
