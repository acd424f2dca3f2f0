// LTI Dynamic Registration 1.0 (record 0295): the coordinator makes a one-time link in the
// console (`/lti/<slug>/registro?enlace=<token>`, 7 days); the LMS administrator pastes it in
// their LMS, which opens it with `openid_configuration` and `registration_token` added. The
// server reads the platform's configuration, registers itself at the platform's registration
// endpoint, stores the registration (client id and deployment id from the answer) and answers a
// page whose script tells the LMS to close it. The link is claimed before the platform is asked
// (two tabs cannot register twice) and released when anything fails: nothing is stored half-way.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { escapeHtml, htmlPage } from '../routes/html-page.ts';
import { invitationBase } from '../console/pages-invitations.ts';
import { audit, type Actor } from '../console/audit.ts';
import {
  DuplicateRegistrationError,
  insertRegistration,
  type Registration,
} from './registrations.ts';
import { ltiCompany } from './key-routes.ts';
import { isPlatformUrl } from './platform-url.ts';
import { esDynamicRegistration as T } from './strings/es-dynamic-registration.ts';

/** How long a registration link lasts. */
export const REGISTRATION_LINK_TTL_MS = 7 * 24 * 3600 * 1000;
/** How long the platform has to answer each request. */
const PLATFORM_TIMEOUT_MS = 10_000;

export const CLOSE_SCRIPT_PATH = '/lti/registro-listo.js';
/** LTI Dynamic Registration's «close me» message, to whichever window opened the page. */
export const CLOSE_SCRIPT = `(function () {
  var target = window.opener || (window.parent !== window ? window.parent : null);
  if (target) target.postMessage({ subject: 'org.imsglobal.lti.close' }, '*');
})();
`;

const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
export const AGS_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
];

/** The tool's addresses for one company, as a platform is given them. */
export function toolUrls(base: string, slug: string) {
  const root = `${base}/lti/${encodeURIComponent(slug)}`;
  return {
    login: `${root}/login`,
    launch: `${root}/launch`,
    jwks: `${root}/jwks.json`,
    registration: `${root}/registro`,
    domain: new URL(base).host,
  };
}

export const linkHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new one-time registration link's token (shown once; only its sha256 is stored), audited as
 * `actor`'s.
 */
export async function createRegistrationLink(
  db: Queryable,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + REGISTRATION_LINK_TTL_MS);
  await db.query(
    `INSERT INTO lti_registration_links (token_hash, created_by, created_by_name, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [linkHash(token), actor.userId, actor.name, expiresAt],
  );
  await audit(db, actor, 'lti-enlace-registro', null, { vence: expiresAt.toISOString() });
  return { token, expiresAt };
}

/** The links not yet used nor expired (the console lists them: when, by whom, until when). */
export async function openRegistrationLinks(db: Queryable) {
  return db.query<{ created_by_name: string; created_at: Date; expires_at: Date }>(
    `SELECT created_by_name, created_at, expires_at FROM lti_registration_links
      WHERE used_at IS NULL AND expires_at > now() ORDER BY created_at DESC`,
  );
}

/** What the registration page says when it cannot go on, with its HTTP status. */
class RegistrationFailure extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text);
  }
}

interface PlatformConfiguration {
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  registrationUrl: string;
  productFamily: string;
}

async function askPlatform(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit = {},
): Promise<unknown> {
  let answer: Response;
  try {
    answer = await fetcher(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch {
    throw new RegistrationFailure(502, T.unreachable(new URL(url).host));
  }
  if (!answer.ok) throw new RegistrationFailure(502, T.platformAnswered(answer.status));
  try {
    return (await answer.json()) as unknown;
  } catch {
    throw new RegistrationFailure(502, T.badJson);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The platform's OpenID configuration, checked: issuer, endpoints, product family. */
export function readConfiguration(configurationUrl: string, raw: unknown): PlatformConfiguration {
  if (!isObject(raw)) throw new RegistrationFailure(502, T.badJson);
  const issuer = raw.issuer;
  if (!isPlatformUrl(issuer) || !configurationUrl.startsWith(issuer))
    throw new RegistrationFailure(422, T.badIssuer);
  const endpoint = (name: string) => {
    const value = raw[name];
    if (!isPlatformUrl(value)) throw new RegistrationFailure(422, T.missingEndpoint(name));
    return value;
  };
  const platform = raw[PLATFORM_CONFIGURATION];
  const family = isObject(platform) ? platform.product_family_code : undefined;
  return {
    issuer,
    authUrl: endpoint('authorization_endpoint'),
    tokenUrl: endpoint('token_endpoint'),
    jwksUrl: endpoint('jwks_uri'),
    registrationUrl: endpoint('registration_endpoint'),
    productFamily: typeof family === 'string' ? family.slice(0, 60) : '',
  };
}

/** «Moodle», «Canvas», else the issuer's host: what the registro shows after «vía LMS». */
export function platformName(productFamily: string, issuer: string): string {
  const family = productFamily.toLowerCase();
  if (family === 'moodle') return 'Moodle';
  if (family === 'canvas') return 'Canvas';
  return new URL(issuer).host;
}

/** The client registration the tool asks for (LTI Dynamic Registration §3.4). */
export function clientRegistration(
  urls: ReturnType<typeof toolUrls>,
  companyName: string,
): Record<string, unknown> {
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: urls.login,
    redirect_uris: [urls.launch],
    client_name: T.clientName(companyName),
    jwks_uri: urls.jwks,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: AGS_SCOPES.join(' '),
    [TOOL_CONFIGURATION]: {
      domain: urls.domain,
      target_link_uri: urls.launch,
      custom_parameters: { documento: '$User.username' },
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [{ type: 'LtiResourceLinkRequest' }],
    },
  };
}

interface LinkRow {
  created_by: number | null;
  created_by_name: string;
}

/** Claims the link for this registration; a failure says why it cannot be used. */
async function claimLink(db: Queryable, hash: string, now: Date): Promise<LinkRow> {
  const [claimed] = await db.query<LinkRow>(
    `UPDATE lti_registration_links SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING created_by, created_by_name`,
    [hash, now],
  );
  if (claimed) return claimed;
  const [row] = await db.query<{ used: boolean }>(
    'SELECT used_at IS NOT NULL AS used FROM lti_registration_links WHERE token_hash = $1',
    [hash],
  );
  if (!row) throw new RegistrationFailure(404, T.unknownLink);
  throw new RegistrationFailure(410, row.used ? T.usedLink : T.expiredLink);
}

/** A link claimed by a registration that failed is usable again. */
const releaseLink = (db: Queryable, hash: string) =>
  db.query(
    `UPDATE lti_registration_links SET used_at = NULL
      WHERE token_hash = $1 AND registration_id IS NULL`,
    [hash],
  );

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  // The LMS shows this page in a frame or a window of its own: any site may frame it (it has no
  // form or button to trick anyone into pressing), and its only script is ours.
  reply.removeHeader('x-frame-options');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors *; base-uri 'none'; form-action 'none'",
    )
    .send(htmlPage(title, body));
}

const failurePage = (reply: FastifyReply, failure: RegistrationFailure) =>
  sendPage(
    reply,
    failure.status,
    T.failedTitle,
    `<div class="status status-bad"><span class="icon" aria-hidden="true">!</span><h1>${T.failedTitle}</h1></div>
<p role="alert">${escapeHtml(failure.text)}</p><p>${T.tryAgain}</p>`,
  );

function donePage(reply: FastifyReply, registration: Registration, companyName: string) {
  return sendPage(
    reply,
    200,
    T.doneTitle,
    `<div class="status status-ok"><span class="icon" aria-hidden="true">✓</span><h1>${T.doneTitle}</h1></div>
<p>${T.doneHtml(escapeHtml(registration.platformName), escapeHtml(companyName))}</p>
<dl><div><dt>${T.clientId}</dt><dd class="code">${escapeHtml(registration.clientId)}</dd></div>${registration.deploymentIds
      .map((d) => `<div><dt>${T.deployment}</dt><dd class="code">${escapeHtml(d)}</dd></div>`)
      .join('')}</dl>
<script src="${CLOSE_SCRIPT_PATH}"></script>`,
  );
}

export interface DynamicRegistrationOptions {
  /** How the server reaches the platform (tests inject failures); default global fetch. */
  fetch?: typeof fetch;
  /** The clock links expire by (tests); default now. */
  now?: () => Date;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function dynamicRegistrationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: DynamicRegistrationOptions = {},
) {
  const fetcher = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  app.get(CLOSE_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CLOSE_SCRIPT),
  );

  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
    '/lti/:slug/registro',
    async (request, reply) => {
      const found = await ltiCompany(ctx, request.params.slug);
      if (!found) return failurePage(reply, new RegistrationFailure(404, T.unknownCompany));
      const { company, db } = found;
      const token = text(request.query.enlace);
      const configurationUrl = text(request.query.openid_configuration);
      const registrationToken = text(request.query.registration_token);
      if (!token) return failurePage(reply, new RegistrationFailure(400, T.missingLink));
      const hash = linkHash(token);
      let link: LinkRow;
      try {
        link = await claimLink(db, hash, now());
      } catch (error) {
        if (error instanceof RegistrationFailure) return failurePage(reply, error);
        throw error;
      }
      try {
        if (!configurationUrl) throw new RegistrationFailure(400, T.missingConfiguration);
        if (!isPlatformUrl(configurationUrl))
          throw new RegistrationFailure(400, T.badConfigurationUrl);
        const platform = readConfiguration(
          configurationUrl,
          await askPlatform(fetcher, configurationUrl, { headers: { accept: 'application/json' } }),
        );
        const urls = toolUrls(invitationBase(request), company.slug);
        const answer = await askPlatform(fetcher, platform.registrationUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}),
          },
          body: JSON.stringify(clientRegistration(urls, company.name || company.slug)),
        });
        if (!isObject(answer) || typeof answer.client_id !== 'string' || !answer.client_id)
          throw new RegistrationFailure(502, T.noClientId);
        const toolConfiguration = answer[TOOL_CONFIGURATION];
        const deployment = isObject(toolConfiguration)
          ? toolConfiguration.deployment_id
          : undefined;
        const actor = { userId: link.created_by, name: link.created_by_name };
        const registration = await db.transaction(async (tx) => {
          const stored = await insertRegistration(tx, {
            platformName: platformName(platform.productFamily, platform.issuer),
            productFamily: platform.productFamily,
            issuer: platform.issuer,
            clientId: String(answer.client_id),
            authUrl: platform.authUrl,
            tokenUrl: platform.tokenUrl,
            jwksUrl: platform.jwksUrl,
            registeredVia: 'dinamico',
            deploymentIds: typeof deployment === 'string' && deployment ? [deployment] : [],
            createdBy: link.created_by,
            createdByName: link.created_by_name,
          });
          await tx.query(
            'UPDATE lti_registration_links SET registration_id = $2 WHERE token_hash = $1',
            [hash, stored.id],
          );
          await audit(tx, actor, 'lti-registrar', null, {
            via: 'dinamico',
            plataforma: stored.platformName,
            issuer: stored.issuer,
            clientId: stored.clientId,
          });
          return stored;
        });
        return donePage(reply, registration, company.name || company.slug);
      } catch (error) {
        await releaseLink(db, hash);
        if (error instanceof DuplicateRegistrationError)
          return failurePage(reply, new RegistrationFailure(409, T.duplicate));
        if (error instanceof RegistrationFailure) return failurePage(reply, error);
        throw error;
      }
    },
  );
}
