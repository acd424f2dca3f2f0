// Which company a sign-in by document acts in (record 0288). A document names no company (record
// 0283): the sign-in acts in the company of the address the app was opened on — `?empresa=<slug>`,
// which the app remembers on the phone and sends as the body's `empresa`, and which the server
// also keeps in a cookie when it serves the page (so a form the page sends before the app's code
// has run carries it too). Neither: company 1, as before companies had addresses.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { companyBySlug, FIRST_COMPANY_ID, isCompanySlug } from '../db/company-store.ts';
import { text, type Fields } from './input.ts';

/** The cookie that remembers the company's address on the phone (record 0288). */
export const COMPANY_COOKIE = 'curso-sst-empresa';

/** Long enough for a phone that signs in once a year (browsers cap it near 400 days). */
const COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** `empresa`: the address's company (record 0288); anything but a short text names none known. */
export function companyField(fields: Fields): string | undefined {
  const value = text(fields.empresa);
  if (value === undefined || value === '') return undefined;
  if (value === null || value.length > 40) throw new HttpError(422, MESSAGES.unknownCompany);
  return value;
}

/** The address's company a request names: the body's `empresa`, else the cookie; else none. */
export function addressedSlug(request: FastifyRequest, given: string | undefined): string | null {
  if (given !== undefined && given !== '') return given;
  const kept = request.cookies?.[COMPANY_COOKIE];
  return kept ? kept : null;
}

/**
 * The company a sign-in by document acts in: the one whose address the request names, company 1
 * when it names none. An address that names no company is refused (422) with a message that
 * tells the learner to ask for the right address — never company 1 in its place, which would sign
 * in another company's learner with the same document.
 */
export async function addressedCompany(
  db: Queryable,
  request: FastifyRequest,
  given: string | undefined,
): Promise<number> {
  const slug = addressedSlug(request, given);
  if (slug === null) return FIRST_COMPANY_ID;
  const company = isCompanySlug(slug) ? await companyBySlug(db, slug) : null;
  if (!company) throw new HttpError(422, MESSAGES.unknownCompany);
  return company.id;
}

/**
 * Serving the app's page at a company's address (`?empresa=<slug>`): the phone keeps the address
 * in a cookie, sent with the sign-in the page's static form may send before the app's code runs.
 * Only a well-formed slug is kept; whether it names a company is the sign-in's answer.
 */
export function rememberAddressedCompany(request: FastifyRequest, reply: FastifyReply): void {
  const query = request.query as Record<string, unknown> | undefined;
  const slug = query?.empresa;
  if (!isCompanySlug(slug)) return;
  reply.setCookie(COMPANY_COOKIE, slug, {
    path: '/',
    maxAge: COOKIE_MAX_AGE_S,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
