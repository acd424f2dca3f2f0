// csrf-cookie, auth/login, me, company-config, logout (decisions 0018 and 0029; record 0291).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { findCredentials, getUser, issueToken, revokeToken, setPasswordHash } from '../db/store.ts';
import { hashPassword, needsRehash, verifyPassword } from '../security/passwords.ts';
import { recaptchaPasses } from '../security/recaptcha.ts';
import { sessionBinding } from '../security/xsrf.ts';
import { hasControlChars, text, type Fields } from './input.ts';
import { IGNORED_BODY, readerSchema, type BodyTypes } from './body-schema.ts';
import {
  isValidDocument,
  isValidEmail,
  MAX_PASSWORD_LENGTH,
  normalizeDocument,
  normalizeEmail,
} from '../identity.ts';
import { RESPONSES } from './response-schemas.ts';
import { withStatement } from './with-statement.ts';
import { forCompanyOf, setRequestCompany } from '../db/company-scope.ts';
import { addressedCompany, companyField } from './company-address.ts';

type Identifier = { document: string } | { email: string };

function readLogin(fields: Fields): {
  by: Identifier;
  password: string;
  recaptcha: string | undefined;
  company: string | undefined;
} {
  const errors: string[] = [];
  const password = text(fields.password);
  let by: Identifier | null = null;

  // One field holds either (the sign-in form has one box): a value with '@' is a correo.
  const chosen =
    fields.document !== undefined && fields.document !== '' ? fields.document : fields.email;
  const identifier = text(chosen);
  if (identifier === null) errors.push(MESSAGES.identifierInvalid);
  else if (identifier === undefined || identifier.trim() === '')
    errors.push(MESSAGES.identifierRequired);
  else if (identifier.length > 254 || hasControlChars(identifier))
    errors.push(MESSAGES.identifierInvalid);
  else if (identifier.includes('@')) {
    const email = normalizeEmail(identifier);
    if (isValidEmail(email)) by = { email };
    else errors.push(MESSAGES.identifierInvalid);
  } else {
    const document = normalizeDocument(identifier);
    if (isValidDocument(document)) by = { document };
    else errors.push(MESSAGES.identifierInvalid);
  }

  if (password === null) errors.push(MESSAGES.passwordInvalid);
  else if (password === undefined || password === '') errors.push(MESSAGES.passwordRequired);
  else if (password.length > MAX_PASSWORD_LENGTH) errors.push(MESSAGES.passwordInvalid);

  const captcha = text(
    fields.recaptcha_token ?? fields['g-recaptcha-response'] ?? fields.recaptcha,
  );
  if (errors.length || !by || typeof password !== 'string') throw new HttpError(422, errors);
  return {
    by,
    password,
    recaptcha: typeof captcha === 'string' ? captcha : undefined,
    company: companyField(fields),
  };
}

const accountKey = (by: Identifier) => ('document' in by ? `d:${by.document}` : `e:${by.email}`);

const LOGIN_BODY = readerSchema(readLogin);

export async function authRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<BodyTypes>();
  app.get('/csrf-cookie', async (request, reply) => {
    ctx.ensureXsrfCookie(request, reply, true);
    return reply.code(204).send();
  });

  app.post(
    '/auth/login',
    {
      config: { rateLimit: ctx.loginRateLimit },
      schema: { ...RESPONSES.signIn, body: LOGIN_BODY },
    },
    async (request, reply) => {
      const { by, password, recaptcha, company: slug } = request.body;
      // A document or correo names no company: the sign-in acts in the company of the address the
      // page was opened on (`empresa`, else the phone's cookie), company 1 without one (records
      // 0283, 0288). Its budget, its session and its answer are that company's.
      const company = await addressedCompany(ctx.db, request, slug);
      setRequestCompany(company);
      if (ctx.recaptchaVerify) {
        const result = recaptcha
          ? await ctx.recaptchaVerify(recaptcha, request.ip).catch(() => ({ success: false }))
          : { success: false };
        if (!recaptchaPasses(result, ctx.recaptchaMinScore))
          throw new HttpError(422, MESSAGES.recaptchaFailed);
      }
      const credentials = await findCredentials(forCompanyOf(ctx.db, company), by);
      // One budget per learner, whichever identifier is typed (document or correo).
      const key = credentials ? `u:${credentials.id}` : accountKey(by);
      const waitMs = await ctx.loginLimiter.waitMs(key);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, MESSAGES.loginWait(seconds));
      }
      const ok = await verifyPassword(password, credentials?.password_hash ?? null);
      if (!ok || !credentials) {
        await ctx.loginLimiter.fail(key);
        throw new HttpError(401, MESSAGES.wrongCredentials);
      }
      await ctx.loginLimiter.succeed(key);
      // A hash made at a lower cost is replaced now that we know the password (0052).
      if (credentials.password_hash && needsRehash(credentials.password_hash))
        await setPasswordHash(ctx.db, credentials.id, await hashPassword(password));
      const token = await issueToken(ctx.db, credentials.id, ctx.tokenTtlMs);
      const user = await withStatement(ctx, await getUser(ctx.db, credentials.id, ctx.courseId));
      // A fresh XSRF token bound to the new session (docs/decisions/0051-xsrf-bound-to-session.md).
      ctx.setXsrfCookie(reply, sessionBinding(token));
      return reply.send({ success: true, token, user });
    },
  );

  const me = { preValidation: ctx.requireAuth, schema: { ...RESPONSES.user, body: IGNORED_BODY } };
  app.post('/me', me, async (request) => {
    const user = await getUser(ctx.db, request.auth!.userId, ctx.courseId);
    if (!user) throw new HttpError(401, MESSAGES.unauthorized);
    return { success: true, user: await withStatement(ctx, user) };
  });

  // What the web app needs of the learner's company (record 0291): fetched when the learner's
  // `company_config` is not the one the app holds. Revalidated by its hash: a phone that holds
  // it gets 304 and no body.
  app.get(
    '/company-config',
    { preValidation: ctx.requireAuth, schema: RESPONSES.companyConfig },
    async (request, reply) => {
      const { hash, data } = await ctx.learnerCompany();
      const etag = `"${hash}"`;
      void reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      const asked = request.headers['if-none-match'];
      if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
        return reply.code(304).send();
      return { success: true, company_config: hash, ...data };
    },
  );

  app.post(
    '/logout',
    { preValidation: ctx.requireAuth, schema: { ...RESPONSES.logout, body: IGNORED_BODY } },
    async (request, reply) => {
      await revokeToken(ctx.db, request.auth!.token);
      ctx.setXsrfCookie(reply, sessionBinding(undefined));
      return { success: true };
    },
  );
}
