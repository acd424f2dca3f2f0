// The platform console's pages (record 0286): the console's shell and styles (layout.ts), with
// the platform's name in the header and its own short navigation in the page, since the
// console's menu and sign-out are the coordinator's (a `<div role="navigation">`: the console's
// `nav a` styles are the header's, white on the brand colour).
import { consolePage, escapeHtml, shortDate } from '../console/layout.ts';
import { esConsole as C } from '../console/strings/es-console.ts';
import { esPlatform as T } from './strings/es-platform.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import { esOperator } from './strings/es-operator.ts';
import type { CompanyRow, PlatformAccount } from './store.ts';
import type { RecordedExport } from './remove-company.ts';

/** Who is signed in, and the token of this session's forms. */
export interface PlatformViewer extends PlatformAccount {
  formToken: string;
}

const hidden = (token: string) => `<input type="hidden" name="_xsrf" value="${escapeHtml(token)}">`;

/** A platform page: the console's frame, named for the platform; the navigation when signed in. */
export function platformPage(
  title: string,
  body: string,
  viewer?: PlatformViewer,
  current?: 'empresas' | 'crear',
): string {
  const link = (key: 'empresas' | 'crear', href: string) =>
    `<a href="${href}"${key === current ? ' aria-current="page"' : ''}>${T.nav[key]}</a>`;
  const nav = viewer
    ? `<div class="actions" role="navigation" aria-label="${T.navLabel}">${link('empresas', '/plataforma')} ${link('crear', '/plataforma/empresas/nueva')}
<form method="post" action="/plataforma/salir">${hidden(viewer.formToken)}<span>${escapeHtml(T.who(viewer.name))}</span> <button type="submit" class="secondary">${T.signOut}</button></form></div>\n`
    : '';
  return consolePage(title, `${nav}${body}`)
    .replace(`${C.titleSuffix}</title>`, `${T.titleSuffix}</title>`)
    .replace(`${C.headerSuffix}</p>`, `${T.headerSuffix}</p>`);
}

export function signInPage(token: string, email = '', message = ''): string {
  return platformPage(
    T.signIn.title,
    `<h1>${T.signIn.heading}</h1>
${message ? `<p class="notice bad" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/plataforma/ingresar">
${hidden(token)}
<div class="field"><label for="correo">${T.signIn.email}</label><input id="correo" name="correo" type="email" autocomplete="username" value="${escapeHtml(email)}" required></div>
<div class="field"><label for="clave">${T.signIn.password}</label><input id="clave" name="clave" type="password" autocomplete="current-password" required></div>
<button type="submit">${T.signIn.submit}</button>
</form>
<p class="hint">${T.signIn.hint} <a href="/consola/ingresar">${T.signIn.consoleLink}</a></p>`,
  );
}

export function companiesPage(
  viewer: PlatformViewer,
  companies: CompanyRow[],
  removed: { name: string; sha256: string } | null = null,
): string {
  const [id, name, learners, created, leave] = T.companies.columns;
  const rows = companies
    .map(
      (c) =>
        `<tr><td data-label="${id}" class="num">${c.id}</td><th scope="row" data-label="${name}">${c.name ? escapeHtml(c.name) : T.companies.unnamed}</th><td data-label="${learners}" class="num">${c.learners}</td><td data-label="${created}">${escapeHtml(shortDate(c.createdAt))}</td><td data-label="${leave}">${c.id === FIRST_COMPANY_ID ? T.companies.installation : `<a href="/plataforma/empresas/${c.id}/retirar">${T.companies.leave}</a>`}</td></tr>`,
    )
    .join('');
  const notice = removed
    ? `<div class="notice ok" role="status"><p>${T.companies.removedHtml(escapeHtml(removed.name), escapeHtml(removed.sha256))}</p></div>\n`
    : '';
  return platformPage(
    T.companies.title,
    `<h1>${T.companies.heading}</h1>
${notice}<p>${T.companies.intro}</p>
<p><a class="button" href="/plataforma/empresas/nueva">${T.companies.create}</a></p>
<p><a href="/plataforma/operador">${esOperator.link}</a></p>
<div class="table-wrap"><table class="stack"><caption>${T.companies.caption(companies.length)}</caption>
<thead><tr>${T.companies.columns.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>
<tbody>${rows}</tbody></table></div>`,
    viewer,
    'empresas',
  );
}

/** The «Crear empresa» form's fields. */
export interface CreateValues {
  empresa: string;
  nombre: string;
  documento: string;
  correo: string;
}

export function createPage(
  viewer: PlatformViewer,
  values: Partial<CreateValues> = {},
  message = '',
): string {
  const input = (name: keyof CreateValues, label: string, type = 'text', extra = '') =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(values[name] ?? '')}"${extra}></div>`;
  // A company may come from its configuration file (record 0293): the file and the logo it names,
  // read and validated by the POST handler before anything is created. A file input never keeps
  // a file across an answer: after a refusal the operator picks it again.
  return platformPage(
    T.create.title,
    `<h1>${T.create.heading}</h1>
${message ? `<p class="notice bad" role="alert">${escapeHtml(message)}</p>` : ''}
<p>${T.create.intro}</p>
<form method="post" action="/plataforma/empresas" enctype="multipart/form-data">${hidden(viewer.formToken)}
<fieldset><legend>${T.create.company}</legend>
${input('empresa', T.create.companyName, 'text', ' maxlength="120" autocomplete="organization"')}
</fieldset>
<fieldset><legend>${T.create.fromFile}</legend>
<p class="hint">${T.create.fromFileHint}</p>
<div class="field"><label for="archivo">${T.create.fileLabel}</label><input id="archivo" name="archivo" type="file" accept=".json,application/json"></div>
<div class="field"><label for="logo">${T.create.logoLabel}</label><input id="logo" name="logo" type="file" accept=".svg,image/svg+xml"></div>
</fieldset>
<fieldset><legend>${T.create.coordinator}</legend>
${input('nombre', T.create.nombre, 'text', ' required maxlength="120" autocomplete="off"')}
${input('documento', T.create.documento, 'text', ' required maxlength="20" autocomplete="off"')}
${input('correo', T.create.correo, 'email', ' autocomplete="off"')}
</fieldset>
<button type="submit">${T.create.submit}</button>
</form>`,
    viewer,
    'crear',
  );
}

export function createdPage(
  viewer: PlatformViewer,
  created: {
    id: number;
    name: string;
    coordinator: { name: string; document: string };
    configVersion?: number | null;
  },
  password: string,
): string {
  return platformPage(
    T.create.doneTitle,
    `<h1>${T.create.doneHeading}</h1>
<div class="notice ok" role="status"><p>${T.create.doneHtml(escapeHtml(created.name), created.id)}</p>
${created.configVersion ? `<p>${T.create.configHtml(created.configVersion)}</p>` : ''}
<p>${T.create.coordinatorHtml(escapeHtml(created.coordinator.name), escapeHtml(created.coordinator.document))}</p>
<p class="secret">${escapeHtml(password)}</p>
<p>${T.create.passwordNote}</p></div>
<p><a href="/plataforma">${T.create.back}</a></p>`,
    viewer,
  );
}

/** A page with a heading, one line and one link (refusals, errors). */
export const messagePage = (title: string, text: string, href: string, link: string) =>
  platformPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${href}">${escapeHtml(link)}</a></p>`,
  );

/** «Retirar empresa»: the retention rule, the export to download, the deletion's form. */
export function leavePage(
  viewer: PlatformViewer,
  company: { id: number; name: string },
  recorded: RecordedExport | null,
  current: boolean,
  message = '',
  typed = '',
): string {
  const L = T.leave;
  const name = escapeHtml(company.name);
  const base = `/plataforma/empresas/${company.id}`;
  const state = !recorded
    ? `<p>${L.noExport}</p>`
    : `<p>${escapeHtml(L.lastExport(shortDate(recorded.at), recorded.by))} <code>sha256 ${escapeHtml(recorded.sha256)}</code></p>
<p class="notice ${current ? 'ok' : 'bad'}">${current ? L.current : L.stale}</p>`;
  const first = company.id === FIRST_COMPANY_ID;
  return platformPage(
    L.title(company.name),
    `<h1>${L.heading}</h1>
${message ? `<p class="notice bad" role="alert">${escapeHtml(message)}</p>` : ''}
<p>${L.intro(name)}</p>
${
  first
    ? `<p>${L.firstCompany}</p>`
    : `<section aria-labelledby="conservacion"><h2 id="conservacion">${L.retentionHeading}</h2>
<p>${L.retentionHtml}</p>
<p>${L.dutyHtml}</p></section>
<section aria-labelledby="exportar"><h2 id="exportar">${L.exportHeading}</h2>
<p class="hint">${L.exportHint}</p>
${state}
<p><a class="button" href="${base}/exportacion.json" download>${L.exportLink}</a></p></section>
<section aria-labelledby="eliminar"><h2 id="eliminar">${L.deleteHeading}</h2>
<p>${L.deleteHint}</p>
<form method="post" action="${base}/eliminar">${hidden(viewer.formToken)}
<div class="field"><label for="confirmacion">${L.confirmLabel}</label><input id="confirmacion" name="confirmacion" type="text" value="${escapeHtml(typed)}" autocomplete="off" required></div>
<button type="submit" class="danger">${L.deleteSubmit}</button>
</form></section>`
}
<p><a href="/plataforma">${L.back}</a></p>`,
    viewer,
  );
}
