// Request bodies are read by the route's schema (record 0272): every route that takes a body
// declares `schema.body`, a zod schema, and Fastify runs it before the handler, which gets the
// body already read and typed (the BodyTypes type provider). The schemas of the learner API read
// the fields with the route's reader — the same Spanish messages, in the same order, for JSON,
// urlencoded and multipart alike (decision 0029) — and one formatter, bodyRefusal, turns what a
// schema refuses into the HttpError the error handler answers, so every status and message of the
// error catalogue stays as it was. Response schemas stay JSON Schema (record 0214).
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { readFields, type Fields } from './input.ts';

/** request.body typed as what the route's zod schema gives. */
export interface BodyTypes extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}

/** A refusal a schema carries to bodyRefusal in its issue. */
interface RefusalParams {
  refusal: HttpError;
}

/**
 * A body read by `read`, the route's reader over the flattened fields (server/routes/input.ts):
 * its HttpError (400, 413 or 422, one message or the list) is the route's answer.
 */
export function readerSchema<T>(read: (fields: Fields) => T) {
  return z.unknown().transform((body, ctx): T => {
    try {
      return read(readFields(body));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const params: RefusalParams = { refusal: error };
      ctx.addIssue({ code: 'custom', message: error.message, params });
      return z.NEVER;
    }
  });
}

/** A route that reads no body: whatever comes is left unread, as before. */
export const IGNORED_BODY = z.unknown().transform(() => undefined);

/**
 * A console form (urlencoded or multipart): an object of fields, left as the parser gives them —
 * the console's pages read each field (console-context.ts `field`) and answer in their own page.
 */
export const FORM_BODY = z.custom<Record<string, unknown> | null>(
  (body) => body === null || (typeof body === 'object' && !Array.isArray(body)),
);

/**
 * The one error formatter: the refusal a reader raised, else a 422 with the schema's own Spanish
 * messages, else (zod's English default, never shown) the 400 of a body that cannot be read.
 */
export function bodyRefusal(error: z.ZodError): HttpError {
  for (const issue of error.issues) {
    const params = (issue as { params?: Partial<RefusalParams> }).params;
    if (params?.refusal instanceof HttpError) return params.refusal;
  }
  const spanish = error.issues.map((issue) => issue.message).filter((m) => m !== UNREADABLE);
  return spanish.length === error.issues.length
    ? new HttpError(422, spanish.length === 1 ? spanish[0]! : spanish)
    : new HttpError(400, MESSAGES.badRequest);
}

/** What an issue without a message of its own says (never sent: bodyRefusal answers 400). */
const UNREADABLE = '\u0000unreadable';

/** Fastify's validator compiler for every schema part: zod only, so no part goes unread. */
export const bodyValidatorCompiler: FastifySchemaCompiler<unknown> = ({
  schema,
  method,
  url,
  httpPart,
}) => {
  if (!(schema instanceof z.ZodType))
    throw new Error(`${method} ${url}: the ${httpPart} schema is not a zod schema (record 0272)`);
  return (data: unknown) => {
    const result = schema.safeParse(data, { error: () => UNREADABLE });
    return result.success ? { value: result.data } : { error: bodyRefusal(result.error) };
  };
};

/** The schema of a console form's route. */
export const FORM = { body: FORM_BODY } as const;
