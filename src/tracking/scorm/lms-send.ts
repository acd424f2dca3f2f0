// Sending the SCORM session's queued writes through the wrapper (docs/decisions/0256-scorm-session-as-parts.md):
// one SetValue per queued value, a refused interaction id repaired by advancing a short `_count`
// (decision record 0130), refused values reported (interaction-recorder.ts), then the Commit and
// what it settles. When to send, and what a failure means for the retries, stay in the session
// (scorm-session.ts, commit-scheduler.ts).
import { interactionIdIndex, parseCount, type ScormDialect } from './dialect.ts';
import { isOptionalElement, type InteractionRecorder } from './interaction-recorder.ts';
import type { CallResult, Logger, ScormWrapper } from './wrapper.ts';
import type { SendOutcome, WriteQueue } from './write-queue.ts';

export interface SendContext {
  queue: WriteQueue;
  wrapper: ScormWrapper;
  dialect: ScormDialect;
  answers: InteractionRecorder;
  log: Logger;
}

/**
 * Sends every unsent value; failures stay queued, permanent refusals are dropped and logged. Also
 * alone, without a Commit (record 0268): an answer and the kept time are in the LMS's data model
 * at once, so an LMS's own save on unload carries them; the Commit stays batched (record 0004).
 */
export function sendQueued(c: SendContext): SendOutcome {
  const scoreRaw = c.dialect.score(0).find((w) => w.element.endsWith('.raw'))?.element ?? '';
  const refusedCodes = new Map<string, string>();
  const outcome = c.queue.send(
    (element, value) => {
      const optional = isOptionalElement(element);
      let result: CallResult = c.wrapper.setValue(element, value, optional);
      const interaction = result.ok ? null : interactionIdIndex(element);
      if (interaction !== null && advanceInteractionCount(c, interaction))
        result = c.wrapper.setValue(element, value);
      if (!result.ok) refusedCodes.set(element, result.code);
      if (!result.ok && element === scoreRaw) {
        c.log.warn(`the grade was not stored in the LMS (error ${result.code})`);
      }
      return result;
    },
    (code) => c.dialect.isPermanentError(code),
  );
  c.answers.reportDropped(outcome.dropped, refusedCodes, c.log);
  return outcome;
}

/** What a round of SetValue and Commit came to. */
export interface CommitRound {
  /** Every queued value was sent and the Commit (when one was due) went through. */
  ok: boolean;
  /** Every queued value was sent (the end's Terminate may still persist them). */
  allSent: boolean;
  /** The LMS now holds a started attempt: the status it was given is committed. */
  holdsAttempt: boolean;
}

/**
 * Sends what is queued, then commits when anything was sent (or always at the end, `force`).
 * After a good Commit the queue and the answers settle; after a failed one they stay queued.
 */
export function sendAndCommit(c: SendContext, force: boolean, readDone: boolean): CommitRound {
  const outcome = sendQueued(c);
  let ok = outcome.failed === 0;
  let holdsAttempt = false;
  if (c.queue.hasSent || force) {
    if (c.wrapper.commit().ok) {
      c.queue.committed();
      // The LMS holds a started attempt once the status it was given is committed.
      const status = c.dialect.incomplete()[0]!.element;
      holdsAttempt = readDone && !c.queue.pending().some((w) => w.element === status);
      c.answers.settle((group) => c.queue.hasGroup(group));
    } else {
      c.queue.commitFailed();
      ok = false;
    }
  }
  return { ok, allSent: outcome.failed === 0, holdsAttempt };
}

/**
 * session_time once per session, at its end (decision record 0160): Moodle keeps the last value
 * written and Chamilo adds every write. It goes after the last Commit, just before Terminate
 * (which persists it): Chamilo posts a session_time again at every save after it was set
 * (LMSCommit keeps its list of changed values, only LMSFinish clears it), so a Commit after it
 * would add it twice (decision record 0190). Returns whether Terminate went through and whether
 * the LMS took the time.
 */
export function terminateWithTime(
  c: Pick<SendContext, 'wrapper' | 'dialect'>,
  timeMs: number,
): { terminated: boolean; timeSet: boolean } {
  const time = c.dialect.sessionTime(timeMs);
  const timeSet = c.wrapper.setValue(time.element, time.value).ok;
  return { terminated: c.wrapper.terminate(), timeSet };
}

/**
 * The LMS refused an interaction's id at `index`: when its `_count` is lower than the index
 * (the Moodle app rebuilds it from rows read in element-name order: _0, _1, _10, _11, _2…),
 * the ids of the positions from its count up to the index are written again with the same
 * values, which advances the count without changing any record (decision record 0130).
 * Returns true when the count was advanced and the write may be tried again.
 */
function advanceInteractionCount(c: SendContext, index: number): boolean {
  const read = c.wrapper.readValue(c.dialect.interactionCountElement);
  if (!read.ok) return false;
  const count = parseCount(read.value);
  const ids = c.answers.slots.advance(count, index);
  if (!ids) return false;
  for (const { position, id } of ids) {
    const w = c.dialect.interactionId(position, id);
    if (!c.wrapper.setValue(w.element, w.value).ok) return false;
  }
  c.log.warn(
    `the LMS counted ${count} interactions where the course has ${index}; ` +
      `re-wrote the ids of records ${count}–${index - 1} to advance its count`,
  );
  return true;
}
