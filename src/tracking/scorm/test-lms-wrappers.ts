// LMS APIs wrapped for this folder's unit tests only: every call recorded (and a method made to
// fail), reads that fail in each way an LMS's GetValue can (decision record 0160), and a
// `cmi.interactions._count` reported short as the Moodle app does (decision record 0130). The
// plain LMS, the course and Moodle's relaunch are in test-support.ts.
import type { Scorm12API, Scorm2004API } from 'scorm-again';
import type { RawApi } from './test-support.ts';

export interface CallLog {
  method: string;
  args: string[];
  result: string;
}

/**
 * Wraps an API object: records every call and lets a test make a method fail ('false' with
 * `failCode` from GetLastError) for its next `times` calls, or run slowly.
 */
export function instrument(api: object) {
  const calls: CallLog[] = [];
  const failures = new Map<string, { times: number; code: string }>();
  let forcedError: string | null = null;
  const raw = api as unknown as Record<string, (...a: string[]) => unknown>;
  const proxy: RawApi = {};
  const names = new Set<string>();
  for (
    let o: object | null = api;
    o && o !== Object.prototype;
    o = Object.getPrototypeOf(o) as object | null
  ) {
    for (const n of Object.getOwnPropertyNames(o)) names.add(n);
  }
  for (const name of names) {
    if (name === 'constructor' || typeof raw[name] !== 'function') continue;
    proxy[name] = (...args: string[]) => {
      if (/GetLastError$/.test(name) && forcedError !== null) {
        calls.push({ method: name, args, result: forcedError });
        return forcedError;
      }
      const failure = failures.get(name);
      if (failure && failure.times > 0) {
        failure.times--;
        forcedError = failure.code;
        calls.push({ method: name, args, result: 'false' });
        return 'false';
      }
      if (!/GetLastError|GetErrorString|GetDiagnostic/.test(name)) forcedError = null;
      const result = String(raw[name]!.apply(api, args));
      calls.push({ method: name, args, result });
      return result;
    };
  }
  return {
    api: proxy,
    calls,
    fail(method: string, times: number, code = '101') {
      failures.set(method, { times, code });
    },
    count: (method: string) => calls.filter((c) => c.method === method).length,
    sets: () =>
      calls.filter((c) => /SetValue$/.test(c.method)).map((c) => [c.args[0], c.args[1]] as const),
  };
}

/** How an LMS's GetValue fails (decision record 0160). */
export type ReadFault = 'throws' | 'empty' | 'error-code' | 'slow';

/**
 * Makes GetValue fail on an instrumented API while `active()` says so: it throws, answers ''
 * with no error, answers '' with an error code (1.2 101, 2004 301), or — 'slow' — answers ''
 * because the LMS has not loaded the record yet. Only elements matching `only` fail.
 */
export function failReads(
  spy: ReturnType<typeof instrument>,
  version: '1.2' | '2004',
  fault: ReadFault,
  active: () => boolean,
  only: RegExp = /./,
) {
  const get = version === '1.2' ? 'LMSGetValue' : 'GetValue';
  const lastError = version === '1.2' ? 'LMSGetLastError' : 'GetLastError';
  const realGet = spy.api[get] as (element: string) => string;
  const realError = spy.api[lastError] as () => string;
  let forced: string | null = null;
  let failed = 0;
  spy.api[get] = (element: string) => {
    if (active() && only.test(element)) {
      failed++;
      if (fault === 'throws') {
        forced = null;
        throw new Error('LMS read exploded');
      }
      forced = fault === 'error-code' ? (version === '1.2' ? '101' : '301') : '0';
      return '';
    }
    forced = null;
    return realGet(element);
  };
  spy.api[lastError] = () => forced ?? realError();
  return { failed: () => failed };
}

/**
 * `cmi.interactions._count` as the Moodle app rebuilds it for a resumed attempt
 * (moodlehq/moodleapp src/addons/mod/scorm/classes/data-model-12.ts, init()): the stored rows
 * are read in element-name order (`cmi.interactions_0.id`, `…_1.id`, `…_10.id`, `…_11.id`,
 * `…_2.id` …); a row at the current count adds one, a row beyond it sets the count to its index
 * minus one. With 12 records stored it reports 10.
 */
export function moodleAppRebuiltCount(storedRecords: number): number {
  const rows = Array.from({ length: storedRecords }, (_, i) => [
    `cmi.interactions_${i}.id`,
    `cmi.interactions_${i}.result`,
  ]).flat();
  rows.sort();
  let count = 0;
  for (const row of rows) {
    const index = Number(/_(\d+)\./.exec(row)![1]);
    const before = count;
    if (index === before) count = before + 1;
    if (index > before) count = index - 1;
  }
  return count;
}

/**
 * An LMS that reports a wrong `cmi.interactions._count`: `reported` at start, then one more
 * for each record appended at that count. It refuses an interaction element whose index is
 * beyond its count with scorm-again's own codes (1.2 201, 2004 351) — scorm-again's index rule
 * applied to the wrong count — and passes everything else to scorm-again, whose real rule
 * (no index beyond the records it holds) still applies underneath.
 */
export function miscountingLms(
  lms: Scorm12API | Scorm2004API,
  version: '1.2' | '2004',
  reported: number,
  /** What the first read of `_count` says, when it differs (the count changed after it). */
  firstRead?: number,
): RawApi {
  const raw = lms as unknown as Record<string, (...a: string[]) => string>;
  const [get, set, lastError] =
    version === '1.2'
      ? ['LMSGetValue', 'LMSSetValue', 'LMSGetLastError']
      : ['GetValue', 'SetValue', 'GetLastError'];
  let count = reported;
  let pendingFirstRead = firstRead;
  let forced: string | null = null;
  const api: RawApi = {};
  for (let o: object | null = lms; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name === 'constructor' || name in api || typeof raw[name] !== 'function') continue;
      api[name] = (...args: string[]) => {
        if (!/GetLastError|GetErrorString|GetDiagnostic/.test(name)) forced = null;
        return raw[name]!.apply(lms, args);
      };
    }
  }
  api[get] = (element: string) => {
    forced = null;
    if (element !== 'cmi.interactions._count') return raw[get]!.call(lms, element);
    const answer = pendingFirstRead ?? count;
    pendingFirstRead = undefined;
    return String(answer);
  };
  api[set] = (element: string, value: string) => {
    forced = null;
    const m = /^cmi\.interactions\.(\d+)\./.exec(element);
    if (!m) return raw[set]!.call(lms, element, value);
    const index = Number(m[1]);
    if (index > count) {
      forced = version === '1.2' ? '201' : '351';
      return 'false';
    }
    const result = raw[set]!.call(lms, element, value);
    if (result === 'true' && index === count) count++;
    return result;
  };
  api[lastError] = () => forced ?? raw[lastError]!.call(lms);
  return api;
}
