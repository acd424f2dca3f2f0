// The SCORM session's options and timing (docs/decisions/0256-scorm-session-as-parts.md); the
// session (scorm-session.ts) re-exports them, so importers keep their paths. Its capabilities too.
import type { TrackingCapabilities } from '../port.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';
import type { Logger } from './wrapper.ts';
import { RETRY_DELAYS_MS } from './write-queue.ts';

export interface Timing {
  /** The stored data is read 200 ms after Initialize (decision 0012). */
  initialReadMs: number;
  /** Debounce for progress (one Commit per screen view). */
  progressCommitMs: number;
  /** While reads of the stored data fail, start() waits this long for one to succeed. */
  readWaitMs: number;
  /** Answers alone commit this late at most; usually the quiz's progress save commits them. */
  answerCommitMs: number;
  retryDelaysMs: readonly number[];
}

export const DEFAULT_TIMING: Timing = {
  initialReadMs: 200,
  progressCommitMs: 300,
  readWaitMs: 2000,
  answerCommitMs: 10_000,
  retryDelaysMs: RETRY_DELAYS_MS,
};

export interface ScormSessionOptions {
  packageId: string;
  /** The course's shape: topics per module (to read suspend_data), questions per quiz. */
  course: CourseShape;
  /** The course's window: pagehide/visibilitychange listeners go here; null in unit tests. */
  win?: Window | null;
  /** Local safety-net storage (keyed by package and learner); null disables it. */
  storage?: Storage | null;
  log?: Logger;
  now?: () => number;
  timing?: Partial<Timing>;
  /** The inline early script already called Initialize on this API (early-init.ts), at this
   *  time (ms since the epoch): the session is adopted and its time counts from then. */
  preInitializedAt?: number;
}

/** What the course may do inside an LMS (the session hands each port its own copy). */
export const SCORM_CAPABILITIES: TrackingCapabilities = {
  certificate: 'browser',
  learnerIdMayBeDocument: true,
  runtimeNamesLearner: true,
  certificateAsScreen: true,
  answerTexts: false,
  localOnly: false,
  acceptanceInLmsComments: true,
};
