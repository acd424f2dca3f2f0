// download-certificate (decisions 0020 and 0029). The PDF itself is the certificate work's
// (the `certificateIssuer` hook of buildApp); this route decides when to issue, gives each
// certificate a unique verification code, stores it once, and answers the same url_file after.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import type { AppContext, CertificateIssuer, IssuedCertificate } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import {
  certificateByCode,
  certificateForUser,
  createCertificateLink,
  getUser,
  saveCertificateOnCycle,
  type PublicUser,
} from '../db/store.ts';
import { CERTIFICATE_LINK_TTL_MS } from '../certificates.ts';
import { COMPLETION_SCORE } from '../../src/domain/progress/engine.ts';
import { RESPONSES } from './response-schemas.ts';
import { withStatement } from './with-statement.ts';
import { acrossCompanies, requestCompanyScope } from '../db/company-scope.ts';

// No look-alike characters: the code is typed from paper at /verificar/:code.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newVerificationCode(): string {
  const pick = (n: number) =>
    Array.from({ length: n }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `SST-${pick(4)}-${pick(4)}-${pick(4)}`;
}

/**
 * A fresh code, drawn again (up to five times) while a stored certificate already has it — in any
 * company: a code names exactly one certificate of the installation (record 0282).
 */
async function unusedVerificationCode(db: Db): Promise<string> {
  const everyCompany = acrossCompanies(db);
  let code = newVerificationCode();
  for (let i = 0; i < 5 && (await certificateByCode(everyCompany, code)); i++)
    code = newVerificationCode();
  return code;
}

/**
 * The address to open: a fresh short-lived link bound to this session when this server keeps
 * the PDF (decision 0230), else the issuer's own url_file as stored.
 */
async function openable(
  ctx: AppContext,
  storedUrl: string,
  userId: number,
  cycle: number,
  token: string,
): Promise<string> {
  const link = await createCertificateLink(ctx.db, {
    userId,
    cycle,
    courseId: ctx.courseId,
    sessionToken: token,
    ttlMs: CERTIFICATE_LINK_TTL_MS,
  });
  return link ? storedUrl.replace(/[^/]+\.pdf$/, `${link}.pdf`) : storedUrl;
}

/** A success:false answer with its message (decision 0019). */
type Refusal = { success: false; message: string };

/** Issues the certificate of `user`'s current cycle and stores it: its stored url_file. */
async function issueAndStore(
  ctx: AppContext,
  issuer: CertificateIssuer,
  request: FastifyRequest,
  user: PublicUser,
): Promise<string | Refusal> {
  const code = await unusedVerificationCode(ctx.db);
  const origin = `${request.protocol}://${request.host}`;
  const issuedAt = new Date();
  // The certificate states when the course was completed, not when it was downloaded.
  const completedAt = user.completed_at ? new Date(user.completed_at) : issuedAt;
  let issued: IssuedCertificate;
  try {
    // The learner's company's configuration when it is not the installation's (record 0287).
    const company = requestCompanyScope();
    const current = typeof company === 'number' ? await ctx.companyConfig.current(company) : null;
    issued = await issuer({
      user,
      code,
      issuedAt,
      completedAt,
      origin,
      installationKey: await ctx.installationKey(),
      ...(current && current.source !== 'installation' ? { companyConfig: current.config } : {}),
    });
  } catch (error) {
    request.log.error({ err: error }, 'certificate issuer failed');
    return { success: false, message: MESSAGES.certificateFailed };
  }
  const saved = await saveCertificateOnCycle(
    ctx.db,
    user.id,
    user.cycle,
    {
      code,
      url_file: issued.url_file,
      name: user.name,
      document: user.document,
      score: user.score,
      file: issued.file ?? null,
      course_title: issued.courseTitle ?? null,
      completed_at: completedAt,
    },
    COMPLETION_SCORE,
    ctx.courseId,
  );
  return saved ? saved.url_file : { success: false, message: MESSAGES.certificateNeedsCompletion };
}

export async function certificateRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/download-certificate',
    { preHandler: ctx.requireAuth, schema: RESPONSES.certificate },
    async (request) => {
      const userId = request.auth!.userId;
      const token = request.auth!.token;
      const user = await getUser(ctx.db, userId, ctx.courseId);
      if (!user) throw new HttpError(401, MESSAGES.unauthorized);
      // Not even an earlier certificate before the data notice is accepted (record 0213).
      if (user.dataNoticeAcceptedAt === null) throw new HttpError(428, MESSAGES.dataNoticeRequired);

      // Everything below is about the cycle current when the request came in (decision 0181): a
      // reinducción started meanwhile must not receive this cycle's certificate.
      const cycle = user.cycle;
      const existing = await certificateForUser(ctx.db, userId, ctx.courseId, cycle);
      if (existing) {
        const url_file = await openable(ctx, existing.url_file, userId, cycle, token);
        const handed = await withStatement(ctx, { ...user, url_certificate: url_file });
        return { success: true, url_file, user: handed };
      }

      // success:false (not an error status): the client then does nothing but show the message
      // (decision 0019).
      if (user.score < COMPLETION_SCORE)
        return { success: false, message: MESSAGES.certificateNeedsCompletion };
      if (!ctx.certificateIssuer)
        return { success: false, message: MESSAGES.certificateUnavailable };

      const stored = await issueAndStore(ctx, ctx.certificateIssuer, request, user);
      if (typeof stored !== 'string') return stored;
      const url_file = await openable(ctx, stored, userId, cycle, token);
      const after = await getUser(ctx.db, userId, ctx.courseId);
      return {
        success: true,
        url_file,
        user: await withStatement(ctx, after ? { ...after, url_certificate: url_file } : after),
      };
    },
  );
}
