// The course's own record in suspend_data, after the route (decision records 0003, 0190, 0263):
// each question's first answer and, since record 0263, named fields such as the completion date.
// SCORM 1.2 interactions are write-only, so the course cannot see that an LMS (Chamilo) blanked
// them after a relaunch; from the answers it re-writes them with their own values at their fixed
// positions (decision record 0130).
//
// Formats, all still read (record 0076):
//   0003: `<route>` alone.
//   0190: `<route>-~1;<answer>;<answer>…`
//   0263: `<route>-~2;<item>;<item>…`, an item being an answer or a named field `<letter>=<value>`;
//         `c` = when the course was first completed (epoch seconds, base 36). A later field takes
//         another letter; a field this release does not know is kept and written back as read,
//         so a newer release's field survives a session of this one.
//         `t` (record 0268) = the LMS's total time as the course expects it once this session's
//         time is added (centiseconds, base 36), kept fresh during the session: at the next
//         start, what the LMS reports short of it was lost with a closed tab.
// An answer is `m1_q1,c,1,2,1,<latency cs>,<time s>` (question id with `_` for `-`; kind c =
// choice, m = matching, s = sequencing; response and correct option indexes, several joined by
// `.` (decision record 0200); 1 = correct; latency in centiseconds and the answer's time in epoch
// seconds, both base 36).
// Nothing after the route holds a `-`, so a decoder of the plain route (decision 0003) reads the
// route and drops the rest as parts beyond the last module: old records read as before, new ones
// by old code too (an older release drops what follows the route at its next save).
import type { AnswerKind } from '../../domain/registry/index.ts';
import type { Interaction } from '../port.ts';
import { byQuestionId, FirstAnswerLedger } from '../../domain/progress/course-facts.ts';

/** The format written today (record 0263); `~1` (record 0190) is still read. */
export const LEDGER_MARK = '~2';
const MARKS = ['-~2', '-~1'] as const;
/** A named field: one lowercase letter, `=`, a value without `;`, `-` or `=`. */
const FIELD = /^([a-z])=([^;=-]{0,40})$/;
const COMPLETED_FIELD = 'c';
const TIME_FIELD = 't';
const OWN_FIELDS = [COMPLETED_FIELD, TIME_FIELD];

/** What the course keeps of one answer: enough to write its interaction again, same values. */
export type LedgerAnswer = Omit<
  Interaction,
  'description' | 'responseText' | 'correctResponseText'
>;

export interface SplitRecord {
  route: string;
  answers: LedgerAnswer[];
  /** When the course was first completed, as kept (record 0263); null in older records. */
  completedAt: Date | null;
  /** The total time the LMS should hold, as last kept (record 0268); null in older records. */
  timeMs: number | null;
  /** Named fields this release does not know, as read: written back unchanged. */
  extra: string[];
  /** Entries that could not be read (for the log). */
  dropped: string[];
}

/** What follows the route besides the answers (record 0263). */
export interface RecordFields {
  completedAt?: Date | null;
  /** The total time the LMS should hold once this session's time is added (record 0268). */
  timeMs?: number | null;
  extra?: readonly string[];
}

/** Splits a stored suspend_data into its route, its answers and its named fields. */
export function splitSuspendData(stored: string): SplitRecord {
  const found = MARKS.map((mark) => ({ mark, at: stored.indexOf(mark) })).find((m) => m.at >= 0);
  const empty = { completedAt: null, timeMs: null, extra: [], dropped: [] };
  if (!found) return { route: stored, answers: [], ...empty };
  const named = found.mark === '-~2';
  const route = stored.slice(0, found.at);
  const answers = new FirstAnswerLedger<LedgerAnswer>(byQuestionId);
  const record: SplitRecord = { route, answers: [], ...empty };
  for (const entry of stored.slice(found.at + found.mark.length).split(';')) {
    if (!entry) continue;
    const field = named ? FIELD.exec(entry) : null;
    if (field) readField(record, field[1]!, field[2]!, entry);
    else {
      const answer = decodeEntry(entry);
      if (!answer) record.dropped.push(entry.slice(0, 40));
      else answers.record(answer);
    }
  }
  record.answers = answers.all();
  return record;
}

function readField(record: SplitRecord, name: string, value: string, entry: string): void {
  if (!OWN_FIELDS.includes(name)) {
    record.extra.push(entry);
    return;
  }
  const n = /^[0-9a-z]{1,9}$/.test(value) ? parseInt(value, 36) : NaN;
  if (name === TIME_FIELD) {
    // Centiseconds, as SCORM's times; the first one read stays, as for the date.
    if (Number.isFinite(n)) record.timeMs ??= n * 10;
    else record.dropped.push(entry.slice(0, 40));
    return;
  }
  // The first one read stays: the completion date is never rewritten.
  if (Number.isFinite(n) && n > 0) record.completedAt ??= new Date(n * 1000);
  else record.dropped.push(entry.slice(0, 40));
}

/**
 * The route followed by the answers and the named fields (record 0263); the route alone when
 * nothing follows it.
 */
export function joinSuspendData(
  route: string,
  answers: readonly LedgerAnswer[],
  fields: RecordFields = {},
): string {
  const items = [
    ...(fields.completedAt
      ? [`${COMPLETED_FIELD}=${epochSeconds(fields.completedAt).toString(36)}`]
      : []),
    ...(fields.timeMs != null && fields.timeMs >= 0
      ? [`${TIME_FIELD}=${Math.floor(fields.timeMs / 10).toString(36)}`]
      : []),
    ...(fields.extra ?? []).filter(
      (e) => FIELD.test(e) && !OWN_FIELDS.some((f) => e.startsWith(`${f}=`)),
    ),
    ...answers.map(encodeEntry),
  ];
  if (!items.length) return route;
  return `${route}-${LEDGER_MARK}${items.map((i) => `;${i}`).join('')}`;
}

const epochSeconds = (d: Date) => Math.max(0, Math.floor(d.getTime() / 1000));

export function toLedgerAnswer(i: Interaction): LedgerAnswer {
  return {
    id: i.id,
    moduleId: i.moduleId,
    type: i.type,
    response: i.response,
    correctResponse: i.correctResponse,
    correct: i.correct,
    latencyMs: Math.max(0, Math.round(i.latencyMs / 10) * 10),
    timestamp: new Date(Math.floor(i.timestamp.getTime() / 1000) * 1000),
  };
}

/** A ledger answer as an interaction to write again (no question text: 1.2 has no description). */
export const fromLedgerAnswer = (a: LedgerAnswer): Interaction => ({ ...a, description: '' });

const KIND_LETTER: Record<AnswerKind, string> = { choice: 'c', matching: 'm', sequencing: 's' };
const KIND_OF_LETTER = new Map(
  Object.entries(KIND_LETTER).map(([kind, letter]) => [letter, kind as AnswerKind]),
);
/** Option indexes: one or more, `.` between them. */
const INDEXES = /^\d{1,2}(\.\d{1,2}){0,35}$/;

function encodeEntry(a: LedgerAnswer): string {
  return [
    a.id.replace(/-/g, '_'),
    KIND_LETTER[a.type],
    a.response.join('.'),
    a.correctResponse.join('.'),
    a.correct ? 1 : 0,
    Math.max(0, Math.round(a.latencyMs / 10)).toString(36),
    Math.max(0, Math.floor(a.timestamp.getTime() / 1000)).toString(36),
  ].join(',');
}

function decodeEntry(entry: string): LedgerAnswer | null {
  const f = entry.split(',');
  if (f.length !== 7) return null;
  const [rawId, kind, response, correctResponse, correct, latency, time] = f as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const id = rawId.replace(/_/g, '-');
  const m = /^m(\d+)-q\d+$/.exec(id);
  const type = KIND_OF_LETTER.get(kind);
  if (!m || !type || (correct !== '0' && correct !== '1')) return null;
  if (!INDEXES.test(response) || !INDEXES.test(correctResponse)) return null;
  if (!/^[0-9a-z]{1,9}$/.test(latency) || !/^[0-9a-z]{1,9}$/.test(time)) return null;
  return {
    id,
    moduleId: `modulo${m[1]}`,
    type,
    response: response.split('.').map(Number),
    correctResponse: correctResponse.split('.').map(Number),
    correct: correct === '1',
    latencyMs: parseInt(latency, 36) * 10,
    timestamp: new Date(parseInt(time, 36) * 1000),
  };
}
