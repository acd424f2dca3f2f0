// POST auth/invitation (docs/decisions/0210-invitations-threat-model.md): a learner signs in with
// an invitation — the link's token, or a code — always with the document number typed. It answers
// like auth/login, `{ success, token, user }`, with a long-lived session on that phone. Nothing
// here answers a GET: opening a link (or a chat app building its preview) uses nothing.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { getUser, issueToken } from '../db/store.ts';
import { sessionBinding } from '../security/xsrf.ts';
import { hasControlChars, text, type Fields } from './input.ts';
import { readerSchema, type BodyTypes } from './body-schema.ts';
import { isValidDocument, normalizeDocument } from '../identity.ts';
import {
  INVITATION_SESSION_TTL_MS,
  isInvitationTokenShaped,
  normalizeCode,
  redeemCode,
  redeemLink,
  type RedeemRefusal,
} from '../invitations.ts';
import { RESPONSES } from './response-schemas.ts';
import { withStatement } from './with-statement.ts';
import { addressedCompany, companyField } from './company-address.ts';

const REFUSAL: Record<RedeemRefusal, { status: number; message: string }> = {
  'no-match': { status: 401, message: MESSAGES.invitation.noMatch },
  used: { status: 410, message: MESSAGES.invitation.used },
  expired: { status: 410, message: MESSAGES.invitation.expired },
  revoked: { status: 410, message: MESSAGES.invitation.revoked },
  deactivated: { status: 403, message: MESSAGES.invitation.deactivated },
};

type Redeem = { document: string } & ({ token: string } | { code: string; company?: string });

function readRedeem(fields: Fields): Redeem {
  const rawDocument = text(fields.document);
  if (rawDocument === undefined || rawDocument === null || rawDocument.trim() === '')
    throw new HttpError(422, [MESSAGES.invitation.documentRequired]);
  const document = normalizeDocument(rawDocument);
  if (rawDocument.length > 40 || hasControlChars(rawDocument) || !isValidDocument(document))
    throw new HttpError(422, [MESSAGES.invitation.documentInvalid]);
  const token = text(fields.token);
  if (typeof token === 'string' && token !== '') {
    if (!isInvitationTokenShaped(token))
      throw new HttpError(422, [MESSAGES.invitation.linkInvalid]);
    return { document, token };
  }
  const rawCode = text(fields.code);
  const code = typeof rawCode === 'string' && rawCode.length <= 40 ? normalizeCode(rawCode) : null;
  if (!code) throw new HttpError(422, [MESSAGES.invitation.codeInvalid]);
  return { document, code, company: companyField(fields) };
}

const REDEEM_BODY = readerSchema(readRedeem);

export async function invitationRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<BodyTypes>();
  app.post(
    '/auth/invitation',
    {
      config: { rateLimit: ctx.loginRateLimit },
      schema: { ...RESPONSES.signIn, body: REDEEM_BODY },
    },
    async (request, reply) => {
      const input = request.body;
      const result =
        'token' in input
          ? await redeemLink(ctx.db, input.token, input.document)
          : await redeemCode(
              ctx.db,
              input.document,
              input.code,
              // A link finds its company by its random value; a code typed with a document acts
              // in the address's company (record 0288).
              await addressedCompany(ctx.db, request, input.company),
            );
      if (!result.ok) {
        const { status, message } = REFUSAL[result.reason];
        return reply
          .code(status)
          .header('cache-control', 'no-store')
          .send({ success: false, code: result.reason, message });
      }
      // redeemLink and redeemCode continued the request in the invitation's company (a link's,
      // or the address's for a code typed with a document: record 0288): the session is opened
      // there.
      const token = await issueToken(ctx.db, result.userId, INVITATION_SESSION_TTL_MS);
      const user = await withStatement(ctx, await getUser(ctx.db, result.userId, ctx.courseId));
      ctx.setXsrfCookie(reply, sessionBinding(token));
      return reply.send({ success: true, token, user });
    },
  );
}
