// The learner-side routes (docs/decisions/0126-activity-queue-and-cycles.md), shared with the
// learner app: POST /accept-data-notice (habeas data, Ley 1581 de 2012) and
// POST /record-activity (first answers and session time of the current cycle). Neither can
// change score or route: only update-user's route proves progress.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { getUser, StaleCycleError } from '../db/store.ts';
import {
  acceptDataNotice,
  hasAcceptedDataNotice,
  publishDataNoticeVersion,
  recordActivity,
  type AnswerInput,
  type SessionInput,
} from '../db/activity-store.ts';
import { hasControlChars, readFields, text } from './input.ts';
import { courseQuestionIds } from '../../src/domain/progress/course-facts.ts';

export const MAX_ANSWERS = 50;
export const MAX_SESSIONS = 20;

/** 409 of the contract: the save belongs to an archived cycle; the client drops it. */
export function sendStaleCycle(reply: FastifyReply, current: number) {
  return reply
    .code(409)
    .header('cache-control', 'no-store')
    .send({
      success: false,
      code: 'stale-cycle',
      cycle: current,
      message: MESSAGES.staleCycle,
      errors: [MESSAGES.staleCycle],
    });
}

/**
 * The server's rule for the data notice (record 0213): a learner who never accepted any version
 * saves nothing and gets no certificate. 428, so the app's queue keeps the record (it retries).
 */
export async function requireDataNotice(ctx: AppContext, userId: number): Promise<void> {
  if (!(await hasAcceptedDataNotice(ctx.db, userId)))
    throw new HttpError(428, MESSAGES.dataNoticeRequired);
}

/** An optional `cycle` field: undefined when absent; a 422 when not a positive integer. */
export function readCycle(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = text(raw);
  if (value === null || value === undefined || !/^\d{1,9}$/.test(value.trim()) || Number(value) < 1)
    throw new HttpError(422, MESSAGES.cycleInvalid);
  return Number(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const isIsoDate = (v: unknown): v is string =>
  typeof v === 'string' && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v));

const plain = (v: unknown, max: number): string | null =>
  typeof v === 'string' &&
  v.trim() !== '' &&
  v.length <= max &&
  !hasControlChars(v.replace(/\n/g, ' '))
    ? v.trim()
    : null;

function readAnswers(raw: unknown, ids: Set<string>, errors: string[]): AnswerInput[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.push(MESSAGES.activity.answersList);
    return [];
  }
  if (raw.length > MAX_ANSWERS) {
    errors.push(MESSAGES.activity.tooManyAnswers(MAX_ANSWERS));
    return [];
  }
  const out = new Map<string, AnswerInput>();
  raw.forEach((item: unknown, i) => {
    const a = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const n = i + 1;
    const qid = typeof a.questionId === 'string' ? a.questionId : '';
    const question = plain(a.question, 1000);
    const option = plain(a.option, 500);
    const correctOption = plain(a.correctOption, 500);
    const version = plain(a.contentVersion, 64);
    const latency = a.latencyMs;
    const problems: string[] = [];
    if (!ids.has(qid)) problems.push('questionId no es una pregunta del curso');
    if (question === null) problems.push('question');
    if (option === null) problems.push('option');
    if (correctOption === null) problems.push('correctOption');
    if (typeof a.correct !== 'boolean') problems.push('correct');
    if (version === null) problems.push('contentVersion');
    if (!isIsoDate(a.answeredAt)) problems.push('answeredAt');
    const latencyOk =
      latency === undefined ||
      latency === null ||
      (typeof latency === 'number' &&
        Number.isInteger(latency) &&
        latency >= 0 &&
        latency <= 86_400_000);
    if (!latencyOk) problems.push('latencyMs');
    if (problems.length) {
      errors.push(MESSAGES.activity.badAnswer(n, problems));
      return;
    }
    // Within one batch, too, the first answer to a question is the one kept.
    if (!out.has(qid))
      out.set(qid, {
        questionId: qid,
        question: question!,
        option: option!,
        correctOption: correctOption!,
        correct: a.correct as boolean,
        contentVersion: version!,
        answeredAt: a.answeredAt as string,
        latencyMs: typeof latency === 'number' ? latency : null,
      });
  });
  return [...out.values()];
}

function readSessions(raw: unknown, errors: string[]): SessionInput[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.push(MESSAGES.activity.sessionsList);
    return [];
  }
  if (raw.length > MAX_SESSIONS) {
    errors.push(MESSAGES.activity.tooManySessions(MAX_SESSIONS));
    return [];
  }
  const out = new Map<string, SessionInput>();
  raw.forEach((item: unknown, i) => {
    const s = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const id = typeof s.id === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(s.id) ? s.id : null;
    const seconds = s.seconds;
    const problems: string[] = [];
    if (!id) problems.push('id');
    if (!isIsoDate(s.startedAt)) problems.push('startedAt');
    if (
      typeof seconds !== 'number' ||
      !Number.isInteger(seconds) ||
      seconds < 0 ||
      seconds > 86_400
    )
      problems.push('seconds');
    if (problems.length) {
      errors.push(MESSAGES.activity.badSession(i + 1, problems));
      return;
    }
    const previous = out.get(id!);
    if (!previous || previous.seconds < (seconds as number))
      out.set(id!, { id: id!, startedAt: s.startedAt as string, seconds: seconds as number });
  });
  return [...out.values()];
}

export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  const ids = new Set(courseQuestionIds(ctx.shape));

  app.post('/accept-data-notice', { preHandler: ctx.requireAuth }, async (request) => {
    const fields = readFields(request.body);
    const version = plain(fields.noticeVersion, 64);
    if (version === null) throw new HttpError(422, [MESSAGES.activity.noticeVersion]);
    const userId = request.auth!.userId;
    if (version === ctx.dataNoticeVersion) await publishDataNoticeVersion(ctx.db, version);
    const accepted = await acceptDataNotice(ctx.db, userId, version);
    if (accepted === 'unknown-version')
      throw new HttpError(422, [MESSAGES.activity.noticeUnknownVersion]);
    if (accepted === 'no-user') throw new HttpError(401, MESSAGES.unauthorized);
    return { success: true, user: await getUser(ctx.db, userId, ctx.courseId) };
  });

  app.post('/record-activity', { preHandler: ctx.requireAuth }, async (request, reply) => {
    const fields = readFields(request.body);
    const cycle = readCycle(fields.cycle);
    const errors: string[] = [];
    await requireDataNotice(ctx, request.auth!.userId);
    const answers = readAnswers(fields.answers, ids, errors);
    const sessions = readSessions(fields.sessions, errors);
    if (errors.length) throw new HttpError(422, errors);
    try {
      const stored = await recordActivity(
        ctx.db,
        request.auth!.userId,
        ctx.courseId,
        cycle,
        answers,
        sessions,
      );
      return { success: true, ...stored };
    } catch (error) {
      if (error instanceof StaleCycleError) return sendStaleCycle(reply, error.current);
      throw error;
    }
  });
}
