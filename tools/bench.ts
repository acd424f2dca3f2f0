// npm run bench [-- --runs N] [--check] [--json] [--rebuild] [--cpu-load] [--only NAME]
// Loads the real SCORM 1.2 package, unzipped and served compressed on 127.0.0.1, inside an LMS
// frame with scorm-again in headless Chromium, beside a minimal one-page SCO (bench/reference-sco)
// under the same conditions; writes bench/results.json and prints a table (decision 0024).
// --check: exit 1 when a budget is missed. Exit 2: bad usage or the bench itself failed.
// --cpu-load: the navigation walk runs while one busy process keeps one core loaded (record
// 0248); its pass is the same: no transition waited on a request (the walk's times are reported,
// not gated, in that mode).
// --only lms-first-paint: the package's throttled first paint against the reference SCO, paired run
// by run, with Initialize and the initial JS (record 0284); --only web-first-screen: the web app's
// sign-in and invitation screens (decision 0234). Both print and leave bench/results.json alone.
// --course-dir DIR (with --only lms-first-paint): an unzipped SCO of your own in the course's
// place, say the package with its index.html edited, to weigh a change before building it
// (record 0300).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/browser-env.ts';
import { EDITIONS, packageScorm, REPO_ROOT } from '../scripts/lib/package-scorm.ts';
import { extractZip } from '../course-files/package-unzip.ts';
import { hostPage } from '../scripts/bench/host-page.ts';
import {
  budgets,
  fcpRatio,
  firstPaintBudgets,
  webFirstScreenBudgets,
} from '../scripts/bench/budgets.ts';
import {
  formatReport,
  formatValue,
  kib,
  secs,
  type BenchResults,
  type BudgetResult,
} from '../scripts/bench/report.ts';
import { startBenchServer, type Mount } from '../scripts/bench/serve.ts';
import { fileBytes, measureSizes, zipFolderBytes } from '../scripts/bench/sizes.ts';
import { walkCourse } from '../scripts/bench/walkthrough.ts';
import {
  course,
  measureConditions,
  measureHarness,
  navigationRuns,
  reference,
  referenceWalk,
} from './bench/lms-frame.ts';
import {
  ensureWebBuild,
  formatWebFirstPaint,
  measureWebFirstPaint,
} from './bench/web-first-paint.ts';
import { formatWebFirstScreen, measureWebFirstScreen } from './bench/web-first-screen.ts';

const USAGE =
  'Uso: npm run bench [-- --runs N] [--check] [--json] [--rebuild] [--cpu-load] [--only lms-first-paint|web-first-screen] [--course-dir CARPETA]';

/** What `--only` can run alone. */
const ONLY = ['lms-first-paint', 'web-first-screen'] as const;

interface Options {
  runs: number;
  check: boolean;
  json: boolean;
  rebuild: boolean;
  cpuLoad: boolean;
  /** Only one part, printed; results.json is left alone. */
  only: (typeof ONLY)[number] | null;
  /** With --only lms-first-paint: an unzipped SCO measured in the course's place. */
  courseDir: string | null;
}

function parseOptions(argv: string[]): Options {
  const o: Options = {
    runs: 5,
    check: false,
    json: false,
    rebuild: false,
    cpuLoad: false,
    only: null,
    courseDir: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--check') o.check = true;
    else if (a === '--json') o.json = true;
    else if (a === '--rebuild') o.rebuild = true;
    else if (a === '--cpu-load') o.cpuLoad = true;
    else if (a === '--runs' || a.startsWith('--runs=')) {
      const raw = a.includes('=') ? a.slice(7) : argv[++i];
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > 50)
        throw new Error(`--runs wants a whole number from 1 to 50, got "${raw ?? ''}"`);
      o.runs = n;
    } else if (a === '--only' || a.startsWith('--only=')) {
      const raw = a.includes('=') ? a.slice(7) : argv[++i];
      const part = ONLY.find((name) => name === raw);
      if (!part) throw new Error(`--only knows ${ONLY.join(', ')}, got "${raw ?? ''}"`);
      o.only = part;
    } else if (a === '--course-dir' || a.startsWith('--course-dir=')) {
      const raw = a.includes('=') ? a.slice(13) : argv[++i];
      if (!raw || !existsSync(join(raw, 'index.html')))
        throw new Error(`--course-dir wants a folder with an index.html, got "${raw ?? ''}"`);
      o.courseDir = raw;
    } else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  if (o.courseDir && o.only !== 'lms-first-paint')
    throw new Error('--course-dir goes with --only lms-first-paint');
  return o;
}

const LMS_DIR = join(REPO_ROOT, 'dist', 'lms');
const ZIP = join(REPO_ROOT, 'dist-scorm', EDITIONS.scorm12.zipName);
const REFERENCE_DIR = join(REPO_ROOT, 'bench', 'reference-sco');
const RESULTS = join(REPO_ROOT, 'bench', 'results.json');

/** Builds and packages only what is missing or stale (everything with --rebuild). */
async function ensurePackage(rebuild: boolean, log: (line: string) => void): Promise<void> {
  if (rebuild || !existsSync(join(LMS_DIR, 'index.html'))) {
    log('› npm run build -- lms');
    const r = spawnSync(
      join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [join(REPO_ROOT, 'scripts', 'build.ts'), 'lms'],
      {
        cwd: REPO_ROOT,
        // The build's output goes to stderr too, so that --json keeps stdout to the JSON.
        stdio: ['ignore', process.stderr, 'inherit'],
      },
    );
    if (r.status !== 0) throw new Error('the LMS build failed');
  }
  const stale =
    !existsSync(ZIP) || statSync(ZIP).mtimeMs < statSync(join(LMS_DIR, 'index.html')).mtimeMs;
  if (rebuild || stale) {
    log(`› packaging ${EDITIONS.scorm12.zipName}`);
    await packageScorm({ editions: ['scorm12'], log: () => {} });
  }
}

function gitCommit(): string {
  try {
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src', 'content', 'public', 'index.html', 'vite.config.ts'],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    ).trim();
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

const NOTES = [
  'Times are from the course frame’s own navigation start (its performance timeline); “from LMS page start” adds the LMS page and scorm-again loading first.',
  'Transferred = CDP encodedDataLength (body + headers) of the SCO’s own files; before FCP = requests finished before the frame’s first contentful paint.',
  'The frame shares the LMS page’s JS heap: heap = Runtime.getHeapUsage after two forced GCs, minus the LMS page alone with an empty frame.',
  'Requests and bytes of the first screen: until the network has been quiet for 0.5 s (1.5 s throttled) after the first screen is usable.',
  'Navigation: the whole course per run, throttled, cache on (fresh context); each screen read for 1 s; time = the learner’s pointerdown to the animation frame in which the next screen is complete (heading, text, no loading placeholder); waited on network = a course request started in between that the browser’s cache did not answer; asked the cache = transitions whose requests the memory or disk cache answered (record 0248).',
  'Screen views: the first screen plus each route change (pushState/hashchange) in the course frame; the walkthrough stays 450 ms on each screen and ends by unloading the course.',
];

/** What the bench server serves: the LMS host pages, scorm-again, the course and the reference. */
function benchMounts(courseDir: string): Mount[] {
  return [
    {
      prefix: '/lms/',
      pages: {
        'course.html': hostPage(course.scoPrefix + 'index.html'),
        'reference.html': hostPage(reference.scoPrefix + 'index.html'),
        'harness.html': hostPage(null),
      },
    },
    {
      prefix: '/scorm-again/',
      files: {
        'scorm12.min.js': join(REPO_ROOT, 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js'),
      },
    },
    { prefix: course.scoPrefix, dir: courseDir },
    { prefix: reference.scoPrefix, dir: REFERENCE_DIR },
  ];
}

function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

type Results = BenchResults & Required<Pick<BenchResults, 'webFirstPaint' | 'webFirstScreen'>>;

/** Writes bench/results.json and prints the report (or the JSON); 1 when --check misses a budget. */
function report(results: Results, options: Options): number {
  mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  if (options.json) console.log(JSON.stringify(results, null, 2));
  else {
    console.log(formatReport(results));
    console.log(formatWebFirstPaint(results.webFirstPaint));
    console.log(formatWebFirstScreen(results.webFirstScreen));
    console.log(`Results: bench/results.json`);
  }
  const missed = results.budgets.filter((b) => !b.pass);
  if (options.check && missed.length) {
    console.error(
      `bench --check: ${missed.length} budget(s) missed: ${missed.map((b) => b.id).join(', ')}`,
    );
    return 1;
  }
  return 0;
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error(`bench: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  // Progress goes to stderr so that --json leaves stdout to the JSON alone.
  const log = (line: string) => console.error(line);
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  if (options.only === 'web-first-screen') return onlyWebFirstScreen(options, log);
  if (options.only === 'lms-first-paint') return onlyLmsFirstPaint(options, log);
  await ensurePackage(options.rebuild, log);
  ensureWebBuild(options.rebuild, log);

  const work = mkdtempSync(join(tmpdir(), 'curso-sst-bench-'));
  let browser: Browser | null = null;
  extractZip(ZIP, join(work, 'course'));
  const server = await startBenchServer(benchMounts(join(work, 'course')));
  try {
    browser = await launchChromium();
    const { origin } = server;
    const { runs } = options;
    log(`Bench: ${origin}, ${browser.version()}, ${runs} runs per condition`);
    const harnessHeap = await measureHarness(browser, origin, runs);
    const conditions = await measureConditions(browser, origin, runs, harnessHeap, log);
    log('  full course walkthrough');
    const walk = await walkCourse(browser, origin, course.hostPath, course.scoPrefix);
    const walkthrough = { course: walk, reference: await referenceWalk(browser, origin) };
    const navigation = await navigationRuns(browser, origin, runs, options.cpuLoad, log);
    // The standalone web app, with and without its service worker (decision 0140).
    const webFirstPaint = await measureWebFirstPaint(browser, runs, log);
    // Its sign-in and invitation screens on a weak link (decision 0234).
    const webFirstScreen = await measureWebFirstScreen(browser, runs, log);
    const sizes = {
      course: measureSizes(join(work, 'course'), fileBytes(ZIP)),
      reference: measureSizes(REFERENCE_DIR, await zipFolderBytes(REFERENCE_DIR)),
    };
    const partial: Omit<Results, 'budgets'> = {
      generatedAt: new Date().toISOString(),
      gitCommit: gitCommit(),
      chromium: `Chromium ${browser.version()}`,
      runs,
      seconds: (Date.now() - started) / 1000,
      notes: NOTES,
      harnessHeapBytes: harnessHeap,
      conditions,
      sizes,
      walkthrough,
      navigation,
      webFirstPaint,
      webFirstScreen,
      encodings: { ...server.encodings },
      machine: { loadAverage: [loadAtStart, loadavg()[0]!], cpuLoad: options.cpuLoad },
    };
    return report({ ...partial, budgets: budgets(partial) }, options);
  } finally {
    await browser?.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Each budget's line, as the full report prints it: ✓ or ✗, the figure, the limit, the note. */
function budgetLines(list: BudgetResult[]): string {
  return list
    .map(
      (b) =>
        `${b.pass ? '✓' : '✗'} ${b.label}: ${formatValue(b.value, b.unit)} (≤ ${formatValue(b.limit, b.unit)})${b.note ? ` — ${b.note}` : ''}`,
    )
    .join('\n');
}

/**
 * `--only lms-first-paint`: the SCORM 1.2 package's cold loads on the throttled link beside the
 * reference SCO's, alternated, and its sizes — the first-paint budgets alone (record 0284).
 */
async function onlyLmsFirstPaint(options: Options, log: (line: string) => void): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'curso-sst-bench-'));
  let courseDir = options.courseDir;
  if (!courseDir) {
    await ensurePackage(options.rebuild, log);
    courseDir = join(work, 'course');
    extractZip(ZIP, courseDir);
  }
  const server = await startBenchServer(benchMounts(courseDir));
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const loadAtStart = loadavg()[0]!;
    log(`Bench (LMS first paint): ${browser.version()}, ${options.runs} runs`);
    const harness = await measureHarness(browser, server.origin, 1);
    const { throttled } = await measureConditions(
      browser,
      server.origin,
      options.runs,
      harness,
      log,
      'throttled',
    );
    const zipBytes = options.courseDir ? await zipFolderBytes(courseDir) : fileBytes(ZIP);
    const sizes = measureSizes(courseDir, zipBytes);
    const list = firstPaintBudgets(throttled, sizes);
    const load = `${loadAtStart.toFixed(2)}–${loadavg()[0]!.toFixed(2)}`;
    const { course: c, reference: r } = throttled;
    if (options.json)
      console.log(JSON.stringify({ throttled, sizes, budgets: list, load }, null, 2));
    else
      console.log(
        [
          `LMS first paint, ${throttled.label}, ${options.runs} paired runs (${options.courseDir ?? gitCommit()}, load ${load})`,
          `FCP course ${c.fcpMs.samples.map(secs).join(' ')}`,
          `FCP reference ${r.fcpMs.samples.map(secs).join(' ')}`,
          `ratio per pair ${c.fcpMs.samples.map((v, i) => fcpRatio([v], [r.fcpMs.samples[i]!]).toFixed(2)).join(' ')}`,
          `initial JS ${kib(sizes.initialJsGzip)} gzip (${sizes.initialJsFiles.join(', ')})`,
          budgetLines(list),
        ].join('\n'),
      );
    const missed = list.filter((b) => !b.pass);
    if (options.check && missed.length) {
      console.error(`bench --check: missed: ${missed.map((b) => b.id).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    await browser?.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** `--only web-first-screen`: the two budgets of decision 0234 alone, quicker to repeat. */
async function onlyWebFirstScreen(options: Options, log: (line: string) => void): Promise<number> {
  ensureWebBuild(options.rebuild, log);
  const browser = await launchChromium();
  try {
    log(`Bench (web first screens): ${browser.version()}, ${options.runs} runs`);
    const result = await measureWebFirstScreen(browser, options.runs, log);
    const budgets = webFirstScreenBudgets(result);
    if (options.json) console.log(JSON.stringify({ webFirstScreen: result, budgets }, null, 2));
    else console.log(formatWebFirstScreen(result));
    const missed = budgets.filter((b) => !b.pass);
    if (options.check && missed.length) {
      console.error(`bench --check: missed: ${missed.map((b) => b.id).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    await browser.close();
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`bench: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 2;
  },
);
