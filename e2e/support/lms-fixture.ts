// Launches the built course inside the strict LMS harness (e2e/harness/lms.html): scorm-again
// in the top page, the course 3 frames below (or in a popup), every call checked. Specs read the
// LMS's CMI data through here and end with expectNoViolations().
import { expect, type Frame, type Page } from '@playwright/test';

export type LmsVersion = '1.2' | '2004';

export interface LmsOptions {
  /** Which API(s) the harness exposes. */
  version: LmsVersion | 'both' | 'none';
  /** Frames between the LMS page and the course (default 3). */
  depth?: number;
  /** Launch the course in a popup whose opener holds the API. */
  popup?: boolean;
  /** The first relay frame is served from another origin. */
  crossOrigin?: boolean;
  /** Initial CMI data (e.g. a previous session's `saved()`, or a learner's id and name). */
  cmi?: Record<string, unknown>;
  faults?: {
    commitFailures?: number;
    setValueFailures?: number;
    commitDelayMs?: number;
    /** The first N reads of getValueFailElement (regex source, default suspend_data) fail. */
    getValueFailures?: number;
    getValueFailElement?: string;
    /** 'error': '' with an error code (default); 'throws': GetValue throws. */
    getValueFault?: 'error' | 'throws';
    /** GetLastError answers this code after every call, the ones that worked too (record 0265). */
    lastErrorAlways?: string;
  };
  /** The API is put on the LMS window only this long after the page loaded (record 0265). */
  apiDelayMs?: number;
  course?: string;
  /** Size of the course's frame in the LMS page (default: the whole window). */
  frameSize?: { width: number; height: number };
  /** 'moodle': a fixed 60-px bar, the frame 260 px down a taller page (Moodle 4.4's player). */
  pageShape?: 'moodle';
  /** Size of the popup window (popup launches). */
  popupSize?: { width: number; height: number };
  /**
   * 'chamilo': Chamilo 1.11's SCORM 1.2 player (no 2004 API, interactions rebuilt blank at each
   * launch, every session_time posted added up, 401 on interaction objectives; decision record
   * 0190) instead of scorm-again. `cmi` is then its stored record (`ChamiloRecord`).
   */
  lmsModel?: 'chamilo' | 'moodle';
  /** lmsModel 'moodle' (2004): what Moodle's tracks hold at launch, element → value (0268). */
  moodleDb?: Record<string, string>;
}

/** What the Chamilo model stores: c_lp_item_view and its c_lp_iv_interaction rows. */
export interface ChamiloRecord {
  student_id: string;
  student_name: string;
  lesson_status: string;
  score: string;
  lesson_location: string;
  suspend_data: string;
  /** [id, type, time, weighting, correct_responses, student_response, result, latency] */
  interactions: (string | string[])[][];
  objectives: string[][];
  /** What «Acumular tiempo de sesión SCORM» added up, in seconds. */
  totalSeconds: number;
  /** Every session_time a save posted. */
  timePosts: string[];
}

export interface LmsCall {
  version: LmsVersion;
  method: string;
  args: string[];
  result: string;
  error: string;
  injected?: boolean;
  /** Date.now() in the LMS page when the call was made. */
  at: number;
}

export const learnerData = (version: LmsVersion, id: string, name: string) =>
  version === '1.2'
    ? { core: { student_id: id, student_name: name } }
    : { learner_id: id, learner_name: name };

export class LmsSession {
  constructor(
    readonly page: Page,
    readonly options: LmsOptions,
    /** The course's frame (in the frames variant) or the popup's main frame. */
    readonly course: Frame,
    readonly popup: Page | null,
  ) {}

  get version(): LmsVersion {
    return this.options.version === '1.2' ? '1.2' : '2004';
  }

  /** The LMS's CMI data for a version, write-only elements included. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a free-form JSON tree read in assertions
  cmi(version: LmsVersion = this.version): Promise<any> {
    return this.page.evaluate((v) => (window as unknown as LmsWindow).__lms.cmi(v), version);
  }

  /**
   * What the LMS would hand the next launch (entry = resume after a suspend); with
   * `{ moodle: true }`, what Moodle hands it (review mode, 2004 data only after suspend; record 0160).
   */
  saved(
    version: LmsVersion = this.version,
    options?: { moodle?: boolean; newAttempt?: boolean },
  ): Promise<Record<string, unknown>> {
    return this.page.evaluate(([v, o]) => (window as unknown as LmsWindow).__lms.saved(v, o), [
      version,
      options,
    ] as const);
  }

  /** The Chamilo model's stored record (lmsModel 'chamilo'). */
  chamilo(): Promise<ChamiloRecord> {
    return this.page.evaluate(() =>
      JSON.parse(JSON.stringify((window as unknown as LmsWindow).__lms.chamilo)),
    );
  }

  /** What the Moodle model stores (lmsModel 'moodle'): element → value. */
  moodleDb(): Promise<Record<string, string>> {
    return this.page.evaluate(() => ({ ...(window as unknown as LmsWindow).__lms.moodleDb }));
  }

  calls(): Promise<LmsCall[]> {
    return this.page.evaluate(() => (window as unknown as LmsWindow).__lms.calls);
  }

  violations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as LmsWindow).__lms.violations);
  }

  async count(method: string, options: { injected?: boolean } = {}): Promise<number> {
    return (await this.calls()).filter(
      (c) => c.method === method && !!c.injected === !!options.injected,
    ).length;
  }

  async terminated(version: LmsVersion = this.version): Promise<boolean> {
    return this.page.evaluate((v) => (window as unknown as LmsWindow).__lms.terminated[v], version);
  }

  /** Closes the course the way an LMS or the learner does: frame removed, or popup closed. */
  async closeCourse(): Promise<void> {
    if (this.popup) await this.popup.close({ runBeforeUnload: false });
    else await this.page.evaluate(() => (window as unknown as LmsWindow).__lms.closeCourse());
  }

  /**
   * Closes the page as a learner closes the tab (record 0268): in the Chamilo model, Chamilo's
   * own beforeunload save first, then the course's pagehide, whose LMSFinish is lost.
   */
  async closePage(): Promise<void> {
    await this.page.evaluate(() => (window as unknown as LmsWindow).__lms.closePage());
  }

  async expectNoViolations(): Promise<void> {
    expect(await this.violations()).toEqual([]);
  }

  /** Terminate (or LMSFinish) calls made by the course. */
  async finishCalls(): Promise<number> {
    return this.count(this.version === '1.2' ? 'LMSFinish' : 'Terminate');
  }
}

interface LmsWindow {
  __lms: {
    cmi(v: LmsVersion): unknown;
    saved(
      v: LmsVersion,
      options?: { moodle?: boolean; newAttempt?: boolean },
    ): Record<string, unknown>;
    calls: LmsCall[];
    chamilo: ChamiloRecord;
    moodleDb: Record<string, string>;
    closePage(): void;
    violations: string[];
    terminated: Record<LmsVersion, boolean>;
    closeCourse(): void;
    launchPopup(): boolean;
  };
}

/** Uncaught errors of every page and frame, collected for the "no uncaught error" checks. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.context().on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
  return errors;
}

let launches = 0;

export async function launchLms(page: Page, options: LmsOptions): Promise<LmsSession> {
  const course = options.course ?? '/lms/index.html';
  // The configuration goes in through an init script, not the URL: a resumed CMI can be 64 kB.
  const launch = `l${++launches}`;
  await page.addInitScript(
    ([id, config]) => {
      const w = window as unknown as { __lmsConfigs?: Record<string, unknown> };
      (w.__lmsConfigs ??= {})[id] = config;
    },
    [launch, { ...options, course }] as const,
  );
  await page.goto(`/harness/lms.html?launch=${launch}`);
  if (options.popup) {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => (window as unknown as LmsWindow).__lms.launchPopup()),
    ]);
    await popup.waitForLoadState('domcontentloaded');
    return new LmsSession(page, options, popup.mainFrame(), popup);
  }
  const path = new URL(course, 'http://x').pathname;
  let frame: Frame | undefined;
  await expect
    .poll(
      () =>
        (frame = page.frames().find((f) => new URL(f.url() || 'about:blank').pathname === path)),
      {
        message: 'the course frame loads',
      },
    )
    .toBeTruthy();
  return new LmsSession(page, options, frame!, null);
}
