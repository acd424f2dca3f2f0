// `local` mode (decision 0001): the LMS build opened with no LMS, `npm run dev`, component tests.
// Progress lives in localStorage under the keys score, modules_viewed, current_location, user,
// interactions and completed_at (when the course was first completed, record 0263), namespaced by
// package, so two packages on one origin never share progress.
import type {
  Interaction,
  ProgressChange,
  Snapshot,
  TrackingHealth,
  TrackingPort,
} from '../port.ts';
import { isValidScore, type CourseShape } from '../../domain/progress/engine.ts';
import { byQuestionId, FirstAnswerLedger } from '../../domain/progress/course-facts.ts';
import { decodeRouteLenient, encodeRoute } from '../../domain/progress/route-codec.ts';
import { restoreProgress } from '../../domain/progress/carry-over.ts';
import { asResponse } from '../../domain/registry/index.ts';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An in-memory store, for tests and browsers that refuse localStorage. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** localStorage when usable (private modes and sandboxed frames may throw), else memory. */
export function browserStore(): KeyValueStore {
  try {
    const probe = '__curso_sst_probe__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStore();
  }
}

export const LOCAL_KEYS = {
  score: 'score',
  route: 'modules_viewed',
  location: 'current_location',
  user: 'user',
  interactions: 'interactions',
  completedAt: 'completed_at',
} as const;

export interface LocalTracking extends TrackingPort {
  /** Answers recorded so far (first answer per question). */
  readonly interactions: ReadonlyMap<string, Interaction>;
}

/** The answers kept in this browser; a damaged list is ignored (re-recorded on the next attempt). */
function savedAnswers(json: string | null): Interaction[] {
  try {
    const saved = JSON.parse(json ?? '[]') as unknown;
    if (!Array.isArray(saved)) return [];
    return saved
      .filter((i): i is Interaction => !!i && typeof (i as Interaction).id === 'string')
      .map((i) => ({
        ...i,
        // Kept before answers had shapes (decision 0200): one number.
        response: asResponse(i.response),
        correctResponse: asResponse(i.correctResponse),
      }));
  } catch {
    return [];
  }
}

/** A stored date (ISO text), or null when absent or damaged. */
function storedDate(text: string | null): Date | null {
  if (text === null) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The package's keys in the store, read and written without ever throwing at the course. */
function packageStore(store: KeyValueStore, packageId: string) {
  const key = (k: string) => `${packageId}:${k}`;
  return {
    read(k: string) {
      try {
        return store.getItem(key(k));
      } catch {
        return null;
      }
    },
    write(k: string, v: string) {
      try {
        store.setItem(key(k), v);
      } catch (e) {
        console.warn('[curso-sst] no se pudo guardar en este navegador', e);
      }
    },
  };
}

/** A text field of a stored JSON object (`{ page }`, `{ name }`); null when absent or damaged. */
function storedText(json: string | null, field: 'page' | 'name'): string | null {
  try {
    const value = (JSON.parse(json ?? 'null') as Record<string, unknown> | null)?.[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export const LOCAL_CAPABILITIES = {
  certificate: 'browser',
  learnerIdMayBeDocument: false,
  runtimeNamesLearner: false,
  certificateAsScreen: false,
  answerTexts: false,
  localOnly: true,
  acceptanceInLmsComments: false,
} as const;

export function createLocalTracking(
  packageId: string,
  store: KeyValueStore = browserStore(),
  /** Topics per module, to read the stored route; without it every readable index is kept. */
  shape?: CourseShape,
): LocalTracking {
  const { read, write } = packageStore(store, packageId);
  // Read against today's shape; completed modules survive a content update (decision 0076).
  const readViewed = (route: string | null, score: number | null) => {
    if (route === null) return null;
    return shape
      ? restoreProgress({ route, score }, shape).viewed
      : decodeRouteLenient(route).viewed;
  };
  // The first answer to each question, kept here and in the stored list (decision record 0257).
  const answers = new FirstAnswerLedger<Interaction>(
    byQuestionId,
    savedAnswers(read(LOCAL_KEYS.interactions)),
  );

  return {
    mode: 'local',
    capabilities: LOCAL_CAPABILITIES,
    get interactions() {
      return new Map(answers.all().map((a) => [a.id, a]));
    },
    async start(): Promise<Snapshot> {
      const rawScore = read(LOCAL_KEYS.score);
      const score = rawScore === null ? null : Number(rawScore);
      const bookmark = storedText(read(LOCAL_KEYS.location), 'page');
      const name = storedText(read(LOCAL_KEYS.user), 'name');
      const validScore = isValidScore(score) ? score : null;
      const completedAt = storedDate(read(LOCAL_KEYS.completedAt));
      return {
        learner: { id: null, name },
        score: validScore,
        viewed: readViewed(read(LOCAL_KEYS.route), validScore),
        bookmark,
        ...(completedAt ? { completedAt } : {}),
      };
    },
    save(change: ProgressChange) {
      if (change.score !== undefined) write(LOCAL_KEYS.score, String(change.score));
      if (change.viewed !== undefined) write(LOCAL_KEYS.route, encodeRoute(change.viewed));
      if (change.bookmark !== undefined)
        write(LOCAL_KEYS.location, JSON.stringify({ page: change.bookmark }));
      // Kept once, never rewritten (record 0263).
      if (change.completedAt && !storedDate(read(LOCAL_KEYS.completedAt)))
        write(LOCAL_KEYS.completedAt, change.completedAt.toISOString());
    },
    recordAnswer(interaction: Interaction) {
      if (answers.record(interaction))
        write(LOCAL_KEYS.interactions, JSON.stringify(answers.all()));
    },
    flush() {},
    finish() {},
    onHealth(_listener: (h: TrackingHealth) => void) {
      return () => {};
    },
  };
}
