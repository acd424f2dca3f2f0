// One first answer and one session's visible time, as the standalone app queues them and the
// server stores them (decision record 0212): one shape and one reader, so the app's queue, the
// record-activity route and the store cannot drift apart. Plain TypeScript, no schema library,
// so the app's bundle does not grow.
import type { Interaction } from './answer.ts';

/** The most answers and sessions one record-activity request carries. */
export const MAX_ANSWERS = 50;
export const MAX_SESSIONS = 20;

/** Longest texts and values kept: the app cuts to them, the server refuses beyond them. */
export const ANSWER_LIMITS = {
  question: 1000,
  option: 500,
  contentVersion: 64,
  latencyMs: 86_400_000,
} as const;
/** A session's seconds: at most a day. */
export const SESSION_MAX_SECONDS = 86_400;

/**
 * One first answer as the standalone server keeps it: an Interaction (answer.ts) in plain texts,
 * so the record still reads right after the content changes; the HTTP adapter's
 * activity queue builds it from one.
 */
export interface FirstAnswerRecord {
  questionId: Interaction['id'];
  question: Interaction['description'];
  option: NonNullable<Interaction['responseText']>;
  correctOption: NonNullable<Interaction['correctResponseText']>;
  correct: Interaction['correct'];
  contentVersion: string;
  answeredAt: string;
  /** Absent from old queued records: stored as null. */
  latencyMs: Interaction['latencyMs'] | null;
}

/** Visible time of one page load (a session), in whole seconds. */
export interface SessionRecord {
  id: string;
  startedAt: string;
  seconds: number;
}

/** A reading: the value, or the names of the fields that are wrong (for the 422's message). */
export type Reading<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, month: number) =>
  [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/**
 * An ISO 8601 date-time with a zone, as `Date.prototype.toISOString` writes it, that names a real
 * moment: each part is checked (record 0259), so «2026-02-30T10:00:00Z» or «…T24:00:00Z» is
 * refused — `Date.parse` would read the first as 2 March.
 */
export const isIsoDate = (v: unknown): v is string => {
  const m = typeof v === 'string' ? ISO_DATE.exec(v) : null;
  if (!m) return false;
  const [year, month, day, hour, minute, second, offH, offM] = m
    .slice(1)
    .map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offH <= 23 &&
    offM <= 59 &&
    !Number.isNaN(Date.parse(v as string))
  );
};

/** Control characters never belong in a name, document, route, location or answer text. */
export const hasControlChars = (s: string) =>
  [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** A non-blank text of at most `max` characters without control characters (new lines allowed). */
export const plainText = (v: unknown, max: number): string | null =>
  typeof v === 'string' &&
  v.trim() !== '' &&
  v.length <= max &&
  !hasControlChars(v.replace(/\n/g, ' '))
    ? v.trim()
    : null;

const asObject = (raw: unknown) =>
  (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;

/** Reads one first answer; `questionIds` are the course's (an answer to another id is refused). */
export function readFirstAnswer(
  raw: unknown,
  questionIds: ReadonlySet<string>,
): Reading<FirstAnswerRecord> {
  const a = asObject(raw);
  const questionId = typeof a.questionId === 'string' ? a.questionId : '';
  const question = plainText(a.question, ANSWER_LIMITS.question);
  const option = plainText(a.option, ANSWER_LIMITS.option);
  const correctOption = plainText(a.correctOption, ANSWER_LIMITS.option);
  const contentVersion = plainText(a.contentVersion, ANSWER_LIMITS.contentVersion);
  const latency = a.latencyMs;
  const problems: string[] = [];
  if (!questionIds.has(questionId)) problems.push('questionId no es una pregunta del curso');
  if (question === null) problems.push('question');
  if (option === null) problems.push('option');
  if (correctOption === null) problems.push('correctOption');
  if (typeof a.correct !== 'boolean') problems.push('correct');
  if (contentVersion === null) problems.push('contentVersion');
  if (!isIsoDate(a.answeredAt)) problems.push('answeredAt');
  const latencyOk =
    latency === undefined ||
    latency === null ||
    (typeof latency === 'number' &&
      Number.isInteger(latency) &&
      latency >= 0 &&
      latency <= ANSWER_LIMITS.latencyMs);
  if (!latencyOk) problems.push('latencyMs');
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: {
      questionId,
      question: question!,
      option: option!,
      correctOption: correctOption!,
      correct: a.correct as boolean,
      contentVersion: contentVersion!,
      answeredAt: a.answeredAt as string,
      latencyMs: typeof latency === 'number' ? latency : null,
    },
  };
}

/** Reads one session's time. */
export function readSessionRecord(raw: unknown): Reading<SessionRecord> {
  const s = asObject(raw);
  const id = typeof s.id === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(s.id) ? s.id : null;
  const seconds = s.seconds;
  const problems: string[] = [];
  if (!id) problems.push('id');
  if (!isIsoDate(s.startedAt)) problems.push('startedAt');
  if (
    typeof seconds !== 'number' ||
    !Number.isInteger(seconds) ||
    seconds < 0 ||
    seconds > SESSION_MAX_SECONDS
  )
    problems.push('seconds');
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: { id: id!, startedAt: s.startedAt as string, seconds: seconds as number },
  };
}
