// The course's own record of each question's first answer, kept in suspend_data after the route
// (decision record 0190). SCORM 1.2 interactions are write-only, so the course cannot see that an
// LMS (Chamilo) blanked them after a relaunch; from this ledger it re-writes them with their own
// values at their fixed positions (decision record 0130).
//
// Format: `<route>-~1;<entry>;<entry>…`, an entry `m1_q1,c,1,2,1,<latency cs>,<time s>` (question
// id with `_` for `-`; kind c = choice, m = matching, s = sequencing; response and correct option
// indexes, several joined by `.` (decision record 0200);
// 1 = correct; latency in centiseconds and the answer's time in epoch seconds, both base 36).
// The ledger holds no `-`, so a decoder of the plain route (decision 0003) reads the route and
// drops the ledger as parts beyond the last module: old records read as before, new ones by old
// code too.
import type { AnswerKind } from '../../domain/registry/index.ts';
import type { Interaction } from '../port.ts';
import { byQuestionId, FirstAnswerLedger } from '../../domain/progress/course-facts.ts';

export const LEDGER_MARK = '~1';
const SEPARATOR = `-${LEDGER_MARK}`;

/** What the course keeps of one answer: enough to write its interaction again, same values. */
export type LedgerAnswer = Omit<
  Interaction,
  'description' | 'responseText' | 'correctResponseText'
>;

export interface SplitRecord {
  route: string;
  answers: LedgerAnswer[];
  /** Ledger entries that could not be read (for the log). */
  dropped: string[];
}

/** Splits a stored suspend_data into its route and its ledger (none in an old record). */
export function splitSuspendData(stored: string): SplitRecord {
  const at = stored.indexOf(SEPARATOR);
  if (at < 0) return { route: stored, answers: [], dropped: [] };
  const route = stored.slice(0, at);
  const answers = new FirstAnswerLedger<LedgerAnswer>(byQuestionId);
  const dropped: string[] = [];
  for (const entry of stored.slice(at + SEPARATOR.length).split(';')) {
    if (!entry) continue;
    const answer = decodeEntry(entry);
    if (!answer) dropped.push(entry.slice(0, 40));
    else answers.record(answer);
  }
  return { route, answers: answers.all(), dropped };
}

/** The route followed by the ledger; the route alone when there is no answer to keep. */
export function joinSuspendData(route: string, answers: readonly LedgerAnswer[]): string {
  if (!answers.length) return route;
  return `${route}${SEPARATOR}${answers.map((a) => `;${encodeEntry(a)}`).join('')}`;
}

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
