// GET /lti/<slug>/jwks.json (record 0295): the company's tool key set, public and without a
// session — the platform fetches it to verify the client assertions that carry grades. A
// platform caches it at its own pace; `no-cache` makes our own and any proxy's cache ask again,
// and a rotated key stays in the set for 30 days (tool-keys.ts). An unknown company: 404.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { companyBySlug, type CompanyAddress } from '../db/company-store.ts';
import { forCompanyOf, setRequestCompany } from '../db/company-scope.ts';
import type { Db } from '../db/db.ts';
import { toolKeySet } from './tool-keys.ts';

/**
 * The company an `/lti/<slug>/…` address names, its database handle and installation key; null
 * when no company has that address. The rest of the request acts for that company.
 */
export async function ltiCompany(ctx: AppContext, slug: string) {
  const company: CompanyAddress | null = await companyBySlug(ctx.db, slug);
  if (!company) return null;
  setRequestCompany(company.id);
  const db: Db = forCompanyOf(ctx.db, company.id);
  return { company, db, key: await ctx.installationKey(company.id) };
}

export async function ltiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { slug: string } }>('/lti/:slug/jwks.json', async (request, reply) => {
    const found = await ltiCompany(ctx, request.params.slug);
    if (!found) throw new HttpError(404, MESSAGES.notFound);
    reply.header('cache-control', 'no-cache');
    return toolKeySet(found.db, found.key);
  });
}
