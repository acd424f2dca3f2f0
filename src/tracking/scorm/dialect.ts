// What differs between SCORM 1.2 and 2004, as one interface: element names, vocabularies and
// formats. scorm12/ and scorm2004/ each implement it; the session (scorm-session.ts) is the
// same for both, so there is no version switch anywhere else.
import type { Interaction, ModuleStatus } from '../port.ts';
import type { LmsApi } from './lms-api.ts';
import type { ScormVersion } from './discovery.ts';
import type { WrapperOptions } from './wrapper.ts';
import type { Write } from './write-queue.ts';

/** What the course reads from the LMS when a session starts. */
export interface LmsStartData {
  learnerId: string;
  /** As the LMS gives it, usually "Apellido, Nombre". */
  learnerName: string;
  scoreRaw: string;
  suspendData: string;
  bookmark: string;
  /** 'ab-initio', 'resume' or '' (for the log). */
  entry: string;
  /** The LMS already holds a completed (or passed) status: never written lower. */
  completed: boolean;
  /** Status 'not attempted' / 'unknown': set to 'incomplete' at once. An empty status is not. */
  notAttempted: boolean;
  /**
   * The completion status as read (1.2 lesson_status, 2004 completion_status). A conforming LMS
   * always holds one; '' means nothing was really read (decision record 0160).
   */
  status: string;
  /** 1.2 `cmi.core.lesson_mode`, 2004 `cmi.mode`: 'normal', 'review', 'browse' ('' read as normal). */
  mode: string;
  /** Status values as read (element → value), so a held 'passed' is never overwritten. */
  statuses: Record<string, string>;
  interactionCount: number;
  /** Ids of stored interactions, or null where the version makes them write-only (1.2). */
  interactionIds: string[] | null;
  /** Ids of stored objectives, by index. */
  objectiveIds: string[];
  /** Ids of stored objectives whose status says completed (the module was completed). */
  completedObjectiveIds: string[];
  /** 2004: the count of learner comments (the acceptance goes at that index; 0220). */
  commentCount?: number;
}

export interface ScormDialect {
  readonly version: ScormVersion;
  /** Binds the LMS's API object (by this version's method names). */
  bind(raw: Record<string, unknown>): LmsApi;
  readonly wrapperOptions: WrapperOptions;
  /** Longest suspend_data the version guarantees (1.2: 4096; 2004: 64000). */
  readonly suspendDataLimit: number;
  readStart(get: (element: string) => string): LmsStartData;
  /** The element the route is kept in (its read may fail alone: decision record 0160). */
  readonly suspendDataElement: string;
  incomplete(): Write[];
  completed(): Write[];
  /** Score 0–100 with its range (and scaled in 2004). */
  score(score: number): Write[];
  suspendData(route: string): Write;
  bookmark(pageId: string): Write;
  exit(completed: boolean): Write;
  sessionTime(ms: number): Write;
  /**
   * The total time the LMS holds (1.2 `cmi.core.total_time`, 2004 `cmi.total_time`), read apart
   * from the start data (an LMS that cannot answer it is no failed read; record 0268).
   */
  readonly totalTimeElement: string;
  /** That element's value in ms; null when it is not a time of this version. */
  parseTotalTime(value: string): number | null;
  objective(index: number, id: string, status: ModuleStatus): Write[];
  interaction(index: number, interaction: Interaction): Write[];
  /** The LMS's count of interaction records (decision record 0130). */
  readonly interactionCountElement: string;
  /** The id element of one interaction record: re-written to advance a short `_count`. */
  interactionId(index: number, id: string): Write;
  /**
   * The learner's acceptance as a comment, never an interaction (decision 0220): 1.2
   * `cmi.comments`, 2004 `cmi.comments_from_learner.n`.
   */
  comment(index: number, text: string, at: Date): Write[];
  /**
   * Whether the LMS already holds the learner's acceptance comment (record 0262): read at the
   * start of a session in normal mode, so the course stops offering it. A failed read counts as
   * none (the offer stays; a second «Acepto» adds a second comment, which is harmless).
   */
  holdsAcceptance(get: (element: string) => string): boolean;
  /** LMS error codes that mean the value itself is refused: retrying cannot help. */
  isPermanentError(code: string): boolean;
}

/** How every acceptance comment begins (acceptance-comment.ts writes it; record 0220). */
export const ACCEPTANCE_COMMENT_MARK = 'Acepto la inducción (texto mostrado ';
/** 2004: the location of the acceptance comment (record 0220). */
export const ACCEPTANCE_LOCATION = 'aceptacion-induccion';

/** Response identifiers: option index 0 → 'a', 1 → 'b' … (1.2 needs single characters). */
export function optionLetter(index: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return alphabet[Math.max(0, Math.trunc(index)) % alphabet.length]!;
}

/** A score as the LMS expects it: a plain decimal, at most 2 decimals ('33.33', '100'). */
export function formatScore(score: number): string {
  return String(Math.round(score * 100) / 100);
}

export const parseCount = (raw: string): number => {
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** The index of an interaction's id element ('cmi.interactions.12.id' → 12), else null. */
export function interactionIdIndex(element: string): number | null {
  const m = /^cmi\.interactions\.(\d+)\.id$/.exec(element);
  return m ? Number(m[1]) : null;
}
