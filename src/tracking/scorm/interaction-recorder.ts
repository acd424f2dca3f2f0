// The SCORM session's answers (docs/decisions/0256-scorm-session-as-parts.md): which questions
// already have a record in the LMS (or one on its way), each question's first answer kept through
// the domain's first-answer ledger (course-facts.ts, decision record 0201) for suspend_data
// (decision record 0190), the answers not yet committed, those given before the stored data was
// read, and where each record goes (interaction-slots.ts), or why it waits (record 0278).
// `isFirst` is the one place that decides whether an answer is a first answer. No SCORM calls:
// the session enqueues the writes.
import type { Interaction } from '../port.ts';
import { byItself, byQuestionId, FirstAnswerLedger } from '../../domain/progress/course-facts.ts';
import { fromLedgerAnswer, toLedgerAnswer, type LedgerAnswer } from './answer-ledger.ts';
import { InteractionSlots, type SlotId } from './interaction-slots.ts';
import type { Logger } from './wrapper.ts';
import type { Write } from './write-queue.ts';

/** An answer given its record: its index, the ids to write again first, whether it is kept. */
export interface AnswerClaim {
  interaction: Interaction;
  index: number;
  /** Null: the record waits for unanswered positions before it (record 0278). */
  fill: SlotId[] | null;
  /** Its question's first answer in the ledger (suspend_data is written again). */
  first: boolean;
}

export class InteractionRecorder {
  /** Where each question's interaction record sits (decision records 0130, 0209). */
  readonly slots: InteractionSlots;
  /** Question ids with an interaction in the LMS or on its way there: the first-answer rule. */
  private readonly recorded = new FirstAnswerLedger<string>(byItself);
  /** Each question's first answer as kept in suspend_data (decision record 0190). */
  private readonly ledger = new FirstAnswerLedger<LedgerAnswer>(byQuestionId);
  /** Answers queued but not yet committed, by question id, with their record's group. */
  private readonly unconfirmed = new Map<string, { interaction: Interaction; group: string }>();
  /**
   * First answers whose record waits, by question id, with their index: a position before it
   * belongs to a question not answered yet, and SCORM accepts no index past the LMS's count
   * (record 0278). Kept in suspend_data like every first answer; written once the gap closes.
   */
  private readonly waiting = new Map<string, { interaction: Interaction; index: number }>();
  /** Answers given before the stored data was read (their index is not known yet). */
  private early = new FirstAnswerLedger<Interaction>(byQuestionId);
  /** Optional elements the LMS refused, logged once each (by element name without index). */
  private readonly refusedOptional = new Set<string>();

  constructor(questionIds: readonly string[]) {
    // A position is filled only with a record the LMS holds or gets: an answered question whose
    // own record is not waiting (record 0278).
    this.slots = new InteractionSlots(
      questionIds,
      (id) => this.recorded.has(id) && !this.waiting.has(id),
    );
  }

  /** The one rule for a first answer: no record of its question yet (decision 0008). */
  isFirst(id: string): boolean {
    return !this.recorded.has(id);
  }

  /** Before the read: kept (once per question) until the record's index is known. */
  holdEarly(interaction: Interaction): void {
    this.early.record(interaction);
  }

  get earlyAnswers(): readonly Interaction[] {
    return this.early.all();
  }

  /**
   * What the read showed: the stored ids and count, the first answers kept in suspend_data, and
   * the questions already answered.
   */
  adopt(
    stored: { ids: readonly string[] | null; count: number; answers: readonly LedgerAnswer[] },
    answered: readonly string[],
  ): void {
    this.slots.adopt(stored.ids, stored.count);
    for (const id of answered) this.recorded.record(id);
    // Earlier sessions' first answers join the ledger before anything is planned, so the start's
    // suspend_data keeps them (decision record 0190).
    for (const a of stored.answers) this.ledger.record(a);
  }

  /**
   * The answers a read in normal mode has recorded, in order. `again`: earlier sessions' first
   * answers, kept from suspend_data (`stored`), are written again at their fixed positions with
   * their own values (decision record 0190): 1.2 interactions are write-only (`shownIds` null),
   * so the course cannot see that an LMS (Chamilo) rebuilt them blank after the relaunch; an LMS
   * that kept them stores the same values again. In 2004 only a record the LMS does not show by
   * id is re-written. `first`: the answers an earlier session left unconfirmed (`pending`) and
   * those given before the read (handed over once), each only if it is its question's first.
   */
  answersAtRead(
    stored: readonly LedgerAnswer[],
    shownIds: readonly string[] | null,
    pending: readonly Interaction[],
  ): { again: Interaction[]; first: Interaction[] } {
    const again = stored.filter((a) => shownIds === null || !shownIds.includes(a.id));
    const first = new FirstAnswerLedger<Interaction>(byQuestionId);
    const early = this.early.all();
    this.early = new FirstAnswerLedger<Interaction>(byQuestionId);
    for (const answer of [...pending, ...early]) if (this.isFirst(answer.id)) first.record(answer);
    return { again: again.map(fromLedgerAnswer), first: first.all() };
  }

  /**
   * Gives an answer its record: its index, the ids to re-write before it, and a place in the
   * ledger when it is its question's first. `plan` turns each claim into writes (write-plan.ts);
   * the answer waits as unconfirmed until a commit takes its record's group. When its record
   * must wait (`fill` null: record 0278), the plan only keeps the answer in suspend_data; a record
   * that closes a gap brings the waiting records after it, each with its own plan, in order.
   */
  record<P extends { answerGroup?: string }>(
    interaction: Interaction,
    plan: (claim: AnswerClaim) => P,
  ): P[] {
    const index = this.slots.indexFor(interaction.id);
    this.recorded.record(interaction.id);
    const first = this.ledger.record(toLedgerAnswer(interaction));
    const fill = this.slots.claim(index);
    if (fill === null) {
      this.waiting.set(interaction.id, { interaction, index });
      return [plan({ interaction, index, fill, first })];
    }
    return [
      this.planned(interaction, plan({ interaction, index, fill, first })),
      ...this.release(plan),
    ];
  }

  /** Waiting records whose gap is now closed, in index order, each with its plan. */
  private release<P extends { answerGroup?: string }>(plan: (claim: AnswerClaim) => P): P[] {
    const plans: P[] = [];
    const byIndex = [...this.waiting.values()].sort((a, b) => a.index - b.index);
    for (const { interaction, index } of byIndex) {
      const fill = this.slots.claim(index);
      if (fill === null) continue;
      this.waiting.delete(interaction.id);
      plans.push(this.planned(interaction, plan({ interaction, index, fill, first: false })));
    }
    return plans;
  }

  private planned<P extends { answerGroup?: string }>(interaction: Interaction, result: P): P {
    this.unconfirmed.set(interaction.id, { interaction, group: result.answerGroup ?? '' });
    return result;
  }

  /** Every first answer kept for suspend_data. */
  ledgerAnswers(): LedgerAnswer[] {
    return this.ledger.all();
  }

  /** A commit went through: answers whose record has nothing queued any more are the LMS's. */
  settle(stillQueued: (group: string) => boolean): void {
    for (const [id, { group }] of [...this.unconfirmed]) {
      if (!stillQueued(group)) this.unconfirmed.delete(id);
    }
  }

  /** Terminate persisted everything the LMS accepted (a waiting record was never sent). */
  confirmAll(): void {
    this.unconfirmed.clear();
  }

  /** Ids the LMS confirmed (for the local safety net). */
  confirmedIds(): string[] {
    return this.recorded.all().filter((id) => !this.unconfirmed.has(id) && !this.waiting.has(id));
  }

  /** Answers whose record the LMS has not confirmed: queued, or waiting (record 0278). */
  unconfirmedAnswers(): Interaction[] {
    return [...this.unconfirmed.values(), ...this.waiting.values()].map(
      ({ interaction }) => interaction,
    );
  }

  /**
   * Writes the LMS refused for good. An optional element it does not keep (Chamilo refuses an
   * interaction's objective with 401) costs nothing of the answer: one warning per kind of
   * element, not an error per call (decision record 0190).
   */
  reportDropped(dropped: readonly Write[], codes: ReadonlyMap<string, string>, log: Logger): void {
    for (const w of dropped) {
      if (!isOptionalElement(w.element)) {
        log.error(`the LMS refused ${w.element}=${JSON.stringify(w.value)}; dropped`);
        continue;
      }
      const kind = w.element.replace(/\.\d+\./g, '.n.');
      if (this.refusedOptional.has(kind)) continue;
      this.refusedOptional.add(kind);
      log.warn(
        `the LMS does not accept ${kind} (error ${codes.get(w.element) ?? '?'}); ` +
          'the answers are recorded without it',
      );
    }
  }
}

/**
 * Elements whose refusal loses nothing of the answer: an interaction's objective, correct
 * response, question text, latency and time (the id, response and result are what reports show).
 */
export function isOptionalElement(element: string): boolean {
  return /^cmi\.interactions\.\d+\.(objectives\.\d+\.id|correct_responses\.\d+\.pattern|description|latency|time|timestamp)$/.test(
    element,
  );
}
