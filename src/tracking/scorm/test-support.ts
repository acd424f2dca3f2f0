// Helpers for this folder's unit tests only: scorm-again as the LMS, what Moodle hands back at a
// relaunch, a course shape and walks through it, a logger that records instead of printing. The
// LMS's API wrapped (every call recorded, failing calls and reads, a short `_count`) is in
// test-lms-wrappers.ts.
import { afterEach, beforeEach, vi } from 'vitest';
import { splitSuspendData } from './answer-ledger.ts';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import type { Interaction, Snapshot, TrackingPort } from '../port.ts';
import { decodeRoute, encodeRoute } from '../../domain/progress/route-codec.ts';
import type { Logger } from './wrapper.ts';
import type { ScormDialect } from './dialect.ts';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';

export const COURSE = {
  moduleIds: ['modulo1', 'modulo2', 'modulo3', 'modulo4', 'modulo5'],
  topicCounts: [6, 5, 4, 5, 3],
  questionCounts: [3, 3, 3, 3, 2],
};

export type RawApi = Record<string, unknown>;

export type Version = '1.2' | '2004';

/** Fake timers at a fixed morning (9:00, 4 March 2025) for every test of the calling file. */
export function withCourseClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 2, 4, 9, 0, 0));
  });
  afterEach(() => vi.useRealTimers());
}

/** The ids of the course's questions in course order (three per module, two in module 5). */
export const QUESTION_IDS = [
  'm1-q1',
  'm1-q2',
  'm1-q3',
  'm2-q1',
  'm2-q2',
  'm2-q3',
  'm3-q1',
  'm3-q2',
  'm3-q3',
  'm4-q1',
  'm4-q2',
  'm4-q3',
  'm5-q1',
  'm5-q2',
];

/** What a dialect writes for one interaction at index 0, keyed by the element after the index. */
export const writtenInteraction = (
  dialect: ScormDialect,
  type: 'choice' | 'matching' | 'sequencing',
  response: number[],
) =>
  Object.fromEntries(
    dialect
      .interaction(0, {
        id: 'm1-q1',
        moduleId: 'modulo1',
        description: '',
        type,
        response,
        correctResponse: [0, 1, 2],
        correct: false,
        latencyMs: 0,
        timestamp: new Date(0),
      })
      .map((w) => [w.element.replace(/^cmi\.interactions\.0\./, ''), w.value]),
  );

/** scorm-again as our LMS: no autocommit, no commit URL, no mastery score (as our manifests). */
export function lms12(cmi: Record<string, unknown> = {}): Scorm12API {
  const api = new Scorm12API({ autocommit: false, logLevel: 5 });
  if (Object.keys(cmi).length) api.loadFromJSON({ cmi } as never);
  return api;
}

export function lms2004(cmi: Record<string, unknown> = {}): Scorm2004API {
  const api = new Scorm2004API({ autocommit: false, logLevel: 5 });
  if (Object.keys(cmi).length) api.loadFromJSON({ cmi } as never);
  return api;
}

export function recordingLogger() {
  const messages: { level: keyof Logger; message: string }[] = [];
  const logger: Logger = {
    info: (message) => messages.push({ level: 'info', message }),
    warn: (message) => messages.push({ level: 'warn', message }),
    error: (message) => messages.push({ level: 'error', message }),
  };
  return { logger, messages, text: () => messages.map((m) => m.message).join('\n') };
}

export function answer(id: string, overrides: Partial<Interaction> = {}): Interaction {
  const m = /^m(\d+)-q\d+$/.exec(id);
  return {
    id,
    moduleId: `modulo${m?.[1] ?? '1'}`,
    description: `Pregunta ${id}`,
    type: 'choice',
    response: [1],
    correctResponse: [1],
    correct: true,
    latencyMs: 4250,
    timestamp: new Date(2025, 2, 4, 9, 5, 7),
    ...overrides,
  };
}

/** A Storage in memory (node has no localStorage). */
export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

/** Plain JSON of scorm-again's CMI tree (what the LMS would store). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a free-form JSON tree read in assertions
export type CmiJson = any;
export function cmiOf(api: Scorm12API | Scorm2004API): CmiJson {
  return JSON.parse(JSON.stringify(api.cmi)) as CmiJson;
}

/** The route part of a stored suspend_data (the answer ledger after it left out: record 0190). */
export const routePart = (suspendData: string) => splitSuspendData(suspendData).route;

/** The viewed record a route string stands for (tests write progress as route strings). */
export const viewedOf = (route: string) => decodeRoute(route, COURSE.topicCounts).viewed;

/** The route string of a snapshot's viewed record, or null. */
export const routeOf = (snapshot: Snapshot) =>
  snapshot.viewed ? encodeRoute(snapshot.viewed) : null;

/** Route string with modules 0..done-1 complete (all topics and the quiz) and `extra` views. */
export function routeFor(done: number, extra: number[][] = []): string {
  return COURSE.topicCounts
    .map((count, m) => {
      const set = new Set(m < done ? Array.from({ length: count + 1 }, (_, i) => i) : []);
      for (const i of extra[m] ?? []) set.add(i);
      return set.size ? [...set].sort((a, b) => a - b).join(',') : '{}';
    })
    .join('-');
}

export const moduleStatuses = (done: number, current = -1) =>
  COURSE.moduleIds.map((id, i) => ({
    id,
    status:
      i < done
        ? ('viewed' as const)
        : i === current
          ? ('current' as const)
          : ('not-viewed' as const),
  }));

/** What the app does along the whole course: every topic, every quiz (a wrong first try on q1). */
export function walkCourse(port: Pick<TrackingPort, 'save' | 'recordAnswer'>) {
  walkModules(port, 0, COURSE.topicCounts.length);
}

/** walkCourse for modules from..to-1 only (0-based), as when a session ends mid-course. */
export function walkModules(
  port: Pick<TrackingPort, 'save' | 'recordAnswer'>,
  from: number,
  to: number,
) {
  COURSE.topicCounts.forEach((count, m) => {
    if (m < from || m >= to) return;
    for (let t = 0; t < count; t++) {
      port.save({
        viewed: viewedOf(
          routeFor(m, [...Array(m).fill([]), Array.from({ length: t + 1 }, (_, i) => i)]),
        ),
        bookmark: `modulo${m + 1}-tema${t + 1}`,
        modules: moduleStatuses(m, m),
      });
    }
    const questions = COURSE.questionCounts[m]!;
    for (let q = 1; q <= questions; q++) {
      const id = `m${m + 1}-q${q}`;
      if (q === 1) port.recordAnswer(answer(id, { response: [0], correct: false }));
      port.recordAnswer(answer(id)); // a retry after a wrong answer: ignored
    }
    const score =
      m + 1 === COURSE.topicCounts.length ? 100 : ((m + 1) * 100) / COURSE.topicCounts.length;
    port.save({
      viewed: viewedOf(routeFor(m + 1)),
      score,
      bookmark: 'menu',
      modules: moduleStatuses(m + 1),
      ...(score === 100 ? { completed: true, finalTerms: true } : {}),
    });
  });
}

/** One field of every record of a CMI collection: pluck(cmi.interactions, 'id'). */
export function pluck(collection: CmiJson, key: string): unknown[] {
  return Object.values((collection ?? {}) as Record<string, CmiJson>).map(
    (item) => item[key] as unknown,
  );
}

/**
 * What Moodle hands a SCO at its next launch, given the LMS state the last session left
 * (scorm-again's CMI), built from Moodle's own code (decision record 0160):
 * - mod/scorm/locallib.php scorm_check_mode(): mode 'review' when the last attempt's completion
 *   element (1.2 lesson_status, 2004 completion_status) is completed/passed/failed and no new
 *   attempt is started; a new attempt (forced or asked for) on such an attempt starts it afresh
 *   in mode 'normal'; 'browse' when the learner chose «Vista previa».
 * - get_scorm_default() / loaddatamodel.php: 2004 hands the stored elements back only when the
 *   stored cmi.exit is 'suspend'; otherwise completion/success 'unknown' and no data.
 * - datamodels/scorm_13.js.php: entry 'resume' only after exit suspend or logout, 'ab-initio'
 *   after normal, time-out or none. 1.2 (scorm_12.js.php): every stored element is handed
 *   back; entry 'ab-initio' for an empty status, 'resume' after exit suspend, else ''.
 */
export function moodleRelaunch(
  version: '1.2' | '2004',
  last: CmiJson,
  options: { newAttempt?: boolean; browse?: boolean } = {},
): Record<string, unknown> {
  const status = version === '1.2' ? last.core?.lesson_status : last.completion_status;
  const complete = ['completed', 'passed', 'failed'].includes(status as string);
  const fresh = !!options.newAttempt && complete;
  const mode = options.browse ? 'browse' : complete && !fresh ? 'review' : 'normal';
  const nonEmpty = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined));
  const records = (c: CmiJson) =>
    Object.fromEntries(
      Object.entries((c ?? {}) as Record<string, CmiJson>)
        .filter(([k]) => /^\d+$/.test(k))
        .map(([k, v]) => [
          k,
          {
            id: v.id,
            status: v.status,
            completion_status: v.completion_status,
            success_status: v.success_status,
          },
        ])
        .map(([k, v]) => [k, nonEmpty(v as Record<string, unknown>)]),
    );
  if (version === '1.2') {
    const core = last.core ?? {};
    if (fresh)
      return {
        core: {
          student_id: core.student_id,
          student_name: core.student_name,
          lesson_mode: mode,
          entry: 'ab-initio',
        },
      };
    return {
      core: nonEmpty({
        student_id: core.student_id,
        student_name: core.student_name,
        lesson_status: core.lesson_status,
        lesson_location: core.lesson_location,
        lesson_mode: mode,
        entry: !core.lesson_status ? 'ab-initio' : core.exit === 'suspend' ? 'resume' : '',
        score: nonEmpty({ raw: core.score?.raw, min: core.score?.min, max: core.score?.max }),
      }),
      suspend_data: last.suspend_data ?? '',
      objectives: records(last.objectives),
    };
  }
  const identity = { learner_id: last.learner_id, learner_name: last.learner_name, mode };
  if (fresh || last.exit !== 'suspend') return { ...identity, entry: 'ab-initio' };
  return {
    ...identity,
    ...nonEmpty({
      entry: 'resume',
      completion_status: last.completion_status,
      success_status: last.success_status,
      location: last.location,
      suspend_data: last.suspend_data,
      progress_measure: last.progress_measure,
    }),
    score: nonEmpty({
      raw: last.score?.raw,
      min: last.score?.min,
      max: last.score?.max,
      scaled: last.score?.scaled,
    }),
    objectives: records(last.objectives),
    interactions: Object.fromEntries(
      Object.entries((last.interactions ?? {}) as Record<string, CmiJson>)
        .filter(([k]) => /^\d+$/.test(k))
        .map(([k, v]) => [k, { id: v.id, type: v.type, result: v.result }]),
    ),
  };
}

/** A SCORM version as the specs that resume an attempt play it: its LMS and its stored record. */
export interface ResumableLms {
  name: Version;
  dialect: ScormDialect;
  lms(cmi?: Record<string, unknown>): Scorm12API | Scorm2004API;
  /** What the course writes as the learner's response. */
  response: string;
  /** The stored record as the next launch loads it (entry resume). */
  resumed(cmi: CmiJson): Record<string, unknown>;
}

export const RESUMABLE_LMS: ResumableLms[] = [
  {
    name: '1.2',
    dialect: scorm12,
    lms: lms12,
    response: 'student_response',
    resumed: (cmi) => ({
      core: {
        student_id: cmi.core.student_id,
        student_name: cmi.core.student_name,
        lesson_status: cmi.core.lesson_status,
        lesson_location: cmi.core.lesson_location,
        score: cmi.core.score,
        entry: 'resume',
      },
      suspend_data: cmi.suspend_data,
      objectives: cmi.objectives,
      interactions: cmi.interactions,
    }),
  },
  {
    name: '2004',
    dialect: scorm2004,
    lms: lms2004,
    response: 'learner_response',
    resumed: (cmi) => ({
      learner_id: cmi.learner_id,
      learner_name: cmi.learner_name,
      completion_status: cmi.completion_status,
      success_status: cmi.success_status,
      location: cmi.location,
      score: cmi.score,
      entry: 'resume',
      suspend_data: cmi.suspend_data,
      objectives: cmi.objectives,
      interactions: cmi.interactions,
    }),
  },
];
