// npm run bench:monday [-- --runs N] [--json] [--rebuild] [--port P]
// The coordinator's Monday, timed end to end (decision 0251): in headless Chromium, against our
// real server in its own process on a throwaway database (tools/bench/monday-server.ts), as a
// coordinator does it in the console — sign in, upload a CSV of 40 new workers (accents mixed,
// one obra that does not exist yet, created from the import screen), wait for the import job,
// filter the learners who started today and tick the 40, issue the invitations, download the
// printable cards (checked: 40 QR codes, each one of the links issued) — then the worker's side:
// on a 360-px phone, CPU ×4 + Fast 3G, one invitation link opened, the document typed, the data
// notice accepted, the course's first screen reached. A fresh server and database per run.
// Then the worker's first minute against its budgets (record 0275), medians of 5 on the same
// phone: sign-in page usable, invitation link → notice usable, «Acepto» tapped at once → course
// usable, code → course usable (tools/bench/web-first-screen.ts, as `npm run bench` measures).
// The invitations answer at once with a progress page (record 0273); an obra without its facts
// is named first and the bench goes on «de todos modos». The invitations' time for the 40
// (press → sheet ready) is printed apart, median (min–max) of the runs.
// Prints each step and the totals, median (min–max) of N runs (default 3), with the load
// average before and after; writes bench/monday-results.json. Not part of `npm test` or CI.
// Exit 2: bad usage, or the procedure itself failed (a count, a card or a screen not as expected).
// The coordinator's steps: tools/bench/monday-coordinator.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/browser-env.ts';
import { REPO_ROOT } from '../scripts/lib/package-scorm.ts';
import { applyCondition } from '../scripts/bench/measure-load.ts';
import {
  formatMonday,
  formatWorkerMinute,
  mondayCsv,
  PHONE_PROFILE,
  summariseMonday,
  WORKER_MINUTE_RUNS,
  type MondayRun,
  type WorkerMinute,
} from '../scripts/bench/monday.ts';
import { ensureWebBuild } from './bench/web-first-paint.ts';
import { measureWebFirstScreen } from './bench/web-first-screen.ts';
import { stat, type Stat } from '../scripts/bench/report.ts';
import { pageWatch, watchPages, type PageWatch } from './bench/page-watch.ts';
import { COORDINATOR, coordinatorSide, LONG, WORKERS } from './bench/monday-coordinator.ts';
import { processEnv } from '../scripts/lib/env.ts';

const USAGE = 'Uso: npm run bench:monday [-- --runs N] [--json] [--rebuild] [--port P]';
const RESULTS = join(REPO_ROOT, 'bench', 'monday-results.json');
const KNOWN_OBRA = 'Obra Ejemplo';
const NEW_OBRA = 'Torre Ñandú';

interface Options {
  runs: number;
  json: boolean;
  rebuild: boolean;
  /** The server's port; 0 lets the system choose. */
  port: number;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { runs: 3, json: false, rebuild: false, port: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') o.json = true;
    else if (a === '--rebuild') o.rebuild = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      const m = /^--(runs|port)(?:=(.*))?$/.exec(a);
      if (!m) throw new Error(`unknown option ${a}`);
      const raw = m[2] ?? argv[++i];
      const n = Number(raw);
      const [lo, hi] = m[1] === 'runs' ? [1, 20] : [0, 65_535];
      if (!Number.isInteger(n) || n < lo! || n > hi!)
        throw new Error(`--${m[1]} wants a whole number from ${lo} to ${hi}, got "${raw ?? ''}"`);
      if (m[1] === 'runs') o.runs = n;
      else o.port = n;
    }
  }
  return o;
}

/** The server in its own process; resolves once it prints its address. */
async function startMondayServer(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const env = { ...processEnv() };
  // Production password cost and links to this server, whatever the shell says.
  delete env.CURSO_SST_SCRYPT_LOG2N;
  delete env.PUBLIC_URL;
  delete env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'curso-sst-monday-'));
  const child: ChildProcess = spawn(
    join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    [
      join(REPO_ROOT, 'tools', 'bench', 'monday-server.ts'),
      String(port),
      COORDINATOR.document,
      COORDINATOR.password,
      dataDir,
    ],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve();
    }),
  );
  // However the bench ends, its server ends with it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch {
        reject(new Error(`monday-server: unexpected output ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`monday-server exited (${code})`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      process.off('exit', kill);
    },
  };
}

const ENTER = 'button.login-submit';
const ACCEPT = 'button.notice-accept';
/** The course's first screen: the introduction's «Siguiente», which leads to the menu. */
const COURSE = 'a.btn-next[href="/menu"]';

/** The phone's page record, once `until` holds. */
async function record(page: Page, until: (r: PageWatch) => boolean): Promise<PageWatch> {
  const deadline = Date.now() + LONG;
  for (;;) {
    // A navigation in between destroys the page's context: ask again on the next round.
    const r = await pageWatch(page).catch(() => null);
    if (r && until(r)) return r;
    if (Date.now() > deadline) throw new Error(`phone: timed out, ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function workerSide(
  browser: Browser,
  link: string,
  document: string,
): Promise<Pick<MondayRun, 'linkToForm' | 'enterToNotice' | 'acceptToCourse'>> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
    // A phone that never opened the course: no service worker, nothing cached.
    serviceWorkers: 'block',
  });
  await watchPages(context, [ENTER, ACCEPT, COURSE]);
  const page = await context.newPage();
  page.setDefaultTimeout(LONG);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await applyCondition(await context.newCDPSession(page), {
      name: 'throttled',
      label: PHONE_PROFILE.label,
      cpuRate: PHONE_PROFILE.cpuRate,
      network: PHONE_PROFILE.network,
    });
    await page.goto(link, { waitUntil: 'commit', timeout: LONG });
    await record(page, (r) => Boolean(r.seen[ENTER]));
    await page.locator('input[name="document"]:visible').fill(document);
    await page.locator(`${ENTER}:visible`).click();
    await record(page, (r) => Boolean(r.seen[ACCEPT]));
    await page.locator(`${ACCEPT}:visible`).click();
    const r = await record(page, (x) => Boolean(x.seen[COURSE]));
    if (!r.clicked[ENTER] || !r.clicked[ACCEPT]) throw new Error('phone: a tap was not seen');
    // Usable: «Siguiente» answers with the menu (not timed).
    await page.locator(`${COURSE}:visible`).click();
    await page.waitForURL(/\/menu$/, { timeout: LONG });
    if (errors.length) throw new Error(`phone page errors: ${errors.join('; ')}`);
    return {
      linkToForm: r.seen[ENTER]! - r.origin,
      enterToNotice: r.seen[ACCEPT]! - r.clicked[ENTER]!,
      acceptToCourse: r.seen[COURSE]! - r.clicked[ACCEPT]!,
    };
  } catch (e) {
    // Where the worker was left, in the message: the screen is what needs fixing.
    const screen = await page
      .locator('h1:visible')
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => '?');
    throw new Error(`${(e as Error).message} (phone at ${page.url()}, «${screen}»)`);
  } finally {
    await context.close();
  }
}

async function oneRun(
  browser: Browser,
  options: Options,
  run: number,
): Promise<{ run: MondayRun; invitationsMs: number }> {
  const today = new Date().toISOString().slice(0, 10);
  const { csv, workers } = mondayCsv({
    count: WORKERS,
    date: today,
    prefix: `52${String(Date.now()).slice(-6)}`,
    knownObra: KNOWN_OBRA,
    newObra: NEW_OBRA,
  });
  const server = await startMondayServer(options.port);
  try {
    console.error(`  run ${run}: coordinator (${server.url})`);
    const coordinator = await coordinatorSide(browser, server.url, csv, workers, today);
    // A worker of the new obra opens their card's link on their phone.
    const worker = workers.find((w) => w.newObra)!;
    console.error(
      `  run ${run}: invitations of the ${WORKERS}, press → sheet ready: ${(coordinator.invitationsMs / 1000).toFixed(2)} s`,
    );
    console.error(`  run ${run}: worker's phone (${PHONE_PROFILE.label})`);
    const phone = await workerSide(browser, coordinator.links.get(worker.name)!, worker.document);
    return { run: { ...coordinator.times, ...phone }, invitationsMs: coordinator.invitationsMs };
  } finally {
    await server.stop();
  }
}

/**
 * The invitations' time for the 40 workers of each run (record 0273): from the press that stores
 * the job to its sheet ready on screen (the progress page's reloads included), median (min–max).
 */
function invitationsForForty(samples: number[]): Stat {
  return stat(samples);
}

/** The worker's first minute on the phone profile (record 0275), medians of 5 fresh phones. */
async function workerMinute(browser: Browser, log: (line: string) => void): Promise<WorkerMinute> {
  log(`  the worker's first minute (${PHONE_PROFILE.label}), ${WORKER_MINUTE_RUNS} runs`);
  const r = await measureWebFirstScreen(browser, WORKER_MINUTE_RUNS, log);
  return {
    signIn: r.signInUsableMs,
    notice: r.invitationUsableMs,
    acceptToCourse: r.acceptToCourseMs,
    codeToCourse: r.codeToCourseMs,
  };
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error(`bench:monday: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const log = (line: string) => console.error(line);
  const loadAtStart = loadavg()[0]!;
  const started = Date.now();
  ensureWebBuild(options.rebuild, log);
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    log(`Bench (lunes): ${browser.version()}, ${options.runs} runs, ${WORKERS} workers per run`);
    const runs: MondayRun[] = [];
    const invitationSamples: number[] = [];
    for (let i = 1; i <= options.runs; i++) {
      const one = await oneRun(browser, options, i);
      runs.push(one.run);
      invitationSamples.push(one.invitationsMs);
    }
    const summary = summariseMonday(runs);
    const invitations = invitationsForForty(invitationSamples);
    const minute = await workerMinute(browser, log);
    const loadAverage: [number, number] = [loadAtStart, loadavg()[0]!];
    const results = {
      generatedAt: new Date().toISOString(),
      chromium: `Chromium ${browser.version()}`,
      workers: WORKERS,
      phone: PHONE_PROFILE,
      seconds: (Date.now() - started) / 1000,
      machine: { loadAverage, cores: availableParallelism() },
      runs,
      summary,
      workerMinute: minute,
      invitationsMs: invitations,
    };
    mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    if (options.json) console.log(JSON.stringify(results, null, 2));
    else {
      console.log(
        formatMonday(summary, { runs: options.runs, phone: PHONE_PROFILE.label, loadAverage }),
      );
      const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `Invitaciones de los ${WORKERS} (tocar → hoja lista): ${secs(invitations.median)} (${secs(invitations.min)}–${secs(invitations.max)}), ${options.runs} runs`,
      );
      console.log(
        formatWorkerMinute(minute, { runs: WORKER_MINUTE_RUNS, phone: PHONE_PROFILE.label }),
      );
      console.log(
        'Coordinador: reloj del proceso que maneja el navegador (sus clics y escritura incluidos, no el tiempo de una persona leyendo o eligiendo). Trabajador: reloj de la página (su escritura no cuenta).',
      );
      console.log('Resultados: bench/monday-results.json');
    }
    return 0;
  } finally {
    await browser.close();
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`bench:monday: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 2;
  },
);
