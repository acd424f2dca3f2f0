// npm run bench [-- --runs N] [--check] [--json] [--rebuild] [--cpu-load]
// Loads the real SCORM 1.2 package, unzipped and served compressed on 127.0.0.1, inside an LMS
// frame with scorm-again in headless Chromium, beside a minimal one-page SCO (bench/reference-sco)
// under the same conditions; writes bench/results.json and prints a table (decision 0024).
// --check: exit 1 when a budget is missed. Exit 2: bad usage or the bench itself failed.
// --cpu-load: the navigation walk runs while one busy process keeps one core loaded (record
// 0248); its pass is the same: no transition waited on a request (the walk's times are reported,
// not gated, in that mode).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/browser-env.ts';
import { EDITIONS, packageScorm, REPO_ROOT } from '../scripts/lib/package-scorm.ts';
import { extractZip } from '../course-files/package-unzip.ts';
import { hostPage } from '../scripts/bench/host-page.ts';
import {
  CONDITIONS,
  measureHarnessHeap,
  measureLoad,
  type LoadSample,
  type SampleTarget,
} from '../scripts/bench/measure-load.ts';
import { budgets, webFirstScreenBudgets } from '../scripts/bench/budgets.ts';
import {
  formatReport,
  LOAD_METRICS,
  stat,
  type BenchResults,
  type ConditionResult,
  type LoadStats,
} from '../scripts/bench/report.ts';
import { startBenchServer } from '../scripts/bench/serve.ts';
import { fileBytes, measureSizes, zipFolderBytes } from '../scripts/bench/sizes.ts';
import { summarise, walkCourse } from '../scripts/bench/walkthrough.ts';
import {
  measureNavigation,
  summariseNavigation,
  type NavigationRun,
} from '../scripts/bench/navigation.ts';
import {
  ensureWebBuild,
  formatWebFirstPaint,
  measureWebFirstPaint,
} from './bench/web-first-paint.ts';
import { formatWebFirstScreen, measureWebFirstScreen } from './bench/web-first-screen.ts';

const USAGE =
  'Uso: npm run bench [-- --runs N] [--check] [--json] [--rebuild] [--cpu-load] [--only web-first-screen]';

interface Options {
  runs: number;
  check: boolean;
  json: boolean;
  rebuild: boolean;
  cpuLoad: boolean;
  /** Only the web app's first screens (decision 0234): prints them, leaves results.json alone. */
  only: 'web-first-screen' | null;
}

function parseOptions(argv: string[]): Options {
  const o: Options = {
    runs: 5,
    check: false,
    json: false,
    rebuild: false,
    cpuLoad: false,
    only: null,
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
      if (raw !== 'web-first-screen')
        throw new Error(`--only knows web-first-screen, got "${raw ?? ''}"`);
      o.only = raw;
    } else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  return o;
}

const LMS_DIR = join(REPO_ROOT, 'dist', 'lms');
const ZIP = join(REPO_ROOT, 'dist-scorm', EDITIONS.scorm12.zipName);
const REFERENCE_DIR = join(REPO_ROOT, 'bench', 'reference-sco');
const RESULTS = join(REPO_ROOT, 'bench', 'results.json');

const course: SampleTarget = {
  hostPath: '/lms/course.html',
  scoPrefix: '/sco/course/',
  ready: (frame) => frame.getByRole('link', { name: 'Siguiente' }).waitFor({ timeout: 60_000 }),
};
const reference: SampleTarget = {
  hostPath: '/lms/reference.html',
  scoPrefix: '/sco/reference/',
  ready: (frame) => frame.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }),
};

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

/** A load that times out on a loaded machine is tried once more before the bench gives up. */
async function retryOnce<T>(run: () => Promise<T>, log: (line: string) => void): Promise<T> {
  try {
    return await run();
  } catch (error) {
    log(`    retrying after: ${(error as Error).message.split('\n')[0]}`);
    return run();
  }
}

/** One process spinning on one core until it is killed: a machine busy with something else. */
function busyCore(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  // However the bench ends (a crash too), the spinning process ends with it.
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}

function statsOf(samples: LoadSample[], harnessHeap: number): LoadStats {
  const byFcp = [...samples].sort((a, b) => a.fcpMs - b.fcpMs);
  const out = {
    lcpElements: samples.map((s) => s.lcpElement),
    medianRunFiles: byFcp[Math.floor(byFcp.length / 2)]?.files ?? [],
  } as LoadStats;
  for (const key of LOAD_METRICS)
    out[key] = stat(
      samples.map((s) => (key === 'heapBytes' ? Math.max(0, s.heapBytes - harnessHeap) : s[key])),
    );
  return out;
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
  await ensurePackage(options.rebuild, log);
  ensureWebBuild(options.rebuild, log);

  const work = mkdtempSync(join(tmpdir(), 'curso-sst-bench-'));
  let browser: Browser | null = null;
  const server = await (async () => {
    extractZip(ZIP, join(work, 'course'));
    return startBenchServer([
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
          'scorm12.min.js': join(
            REPO_ROOT,
            'node_modules',
            'scorm-again',
            'dist',
            'scorm12.min.js',
          ),
        },
      },
      { prefix: course.scoPrefix, dir: join(work, 'course') },
      { prefix: reference.scoPrefix, dir: REFERENCE_DIR },
    ]);
  })();
  try {
    const executablePath = chromiumPath();
    browser = await chromium.launch({
      ...(executablePath ? { executablePath } : {}),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    log(`Bench: ${server.origin}, ${browser.version()}, ${options.runs} runs per condition`);

    const harness: number[] = [];
    for (let i = 0; i < options.runs; i++)
      harness.push(await measureHarnessHeap(browser, server.origin, '/lms/harness.html'));
    const harnessHeap = stat(harness);

    const conditions = {} as Record<'unthrottled' | 'throttled', ConditionResult>;
    for (const condition of CONDITIONS) {
      const ours: LoadSample[] = [];
      const theirs: LoadSample[] = [];
      // Alternating the two SCOs spreads any drift of the machine over both alike.
      for (let i = 0; i < options.runs; i++) {
        log(`  ${condition.label}: run ${i + 1}/${options.runs}`);
        ours.push(
          await retryOnce(() => measureLoad(browser!, server.origin, course, condition), log),
        );
        theirs.push(
          await retryOnce(() => measureLoad(browser!, server.origin, reference, condition), log),
        );
      }
      conditions[condition.name] = {
        label: condition.label,
        course: statsOf(ours, harnessHeap.median),
        reference: statsOf(theirs, harnessHeap.median),
      };
    }

    log('  full course walkthrough');
    const walk = await walkCourse(browser, server.origin, course.hostPath, course.scoPrefix);
    const referenceWalk = await (async () => {
      const t = Date.now();
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(server.origin + reference.hostPath);
        await page.waitForFunction(() =>
          (window as unknown as { __bench: { calls: { method: string }[] } }).__bench.calls.some(
            (c) => c.method === 'LMSCommit',
          ),
        );
        const { calls } = await page.evaluate(
          () => (window as unknown as { __bench: { calls: never[] } }).__bench,
        );
        return summarise(calls, 1, (Date.now() - t) / 1000);
      } finally {
        await context.close();
      }
    })();

    const throttled = CONDITIONS.find((c) => c.name === 'throttled')!;
    const navLabel = options.cpuLoad ? `${throttled.label}, one core busy` : throttled.label;
    const navRuns: NavigationRun[] = [];
    const busy = options.cpuLoad ? busyCore() : null;
    try {
      for (let i = 0; i < options.runs; i++) {
        log(`  navigation (${navLabel}): run ${i + 1}/${options.runs}`);
        navRuns.push(
          await retryOnce(
            () =>
              measureNavigation(
                browser!,
                server.origin,
                course.hostPath,
                course.scoPrefix,
                throttled,
              ),
            log,
          ),
        );
      }
    } finally {
      busy?.kill('SIGKILL');
    }
    const navigation = summariseNavigation(navRuns, navLabel);

    // The standalone web app, with and without its service worker (decision 0140).
    const webFirstPaint = await measureWebFirstPaint(browser, options.runs, log);
    // Its sign-in and invitation screens on a weak link (decision 0234).
    const webFirstScreen = await measureWebFirstScreen(browser, options.runs, log);

    const sizes = {
      course: measureSizes(join(work, 'course'), fileBytes(ZIP)),
      reference: measureSizes(REFERENCE_DIR, await zipFolderBytes(REFERENCE_DIR)),
    };

    const partial: Omit<BenchResults, 'budgets'> = {
      generatedAt: new Date().toISOString(),
      gitCommit: gitCommit(),
      chromium: `Chromium ${browser.version()}`,
      runs: options.runs,
      seconds: (Date.now() - started) / 1000,
      notes: [
        'Times are from the course frame’s own navigation start (its performance timeline); “from LMS page start” adds the LMS page and scorm-again loading first.',
        'Transferred = CDP encodedDataLength (body + headers) of the SCO’s own files; before FCP = requests finished before the frame’s first contentful paint.',
        'The frame shares the LMS page’s JS heap: heap = Runtime.getHeapUsage after two forced GCs, minus the LMS page alone with an empty frame.',
        'Requests and bytes of the first screen: until the network has been quiet for 0.5 s (1.5 s throttled) after the first screen is usable.',
        'Navigation: the whole course per run, throttled, cache on (fresh context); each screen read for 1 s; time = the learner’s pointerdown to the animation frame in which the next screen is complete (heading, text, no loading placeholder); waited on network = a course request started in between that the browser’s cache did not answer; asked the cache = transitions whose requests the memory or disk cache answered (record 0248).',
        'Screen views: the first screen plus each route change (pushState/hashchange) in the course frame; the walkthrough stays 450 ms on each screen and ends by unloading the course.',
      ],
      harnessHeapBytes: harnessHeap,
      conditions,
      sizes,
      walkthrough: { course: walk, reference: referenceWalk },
      navigation,
      webFirstPaint,
      webFirstScreen,
      encodings: { ...server.encodings },
      machine: { loadAverage: [loadAtStart, loadavg()[0]!], cpuLoad: options.cpuLoad },
    };
    const results: BenchResults = { ...partial, budgets: budgets(partial) };
    mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    if (options.json) console.log(JSON.stringify(results, null, 2));
    else {
      console.log(formatReport(results));
      console.log(formatWebFirstPaint(webFirstPaint));
      console.log(formatWebFirstScreen(webFirstScreen));
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
  } finally {
    await browser?.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** `--only web-first-screen`: the two budgets of decision 0234 alone, quicker to repeat. */
async function onlyWebFirstScreen(options: Options, log: (line: string) => void): Promise<number> {
  ensureWebBuild(options.rebuild, log);
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: CHROMIUM_ARGS,
  });
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
