// npm run bench:monday [-- --runs N] [--json] [--rebuild] [--port P]
// The coordinator's Monday, timed end to end (decision 0251): in headless Chromium, against our
// real server in its own process on a throwaway database (tools/bench/monday-server.ts), as a
// coordinator does it in the console — sign in, upload a CSV of 40 new workers (accents mixed,
// one obra that does not exist yet, created from the import screen), wait for the import job,
// filter the learners who started today and tick the 40, issue the invitations, download the
// printable cards (checked: 40 QR codes, each one of the links issued) — then the worker's side:
// on a 360-px phone, CPU ×4 + Slow 3G, one invitation link opened, the document typed, the data
// notice accepted, the course's first screen reached. A fresh server and database per run.
// Prints each step and the totals, median (min–max) of N runs (default 3), with the load
// average before and after; writes bench/monday-results.json. Not part of `npm test` or CI.
// Exit 2: bad usage, or the procedure itself failed (a count, a card or a screen not as expected).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/browser-env.ts';
import { REPO_ROOT } from '../scripts/lib/package-scorm.ts';
import { applyCondition } from '../scripts/bench/measure-load.ts';
import {
  formatMonday,
  mondayCsv,
  PHONE_PROFILE,
  summariseMonday,
  type MondayRun,
  type MondayWorker,
} from '../scripts/bench/monday.ts';
import { ensureWebBuild } from './bench/web-first-paint.ts';
import { qrCodesInPdf } from '../e2e/support/pdf-qr.ts';
import { pageWatch, watchPages, type PageWatch } from './bench/page-watch.ts';

const USAGE = 'Uso: npm run bench:monday [-- --runs N] [--json] [--rebuild] [--port P]';
const RESULTS = join(REPO_ROOT, 'bench', 'monday-results.json');
const COORDINATOR = { document: '1000000900', password: 'Clave-Coordinacion-2026' };
const KNOWN_OBRA = 'Obra Ejemplo';
const NEW_OBRA = 'Torre Ñandú';
const WORKERS = 40;
/** Long waits: an import at production password cost, a phone on Slow 3G, a loaded machine. */
const LONG = 300_000;

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
  const env = { ...process.env };
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

/** Milliseconds that `action` takes (the wall clock of this process). */
async function timed(action: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await action();
  return performance.now() - t0;
}

interface CoordinatorResult {
  times: Pick<MondayRun, 'signIn' | 'upload' | 'import' | 'select' | 'issue' | 'cards'>;
  /** Learner name → the invitation link the console showed. */
  links: Map<string, string>;
}

async function coordinatorSide(
  browser: Browser,
  origin: string,
  csv: string,
  workers: MondayWorker[],
  today: string,
): Promise<CoordinatorResult> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'es-CO',
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const signIn = await timed(async () => {
      await page.goto(`${origin}/consola/ingresar`);
      await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
      await page.getByLabel('Contraseña').fill(COORDINATOR.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL(/\/consola$/);
    });

    const create = page.getByRole('checkbox', { name: /^Crear la obra «/ });
    const upload = await timed(async () => {
      await page.goto(`${origin}/consola/importar`);
      await page.getByLabel('Archivo CSV').setInputFiles({
        name: 'nuevos-lunes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
      // The file has celulares: the company's authorization is confirmed (decision 0239).
      await page
        .getByRole('checkbox', { name: /Confirmo que la empresa tiene la autorización/ })
        .check();
      await page.getByRole('button', { name: 'Importar' }).click();
      await create.waitFor();
    });
    const offered = await create.evaluate((el) => el.parentElement?.textContent ?? '');
    const newRows = workers.filter((w) => w.newObra).length;
    if (!offered.includes(`(${newRows} filas)`))
      throw new Error(`the import offered «${offered.trim()}», not one obra of ${newRows} rows`);

    const result = page.getByText(/Importados: \d+\. Ya inscritos: \d+\. Con errores: \d+\./);
    const importMs = await timed(async () => {
      await page.getByRole('button', { name: 'Crear las obras marcadas e importar' }).click();
      // The job's page refreshes itself each second until the worker is done (decision 0216).
      await result.waitFor({ timeout: LONG });
    });
    const counts = (await result.innerText()).trim();
    if (counts !== `Importados: ${WORKERS}. Ya inscritos: 0. Con errores: 0.`)
      throw new Error(`import result: «${counts}»`);

    const select = await timed(async () => {
      await page.goto(`${origin}/consola/aprendices`);
      await page.getByLabel('Ingresó desde').fill(today);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByText(`${WORKERS} aprendices · página 1 de 1`).waitFor();
      for (const w of workers)
        await page.getByRole('checkbox', { name: `Elegir a ${w.name}`, exact: true }).check();
    });

    const issue = await timed(async () => {
      await page.getByRole('button', { name: 'Hacer invitaciones de los elegidos' }).click();
      await page.getByRole('heading', { name: `Invitaciones listas: ${WORKERS}` }).waitFor();
    });
    const links = new Map(
      await page.$$eval('tr', (rows) =>
        rows.flatMap((row) => {
          const name = row.querySelector('th')?.textContent?.trim();
          const link = [...row.querySelectorAll('a')].find(
            (a) => a.textContent?.trim() === 'Enlace personal',
          );
          return name && link ? [[name, link.href] as [string, string]] : [];
        }),
      ),
    );
    if (links.size !== WORKERS || workers.some((w) => !links.has(w.name)))
      throw new Error(`${links.size} invitation links shown for ${WORKERS} workers`);

    let pdf = new Uint8Array();
    const cards = await timed(async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: /Descargar las tarjetas/ }).click(),
      ]);
      pdf = new Uint8Array(readFileSync((await download.path())!));
    });
    // The printed sheet, read as a phone's camera reads it: one QR per worker, each a link issued.
    const decoded = await qrCodesInPdf(browser, pdf);
    const issued = new Set(links.values());
    if (decoded.length !== WORKERS || new Set(decoded).size !== WORKERS)
      throw new Error(`the cards PDF holds ${decoded.length} readable QR codes, not ${WORKERS}`);
    if (decoded.some((link) => !issued.has(link)))
      throw new Error('a QR code of the cards PDF is not one of the links issued');
    if (errors.length) throw new Error(`console page errors: ${errors.join('; ')}`);
    return { times: { signIn, upload, import: importMs, select, issue, cards }, links };
  } finally {
    await context.close();
  }
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

async function oneRun(browser: Browser, options: Options, run: number): Promise<MondayRun> {
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
    console.error(`  run ${run}: worker's phone (${PHONE_PROFILE.label})`);
    const phone = await workerSide(browser, coordinator.links.get(worker.name)!, worker.document);
    return { ...coordinator.times, ...phone };
  } finally {
    await server.stop();
  }
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
    for (let i = 1; i <= options.runs; i++) runs.push(await oneRun(browser, options, i));
    const summary = summariseMonday(runs);
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
    };
    mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    if (options.json) console.log(JSON.stringify(results, null, 2));
    else {
      console.log(
        formatMonday(summary, { runs: options.runs, phone: PHONE_PROFILE.label, loadAverage }),
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
