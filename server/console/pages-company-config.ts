// «Configuración de la empresa» (record 0287): the company's configuration now (its version, who
// imported it and when), its file to download, and for a coordinator the import of a new file —
// validated like config/*.json, its errors listed in Spanish and nothing stored on an error.
// Auditors read the page but do not import (as with the obras page). Record 0292: the links to
// edit it page by page (pages-company-config-edit.ts), the configuration's obras, and the list of
// versions (who, when, what) with each version's file.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { sendHtml, type ConsoleContext } from './console-context.ts';
import { consolePage, dateTime, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import { forCompanyOf, requestCompanyScope } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import { importCompanyConfig } from '../company-config/import.ts';
import { latestStored, type CurrentConfig } from '../company-config/store.ts';
import { installationOperator, noticeOf } from '../company-config/notice.ts';
import { esCompanyConfig as T } from './strings/es-company-config.ts';

export const CONFIG_PATH = '/consola/configuracion';

/** The request's company (its guard set it). */
function company(): number {
  const scope = requestCompanyScope();
  return typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
}

type FilePart = { type?: string; filename?: string; toBuffer?: () => Promise<Buffer> };

const filePart = (request: FastifyRequest, name: string): FilePart | null => {
  const part = (request.body as Record<string, unknown> | undefined)?.[name] as
    FilePart | undefined;
  return part && part.type === 'file' && part.toBuffer ? part : null;
};

/** One stored version: who, when, and what its audit row says it was. */
interface VersionRow {
  version: number;
  who: string;
  at: string | Date;
  action: string | null;
  details: { seccion?: string; campos?: string[] } | null;
}

/** The company's versions, newest first, each with its audit row (import or edit). */
async function versionsOf(db: Queryable, companyId: number): Promise<VersionRow[]> {
  const rows = await forCompanyOf(db, companyId).query<VersionRow>(
    `SELECT c.version, coalesce(c.created_by_platform, c.created_by_name) AS who,
            c.created_at AS at, a.action, a.details
       FROM company_configs c
       LEFT JOIN audit_log a
         ON a.company_id = c.company_id
        AND a.action IN ('importar-configuracion', 'editar-configuracion')
        AND a.details->>'version' = c.version::text
      WHERE c.company_id = $1
      ORDER BY c.version DESC`,
    [companyId],
  );
  return rows.map((r) => ({ ...r, version: Number(r.version) }));
}

function versionsTable(rows: readonly VersionRow[]): string {
  if (!rows.length) return `<h2>${T.versionsHeading}</h2><p>${T.noVersions}</p>`;
  const what = (r: VersionRow) =>
    r.action === 'editar-configuracion'
      ? `${escapeHtml(T.editedHtml(r.details?.seccion ?? ''))}${r.details?.campos?.length ? ` <span class="hint">(${escapeHtml(r.details.campos.join(', '))})</span>` : ''}`
      : escapeHtml(T.imported);
  const [colVersion, colWho, colWhen, colWhat, colFile] = [
    T.colVersion,
    T.colWho,
    T.colWhen,
    T.colWhat,
    T.colFile,
  ];
  return `<h2>${T.versionsHeading}</h2>
<div class="table-wrap"><table class="stack"><caption>${T.versionsCaption(rows.length)}</caption>
<thead><tr><th>${colVersion}</th><th>${colWho}</th><th>${colWhen}</th><th>${colWhat}</th><th>${colFile}</th></tr></thead>
<tbody>${rows
    .map(
      (r) =>
        `<tr><td data-label="${colVersion}">${r.version}</td><td data-label="${colWho}">${escapeHtml(r.who)}</td><td data-label="${colWhen}">${escapeHtml(dateTime(r.at))}</td><td data-label="${colWhat}">${what(r)}</td><td data-label="${colFile}"><a href="${CONFIG_PATH}/versiones/${r.version}" download>${T.versionFile(r.version)}</a></td></tr>`,
    )
    .join('')}</tbody></table></div>`;
}

/** The links to each section's page and to the configuration's obras (record 0292). */
function editLinks(current: CurrentConfig): string {
  if (current.source === 'unconfigured') return `<p class="notice">${T.editNeedsFile}</p>`;
  const sections = ['empresa', 'logo', 'responsable', 'aviso', 'reinduccion'];
  return `<h2>${T.editHeading}</h2>
<p>${T.editIntro}</p>
<ul class="links">${sections.map((s) => `<li><a href="${CONFIG_PATH}/${s}">${T.sections[s]}</a></li>`).join('')}</ul>
<h2>${T.obrasHeading}</h2>
<p>${T.obrasIntro}</p>
<ul class="links">${current.config.obras
    .map(
      (o) =>
        `<li><a href="${CONFIG_PATH}/obras/${encodeURIComponent(o.slug)}">${escapeHtml(T.obraLink(o.nombre))}</a> <span class="code">${escapeHtml(o.slug)}</span></li>`,
    )
    .join('')}<li><a href="${CONFIG_PATH}/obra-nueva">${T.addObra}</a></li></ul>`;
}

function statusOf(current: CurrentConfig, latest: VersionRow | undefined): string {
  if (current.source === 'stored' && latest?.action === 'editar-configuracion')
    return T.editedStatusHtml(
      current.version!,
      escapeHtml(current.createdBy ?? ''),
      escapeHtml(dateTime(current.createdAt!)),
    );
  if (current.source === 'stored')
    return T.storedHtml(
      current.version!,
      escapeHtml(current.createdBy ?? ''),
      escapeHtml(dateTime(current.createdAt!)),
    );
  return escapeHtml(current.source === 'installation' ? T.installation : T.unconfigured);
}

function factsOf(current: CurrentConfig, noticeVersion: string): string {
  const c = current.config;
  const fact = (label: string, value: string) => `<div><dt>${label}</dt><dd>${value}</dd></div>`;
  const text = (value: string | undefined) => escapeHtml(value?.trim() ? value : T.none);
  return `<dl class="facts">
${fact(T.facts.name, text(c.empresa.nombre))}
${fact(T.facts.nit, text(c.empresa.nit))}
${fact(T.facts.obras, escapeHtml(c.obras.map((o) => o.nombre).join(', ')))}
${fact(T.facts.period, escapeHtml(T.months(c.reinduccion?.periodoMeses ?? 12)))}
${fact(T.facts.notice, `<span class="code">${escapeHtml(noticeVersion)}</span>`)}
</dl>`;
}

function page(
  viewer: Viewer,
  current: CurrentConfig,
  downloadable: boolean,
  versions: readonly VersionRow[],
  noticeVersion: string,
  message = '',
) {
  const form =
    viewer.role === 'coordinador'
      ? `<h2>${T.importHeading}</h2>
<p>${T.importIntro}</p>
<form method="post" action="${CONFIG_PATH}" enctype="multipart/form-data">${hiddenToken(viewer)}
<div class="field"><label for="archivo">${T.fileLabel}</label><input id="archivo" name="archivo" type="file" accept=".json,application/json" required></div>
<div class="field"><label for="logo">${T.logoLabel}</label><input id="logo" name="logo" type="file" accept=".svg,image/svg+xml"></div>
<button type="submit">${T.importButton}</button>
</form>`
      : `<p class="hint">${T.readOnly}</p>`;
  return consolePage(
    T.title,
    `<h1>${T.title}</h1>
${message}
<p data-source="${current.source}">${statusOf(current, versions[0])}</p>
${factsOf(current, noticeVersion)}
${downloadable ? `<p><a href="${CONFIG_PATH}.json" download>${T.download}</a></p>` : ''}
${editLinks(current)}
${versionsTable(versions)}
${form}`,
    { viewer },
  );
}

/** The file a company's configuration downloads as: its stored text, else the installation's. */
async function currentFile(cc: ConsoleContext, current: CurrentConfig): Promise<string | null> {
  if (current.source === 'stored')
    return (await latestStored(cc.app.db, current.company))?.body ?? null;
  if (current.source === 'installation') return cc.app.companyConfig.installation().text;
  return null;
}

export async function companyConfigRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;

  app.get<{ Querystring: { aviso?: string } }>(
    CONFIG_PATH,
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const { html, status } = await takeNotice(db, viewer.userId, request.query.aviso);
      const current = await cc.app.companyConfig.current(company());
      const downloadable = (await currentFile(cc, current)) !== null;
      const versions = await versionsOf(db, current.company);
      // The version its learners accept: under the installation's operator, if any (record 0294).
      const notice = noticeOf(current.config, await installationOperator(db));
      return sendHtml(
        reply,
        page(viewer, current, downloadable, versions, notice.version, html),
        status,
      );
    },
  );

  app.get(`${CONFIG_PATH}.json`, { preHandler: cc.read }, async (_request, reply) => {
    const current = await cc.app.companyConfig.current(company());
    const text = await currentFile(cc, current);
    if (text === null)
      return reply.code(404).type('text/plain; charset=utf-8').send(T.nothingToDownload);
    const name = current.version ? `configuracion-v${current.version}.json` : 'configuracion.json';
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(text);
  });

  app.post(CONFIG_PATH, cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const refuse = async (inner: string) => {
      const current = await cc.app.companyConfig.current(company());
      const downloadable = (await currentFile(cc, current)) !== null;
      const versions = await versionsOf(db, current.company);
      const notice = `<div class="notice bad" role="alert">${inner}</div>`;
      const { version } = noticeOf(current.config, await installationOperator(db));
      return sendHtml(reply, page(viewer, current, downloadable, versions, version, notice), 422);
    };
    const file = filePart(request, 'archivo');
    if (!file) return refuse(`<p>${T.pickFile}</p>`);
    const logo = filePart(request, 'logo');
    const logoText = logo ? (await logo.toBuffer!()).toString('utf8') : '';
    const result = await importCompanyConfig(
      db,
      company(),
      (await file.toBuffer!()).toString('utf8'),
      { userId: viewer.userId, name: viewer.name },
      { fileName: file.filename ?? '', logo: logoText || null },
    );
    if (!result.ok)
      return refuse(
        `<p>${T.errorsHeading}</p><ul>${result.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>`,
      );
    // This instance reads the new version at once; the others at their next version check.
    await cc.refreshObras();
    const notice = `<div class="notice ok" role="status"><p>${T.importedHtml(result.version)}</p>${result.noticeChanged ? `<p>${T.noticeChanged}</p>` : ''}</div>`;
    return redirectWithNotice(reply, db, viewer.userId, CONFIG_PATH, notice);
  });
}
