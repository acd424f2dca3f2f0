// The first paint judged against the reference SCO's as well as in seconds (record 0276): a
// machine that is slow that day slows both alike, a heavier first screen only the course's.
import { describe, expect, it } from 'vitest';
import { budgets, fcpRatio } from './budgets.ts';
import { formatReport, stat, type BenchResults, type LoadStats } from './report.ts';

function load(fcp: number[]): LoadStats {
  const s = stat(fcp);
  return {
    fcpMs: s,
    lcpMs: s,
    initializeMs: s,
    initializeFromTopMs: s,
    bytesBeforeFcp: stat([20_000]),
    requestsBeforeFcp: stat([1]),
    requests: stat([11]),
    bytes: stat([150_000]),
    heapBytes: stat([1_000_000]),
    lcpElements: ['h1'],
    medianRunFiles: [],
  };
}

function results(courseFcp: number[], referenceFcp: number[]): Omit<BenchResults, 'budgets'> {
  const sizes = {
    zipBytes: 500_000,
    initialJsFiles: ['assets/index.js'],
    initialJsGzip: 100_000,
    totalJsGzip: 200_000,
    largestJs: [],
  };
  const walk = {
    commitsPerView: 1,
    setValuePerView: 2,
    commitCalls: 50,
    screenViews: 50,
    longestSuspendData: 300,
  };
  return {
    generatedAt: '',
    gitCommit: '',
    chromium: '',
    runs: courseFcp.length,
    seconds: 1,
    notes: [],
    harnessHeapBytes: stat([0]),
    conditions: {
      unthrottled: { label: 'sin limitar', course: load([100]), reference: load([100]) },
      throttled: {
        label: 'CPU ×4 + Fast 3G',
        course: load(courseFcp),
        reference: load(referenceFcp),
      },
    },
    sizes: { course: sizes, reference: sizes },
    walkthrough: { course: walk, reference: walk } as unknown as BenchResults['walkthrough'],
    navigation: {
      condition: 'throttled',
      runs: 1,
      usableMs: [900],
      menuAfterEarlyClickMs: [1000],
      kinds: [
        {
          kind: 'menu → first topic',
          count: 1,
          p50: 100,
          p95: 100,
          max: 100,
          waitedOnNetwork: 0,
          answeredFromCache: 0,
          maxRequests: 0,
        },
      ],
      slowest: [],
      waited: [],
    } as unknown as BenchResults['navigation'],
    encodings: {},
  };
}

describe('the first paint against the reference SCO', () => {
  it('takes the median of the runs’ ratios, each run against the reference run beside it', () => {
    expect(fcpRatio([900, 1000, 1300], [900, 800, 1000])).toBeCloseTo(1.25);
  });

  it('fails the check above 1.05× even when the absolute budget is met', () => {
    const over = budgets(results([880, 900, 920], [800, 820, 840])).find(
      (b) => b.id === 'fcp-ratio',
    )!;
    expect(over.pass).toBe(false);
    expect(
      budgets(results([880, 900, 920], [800, 820, 840])).find((b) => b.id === 'fcp')!.pass,
    ).toBe(true);
    const within = budgets(results([820, 850, 860], [800, 820, 840])).find(
      (b) => b.id === 'fcp-ratio',
    )!;
    expect(within.pass).toBe(true);
  });

  it('prints the ratio beside the absolute budget in the throttled table', () => {
    const r = results([880, 900, 920], [800, 820, 840]);
    const report = formatReport({ ...r, budgets: budgets(r) });
    const row = report
      .split('\n')
      .find((l) => l.startsWith('First contentful paint') && l.includes('✗'));
    expect(row).toMatch(/≤ 1\.00 s ✓; 1\.10× of reference ≤ 1\.05× ✗/);
  });
});
