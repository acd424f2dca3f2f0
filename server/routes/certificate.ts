// download-certificate (decisions 0020 and 0029). The PDF itself is the certificate work's
// (the `certificateIssuer` hook of buildApp); this route decides when to issue, gives each
// certificate a unique verification code, stores it once, and answers the same url_file after.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext, IssuedCertificate } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import {
  certificateByCode,
  certificateForUser,
  getUser,
  saveCertificateOnCycle,
} from '../db/store.ts';
import { COMPLETION_SCORE } from '../../src/domain/progress/engine.ts';

// No look-alike characters: the code is typed from paper at /verificar/:code.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newVerificationCode(): string {
  const pick = (n: number) =>
    Array.from({ length: n }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `SST-${pick(4)}-${pick(4)}-${pick(4)}`;
}

export async function certificateRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/download-certificate', { preHandler: ctx.requireAuth }, async (request) => {
    const userId = request.auth!.userId;
    const user = await getUser(ctx.db, userId, ctx.courseId);
    if (!user) throw new HttpError(401, MESSAGES.unauthorized);
    // Not even an earlier certificate before the data notice is accepted (record 0213).
    if (user.dataNoticeAcceptedAt === null) throw new HttpError(428, MESSAGES.dataNoticeRequired);

    // Everything below is about the cycle current when the request came in (decision 0181): a
    // reinducción started meanwhile must not receive this cycle's certificate.
    const cycle = user.cycle;
    const existing = await certificateForUser(ctx.db, userId, ctx.courseId, cycle);
    if (existing) return { success: true, url_file: existing.url_file, user };

    // success:false (not an error status): the client then does nothing but show the message
    // (decision 0019).
    if (user.score < COMPLETION_SCORE)
      return { success: false, message: MESSAGES.certificateNeedsCompletion };
    if (!ctx.certificateIssuer) return { success: false, message: MESSAGES.certificateUnavailable };

    let code = newVerificationCode();
    for (let i = 0; i < 5 && (await certificateByCode(ctx.db, code)); i++)
      code = newVerificationCode();
    const origin = `${request.protocol}://${request.host}`;
    const issuedAt = new Date();
    // The certificate states when the course was completed, not when it was downloaded.
    const completedAt = user.completed_at ? new Date(user.completed_at) : issuedAt;
    let issued: IssuedCertificate;
    try {
      issued = await ctx.certificateIssuer({ user, code, issuedAt, completedAt, origin });
    } catch (error) {
      request.log.error({ err: error }, 'certificate issuer failed');
      return { success: false, message: MESSAGES.certificateFailed };
    }
    const saved = await saveCertificateOnCycle(
      ctx.db,
      userId,
      cycle,
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
    if (!saved) return { success: false, message: MESSAGES.certificateNeedsCompletion };
    return {
      success: true,
      url_file: saved.url_file,
      user: await getUser(ctx.db, userId, ctx.courseId),
    };
  });
}
