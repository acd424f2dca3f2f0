// Finds the LMS's SCORM API the way pipwerks-scorm-api-wrapper does (and the SCORM run-time
// specs recommend): this window, then its parents (at most 500 levels), then the opener chain
// and each opener's parents. Every cross-frame access is guarded: a cross-origin frame throws
// on property access, and such a frame is skipped, never fatal.

export type ScormVersion = '1.2' | '2004';

export interface FoundApi {
  version: ScormVersion;
  /** The API object as the LMS exposes it (methods checked, not typed further here). */
  api: Record<string, unknown>;
  /** The window that holds it (for logs and tests). */
  host: Window;
}

/** The API search climbs at most 500 parent windows (decision 0002). */
export const MAX_PARENT_LEVELS = 500;
/** Openers are followed a few levels only: a longer chain is a loop or not an LMS. */
const MAX_OPENER_LEVELS = 10;

type AnyWindow = Window & Record<string, unknown>;

function read<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined; // cross-origin or detached frame
  }
}

function hasMethods(
  candidate: unknown,
  names: readonly string[],
): candidate is Record<string, unknown> {
  if (!candidate || (typeof candidate !== 'object' && typeof candidate !== 'function'))
    return false;
  return names.every(
    (n) => read(() => typeof (candidate as Record<string, unknown>)[n] === 'function') === true,
  );
}

/** The API held by one window, if any; SCORM 2004 wins when a window holds both. */
export function apiOf(win: Window): FoundApi | null {
  const w = win as AnyWindow;
  const api2004 = read(() => w.API_1484_11);
  if (
    hasMethods(api2004, [
      'Initialize',
      'Terminate',
      'GetValue',
      'SetValue',
      'Commit',
      'GetLastError',
    ])
  ) {
    return { version: '2004', api: api2004, host: win };
  }
  const api12 = read(() => w.API);
  if (
    hasMethods(api12, [
      'LMSInitialize',
      'LMSFinish',
      'LMSGetValue',
      'LMSSetValue',
      'LMSCommit',
      'LMSGetLastError',
    ])
  ) {
    return { version: '1.2', api: api12, host: win };
  }
  return null;
}

/** Walks win and its parents, at most `levels` parents up. */
function searchParents(win: Window, levels: number, seen: Set<Window>): FoundApi | null {
  let current: Window | undefined = win;
  for (let level = 0; current && level <= levels; level++) {
    if (seen.has(current)) return null;
    seen.add(current);
    const found = apiOf(current);
    if (found) return found;
    const parent: Window | undefined = read(() => current!.parent);
    if (!parent || parent === current) return null;
    current = parent;
  }
  return null;
}

/** The first API found from `win`: its parents, then its opener and the opener's parents, and so on. */
export function findApi(win: Window, maxParents = MAX_PARENT_LEVELS): FoundApi | null {
  const seen = new Set<Window>();
  let start: Window | undefined = win;
  for (let hop = 0; start && hop <= MAX_OPENER_LEVELS; hop++) {
    const found = searchParents(start, maxParents, seen);
    if (found) return found;
    // The opener of the top window of this chain, or of the starting window itself.
    const from: Window = start;
    const top = read(() => from.top) ?? from;
    const opener: Window | null | undefined =
      read(() => from.opener) ?? read(() => (top as Window).opener);
    if (!opener || seen.has(opener)) return null;
    start = opener;
  }
  return null;
}
