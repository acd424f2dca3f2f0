// The web app inside an LMS (record 0298): the launch sends the learner to `/?empresa=<slug>…`
// within the LMS's iframe, which the app's policy (CSP frame-ancestors 'self', X-Frame-Options
// SAMEORIGIN) would refuse. An HTML answer to an address naming a company lets that company's
// live LMS registrations frame it — the origins of their issuer and their authorization URL —
// and nobody else: the app stays unframeable by any other site (clickjacking).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import { companyBySlug } from '../db/company-store.ts';

/** The http(s) origins of a company's live registrations (issuer and authorization URL). */
export async function registeredOrigins(db: Queryable, companyId: number): Promise<string[]> {
  const rows = await forCompanyOf(db, companyId).query<{ issuer: string; auth_url: string }>(
    'SELECT issuer, auth_url FROM lti_registrations WHERE revoked_at IS NULL',
  );
  const origins = new Set<string>();
  for (const row of rows)
    for (const url of [row.issuer, row.auth_url]) {
      try {
        const parsed = new URL(url);
        if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
      } catch {
        // Not a URL: frames nothing.
      }
    }
  return [...origins].sort();
}

/** The policy with `origins` added to its frame-ancestors. */
export function withFrameAncestors(policy: string, origins: string[]): string {
  return policy.replace(
    /frame-ancestors ([^;]*)/,
    (_all, sources: string) => `frame-ancestors ${[sources.trim(), ...origins].join(' ')}`,
  );
}

/**
 * Registers the hook on `app`: HTML answers to a GET whose query names a company (`empresa`)
 * with live registrations may be framed by them. Origins are kept `ttlMs` per company address.
 */
export function allowRegisteredLmsFrames(
  app: FastifyInstance,
  db: Queryable,
  options: { ttlMs?: number; now?: () => number } = {},
): void {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; origins: string[] }>();
  const originsFor = async (slug: string): Promise<string[]> => {
    const kept = cache.get(slug);
    if (kept && now() - kept.at < ttlMs) return kept.origins;
    const company = await companyBySlug(db, slug);
    const origins = company ? await registeredOrigins(db, company.id) : [];
    if (cache.size > 1000) cache.clear();
    cache.set(slug, { at: now(), origins });
    return origins;
  };
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET') return payload;
    const slug = (request.query as Record<string, unknown> | undefined)?.empresa;
    if (typeof slug !== 'string' || !slug) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') return payload;
    const origins = await originsFor(slug);
    if (!origins.length) return payload;
    reply.header('content-security-policy', withFrameAncestors(policy, origins));
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
