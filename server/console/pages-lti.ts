// The console's «LMS (LTI)» pages (record 0295): the platforms registered for the company (by
// Dynamic Registration or by hand), their revocation, one-time Dynamic Registration links, the
// tool's own addresses to paste in an LMS, its key's rotation, and the LMS users no proof linked
// yet, whom a coordinator confirms as a worker. Auditors read; only coordinators change anything.
// Every change is audited and answered with POST-redirect-GET (decision 0216).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { field, sendHtml, type ConsoleContext } from './console-context.ts';
import { consolePage, dateTime, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import { audit } from './audit.ts';
import { esLti as T } from './strings/es-lti.ts';
import { invitationBase } from './pages-invitations.ts';
import { requestCompanyScope } from '../db/company-scope.ts';
import { companyById, FIRST_COMPANY_ID } from '../db/company-store.ts';
import type { Queryable } from '../db/db.ts';
import { isValidDocument, normalizeDocument } from '../identity.ts';
import {
  DuplicateRegistrationError,
  insertRegistration,
  listRegistrations,
  registrationById,
  revokeRegistration,
  type Registration,
} from '../lti/registrations.ts';
import {
  createRegistrationLink,
  openRegistrationLinks,
  toolUrls,
} from '../lti/dynamic-registration.ts';
import { isPlatformUrl } from '../lti/platform-url.ts';
import { rotateToolKey } from '../lti/tool-keys.ts';

const PAGE = '/consola/lti';
const PENDING = '/consola/lti/pendientes';

const idParam = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

function company() {
  const scope = requestCompanyScope();
  return typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
}

/** The manual form's fields, as typed, and what is wrong with each. */
interface ManualForm {
  values: Record<ManualField, string>;
  errors: Partial<Record<ManualField, string>>;
}

const MANUAL_FIELDS = [
  'platformName',
  'issuer',
  'clientId',
  'deploymentId',
  'jwksUrl',
  'authUrl',
  'tokenUrl',
  'documentClaim',
] as const;
type ManualField = (typeof MANUAL_FIELDS)[number];
const URL_FIELDS: ManualField[] = ['issuer', 'jwksUrl', 'authUrl', 'tokenUrl'];

/** The manual form read and checked: errors per field, none when it can be stored. */
export function readManualForm(get: (name: string) => string): ManualForm {
  const values = Object.fromEntries(
    MANUAL_FIELDS.map((name) => [name, get(name).trim()]),
  ) as Record<ManualField, string>;
  if (!values.documentClaim) values.documentClaim = 'documento';
  const errors: ManualForm['errors'] = {};
  for (const name of MANUAL_FIELDS) {
    const value = values[name];
    if (!value) errors[name] = T.errors.required;
    else if (value.length > 500) errors[name] = T.errors.tooLong;
    else if (URL_FIELDS.includes(name) && !isPlatformUrl(value)) errors[name] = T.errors.url;
  }
  if (!errors.documentClaim && !/^[A-Za-z0-9_]{1,60}$/.test(values.documentClaim))
    errors.documentClaim = T.errors.documentClaim;
  return { values, errors };
}

const deploymentsOf = (value: string) =>
  value
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);

/** The registrations' table; a revoked one says when and by whom. */
function registrationRows(
  viewer: Viewer,
  registrations: Registration[],
  revoked: Map<number, string>,
) {
  if (!registrations.length) return `<p>${T.none}</p>`;
  const C = T.columns;
  const rows = registrations
    .map((r) => {
      const revoke =
        viewer.role === 'coordinador' && !r.revokedAt
          ? `<form method="post" action="${PAGE}/registros/${r.id}/revocar">${hiddenToken(viewer)}<label class="confirm"><input type="checkbox" name="confirmar" value="si" required> ${T.revokeConfirm}</label><button type="submit" class="danger">${T.revokeButton}</button></form>`
          : '';
      return `<tr><th scope="row">${escapeHtml(r.platformName)}</th>
<td data-label="${C.issuer}" class="code">${escapeHtml(r.issuer)}</td>
<td data-label="${C.clientId}" class="code">${escapeHtml(r.clientId)}</td>
<td data-label="${C.deployments}" class="code">${r.deploymentIds.map(escapeHtml).join('<br>')}</td>
<td data-label="${C.via}">${escapeHtml(T.via[r.registeredVia] ?? r.registeredVia)}</td>
<td data-label="${C.created}">${escapeHtml(T.createdBy(r.createdByName, dateTime(r.createdAt)))}</td>
<td data-label="${C.revoked}">${r.revokedAt ? escapeHtml(revoked.get(r.id) ?? '') : T.live}${revoke}</td></tr>`;
    })
    .join('\n');
  return `<div class="table-wrap"><table class="stack"><caption>${T.listHeading}</caption><thead><tr><th>${C.name}</th><th>${C.issuer}</th><th>${C.clientId}</th><th>${C.deployments}</th><th>${C.via}</th><th>${C.created}</th><th>${C.revoked}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** A revoked registration shows when and by whom in its last column. */
async function revokedFacts(db: Queryable) {
  const rows = await db.query<{ id: number; revoked_at: Date; revoked_by_name: string | null }>(
    'SELECT id, revoked_at, revoked_by_name FROM lti_registrations WHERE revoked_at IS NOT NULL',
  );
  return new Map(
    rows.map((r) => [Number(r.id), T.revokedBy(dateTime(r.revoked_at), r.revoked_by_name ?? '')]),
  );
}

function manualForm(viewer: Viewer, form: ManualForm | null) {
  const F = T.fields;
  const input = (name: ManualField, label: string, hint = '', type = 'text') => {
    const error = form?.errors[name];
    const value = form?.values[name] ?? (name === 'documentClaim' ? 'documento' : '');
    return `<div class="field"><label for="lti-${name}">${label}</label><input id="lti-${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${error ? ` aria-invalid="true" aria-describedby="lti-${name}-error"` : ''}>${hint ? `<p class="hint">${hint}</p>` : ''}${error ? `<p class="field-error" id="lti-${name}-error">${error}</p>` : ''}</div>`;
  };
  return `<form method="post" action="${PAGE}/registros">${hiddenToken(viewer)}
${input('platformName', F.platformName, F.platformNameHint)}
${input('issuer', F.issuer, '', 'url')}
${input('clientId', F.clientId)}
${input('deploymentId', F.deploymentId, F.deploymentIdHint)}
${input('jwksUrl', F.jwksUrl, '', 'url')}
${input('authUrl', F.authUrl, '', 'url')}
${input('tokenUrl', F.tokenUrl, '', 'url')}
${input('documentClaim', F.documentClaim, F.documentClaimHint)}
<button type="submit">${T.register}</button></form>`;
}

async function pendingCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::integer AS n FROM lti_users WHERE user_id IS NULL',
  );
  return Number(row?.n ?? 0);
}

async function mainPage(
  cc: ConsoleContext,
  request: FastifyRequest,
  viewer: Viewer,
  notice: string,
  form: ManualForm | null = null,
) {
  const db = cc.app.db;
  const address = await companyById(db, company());
  const urls = toolUrls(invitationBase(request), address?.slug ?? '');
  const registrations = await listRegistrations(db);
  const revoked = await revokedFacts(db);
  const links = await openRegistrationLinks(db);
  const [key] = await db.query<{ kid: string; created_at: Date }>(
    'SELECT kid, created_at FROM lti_tool_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid LIMIT 1',
  );
  const pending = await pendingCount(db);
  const coordinator = viewer.role === 'coordinador';
  const U = T.urls;
  const fact = (label: string, value: string) =>
    `<div><dt>${label}</dt><dd class="code">${escapeHtml(value)}</dd></div>`;
  return consolePage(
    T.title,
    `<h1>${T.title}</h1>
<p>${T.intro}</p>
${notice}
${pending ? `<p class="notice"><a href="${PENDING}">${T.pendingLink(pending)}</a></p>` : ''}
<h2>${T.listHeading}</h2>
${registrationRows(viewer, registrations, revoked)}
<h2>${T.dynamicHeading}</h2>
<p>${T.dynamicIntro}</p>
${links.length ? `<p>${T.openLinks(links.length)}</p><ul>${links.map((l) => `<li>${escapeHtml(T.openLink(l.created_by_name, dateTime(l.created_at), dateTime(l.expires_at)))}</li>`).join('')}</ul>` : ''}
${coordinator ? `<form method="post" action="${PAGE}/enlaces">${hiddenToken(viewer)}<button type="submit">${T.createLink}</button></form>` : ''}
<h2>${T.urlsHeading}</h2>
<p>${T.urlsIntro}</p>
<dl class="facts">${fact(U.login, urls.login)}${fact(U.launch, urls.launch)}${fact(U.jwks, urls.jwks)}${fact(U.domain, urls.domain)}${fact(U.documentParameter, 'documento=$User.username')}</dl>
${coordinator ? `<h2>${T.manualHeading}</h2><p>${T.manualIntro}</p>${manualForm(viewer, form)}` : ''}
<h2>${T.keyHeading}</h2>
<p>${T.keyIntro}</p>
<p>${key ? T.keyCurrentHtml(escapeHtml(key.kid), dateTime(key.created_at)) : T.keyNone}</p>
${coordinator ? `<form method="post" action="${PAGE}/clave">${hiddenToken(viewer)}<label class="confirm"><input type="checkbox" name="confirmar" value="si" required> ${T.rotateConfirm}</label><button type="submit" class="secondary">${T.rotateButton}</button></form>` : ''}`,
    { viewer, current: 'lti' },
  );
}

const ok = (text: string) => `<p class="notice ok" role="status">${escapeHtml(text)}</p>`;
const bad = (text: string) =>
  `<div class="notice bad" role="alert"><p>${escapeHtml(text)}</p></div>`;

async function pendingPage(cc: ConsoleContext, viewer: Viewer, notice: string) {
  const rows = await cc.app.db.query<{
    id: number;
    name: string;
    email: string;
    platform_name: string;
    created_at: Date;
  }>(
    `SELECT u.id, u.name, u.email, r.platform_name, u.created_at
       FROM lti_users u JOIN lti_registrations r ON r.id = u.registration_id
      WHERE u.user_id IS NULL ORDER BY u.created_at, u.id`,
  );
  const C = T.pendingColumns;
  const coordinator = viewer.role === 'coordinador';
  const body = rows.length
    ? `<div class="table-wrap"><table class="stack"><caption>${T.pendingTitle}</caption><thead><tr><th>${C.name}</th><th>${C.email}</th><th>${C.platform}</th><th>${C.since}</th>${coordinator ? `<th>${C.document}</th>` : ''}</tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr><th scope="row">${escapeHtml(r.name)}</th><td data-label="${C.email}">${escapeHtml(r.email)}</td><td data-label="${C.platform}">${escapeHtml(r.platform_name)}</td><td data-label="${C.since}">${dateTime(r.created_at)}</td>${
              coordinator
                ? `<td data-label="${C.document}"><form method="post" action="${PENDING}/${r.id}">${hiddenToken(viewer)}<label class="sr" for="doc-${r.id}">${C.document}</label><input id="doc-${r.id}" name="documento" required inputmode="text" autocomplete="off"><button type="submit">${T.confirmButton}</button></form></td>`
                : ''
            }</tr>`,
        )
        .join('\n')}</tbody></table></div>`
    : `<p>${T.pendingNone}</p>`;
  return consolePage(
    T.pendingTitle,
    `<h1>${T.pendingTitle}</h1><p>${T.pendingIntro}</p>${notice}${body}<p><a href="${PAGE}">${T.back}</a></p>`,
    { viewer, current: 'lti' },
  );
}

const notFound = (reply: FastifyReply) =>
  sendHtml(reply, consolePage(T.notFoundTitle, T.notFoundHtml), 404);

/** The console viewer as the audit's actor. */
const actorOf = (viewer: { userId: number; name: string }) => ({
  userId: viewer.userId,
  name: viewer.name,
});

/** The LTI page: registrations, the manual form, revocation. */
async function registrationRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;

  app.get<{ Querystring: { aviso?: string } }>(
    PAGE,
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const { html, status } = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(reply, await mainPage(cc, request, viewer, html), status);
    },
  );

  app.post(`${PAGE}/registros`, cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const form = readManualForm((name) => field(request, name));
    const refuse = (message: string) =>
      mainPage(cc, request, viewer, bad(message), form).then((html) => sendHtml(reply, html, 422));
    if (Object.keys(form.errors).length) return refuse(T.notRegistered);
    const v = form.values;
    try {
      const stored = await db.transaction(async (tx) => {
        const registration = await insertRegistration(tx, {
          platformName: v.platformName,
          issuer: v.issuer,
          clientId: v.clientId,
          authUrl: v.authUrl,
          tokenUrl: v.tokenUrl,
          jwksUrl: v.jwksUrl,
          documentClaim: v.documentClaim,
          registeredVia: 'manual',
          deploymentIds: deploymentsOf(v.deploymentId),
          createdBy: viewer.userId,
          createdByName: viewer.name,
        });
        await audit(tx, actorOf(viewer), 'lti-registrar', null, {
          via: 'manual',
          plataforma: registration.platformName,
          issuer: registration.issuer,
          clientId: registration.clientId,
        });
        return registration;
      });
      return redirectWithNotice(
        reply,
        db,
        viewer.userId,
        PAGE,
        ok(T.registered(stored.platformName)),
      );
    } catch (error) {
      if (!(error instanceof DuplicateRegistrationError)) throw error;
      form.errors.clientId = T.errors.duplicate;
      return refuse(T.notRegistered);
    }
  });

  app.post<{ Params: { id: string } }>(
    `${PAGE}/registros/:id/revocar`,
    cc.form,
    async (request, reply) => {
      const viewer = request.viewer!;
      const id = idParam(request.params.id);
      const registration = id === null ? null : await registrationById(db, id);
      if (!registration) return notFound(reply);
      if (field(request, 'confirmar') !== 'si')
        return sendHtml(reply, await mainPage(cc, request, viewer, bad(T.confirmMissing)), 422);
      const revoked = await db.transaction(async (tx) => {
        if (!(await revokeRegistration(tx, registration.id, viewer.name))) return false;
        await audit(tx, actorOf(viewer), 'lti-revocar', null, {
          plataforma: registration.platformName,
          issuer: registration.issuer,
          clientId: registration.clientId,
        });
        return true;
      });
      return redirectWithNotice(
        reply,
        db,
        viewer.userId,
        PAGE,
        revoked ? ok(T.revoked(registration.platformName)) : bad(T.notRevoked),
      );
    },
  );
}

/** One-time Dynamic Registration links, and the tool key's rotation. */
async function linkAndKeyRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.post(`${PAGE}/enlaces`, cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const address = await companyById(db, company());
    const { token, expiresAt } = await db.transaction((tx) =>
      createRegistrationLink(tx, actorOf(viewer)),
    );
    const url = `${toolUrls(invitationBase(request), address?.slug ?? '').registration}?enlace=${token}`;
    // The link is shown once: the notice is deleted as it is read, and only its hash is kept.
    return redirectWithNotice(
      reply,
      db,
      viewer.userId,
      PAGE,
      `<div class="notice ok" role="status">${T.linkCreatedHtml(escapeHtml(url), escapeHtml(dateTime(expiresAt)))}</div>`,
    );
  });

  app.post(`${PAGE}/clave`, cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    if (field(request, 'confirmar') !== 'si')
      return sendHtml(reply, await mainPage(cc, request, viewer, bad(T.confirmMissing)), 422);
    const kid = await rotateToolKey(db, await cc.app.installationKey(company()), actorOf(viewer));
    return redirectWithNotice(reply, db, viewer.userId, PAGE, ok(T.rotated(kid)));
  });
}

/** LMS users awaiting a coordinator's confirmation. */
async function pendingRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get<{ Querystring: { aviso?: string } }>(
    PENDING,
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const { html, status } = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(reply, await pendingPage(cc, viewer, html), status);
    },
  );

  app.post<{ Params: { id: string } }>(`${PENDING}/:id`, cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const id = idParam(request.params.id);
    const [lmsUser] =
      id === null
        ? []
        : await db.query<{ id: number; name: string; user_id: number | null }>(
            'SELECT id, name, user_id FROM lti_users WHERE id = $1',
            [id],
          );
    if (!lmsUser) return notFound(reply);
    const refuse = async (message: string) =>
      sendHtml(reply, await pendingPage(cc, viewer, bad(message)), 422);
    if (lmsUser.user_id !== null) return refuse(T.alreadyLinked);
    const document = normalizeDocument(field(request, 'documento'));
    if (!isValidDocument(document)) return refuse(T.badDocument);
    const [worker] = await db.query<{ id: number; name: string }>(
      "SELECT id, name FROM users WHERE document = $1 AND role = 'aprendiz'",
      [document],
    );
    if (!worker) return refuse(T.noWorker(document));
    const linked = await db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE lti_users SET user_id = $2, linked_by = 'coordinador', linked_by_name = $3,
                linked_at = now()
          WHERE id = $1 AND user_id IS NULL RETURNING id`,
        [lmsUser.id, worker.id, viewer.name],
      );
      if (!rows.length) return false;
      await audit(tx, actorOf(viewer), 'lti-confirmar-usuario', worker, {
        usuarioLms: lmsUser.name,
        ltiUsuario: lmsUser.id,
      });
      return true;
    });
    if (!linked) return refuse(T.alreadyLinked);
    return redirectWithNotice(
      reply,
      db,
      viewer.userId,
      PENDING,
      ok(T.confirmed(lmsUser.name, worker.name)),
    );
  });
}

/** The console's LMS (LTI) pages (record 0295). */
export async function ltiConsoleRoutes(app: FastifyInstance, cc: ConsoleContext) {
  await registrationRoutes(app, cc);
  await linkAndKeyRoutes(app, cc);
  await pendingRoutes(app, cc);
}
