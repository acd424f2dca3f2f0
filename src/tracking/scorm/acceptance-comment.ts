// The learner's «Acepto» in an LMS (decision 0220; docs/decisions/0256-scorm-session-as-parts.md):
// one comment with the statement's short hash and the time, committed at once — never an
// interaction, never in review or browse mode. The session says when it may be written and
// writes it.
import type { AcceptanceChannel, AcceptanceStatus } from '../port.ts';
import { shortHash } from '../../domain/content/content-version.ts';
import { ACCEPTANCE_COMMENT_MARK } from './dialect.ts';

export interface AcceptanceDeps {
  /** The session is open, read, and writes (not review/browse). */
  canWrite: () => boolean;
  now: () => number;
  /** Queues the comment and commits it. */
  write: (comment: string, at: Date) => void;
  logError: (message: string) => void;
}

export interface AcceptanceCommentChannel extends AcceptanceChannel {
  /** The LMS already holds this learner's acceptance (read at the start, record 0262). */
  heldByLms(): void;
}

export function acceptanceComment(deps: AcceptanceDeps): AcceptanceCommentChannel {
  let state: AcceptanceStatus = 'none';
  const listeners = new Set<(s: AcceptanceStatus) => void>();
  return {
    accept: (text) => {
      if (!deps.canWrite() || state !== 'none') return;
      try {
        const at = new Date(deps.now());
        const comment = `${ACCEPTANCE_COMMENT_MARK}${shortHash(text)}, ${at.toISOString()}): ${text.replace(/\s+/g, ' ')}`;
        deps.write(comment, at);
        state = 'recorded';
        listeners.forEach((l) => l('recorded'));
      } catch (error) {
        deps.logError(
          `acceptance failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    heldByLms: () => {
      if (state === 'recorded') return;
      state = 'recorded';
      listeners.forEach((l) => l('recorded'));
    },
    status: () => state,
    onStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
