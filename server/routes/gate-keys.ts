// GET <api>/gate-keys (decision 0242): the public keys that sign certificates' gate statements,
// key id → raw Ed25519 public key (base64url). Public and without a session: the «Verificar en
// portería» page of the installable app fetches it, and its service worker keeps the last answer
// for when the gate has no signal. A public key reveals nothing that could forge a statement.
//
// One company's keys (record 0282): `?empresa=<slug>` — the company's address (record 0288), as the
// gate page opened at that address asks — or `?empresa=<id>`; company 1 without it. The answer
// names the company (`company`: its name and slug), which the page shows as «Portería — …». A gate of company B then
// never accepts a certificate of A as valid: A's statement names a key id B's list lacks. Every
// company's keys in one list would not do that, would grow with every company on every phone, and
// across many companies two 8-character key ids may meet. A company that does not exist answers
// 404, like any unknown object.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import {
  companyById,
  companyBySlug,
  FIRST_COMPANY_ID,
  isCompanySlug,
  type CompanyAddress,
} from '../db/company-store.ts';
import { gatePublicKeys } from '../gate/sign.ts';

/**
 * `?empresa=`: a company's slug or id, company 1 when absent; null when it names none. A slug
 * starts with a letter, so it never reads as an id. `companies` is the installation's table,
 * outside the wall (record 0282).
 */
async function companyParameter(ctx: AppContext, value: unknown): Promise<CompanyAddress | null> {
  if (value === undefined) return companyById(ctx.db, FIRST_COMPANY_ID);
  if (isCompanySlug(value)) return companyBySlug(ctx.db, value);
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? companyById(ctx.db, id) : null;
}

export async function gateKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: Record<string, unknown> }>('/gate-keys', async (request, reply) => {
    const company = await companyParameter(ctx, request.query.empresa);
    if (!company) throw new HttpError(404, MESSAGES.notFound);
    const keys = await gatePublicKeys(ctx.db, await ctx.installationKey(company.id));
    // The service worker asks the network first; the browser's own cache must not answer.
    reply.header('cache-control', 'no-cache');
    return { algorithm: 'Ed25519', keys, company: { name: company.name, slug: company.slug } };
  });
}
