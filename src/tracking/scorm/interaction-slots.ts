// Where each question's interaction record sits in the LMS (decision record 0130): at its fixed
// position in the course slot order (questions added after publication last, record 0270), never
// at an LMS-reported `_count`. SCORM (1.2 and 2004) accepts `interactions.n` only for n up to the
// count, so a record past the count needs the positions in between written first; only positions
// whose question has an answer are (record 0278): a record past an unanswered question's position
// waits. Pure bookkeeping, no SCORM calls: the session asks it for an index and for the ids it
// must write again so that an LMS whose `_count` is too low accepts that index.

/** A record whose id is written again, with the same value, to advance the LMS's count. */
export interface SlotId {
  position: number;
  id: string;
}

export class InteractionSlots {
  private readonly positions: ReadonlyMap<string, number>;
  /** 2004: ids the LMS holds, by index (1.2 ids are write-only: null). */
  private storedIds: readonly string[] | null = null;
  /** Where an answer goes whose fixed position is taken or unknown: after every fixed one. */
  private nextSpare: number;
  /** The LMS's `_count` as read at start, plus the records queued since. */
  private lmsCount = 0;

  /**
   * `questionIds`: the course's questions in slot order. `canFill`: whether a question's record
   * may be written again to advance the count — it is answered and its record is in the LMS or
   * queued (interaction-recorder.ts); never a question without an answer (record 0278).
   */
  constructor(
    private readonly questionIds: readonly string[],
    private readonly canFill: (id: string) => boolean,
  ) {
    this.positions = new Map(questionIds.map((id, position) => [id, position]));
    this.nextSpare = questionIds.length;
  }

  /** What the LMS reported at start: its stored ids (2004) and its `_count`. */
  adopt(storedIds: readonly string[] | null, lmsCount: number): void {
    this.storedIds = storedIds;
    this.nextSpare = Math.max(this.questionIds.length, lmsCount);
    this.lmsCount = lmsCount;
  }

  /** A question's place in the course (Infinity for an id the course does not have). */
  positionOf(id: string): number {
    return this.positions.get(id) ?? Infinity;
  }

  /**
   * A question's interaction index: its fixed position. Only when 2004's stored ids show another
   * record there (or the id is not the course's) does it go after every fixed position, so no
   * record is ever written over another.
   */
  indexFor(id: string): number {
    const position = this.positions.get(id);
    const stored = position === undefined ? undefined : this.storedIds?.[position];
    if (position !== undefined && (!stored || stored === id)) return position;
    return this.nextSpare++;
  }

  /**
   * A record is about to be queued at `index`. When the LMS counts fewer records than that (the
   * Moodle app's rebuild, or records it never got), returns the ids of the positions in between,
   * to be written first with the values they already have, so the LMS accepts the index without
   * a refusal; the count then includes the new record. Returns null, and counts nothing, when a
   * position before it belongs to a question with no answer yet (or to a record still waiting),
   * whatever count the LMS reports (one that reports more records than it holds would refuse the
   * index): the record waits until that gap closes (record 0278).
   */
  claim(index: number): SlotId[] | null {
    const counted = Math.min(this.lmsCount, index);
    for (let position = 0; position < counted; position++)
      if (position < this.questionIds.length && this.idAt(position) === null) return null;
    const fill = this.idsBetween(this.lmsCount, index);
    if (fill === null) return null;
    this.lmsCount = Math.max(this.lmsCount, index + 1);
    return fill;
  }

  /**
   * The LMS refused a record at `index` and now reports `count`: the ids to write again from
   * `count` up to the index, or null when that cannot help (the count is not lower, or a
   * position in between has no record to write again).
   */
  advance(count: number, index: number): SlotId[] | null {
    if (count >= index) return null;
    return this.idsBetween(count, index);
  }

  /** The ids of the positions from `from` up to `to`; null when any has none (`idAt`). */
  private idsBetween(from: number, to: number): SlotId[] | null {
    const ids: SlotId[] = [];
    for (let position = from; position < to; position++) {
      const id = this.idAt(position);
      if (id === null) return null;
      ids.push({ position, id });
    }
    return ids;
  }

  /**
   * The id a position's record has: what the LMS shows there (2004), else the course's question
   * when it may be written again (answered, its record not waiting); null otherwise.
   */
  private idAt(position: number): string | null {
    const stored = this.storedIds?.[position];
    if (stored) return stored;
    const question = this.questionIds[position];
    return question && this.canFill(question) ? question : null;
  }
}
