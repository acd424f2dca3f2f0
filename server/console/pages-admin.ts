// Adding learners one by one, and the audit log page. The CSV import is in pages-import.ts.
import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { field, pageParameter, sendHtml } from './console-context.ts';
import { consolePage, dateTime, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import { audit, auditPage, AUDIT_PAGE_SIZE, type AuditEntry } from './audit.ts';
import { validateUser, type KnownObras } from '../cli/users.ts';
import { createUser, DuplicateUserError } from '../db/store.ts';
import { generatePassword } from '../security/passwords.ts';
import { esAdmin as T } from './strings/es-admin.ts';
import { esConsole as C } from './strings/es-console.ts';
import { LEARNER_FIELDS } from './exports.ts';

const ACTION_LABEL = T.actions;

function addForm(
  cc: ConsoleContext,
  viewer: Viewer,
  values: Record<string, string> = {},
  message = '',
) {
  const input = (name: string, label: string, type = 'text', extra = '', hint = '') =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(values[name] ?? '')}"${extra}${hint ? ` aria-describedby="${name}-ayuda"` : ''}>${hint ? `<p class="hint" id="${name}-ayuda">${hint}</p>` : ''}</div>`;
  return consolePage(
    T.addTitle,
    `<h1>${T.addHeading}</h1>${message}
<form method="post" action="/consola/agregar">${hiddenToken(viewer)}
${input('documento', T.fields.documento, 'text', ' required autocomplete="off"')}
${input('nombre', T.fields.nombre, 'text', ' required autocomplete="off"')}
${input('correo', T.fields.correo, 'email', ' autocomplete="off"')}
<div class="field"><label for="obra">${T.fields.obra}</label><select id="obra" name="obra">${cc.obras.map((o) => `<option value="${escapeHtml(o.slug)}"${values.obra === o.slug ? ' selected' : ''}>${escapeHtml(o.nombre)}</option>`).join('')}</select></div>
${input('contratista', T.fields.contratista, 'text', '', T.fields.contratistaHint)}
${input('cargo', T.fields.cargo)}
${input('fecha_ingreso', T.fields.fechaIngreso, 'date')}
${input('celular', T.fields.celular, 'tel', ' inputmode="tel" autocomplete="off"', T.fields.celularHint)}
${input('clave', T.fields.clave, 'text', ' autocomplete="new-password"', T.fields.claveHint)}
<button type="submit">${T.addButton}</button>
</form>`,
    { viewer, current: 'agregar' },
  );
}

const ADD_FIELDS = [...LEARNER_FIELDS, 'celular', 'clave'];

/** The learner the add form describes, checked as the CLI checks it (cli/users.ts). */
function checkedUser(cc: ConsoleContext, values: Record<string, string>) {
  const obras: KnownObras = {
    slugs: cc.obras.map((o) => o.slug),
    file: T.obrasSource,
    obras: cc.obras,
  };
  return validateUser(
    {
      document: values.documento,
      name: values.nombre,
      email: values.correo,
      obra: values.obra,
      password: values.clave,
      contratista: values.contratista,
      cargo: values.cargo,
      fechaIngreso: values.fecha_ingreso,
      celular: values.celular,
    },
    obras,
  );
}

/** The notice after adding a learner: a link to them, and the generated password if any. */
const addedNotice = (created: { id: number; name: string; document: string }, shown: string) =>
  `<div class="notice ok" role="status"><p>${T.addedHtml(`<a href="/consola/aprendices/${created.id}">${escapeHtml(created.name)}</a>`, escapeHtml(created.document))}</p>${shown}</div>`;

/** Adding one learner: the form and the POST that creates them. */
function addLearnerRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get<{ Querystring: { aviso?: string } }>(
    '/consola/agregar',
    { preHandler: cc.write },
    async (request, reply) => {
      const viewer = request.viewer!;
      const { html } = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(reply, addForm(cc, viewer, {}, html));
    },
  );

  app.post('/consola/agregar', cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const values = Object.fromEntries(ADD_FIELDS.map((k) => [k, field(request, k)]));
    const { user, problems } = checkedUser(cc, values);
    const error = (text: string) =>
      sendHtml(
        reply,
        addForm(
          cc,
          viewer,
          values,
          `<div class="notice bad" role="alert"><p>${escapeHtml(T.notAdded(text))}</p></div>`,
        ),
        422,
      );
    if (!user) return error(problems.join('; '));
    const password = user.password ?? generatePassword(12);
    try {
      const created = await createUser(db, {
        ...user,
        password,
        contratista: user.extras.contratista,
        cargo: user.extras.cargo,
        fechaIngreso: user.extras.fechaIngreso,
        celular: user.extras.celular,
      });
      await audit(db, { userId: viewer.userId, name: viewer.name }, 'crear-usuario', created, {
        rol: 'aprendiz',
        via: 'consola',
      });
      const shown = user.password ? '' : `<p>${T.generatedPasswordHtml(escapeHtml(password))}</p>`;
      // Redirect after POST (decision 0216): a reload shows the form, never adds twice.
      return redirectWithNotice(
        reply,
        db,
        viewer.userId,
        '/consola/agregar',
        addedNotice(created, shown),
      );
    } catch (e) {
      if (e instanceof DuplicateUserError) return error(e.message.replace(/\.$/, ''));
      throw e;
    }
  });
}

/** The audit log's page body: one page of entries, newest first, and the pager. */
function auditLogBody(entries: AuditEntry[], total: number, page: number) {
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const details = (d: Record<string, unknown>) =>
    Object.entries(d)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  // data-label: on a phone each entry is a card that names its values (record 0274).
  const [, who, action, about, detailsLabel] = T.auditColumns;
  return `<h1>${T.auditHeading}</h1>
<p>${T.auditIntro}</p>
<div class="table-wrap"><table class="stack"><caption>${T.auditCaption(total)}</caption>
<thead><tr>${T.auditColumns.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>
<tbody>${
    entries
      .map(
        (e) =>
          `<tr><td>${escapeHtml(dateTime(e.at))}</td><td data-label="${who}">${escapeHtml(e.actorName)}</td><td data-label="${action}">${escapeHtml(ACTION_LABEL[e.action] ?? e.action)}</td><td${e.targetId ? ` data-label="${about}"` : ''}>${e.targetId ? `<a href="/consola/aprendices/${e.targetId}">${escapeHtml(e.targetName ?? '')}</a>` : ''}</td><td class="details" data-label="${detailsLabel}">${escapeHtml(details(e.details))}</td></tr>`,
      )
      .join('') || `<tr><td colspan="5">${T.auditEmpty}</td></tr>`
  }</tbody></table></div>
<nav class="pager" aria-label="${C.pagerLabel}">${page > 1 ? `<a href="/consola/auditoria?pagina=${page - 1}">${C.previous}</a>` : ''}<span>${C.pageOf(page, pages)}</span>${page < pages ? `<a href="/consola/auditoria?pagina=${page + 1}">${C.next}</a>` : ''}</nav>`;
}

function auditLogRoute(app: FastifyInstance, cc: ConsoleContext) {
  app.get<{ Querystring: { pagina?: string } }>(
    '/consola/auditoria',
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const page = pageParameter('pagina', request.query.pagina);
      const { entries, total } = await auditPage(cc.app.db, page);
      const body = auditLogBody(entries, total, page);
      return sendHtml(reply, consolePage(T.auditTitle, body, { viewer, current: 'auditoria' }));
    },
  );
}

export async function adminRoutes(app: FastifyInstance, cc: ConsoleContext) {
  addLearnerRoutes(app, cc);
  auditLogRoute(app, cc);
}
