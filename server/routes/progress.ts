// update-user (decisions 0016 and 0029): multipart id, score, route, optional final_terms=1
// (and our optional current_location, the bookmark). JSON and urlencoded bodies are accepted too.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { StaleCycleError, updateProgress, type ProgressInput } from '../db/store.ts';
import { gradeSenderFor } from '../lti/grade-sender.ts';
import { readCycle, requireDataNotice, saveCycle, sendStaleCycle } from './activity.ts';
import { isRouteSyntax, MAX_ROUTE_LENGTH } from '../progress-rules.ts';
import { hasControlChars, text, type Fields } from './input.ts';
import { readerSchema, type BodyTypes } from './body-schema.ts';
import { RESPONSES } from './response-schemas.ts';
import { withStatement } from './with-statement.ts';

const MAX_LOCATION_LENGTH = 200;

function readId(fields: Fields): number {
  const raw = text(fields.id);
  if (raw === undefined || raw === '') throw new HttpError(422, MESSAGES.idRequired);
  if (raw === null || !/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1)
    throw new HttpError(422, MESSAGES.idInvalid);
  return Number(raw);
}

function readProgress(fields: Fields): ProgressInput {
  const errors: string[] = [];

  const rawScore = text(fields.score);
  let score = 0;
  if (rawScore === undefined || rawScore === '') errors.push(MESSAGES.scoreRequired);
  else if (rawScore === null || !/^\s*\d{1,3}(\.\d{1,6})?\s*$/.test(rawScore))
    errors.push(MESSAGES.scoreInvalid);
  else {
    score = Number(rawScore);
    if (!(score >= 0 && score <= 100)) errors.push(MESSAGES.scoreInvalid);
  }

  const rawRoute = text(fields.route);
  let route: string | undefined;
  if (rawRoute === null) errors.push(MESSAGES.routeInvalid);
  else if (rawRoute !== undefined) {
    const trimmed = rawRoute.trim();
    if (trimmed.length > MAX_ROUTE_LENGTH) errors.push(MESSAGES.routeTooLong);
    else if (!isRouteSyntax(trimmed)) errors.push(MESSAGES.routeInvalid);
    else route = trimmed;
  }

  const rawLocation = text(fields.current_location);
  let currentLocation: string | undefined;
  if (rawLocation === null) errors.push(MESSAGES.locationInvalid);
  else if (rawLocation !== undefined && rawLocation !== '') {
    if (rawLocation.length > MAX_LOCATION_LENGTH || hasControlChars(rawLocation))
      errors.push(MESSAGES.locationInvalid);
    else currentLocation = rawLocation;
  }

  const rawTerms = fields.final_terms;
  let finalTerms = false;
  if (rawTerms !== undefined && rawTerms !== '' && rawTerms !== null) {
    if (rawTerms === 1 || rawTerms === '1' || rawTerms === true || rawTerms === 'true')
      finalTerms = true;
    else errors.push(MESSAGES.finalTermsInvalid);
  }

  if (errors.length) throw new HttpError(422, errors);
  return { score, route, currentLocation, finalTerms };
}

/** The fields of update-user: the id, the progress and the optional cycle (checked in this order). */
const UPDATE_BODY = readerSchema((fields) => ({
  id: readId(fields),
  input: readProgress(fields),
  cycle: readCycle(fields.cycle),
}));

export async function progressRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<BodyTypes>();
  app.post(
    '/update-user',
    { preValidation: ctx.requireAuth, schema: { ...RESPONSES.user, body: UPDATE_BODY } },
    async (request, reply) => {
      const { id, input } = request.body;
      // A learner may only update itself; the id of anyone else (existing or not) is refused alike.
      if (id !== request.auth!.userId) throw new HttpError(403, MESSAGES.forbidden);
      await requireDataNotice(ctx, id);
      // Optional cycle (decision 0111): a save for an archived cycle is refused with 409; without
      // one, the save belongs to the session's cycle (record 0267).
      const cycle = await saveCycle(ctx, request, request.body.cycle);
      let result;
      try {
        result = await updateProgress(ctx.db, id, { ...input, cycle }, ctx.shape, ctx.courseId);
      } catch (error) {
        if (error instanceof StaleCycleError) return sendStaleCycle(reply, error.current);
        throw error;
      }
      if (!result) throw new HttpError(401, MESSAGES.unauthorized);
      // A risen score is in the LMS grades' queue (record 0297): the sender looks now.
      void gradeSenderFor(ctx.db)?.wake();
      if (result.dropped.length)
        request.log.info({ dropped: result.dropped }, 'route parts out of range were ignored');
      return { success: true, user: await withStatement(ctx, result.user) };
    },
  );
}
