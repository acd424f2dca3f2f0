// Between the SCORM session's planner and its queue (docs/decisions/0256-scorm-session-as-parts.md):
// an event's writes are planned from the record's state (write-plan.ts), their notes logged, what
// the plan assigned kept in the record (course-record.ts), and the writes queued (write-queue.ts);
// also what a successful read in normal mode queues. No SCORM calls: the session sends the queue
// (lms-send.ts).
import type { Interaction } from '../port.ts';
import type { CourseRecord } from './course-record.ts';
import type { LmsStartData, ScormDialect } from './dialect.ts';
import type { InteractionRecorder } from './interaction-recorder.ts';
import type { StartPlan } from './reconcile.ts';
import { interactionFromCache } from './safety-net.ts';
import { heldValues, startNotes } from './stored-read.ts';
import type { Logger } from './wrapper.ts';
import { planWrites, type PlanEvent, type PlanState, type WritePlan } from './write-plan.ts';
import type { Write, WriteQueue } from './write-queue.ts';

export interface WritesParts {
  queue: WriteQueue;
  dialect: ScormDialect;
  record: CourseRecord;
  answers: InteractionRecorder;
  log: Logger;
  /** A read of the stored data succeeded (decision record 0160). */
  readDone: () => boolean;
}

export class SessionWrites {
  constructor(private readonly p: WritesParts) {}

  /** Plans an event's writes (write-plan.ts) and queues them. */
  plan(event: PlanEvent): void {
    this.apply(planWrites(event, this.state()));
  }

  /**
   * A successful read in normal mode: what the LMS holds is known to the queue, the start state
   * replaces this session's, and the start writes, earlier answers and early answers are queued.
   */
  start(plan: Extract<StartPlan, { kind: 'write' }>, data: LmsStartData): void {
    const { queue, dialect, record, answers, log } = this.p;
    // What the LMS holds needs no write: the queue skips values equal to these.
    for (const w of heldValues(dialect, data, plan)) queue.assumeCommitted(w.element, w.value);
    for (const note of startNotes(data, plan, record.progress)) log[note.level](note.text);
    record.adoptRead(plan, data);
    answers.adopt(
      { ids: data.interactionIds, count: data.interactionCount, answers: plan.storedAnswers },
      plan.answered,
    );
    this.plan({
      kind: 'start',
      markIncomplete: data.notAttempted && !data.completed && !record.progress.completed,
      writeProgress: record.touched || plan.suspendDataUnread,
      routeWasEmpty: record.routeWasEmpty,
    });
    // Earlier sessions' answers written again, then the first answers this read made placeable
    // (interaction-recorder.ts, decision record 0190).
    const { again, first } = answers.answersAtRead(
      plan.storedAnswers,
      data.interactionIds,
      plan.pendingAnswers.map(interactionFromCache),
    );
    for (const a of again) this.answer(a);
    if (again.length)
      log.info(
        `writing again the ${again.length} answers of earlier sessions kept in suspend_data`,
      );
    for (const answer of first) this.answer(answer);
  }

  /**
   * An answer's record (interaction-recorder.ts) and its writes (write-plan.ts), then those of
   * the waiting records it lets through (record 0278).
   */
  answer(interaction: Interaction): void {
    const plans = this.p.answers.record(interaction, (claim) =>
      planWrites({ kind: 'answer', ...claim }, this.state()),
    );
    for (const plan of plans) this.apply(plan);
  }

  set(writes: Write[]): void {
    for (const w of writes) this.p.queue.set(w.element, w.value);
  }

  /** Some of `writes` waits in the queue with that value. */
  isQueued(writes: Write[]): boolean {
    const pending = new Map(this.p.queue.pending().map((w) => [w.element, w.value]));
    return writes.some((w) => pending.get(w.element) === w.value);
  }

  private state(): PlanState {
    return this.p.record.planState(this.p.dialect, this.p.readDone(), this.p.answers);
  }

  private apply(plan: WritePlan): void {
    for (const note of plan.notes) this.p.log[note.level](note.text);
    this.set(this.p.record.take(plan));
  }
}
