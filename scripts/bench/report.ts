// Results of a bench run: statistics, the budgets of decision 0024, and the printed table.
import type { Sizes } from './sizes.ts';
import type { NavigationResult } from './navigation.ts';
import type { WalkthroughResult } from './walkthrough.ts';

export interface Stat {
  min: number;
  median: number;
  max: number;
  samples: number[];
}

/** First paint of the web build (tools/bench/web-first-paint.ts measures it). */
export interface WebFirstPaint {
  label: string;
  withoutServiceWorker: Stat;
  withServiceWorker: Stat;
}

export type WebFirstPaintResult = Record<'unthrottled' | 'throttled', WebFirstPaint>;

export function stat(samples: number[]): Stat {
  if (!samples.length) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median, max: sorted.at(-1)!, samples };
}

export const LOAD_METRICS = [
  'fcpMs',
  'lcpMs',
  'initializeMs',
  'initializeFromTopMs',
  'bytesBeforeFcp',
  'requestsBeforeFcp',
  'requests',
  'bytes',
  'heapBytes',
] as const;
export type LoadMetric = (typeof LOAD_METRICS)[number];
export type LoadStats = Record<LoadMetric, Stat> & {
  lcpElements: string[];
  /** The requests of the run whose FCP was the median one (to see which file costs what). */
  medianRunFiles: { path: string; bytes: number; finishedMs: number | null }[];
};

export interface ConditionResult {
  label: string;
  course: LoadStats;
  reference: LoadStats;
}

export interface BudgetResult {
  id: string;
  label: string;
  value: number;
  limit: number;
  unit: 'ms' | 'bytes' | 'count' | 'chars';
  pass: boolean;
  /**
   * False for a time of the navigation walk run with --cpu-load: a busy core on this machine
   * makes those times measure the machine, and that mode's pass is no transition waiting on the
   * network (record 0248). Reported, never failing the check.
   */
  gated: boolean;
  /** What the figure is and, when missed, what it would take. */
  note: string;
}

/** The standalone web app's first screens on a weak link (tools/bench/web-first-screen.ts). */
export interface WebFirstScreenResult {
  label: string;
  /** '/' until «Ingresar» is visible and answers a click, ms. */
  signInUsableMs: Stat;
  /** '/entrar#<token>' until the form is usable + «Entrar» until «Acepto» is usable, ms. */
  invitationUsableMs: Stat;
  /** Requests made after «Entrar» until the notice was usable (median run). */
  requestsAfterRedeem: string[];
}

export interface BenchResults {
  generatedAt: string;
  gitCommit: string;
  chromium: string;
  runs: number;
  seconds: number;
  notes: string[];
  /** Heap of the host page with an empty frame (subtracted from every heapBytes figure). */
  harnessHeapBytes: Stat;
  conditions: Record<'unthrottled' | 'throttled', ConditionResult>;
  sizes: { course: Sizes; reference: Sizes };
  walkthrough: { course: WalkthroughResult; reference: WalkthroughResult };
  /** Every navigation of the course, throttled, in the LMS frame (decision 0098). */
  navigation: NavigationResult;
  /** The standalone web app's first paint, with and without its service worker (decision 0140). */
  webFirstPaint?: WebFirstPaintResult;
  /** Its sign-in and invitation screens usable on a weak link (decision 0234). */
  webFirstScreen?: WebFirstScreenResult;
  encodings: Record<string, number>;
  /** The machine while the bench ran: its 1-minute load average at the start and the end. */
  machine?: { loadAverage: [number, number]; cpuLoad: boolean };
  budgets: BudgetResult[];
}

const KIB = 1024;
const MIB = 1024 * 1024;

export function budgets(r: Omit<BenchResults, 'budgets'>): BudgetResult[] {
  const t = r.conditions.throttled.course;
  const u = r.conditions.unthrottled.course;
  const ref = r.conditions.throttled.reference;
  // Which of the course's files had arrived by a moment of the median run: the likely cause.
  const arrivedBy = (ms: number) =>
    t.medianRunFiles
      .filter((f) => f.finishedMs !== null && f.finishedMs <= ms)
      .map((f) => `${f.path} at ${secs(f.finishedMs!)}`)
      .join(', ');
  const biggest = r.sizes.course.largestJs.map((f) => `${f.file} ${kib(f.gzip)}`).join(', ');
  const out: Omit<BudgetResult, 'pass' | 'gated'>[] = [
    {
      id: 'fcp',
      label: 'FCP (CPU ×4 + Fast 3G, median)',
      value: t.fcpMs.median,
      limit: 1000,
      unit: 'ms',
      note: `reference SCO ${secs(ref.fcpMs.median)}; arrived by then: ${arrivedBy(t.fcpMs.median)}`,
    },
    {
      id: 'lcp',
      label: 'LCP (CPU ×4 + Fast 3G, median)',
      value: t.lcpMs.median,
      limit: 1500,
      unit: 'ms',
      note: `largest element: ${[...new Set(t.lcpElements)].join(' / ')}; reference SCO ${secs(ref.lcpMs.median)}`,
    },
    {
      id: 'initialize',
      label: 'LMSInitialize (CPU ×4 + Fast 3G, median)',
      value: t.initializeMs.median,
      limit: 1200,
      unit: 'ms',
      note: `from the course frame’s navigation start; reference SCO ${secs(ref.initializeMs.median)}; arrived by then: ${arrivedBy(t.initializeMs.median)}`,
    },
    {
      id: 'bytes-before-fcp',
      label: 'Transferred before FCP (CPU ×4 + Fast 3G, median)',
      value: t.bytesBeforeFcp.median,
      limit: 100 * KIB,
      unit: 'bytes',
      note: '',
    },
    {
      id: 'initial-js',
      label: 'Initial JS (gzip -9)',
      value: r.sizes.course.initialJsGzip,
      limit: 110 * KIB,
      unit: 'bytes',
      note: `files: ${r.sizes.course.initialJsFiles.join(', ')}; largest JS: ${biggest}`,
    },
    {
      id: 'zip',
      label: 'SCORM 1.2 zip',
      value: r.sizes.course.zipBytes,
      limit: MIB,
      unit: 'bytes',
      note: '',
    },
    {
      id: 'heap',
      label: 'JS heap after GC (worst median, minus harness)',
      value: Math.max(u.heapBytes.median, t.heapBytes.median),
      limit: 4 * MIB,
      unit: 'bytes',
      note: '',
    },
    {
      id: 'commits',
      label: 'Commits per screen view (full course)',
      value: r.walkthrough.course.commitsPerView,
      limit: 1,
      unit: 'count',
      note: `${r.walkthrough.course.commitCalls} commits / ${r.walkthrough.course.screenViews} views`,
    },
    {
      id: 'suspend-data',
      label: 'Longest suspend_data (full course)',
      value: r.walkthrough.course.longestSuspendData,
      // The route (under 70) and, after it, the 14 first answers (about 340; record 0190).
      limit: 1000,
      unit: 'chars',
      note: 'route + first answers (docs/decisions/0190)',
    },
    ...navigationBudgets(r.navigation),
  ];
  if (r.webFirstScreen) out.push(...webFirstScreenBudgets(r.webFirstScreen));
  const ungated = r.machine?.cpuLoad ? NAVIGATION_TIMES : [];
  return out.map((b) => {
    const gated = !ungated.includes(b.id);
    return { ...b, gated, pass: !gated || b.value <= b.limit };
  });
}

/** The walk's times, reported but not gated with --cpu-load (record 0248). */
const NAVIGATION_TIMES = ['nav-p95', 'usable'];

/** The standalone app's first screens on a weak link (decision 0234). */
export function webFirstScreenBudgets(w: WebFirstScreenResult): BudgetResult[] {
  const out: Omit<BudgetResult, 'pass' | 'gated'>[] = [
    {
      id: 'web-sign-in-usable',
      label: 'Web sign-in usable («Ingresar» answers; throttled, median)',
      value: w.signInUsableMs.median,
      limit: 1500,
      unit: 'ms',
      note: `range ${secs(w.signInUsableMs.min)}–${secs(w.signInUsableMs.max)}`,
    },
    {
      id: 'web-invitation-usable',
      label: 'Web invitation link → data notice usable (throttled, median)',
      value: w.invitationUsableMs.median,
      limit: 2000,
      unit: 'ms',
      note: `range ${secs(w.invitationUsableMs.min)}–${secs(w.invitationUsableMs.max)}; requests after «Entrar»: ${w.requestsAfterRedeem.join(', ') || 'none'}`,
    },
  ];
  return out.map((b) => ({ ...b, gated: true, pass: b.value <= b.limit }));
}

function navigationBudgets(nav: NavigationResult): Omit<BudgetResult, 'pass' | 'gated'>[] {
  const worst = [...nav.kinds].sort((a, b) => b.p95 - a.p95)[0]!;
  const waited = nav.kinds.reduce((n, k) => n + k.waitedOnNetwork, 0);
  const total = nav.kinds.reduce((n, k) => n + k.count, 0);
  const usable = stat(nav.usableMs);
  return [
    {
      id: 'nav-network',
      label: 'Transitions that waited on a request (throttled)',
      value: waited,
      limit: 0,
      unit: 'count',
      note: `${waited} of ${total}${
        nav.waited.length
          ? `; waited on: ${nav.waited
              .map((t) => `${t.kind} to ${t.to} (${t.waitedOn.join(', ')})`)
              .join('; ')}`
          : ''
      }; slowest: ${nav.slowest
        .map((t) => `${t.kind} to ${t.to} ${secs(t.ms)} (${t.waitedOn.length} req.)`)
        .join(', ')}`,
    },
    {
      id: 'nav-p95',
      label: 'Navigation p95, worst transition kind (throttled)',
      value: worst.p95,
      limit: 600,
      unit: 'ms',
      note: `${worst.kind}`,
    },
    {
      id: 'usable',
      label: 'First screen usable («Siguiente» works; throttled, median)',
      value: usable.median,
      limit: 1200,
      unit: 'ms',
      note: `menu shown after that click: ${secs(stat(nav.menuAfterEarlyClickMs).median)}`,
    },
  ];
}

export const kib = (n: number) => `${(n / KIB).toFixed(1)} KiB`;
const mib = (n: number) => `${(n / MIB).toFixed(2)} MiB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function formatValue(value: number, unit: BudgetResult['unit']): string {
  if (unit === 'ms') return secs(value);
  if (unit === 'bytes') return value >= MIB ? mib(value) : kib(value);
  if (unit === 'chars') return `${value} chars`;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

type Row = [string, string, string, string];

function table(rows: Row[], header: Row): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: Row) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const range = (s: Stat, f: (n: number) => string) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;

export function formatReport(r: BenchResults): string {
  const budgetOf = (id: string) => r.budgets.find((b) => b.id === id);
  const mark = (id: string) => {
    const b = budgetOf(id);
    if (!b) return '';
    const within = b.value <= b.limit;
    return `≤ ${formatValue(b.limit, b.unit)} ${within ? '✓' : '✗'}${b.gated ? '' : ' (not gated with --cpu-load)'}`;
  };
  const out: string[] = [];
  const loadRows: [string, LoadMetric, (n: number) => string, string?][] = [
    ['First contentful paint', 'fcpMs', secs, 'fcp'],
    ['Largest contentful paint', 'lcpMs', secs, 'lcp'],
    ['LMSInitialize (from frame start)', 'initializeMs', secs, 'initialize'],
    ['LMSInitialize (from LMS page start)', 'initializeFromTopMs', secs],
    ['Transferred before FCP', 'bytesBeforeFcp', kib, 'bytes-before-fcp'],
    ['Requests before FCP', 'requestsBeforeFcp', String],
    ['Requests (first screen)', 'requests', String],
    ['Transferred (first screen)', 'bytes', kib],
    ['JS heap after GC (− harness)', 'heapBytes', mib, 'heap'],
  ];
  for (const name of ['unthrottled', 'throttled'] as const) {
    const c = r.conditions[name];
    out.push(`\n${c.label} — median (min–max) of ${r.runs} runs`);
    out.push(
      table(
        loadRows.map(([label, key, f, id]) => [
          label,
          range(c.course[key], f),
          range(c.reference[key], f),
          id && name === 'throttled' ? mark(id) : id === 'heap' ? mark(id) : '',
        ]),
        ['', 'Curso SST', 'Reference SCO', 'Budget'],
      ),
    );
  }
  const s = r.sizes;
  const w = r.walkthrough;
  out.push('\nPackage and full course (walkthrough unthrottled, once)');
  out.push(
    table(
      [
        ['Zip (SCORM 1.2)', kib(s.course.zipBytes), kib(s.reference.zipBytes), mark('zip')],
        [
          'Initial JS (gzip)',
          kib(s.course.initialJsGzip),
          kib(s.reference.initialJsGzip),
          mark('initial-js'),
        ],
        ['Total JS (gzip)', kib(s.course.totalJsGzip), kib(s.reference.totalJsGzip), ''],
        ['Screen views', String(w.course.screenViews), String(w.reference.screenViews), ''],
        [
          'SetValue per screen view',
          w.course.setValuePerView.toFixed(2),
          w.reference.setValuePerView.toFixed(2),
          '',
        ],
        [
          'Commit per screen view',
          w.course.commitsPerView.toFixed(2),
          w.reference.commitsPerView.toFixed(2),
          mark('commits'),
        ],
        [
          'Longest suspend_data',
          `${w.course.longestSuspendData} chars`,
          `${w.reference.longestSuspendData} chars`,
          mark('suspend-data'),
        ],
      ],
      ['', 'Curso SST', 'Reference SCO', 'Budget'],
    ),
  );
  const nav = r.navigation;
  out.push(
    `\nNavigation, ${nav.condition}, in the LMS frame (${nav.runs} runs of the whole course): click → next screen complete`,
  );
  out.push(
    table(
      nav.kinds.map((k) => [
        `${k.kind} (${k.count})`,
        `${secs(k.p50)} / ${secs(k.p95)} / ${secs(k.max)}`,
        `${k.waitedOnNetwork} (max ${k.maxRequests} req.)`,
        `${k.answeredFromCache}`,
      ]),
      ['', 'p50 / p95 / max', 'waited on network', 'asked the cache'],
    ),
  );
  out.push(
    `First screen usable («Siguiente» clicked as soon as shown): ${range(stat(nav.usableMs), secs)} ${mark('usable')}; menu shown after it: ${range(stat(nav.menuAfterEarlyClickMs), secs)}. Budgets: ${mark('nav-network')} transitions waiting on a request, p95 ${mark('nav-p95')}.`,
  );
  if (r.machine)
    out.push(
      `Machine: load average ${r.machine.loadAverage.map((l) => l.toFixed(2)).join(' → ')} (start → end)${r.machine.cpuLoad ? '; --cpu-load: one busy process kept one core loaded during the navigation walk' : ''}.`,
    );
  out.push(
    `\nHarness heap (subtracted): ${range(r.harnessHeapBytes, mib)}. Encodings served: ${JSON.stringify(r.encodings)}.`,
  );
  for (const n of r.notes) out.push(`• ${n}`);
  const missed = r.budgets.filter((b) => !b.pass);
  out.push(
    missed.length
      ? `\nBudgets missed (${missed.length}/${r.budgets.length}):\n${missed
          .map(
            (b) =>
              `  ✗ ${b.label}: ${formatValue(b.value, b.unit)} > ${formatValue(b.limit, b.unit)} (over by ${formatValue(b.value - b.limit, b.unit)})${b.note ? ` — ${b.note}` : ''}`,
          )
          .join('\n')}`
      : `\nAll ${r.budgets.length} budgets met.`,
  );
  out.push(`Bench took ${r.seconds.toFixed(0)} s (${r.chromium}, commit ${r.gitCommit}).`);
  return out.join('\n');
}
