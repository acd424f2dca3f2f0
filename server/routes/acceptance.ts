// POST /record-acceptance (decision 0220): the learner's «Acepto» after the last quiz. The body
// carries the statement exactly as shown — one the server published to this learner, else 422
// 'not-published' (record 0259) —, the device's time and the page session; the server
// adds who (the signed-in learner), when it arrived, the time spent and the first-attempt result
// from its own records, and seals the row in its company's chain (record 0282). Re-sending (the
// offline queue) returns the acceptance already stored. Never needed for the certificate.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError, ReasonedHttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { StaleCycleError } from '../db/store.ts';
import { NotCompletedError, NotPublishedError, recordAcceptance } from '../acceptance/store.ts';
import { isIsoDate } from '../../src/domain/progress/activity-record.ts';
import { shortSeal } from '../acceptance/seal.ts';
import { readCycle, saveCycle, sendStaleCycle } from './activity.ts';
import { readerSchema, type BodyTypes } from './body-schema.ts';
import { RESPONSES } from './response-schemas.ts';

const MAX_TEXT = 8000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})$/;

/** record-acceptance's fields: the optional cycle, then the statement, device time and session. */
const ACCEPTANCE_BODY = readerSchema((fields) => {
  const cycle = readCycle(fields.cycle);
  const problems: string[] = [];
  const text = typeof fields.text === 'string' ? fields.text.replace(/\r\n?/g, '\n') : '';
  if (!text.trim() || text.length > MAX_TEXT) problems.push('text');
  const device = fields.deviceTime;
  // Each part of the date and time is checked, not only what Date.parse makes of it (0259).
  const deviceTime =
    typeof device === 'string' && ISO.test(device) && isIsoDate(device)
      ? new Date(device).toISOString()
      : null;
  if (device !== undefined && device !== null && deviceTime === null) problems.push('deviceTime');
  const sessionId =
    typeof fields.sessionId === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(fields.sessionId)
      ? fields.sessionId
      : null;
  if (!sessionId) problems.push('sessionId');
  if (problems.length || !sessionId) throw new HttpError(422, [MESSAGES.acceptance.bad(problems)]);
  return { cycle, text, deviceTime, sessionId };
});

export async function acceptanceRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<BodyTypes>();
  app.post(
    '/record-acceptance',
    {
      preValidation: ctx.requireAuth,
      schema: { ...RESPONSES.recordAcceptance, body: ACCEPTANCE_BODY },
    },
    async (request, reply) => {
      const { text, deviceTime, sessionId } = request.body;
      const cycle = await saveCycle(ctx, request, request.body.cycle);
      try {
        const stored = await recordAcceptance(ctx.db, await ctx.installationKey(), {
          userId: request.auth!.userId,
          courseId: ctx.courseId,
          cycle,
          text,
          deviceTime,
          sessionId,
        });
        if (!stored) throw new HttpError(401, MESSAGES.unauthorized);
        return {
          success: true,
          acceptance: {
            receivedAt: stored.receivedAt,
            shownVersion: stored.shownVersion,
            seal: shortSeal(stored.seal),
            keyId: stored.keyId,
          },
        };
      } catch (error) {
        if (error instanceof StaleCycleError)
          return sendStaleCycle(reply as FastifyReply, error.current);
        // Not completed yet: the client keeps the acceptance and sends it again after its next
        // acknowledged progress; the reason tells it from a refusal for good (records 0261, 0272).
        if (error instanceof NotCompletedError)
          throw new ReasonedHttpError(422, [MESSAGES.acceptance.notCompleted], error.code);
        // A text the server did not publish to this learner (record 0259): nothing is stored.
        if (error instanceof NotPublishedError)
          throw new ReasonedHttpError(422, [MESSAGES.acceptance.notPublished], error.code);
        throw error;
      }
    },
  );
}
