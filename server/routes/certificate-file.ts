// GET /certificados/<link>.pdf: the stored PDF of a certificate issued by this server.
//
// No token (Authorization) is asked for, on purpose: the client opens url_file in a new tab
// (decision 0020), and a tab opened that way carries no Authorization header — nor does a phone's
// download manager fetching the same address again. Access is instead by a short-lived link
// (decision 0230): 128 random bits, stored hashed, handed only to its learner by
// download-certificate, valid a few minutes and only while the session that asked for it is
// live. After sign-out (or a password reset, a deactivation, expiry), the address left in the
// browser's history opens nothing. The link is unrelated to the verification code printed on the
// paper, and kept out of caches, search engines and Referer headers.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { certificateFileByLink } from '../db/store.ts';
import { certificateFileName } from '../../src/domain/certificate/index.ts';
import { CERTIFICATE_PATH, FILE_TOKEN_PATTERN } from '../certificates.ts';
import { htmlPage } from './html-page.ts';
import { MESSAGES } from '../messages.ts';
import { setRequestCompany } from '../db/company-scope.ts';

function missing(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(
      htmlPage(
        MESSAGES.pages.notFoundTitle,
        `<h1>${MESSAGES.pages.notFoundTitle}</h1>
<p>${MESSAGES.pages.missingFile} <strong>Certificado</strong>.</p>`,
      ),
    );
}

export async function certificateFileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { file: string } }>(`${CERTIFICATE_PATH}/:file`, async (request, reply) => {
    const match = /^(.+)\.pdf$/.exec(request.params.file ?? '');
    const link = match?.[1] ?? '';
    if (!FILE_TOKEN_PATTERN.test(link)) return missing(reply);
    const file = await certificateFileByLink(ctx.db, link);
    if (!file) return missing(reply);
    // Whatever follows acts in the certificate's company (record 0283).
    setRequestCompany(file.companyId);
    const name = certificateFileName(file.name, new Date(file.completed_at ?? file.issued_at));
    // Chrome's PDF viewer is itself a page built for the response: the app's CSP (no inline
    // style, object-src 'none') would leave it blank or blocked. A PDF runs no script of ours.
    reply.removeHeader('content-security-policy');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(Buffer.from(file.pdf));
  });
}
