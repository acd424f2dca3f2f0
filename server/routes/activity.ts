// The learner-side routes (docs/decisions/0126-activity-queue-and-cycles.md), shared with the
// learner app: POST /accept-data-notice (habeas data, Ley 1581 de 2012) and
// POST /record-activity (first answers and session time of the current cycle). Neither can
// change score or route: only update-user's route proves progress.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { getUser, sessionCycle, StaleCycleError } from '../db/store.ts';
import {
  acceptDataNotice,
  hasAcceptedDataNotice,
  publishDataNoticeVersion,
  recordActivity,
} from '../db/activity-store.ts';
import { text } from './input.ts';
import { readerSchema, type BodyTypes } from './body-schema.ts';
import { courseQuestionIds, FirstAnswerLedger } from '../../src/domain/progress/course-facts.ts';
import {
  MAX_ANSWERS,
  MAX_SESSIONS,
  plainText,
  readFirstAnswer,
  readSessionRecord,
  type FirstAnswerRecord,
  type Reading,
  type SessionRecord,
} from '../../src/domain/progress/activity-record.ts';
import { RESPONSES } from './response-schemas.ts';
import { withStatement } from './with-statement.ts';
import { companyNotice } from '../company-config/notice.ts';
import { companyDb, requestCompanyScope } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';

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

/**
 * The cycle a save belongs to: its `cycle` field (read by the route's schema), else the cycle the
 * session was opened in (record 0267) — never a newer one, so a save from before a reinducción
 * cannot complete the new cycle. One rule for update-user, record-activity and record-acceptance.
 */
export async function saveCycle(
  ctx: AppContext,
  request: FastifyRequest,
  cycle: number | undefined,
): Promise<number | undefined> {
  if (cycle !== undefined || !request.auth) return cycle;
  return (await sessionCycle(ctx.db, request.auth.token)) ?? undefined;
}

function readList<T>(
  raw: unknown,
  max: number,
  messages: {
    list: string;
    tooMany: (max: number) => string;
    bad: (n: number, problems: string[]) => string;
  },
  read: (item: unknown) => Reading<T>,
  errors: string[],
): T[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.push(messages.list);
    return [];
  }
  if (raw.length > max) {
    errors.push(messages.tooMany(max));
    return [];
  }
  const out: T[] = [];
  raw.forEach((item: unknown, i) => {
    const reading = read(item);
    if (reading.ok) out.push(reading.value);
    else errors.push(messages.bad(i + 1, reading.problems));
  });
  return out;
}

function readAnswers(raw: unknown, ids: Set<string>, errors: string[]): FirstAnswerRecord[] {
  const answers = readList(
    raw,
    MAX_ANSWERS,
    {
      list: MESSAGES.activity.answersList,
      tooMany: MESSAGES.activity.tooManyAnswers,
      bad: MESSAGES.activity.badAnswer,
    },
    (item) => readFirstAnswer(item, ids),
    errors,
  );
  // Within one batch, too, the first answer to a question is the one kept; across batches the
  // database's unique key keeps it (decision record 0257).
  return new FirstAnswerLedger<FirstAnswerRecord>((a) => a.questionId, answers).all();
}

function readSessions(raw: unknown, errors: string[]): SessionRecord[] {
  const sessions = readList(
    raw,
    MAX_SESSIONS,
    {
      list: MESSAGES.activity.sessionsList,
      tooMany: MESSAGES.activity.tooManySessions,
      bad: MESSAGES.activity.badSession,
    },
    readSessionRecord,
    errors,
  );
  // The same session sent twice: its larger time is kept.
  const out = new Map<string, SessionRecord>();
  for (const s of sessions) {
    const previous = out.get(s.id);
    if (!previous || previous.seconds < s.seconds) out.set(s.id, s);
  }
  return [...out.values()];
}

/** accept-data-notice's one field: the version of the notice the learner read. */
const NOTICE_BODY = readerSchema((fields) => {
  const version = plainText(fields.noticeVersion, 64);
  if (version === null) throw new HttpError(422, [MESSAGES.activity.noticeVersion]);
  return { version };
});

/** record-activity's fields: the optional cycle, then first answers and sessions (all their problems). */
function activityBody(ids: Set<string>) {
  return readerSchema((fields) => {
    const cycle = readCycle(fields.cycle);
    const errors: string[] = [];
    const answers = readAnswers(fields.answers, ids, errors);
    const sessions = readSessions(fields.sessions, errors);
    if (errors.length) throw new HttpError(422, errors);
    return { cycle, answers, sessions };
  });
}

export async function activityRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<BodyTypes>();
  const ids = new Set(courseQuestionIds(ctx.shape));

  app.post(
    '/accept-data-notice',
    { preValidation: ctx.requireAuth, schema: { ...RESPONSES.user, body: NOTICE_BODY } },
    async (request) => {
      const { version } = request.body;
      const userId = request.auth!.userId;
      // The learner's company's notice (record 0294): a company-2 learner accepts company 2's.
      // The version this server published at start stays acceptable for company 1 (record 0213).
      const scope = requestCompanyScope();
      const company = typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
      const { config } = await ctx.companyConfig.current(company);
      const notice = await companyNotice(companyDb(ctx.db).forCompany(company), config);
      if (
        version === notice.version ||
        (company === FIRST_COMPANY_ID && version === ctx.dataNoticeVersion)
      )
        await publishDataNoticeVersion(ctx.db, version);
      const accepted = await acceptDataNotice(ctx.db, userId, version);
      if (accepted === 'unknown-version')
        throw new HttpError(422, [MESSAGES.activity.noticeUnknownVersion]);
      if (accepted === 'no-user') throw new HttpError(401, MESSAGES.unauthorized);
      const user = await getUser(ctx.db, userId, ctx.courseId);
      return { success: true, user: await withStatement(ctx, user) };
    },
  );

  app.post(
    '/record-activity',
    {
      preValidation: ctx.requireAuth,
      schema: { ...RESPONSES.recordActivity, body: activityBody(ids) },
    },
    async (request, reply) => {
      const { answers, sessions } = request.body;
      const cycle = await saveCycle(ctx, request, request.body.cycle);
      await requireDataNotice(ctx, request.auth!.userId);
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
    },
  );
}
