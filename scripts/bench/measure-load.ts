// One cold load of a SCO inside the LMS host page, in a fresh browser context with the cache
// disabled, under one network/CPU condition. Everything is read from the SCO's frame: paint
// timings from its own performance timeline, its requests from the CDP network events.
import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import { FRAME_TITLE, type HostRecord } from './host-page.ts';

export interface Condition {
  name: 'unthrottled' | 'throttled';
  label: string;
  cpuRate: number;
  /** Network.emulateNetworkConditions parameters; null for none. */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

/**
 * 'Fast 3G' as Lighthouse and DevTools define it (1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up,
 * 150 ms × 3.75 RTT), with their kbit → bytes conversion (× 1024 / 8).
 */
export const FAST_3G = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

export const CONDITIONS: Condition[] = [
  { name: 'unthrottled', label: 'sin limitar', cpuRate: 1, network: null },
  { name: 'throttled', label: 'CPU ×4 + Fast 3G', cpuRate: 4, network: FAST_3G },
];

export interface SampleTarget {
  /** Host page path on the bench server. */
  hostPath: string;
  /** URL path prefix of the SCO's own files (what counts as "the course's" requests). */
  scoPrefix: string;
  /** Resolves when the SCO's first screen is usable. */
  ready(frame: Frame): Promise<void>;
}

export interface LoadSample {
  /** First contentful paint, ms from the frame's navigation start. */
  fcpMs: number;
  /** Largest contentful paint (last candidate once the first screen is ready), same origin. */
  lcpMs: number;
  lcpElement: string;
  /** First LMSInitialize, ms from the frame's navigation start. */
  initializeMs: number;
  /** First LMSInitialize, ms from the top (LMS) page's navigation start. */
  initializeFromTopMs: number;
  /** Encoded bytes (body + headers) of the SCO's requests finished before first contentful paint. */
  bytesBeforeFcp: number;
  requestsBeforeFcp: number;
  /** Requests for the SCO's files until the network went quiet after the first screen. */
  requests: number;
  /** Bytes of those requests. */
  bytes: number;
  /** Runtime.getHeapUsage usedSize after two forced GCs (the whole page: host + frame). */
  heapBytes: number;
  /** The SCO's requests in finishing order: path, bytes, finish time on the frame's timeline. */
  files: { path: string; bytes: number; finishedMs: number | null }[];
}

interface RequestInfo {
  url: string;
  finishedAt: number | null;
  bytes: number;
}

export async function newBenchPage(
  browser: Browser,
): Promise<{ page: Page; cdp: CDPSession; close(): Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'es-CO',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { page, cdp, close: () => context.close() };
}

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | undefined | false>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function findScoFrame(page: Page, scoPrefix: string): Promise<Frame> {
  return until('the SCO frame', 60_000, async () =>
    page
      .frames()
      .find(
        (f) =>
          f !== page.mainFrame() && new URL(f.url(), 'http://x').pathname.startsWith(scoPrefix),
      ),
  );
}

/** Forced GC then the isolate's used heap: the host page and its same-origin frame together. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

export async function applyCondition(cdp: CDPSession, condition: Condition): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (condition.network)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...condition.network });
  if (condition.cpuRate !== 1)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpuRate });
}

/** Every request of the page as CDP reports it, and whether the network has gone quiet. */
interface RequestLog {
  requests: Map<string, RequestInfo>;
  /** Nothing in flight, and nothing started or finished for `quietMs`. */
  quietFor(quietMs: number): boolean;
  /** CDP's monotonic clock to the wall clock, once a request has been seen. */
  wallOffsetMs(): number | null;
}

function logRequests(cdp: CDPSession): RequestLog {
  const requests = new Map<string, RequestInfo>();
  let inFlight = 0;
  let lastActivity = Date.now();
  // CDP timestamps are monotonic seconds; wallTime (epoch seconds) on requestWillBeSent gives
  // the offset to the wall clock that performance.timeOrigin is on.
  let wallOffsetMs: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    wallOffsetMs ??= e.wallTime * 1000 - e.timestamp * 1000;
    lastActivity = Date.now();
    if (!requests.has(e.requestId)) inFlight++;
    requests.set(e.requestId, { url: e.request.url, finishedAt: null, bytes: 0 });
  });
  const finish = (id: string, timestamp: number, bytes: number) => {
    const r = requests.get(id);
    lastActivity = Date.now();
    if (!r || r.finishedAt !== null) return;
    inFlight--;
    r.finishedAt = timestamp * 1000;
    r.bytes = bytes;
  };
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.timestamp, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, e.timestamp, 0));
  return {
    requests,
    quietFor: (quietMs) => inFlight === 0 && Date.now() - lastActivity > quietMs,
    wallOffsetMs: () => wallOffsetMs,
  };
}

/** The frame's paint timings, on its own timeline (ms from its navigation start). */
interface FramePaint {
  timeOrigin: number;
  fcp: number | null;
  lcp: number | null;
  lcpElement: string;
}

function readPaint(frame: Frame): Promise<FramePaint> {
  return frame.evaluate(
    () =>
      new Promise<FramePaint>((resolve) => {
        const out = {
          timeOrigin: performance.timeOrigin,
          fcp: null as number | null,
          lcp: null as number | null,
          lcpElement: '',
        };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            if (e.name === 'first-contentful-paint') out.fcp = e.startTime;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as
            (PerformanceEntry & { element?: Element | null; url?: string }) | undefined;
          if (!last) return;
          out.lcp = last.startTime;
          const el = last.element;
          out.lcpElement = el
            ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${last.url ? ` ${last.url.split('/').pop()}` : ''}`
            : '';
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Buffered entries arrive in a later task.
        setTimeout(() => resolve(out), 100);
      }),
  );
}

/** The sample's figures: the paints, LMSInitialize, and the SCO's requests (`scoUrl`) and bytes. */
function sampleOf(
  paint: FramePaint & { fcp: number; lcp: number },
  host: HostRecord,
  requests: RequestInfo[],
  scoUrl: string,
  wallOffsetMs: number,
  heapBytes: number,
): LoadSample {
  const init = host.calls.find((c) => c.method === 'LMSInitialize')!;
  const fcpWall = paint.timeOrigin + paint.fcp;
  const ours = requests.filter((r) => r.url.startsWith(scoUrl));
  const beforeFcp = ours.filter(
    (r) => r.finishedAt !== null && r.finishedAt + wallOffsetMs <= fcpWall,
  );
  return {
    fcpMs: paint.fcp,
    lcpMs: paint.lcp,
    lcpElement: paint.lcpElement,
    initializeMs: init.at - paint.timeOrigin,
    initializeFromTopMs: init.at - host.timeOrigin,
    bytesBeforeFcp: beforeFcp.reduce((n, r) => n + r.bytes, 0),
    requestsBeforeFcp: beforeFcp.length,
    requests: ours.length,
    bytes: ours.reduce((n, r) => n + r.bytes, 0),
    heapBytes,
    files: ours
      .map((r) => ({
        path: r.url.slice(scoUrl.length),
        bytes: r.bytes,
        finishedMs:
          r.finishedAt === null ? null : Math.round(r.finishedAt + wallOffsetMs - paint.timeOrigin),
      }))
      .sort((a, b) => (a.finishedMs ?? Infinity) - (b.finishedMs ?? Infinity)),
  };
}

export async function measureLoad(
  browser: Browser,
  origin: string,
  target: SampleTarget,
  condition: Condition,
): Promise<LoadSample> {
  const { page, cdp, close } = await newBenchPage(browser);
  try {
    const log = logRequests(cdp);
    await applyCondition(cdp, condition);
    await page.goto(origin + target.hostPath, { waitUntil: 'commit' });
    const frame = await findScoFrame(page, target.scoPrefix);
    // Nothing of the bench runs in the SCO's frame before its load event (record 0284): the
    // first look inside it compiles Playwright's own script there (60–100 ms at CPU ×4, on the
    // frame's main thread), which fell before the course's first paint and after the
    // reference's. The load event is read from the protocol, not from the page.
    await frame.waitForLoadState('load', { timeout: 60_000 });
    await target.ready(frame);
    const host = await until('LMSInitialize', 60_000, async () => {
      const record = await page.evaluate(
        () => (window as unknown as { __bench: HostRecord }).__bench,
      );
      return record.calls.some((c) => c.method === 'LMSInitialize') ? record : null;
    });
    // Lazy chunks and images of the first screen: wait until nothing has moved for a while.
    const quietMs = condition.network ? 1500 : 500;
    await until('a quiet network', 60_000, async () => log.quietFor(quietMs));

    const paint = await readPaint(frame);
    const { fcp, lcp } = paint;
    if (fcp === null || fcp <= 0)
      throw new Error(`no first contentful paint in the ${FRAME_TITLE} frame`);
    if (lcp === null || lcp <= 0)
      throw new Error(`no largest contentful paint in the ${FRAME_TITLE} frame`);
    const wallOffsetMs = log.wallOffsetMs();
    if (wallOffsetMs === null) throw new Error('no network events seen');
    const requests = [...log.requests.values()];
    const heapBytes = await heapAfterGc(cdp);
    const scoUrl = origin + target.scoPrefix;
    return sampleOf({ ...paint, fcp, lcp }, host, requests, scoUrl, wallOffsetMs, heapBytes);
  } finally {
    await close();
  }
}

/** The host page with an empty frame: what the LMS side alone costs in heap. */
export async function measureHarnessHeap(
  browser: Browser,
  origin: string,
  hostPath: string,
): Promise<number> {
  const { page, cdp, close } = await newBenchPage(browser);
  try {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(origin + hostPath, { waitUntil: 'load' });
    await until(
      'the empty frame',
      30_000,
      async () => page.frames().length > 1 && (await page.evaluate(() => 'API' in window)),
    );
    await page.waitForTimeout(300);
    return await heapAfterGc(cdp);
  } finally {
    await close();
  }
}
