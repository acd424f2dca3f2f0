// A learner's answer to one question: the one declared answer shape (decision record 0257). The
// quiz screen's answer, the SCORM suspend_data ledger and local cache, and the standalone server's
// first-answer record are each derived from it by type (Omit, Pick, indexed fields), so a field
// renamed or retyped here is renamed or retyped everywhere. The tracking port re-exports it.
import type { AnswerKind, Response } from '../registry/index.ts';

export interface Interaction {
  /** The question's id, from the domain's questionId(): 'm1-q1' … 'm5-q2'. */
  id: string;
  /** Module id, e.g. 'modulo1' (the interaction's objective). */
  moduleId: string;
  /** Plain-text question, for reports. */
  description: string;
  /** How the answer was given (from the quiz type); each SCORM dialect maps it to its own type. */
  type: AnswerKind;
  /**
   * The options the learner gave, as 0-based indexes: one for a single pick, several for a set,
   * all of them for an order (the quiz type's answer shape, decision record 0200).
   */
  response: Response;
  /** The right response, in the same shape. */
  correctResponse: Response;
  /** Plain text of the response (the standalone server keeps it with the answer). */
  responseText?: string;
  /** Plain text of the right response. */
  correctResponseText?: string;
  correct: boolean;
  /** Time from the question being shown to the answer. */
  latencyMs: number;
  timestamp: Date;
}
