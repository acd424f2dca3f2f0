// The figures `npm run bench` takes in the LMS frame (decision 0024): cold loads of the course
// and of the reference SCO under each condition, the reference SCO's walkthrough, and the
// navigation walk of the whole course (decision 0098), each load tried once more on a timeout.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import {
  CONDITIONS,
  measureHarnessHeap,
  measureLoad,
  type Condition,
  type LoadSample,
  type SampleTarget,
} from '../../scripts/bench/measure-load.ts';
import {
  LOAD_METRICS,
  stat,
  type ConditionResult,
  type LoadStats,
  type Stat,
} from '../../scripts/bench/report.ts';
import { summarise, type WalkthroughResult } from '../../scripts/bench/walkthrough.ts';
import {
  measureNavigation,
  summariseNavigation,
  type NavigationResult,
  type NavigationRun,
} from '../../scripts/bench/navigation.ts';

type Log = (line: string) => void;

export const course: SampleTarget = {
  hostPath: '/lms/course.html',
  scoPrefix: '/sco/course/',
  ready: (frame) => frame.getByRole('link', { name: 'Siguiente' }).waitFor({ timeout: 60_000 }),
};
export const reference: SampleTarget = {
  hostPath: '/lms/reference.html',
  scoPrefix: '/sco/reference/',
  ready: (frame) => frame.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }),
};

/** A load that times out on a loaded machine is tried once more before the bench gives up. */
async function retryOnce<T>(run: () => Promise<T>, log: Log): Promise<T> {
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

/** The LMS page alone with an empty frame, `runs` times: the heap subtracted from every load. */
export async function measureHarness(browser: Browser, origin: string, runs: number) {
  const harness: number[] = [];
  for (let i = 0; i < runs; i++)
    harness.push(await measureHarnessHeap(browser, origin, '/lms/harness.html'));
  return stat(harness);
}

/** Cold loads of the course and the reference SCO, `runs` of each per condition (or `only` one). */
export async function measureConditions(
  browser: Browser,
  origin: string,
  runs: number,
  harnessHeap: Stat,
  log: Log,
  only: Condition['name'] | null = null,
): Promise<Record<'unthrottled' | 'throttled', ConditionResult>> {
  const conditions = {} as Record<'unthrottled' | 'throttled', ConditionResult>;
  for (const condition of CONDITIONS.filter((c) => !only || c.name === only)) {
    const ours: LoadSample[] = [];
    const theirs: LoadSample[] = [];
    // Alternating the two SCOs spreads any drift of the machine over both alike.
    for (let i = 0; i < runs; i++) {
      log(`  ${condition.label}: run ${i + 1}/${runs}`);
      ours.push(await retryOnce(() => measureLoad(browser, origin, course, condition), log));
      theirs.push(await retryOnce(() => measureLoad(browser, origin, reference, condition), log));
    }
    conditions[condition.name] = {
      label: condition.label,
      course: statsOf(ours, harnessHeap.median),
      reference: statsOf(theirs, harnessHeap.median),
    };
  }
  return conditions;
}

/** The reference SCO taken once: it initializes, commits and is done. */
export async function referenceWalk(browser: Browser, origin: string): Promise<WalkthroughResult> {
  const t = Date.now();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(origin + reference.hostPath);
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
}

/** The navigation walk, `runs` times throttled; with `cpuLoad`, while one core is kept busy. */
export async function navigationRuns(
  browser: Browser,
  origin: string,
  runs: number,
  cpuLoad: boolean,
  log: Log,
): Promise<NavigationResult> {
  const throttled: Condition = CONDITIONS.find((c) => c.name === 'throttled')!;
  const navLabel = cpuLoad ? `${throttled.label}, one core busy` : throttled.label;
  const navRuns: NavigationRun[] = [];
  const busy = cpuLoad ? busyCore() : null;
  try {
    for (let i = 0; i < runs; i++) {
      log(`  navigation (${navLabel}): run ${i + 1}/${runs}`);
      navRuns.push(
        await retryOnce(
          () => measureNavigation(browser, origin, course.hostPath, course.scoPrefix, throttled),
          log,
        ),
      );
    }
  } finally {
    busy?.kill('SIGKILL');
  }
  return summariseNavigation(navRuns, navLabel);
}
