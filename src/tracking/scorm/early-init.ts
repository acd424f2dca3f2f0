// Early Initialize: LMS initialisation does not wait for the whole app (decision 0012).
// The build inlines this, bundled with discovery.ts, as a tiny script in the LMS build's
// index.html, so the LMS sees Initialize while the app's JavaScript is still downloading on a
// slow link. The app's session (connectScorm) then adopts the open session instead of calling
// Initialize a second time.
import { findApi, type ScormVersion } from './discovery.ts';

export const EARLY_INIT_KEY = '__cursoSstLms';

export interface EarlyInit {
  version: ScormVersion;
  api: Record<string, unknown>;
  /** True when Initialize answered 'true'. */
  initialized: boolean;
  /** When Initialize answered (ms since the epoch): the learner's session time starts here. */
  at: number;
}

export function earlyInitialize(win: Window): void {
  try {
    const found = findApi(win);
    if (!found) return;
    const method = found.version === '2004' ? 'Initialize' : 'LMSInitialize';
    const result = String((found.api[method] as (arg: string) => unknown).call(found.api, ''));
    const record: EarlyInit = {
      version: found.version,
      api: found.api,
      initialized: result === 'true',
      at: Date.now(),
    };
    (win as unknown as Record<string, unknown>)[EARLY_INIT_KEY] = record;
  } catch {
    // Nothing is lost: the app looks for the LMS again and initialises itself.
  }
}

/**
 * The early session for this API, if the inline script opened one: the time its Initialize
 * answered, which is when the session's time starts (the app may start seconds later on a slow
 * phone); null when there is none to adopt.
 */
export function adoptEarlyInit(win: Window, api: unknown): number | null {
  try {
    const record = (win as unknown as Record<string, unknown>)[EARLY_INIT_KEY] as
      EarlyInit | undefined;
    return record && record.api === api && record.initialized === true ? record.at : null;
  } catch {
    return null;
  }
}
