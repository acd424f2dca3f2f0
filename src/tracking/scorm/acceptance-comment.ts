// The learner's «Acepto» in an LMS (decision 0220; docs/decisions/0256-scorm-session-as-parts.md):
// one comment with the statement's short hash and the time, committed at once — never an
// interaction, never in review or browse mode. The session says when it may be written and
// writes it.
import type { AcceptanceChannel, AcceptanceStatus } from '../port.ts';
import { shortHash } from '../../domain/content/content-version.ts';

export interface AcceptanceDeps {
  /** The session is open, read, and writes (not review/browse). */
  canWrite: () => boolean;
  now: () => number;
  /** Queues the comment and commits it. */
  write: (comment: string, at: Date) => void;
  logError: (message: string) => void;
}

export function acceptanceComment(deps: AcceptanceDeps): AcceptanceChannel {
  let state: AcceptanceStatus = 'none';
  const listeners = new Set<(s: AcceptanceStatus) => void>();
  return {
    accept: (text) => {
      if (!deps.canWrite() || state !== 'none') return;
      try {
        const at = new Date(deps.now());
        const comment = `Acepto la inducción (texto mostrado ${shortHash(text)}, ${at.toISOString()}): ${text.replace(/\s+/g, ' ')}`;
        deps.write(comment, at);
        state = 'recorded';
        listeners.forEach((l) => l('recorded'));
      } catch (error) {
        deps.logError(
          `acceptance failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    status: () => state,
    onStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
