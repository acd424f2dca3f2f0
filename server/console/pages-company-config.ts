// «Configuración de la empresa» (record 0287): the company's configuration now (its version, who
// imported it and when), its file to download, and for a coordinator the import of a new file —
// validated like config/*.json, its errors listed in Spanish and nothing stored on an error.
// Auditors read the page but do not import (as with the obras page).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendHtml, type ConsoleContext } from './console-context.ts';
import { consolePage, dateTime, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import { requestCompanyScope } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import { importCompanyConfig } from '../company-config/import.ts';
import { latestStored, type CurrentConfig } from '../company-config/store.ts';
import { dataNoticeVersion } from '../../src/domain/config/index.ts';
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

function statusOf(current: CurrentConfig): string {
  if (current.source === 'stored')
    return T.storedHtml(
      current.version!,
      escapeHtml(current.createdBy ?? ''),
      escapeHtml(dateTime(current.createdAt!)),
    );
  return escapeHtml(current.source === 'installation' ? T.installation : T.unconfigured);
}

function factsOf(current: CurrentConfig): string {
  const c = current.config;
  const fact = (label: string, value: string) => `<div><dt>${label}</dt><dd>${value}</dd></div>`;
  const text = (value: string | undefined) => escapeHtml(value?.trim() ? value : T.none);
  return `<dl class="facts">
${fact(T.facts.name, text(c.empresa.nombre))}
${fact(T.facts.nit, text(c.empresa.nit))}
${fact(T.facts.obras, escapeHtml(c.obras.map((o) => o.nombre).join(', ')))}
${fact(T.facts.period, escapeHtml(T.months(c.reinduccion?.periodoMeses ?? 12)))}
${fact(T.facts.notice, `<span class="code">${escapeHtml(dataNoticeVersion(c))}</span>`)}
</dl>`;
}

function page(viewer: Viewer, current: CurrentConfig, downloadable: boolean, message = '') {
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
<p data-source="${current.source}">${statusOf(current)}</p>
${factsOf(current)}
${downloadable ? `<p><a href="${CONFIG_PATH}.json" download>${T.download}</a></p>` : ''}
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
      return sendHtml(reply, page(viewer, current, downloadable, html), status);
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
      const notice = `<div class="notice bad" role="alert">${inner}</div>`;
      return sendHtml(reply, page(viewer, current, downloadable, notice), 422);
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
