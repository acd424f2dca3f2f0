// Editing «Configuración de la empresa» page by page (record 0292): Empresa, Logo, Responsable
// SST (and the certificate's signatory), Aviso de datos, Reinducción, and the configuration's
// obras. Each save starts from the current version's file (company 1 with nothing stored: the
// installation's file; a company «sin configurar» imports a file first), changes only its
// section, and is stored through the same path as an imported file (storeCompanyConfig): the
// same reader, the next version, the notice published, an audit row `editar-configuracion` with
// the section and the changed fields. Errors go next to their field, the form keeps what was
// typed, nothing is stored; a save that changes nothing stores nothing. Auditors read the pages;
// their POSTs are refused by the form guard. The versions' files are downloadable.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { field, sendHtml, type ConsoleContext } from './console-context.ts';
import { consolePage, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import { requestCompanyScope, forCompanyOf } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import { storeCompanyConfig } from '../company-config/import.ts';
import { latestStored } from '../company-config/store.ts';
import {
  applySection,
  changeLines,
  errorsByField,
  fieldText,
  noticeInOnePlace,
  obraFields,
  SECTION_FIELDS,
  SECTION_IDS,
  type FieldChange,
  type SectionField,
  type SectionId,
} from '../company-config/edit.ts';
import { dataNoticeText, type CompanyConfig } from '../../src/domain/config/index.ts';
import { esCompanyConfig as T } from './strings/es-company-config.ts';
import { CONFIG_PATH } from './pages-company-config.ts';
import { logoForm, saveLogo } from './pages-company-config-logo.ts';

export const NEW_OBRA_PATH = `${CONFIG_PATH}/obra-nueva`;
/** How the reader names the edited file in its error lines (stripped before they are shown). */
const SHOWN = 'configuración';

const company = (): number => {
  const scope = requestCompanyScope();
  return typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
};

/** The file a save starts from: the current version's, or null («sin configurar»). */
export interface Start {
  text: string;
  logo: string | null;
  config: CompanyConfig;
}

async function startingFile(cc: ConsoleContext): Promise<Start | null> {
  const current = await cc.app.companyConfig.current(company());
  if (current.source === 'stored') {
    const row = await latestStored(cc.app.db, current.company);
    return row ? { text: row.body, logo: row.logo_svg, config: current.config } : null;
  }
  if (current.source === 'installation') {
    const text = cc.app.companyConfig.installation().text;
    const logo = current.config.empresa.logo?.svg ?? null;
    return text === null ? null : { text, logo, config: current.config };
  }
  return null;
}

/** One section's page: what it edits, how it is drawn and saved. */
export interface Section {
  id: string;
  title: string;
  action: string;
  fields: SectionField[];
  /** The fields' values in the form (from the file, or as typed). */
  values: Record<string, string>;
  /** Extra HTML before the form's fields (and after, for the notice's default text). */
  before?: string;
  after?: string;
  /** Form fields drawn in groups: [heading or '', names]. */
  groups?: [string, string[]][];
}

const label = (name: string) => T.labels[name] ?? name;

function input(f: SectionField, value: string, errors: string[]): string {
  const id = `f-${f.name}`;
  const invalid = errors.length ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const error = errors.length
    ? `<p class="field-error" id="${id}-error">${errors.map(escapeHtml).join(' ')}</p>`
    : '';
  const name = f.name === 'nombre' && f.path[0] === 'obras' ? 'obraNombre' : f.name;
  const text = `<label for="${id}">${escapeHtml(label(name))}</label>`;
  let control: string;
  if (f.kind === 'select')
    control = `<select id="${id}" name="${f.name}"${invalid}>${(f.options ?? [])
      .map((o) => `<option${o === value ? ' selected' : ''}>${escapeHtml(o)}</option>`)
      .join('')}</select>`;
  else if (f.kind === 'textarea' || f.kind === 'list')
    control = `<textarea id="${id}" name="${f.name}" rows="${f.kind === 'list' ? 3 : 10}"${invalid}>${escapeHtml(value)}</textarea>`;
  else
    control = `<input id="${id}" name="${f.name}" value="${escapeHtml(value)}"${f.kind === 'number' ? ' inputmode="numeric"' : ''}${f.required ? ' required' : ''} autocomplete="off"${invalid}>`;
  return `<div class="field">${text}${control}${error}</div>`;
}

function sectionPage(
  viewer: Viewer,
  section: Section,
  errors: Map<string, string[]> = new Map(),
  message = '',
): string {
  const coordinator = viewer.role === 'coordinador';
  const byName = new Map(section.fields.map((f) => [f.name, f]));
  const drawn = (names: string[]) =>
    names
      .map((n) => byName.get(n))
      .filter((f): f is SectionField => !!f)
      .map((f) => input(f, section.values[f.name] ?? '', errors.get(f.name) ?? []))
      .join('\n');
  const groups = section.groups ?? [['', section.fields.map((f) => f.name)]];
  const body = groups
    .map(([heading, names]) =>
      heading ? `<fieldset><legend>${heading}</legend>${drawn(names)}</fieldset>` : drawn(names),
    )
    .join('\n');
  const general = errors.get('') ?? [];
  const notice = errors.size
    ? `<div class="notice bad" role="alert"><p>${T.fixBelow}</p>${general.length ? `<ul>${general.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>` : ''}</div>`
    : '';
  return consolePage(
    section.title,
    `<p><a href="${CONFIG_PATH}">${T.back}</a></p>
<h1>${escapeHtml(section.title)}</h1>
${message}${notice}
${section.before ?? ''}
${coordinator ? '' : `<p class="hint">${T.readOnlyEdit}</p>`}
<form method="post" action="${section.action}">${coordinator ? hiddenToken(viewer) : ''}
<fieldset class="plain"${coordinator ? '' : ' disabled'}>
${body}
${coordinator ? `<button type="submit">${T.save}</button>` : ''}
</fieldset>
</form>
${section.after ?? ''}`,
    { viewer },
  );
}

const valuesFrom = (file: unknown, fields: readonly SectionField[]) =>
  Object.fromEntries(fields.map((f) => [f.name, fieldText(file, f)]));

/** What the form sent, by field name; a field the POST does not carry is left as it was. */
const typedFrom = (request: FastifyRequest, fields: readonly SectionField[]) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    fields.filter((f) => f.name in body).map((f) => [f.name, field(request, f.name)]),
  );
};

/** The page of one of the named sections (not the logo, not an obra). */
function namedSection(id: SectionId, start: Start, values?: Record<string, string>): Section {
  const fields = [...SECTION_FIELDS[id]];
  const file = JSON.parse(start.text) as Record<string, unknown>;
  if (id === 'aviso') noticeInOnePlace(file);
  const section: Section = {
    id,
    title: T.sectionTitles[id]!,
    action: `${CONFIG_PATH}/${id}`,
    fields,
    values: { ...valuesFrom(file, fields), ...values },
  };
  if (id === 'responsable')
    section.groups = [
      [T.responsableHeading, ['nombre', 'licencia', 'contacto']],
      [
        `${T.firmanteHeading} <span class="hint">${T.firmanteHint}</span>`,
        ['firmanteNombre', 'firmanteCargo', 'firmanteLicencia'],
      ],
    ];
  if (id === 'aviso') {
    // The default text, as the learners would read it with the field empty.
    const { datosPersonales: _own, avisoDatos: _older, ...rest } = start.config;
    void _own;
    void _older;
    const fallback = dataNoticeText(rest);
    section.before = `<p>${T.avisoHint}</p><p class="hint">${T.avisoAccepted}</p>`;
    section.after = `<h2>${T.avisoDefaultHeading}</h2>${fallback
      .split('\n\n')
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('')}`;
  }
  return section;
}

function obraSection(start: Start, index: number, values?: Record<string, string>): Section | null {
  const file = JSON.parse(start.text) as { obras?: { slug?: string; nombre?: string }[] };
  const obra = file.obras?.[index];
  if (!obra?.slug) return null;
  const fields = obraFields(index);
  return {
    id: `obra ${obra.slug}`,
    title: obra.nombre ?? obra.slug,
    action: `${CONFIG_PATH}/obras/${encodeURIComponent(obra.slug)}`,
    fields,
    values: { ...valuesFrom(file, fields), ...values },
    before: `<p>${T.obraIntro}</p><p class="hint">${escapeHtml(T.labels.slug!.split(' (')[0]!)}: <span class="code">${escapeHtml(obra.slug)}</span></p>`,
  };
}

function newObraSection(start: Start, values?: Record<string, string>): Section {
  const file = JSON.parse(start.text) as { obras?: unknown[] };
  const index = file.obras?.length ?? 0;
  const fields: SectionField[] = [
    { name: 'slug', path: ['obras', index, 'slug'], kind: 'text', required: true },
    ...obraFields(index),
  ];
  return {
    id: 'obra nueva',
    title: T.addObra,
    action: NEW_OBRA_PATH,
    fields,
    values: values ?? {},
    before: `<p>${T.obraNewIntro}</p>`,
  };
}

const doneNotice = (version: number, changes: FieldChange[], noticeChanged: boolean) =>
  `<div class="notice ok" role="status"><p>${T.savedHtml(version)}</p><p>${T.changedFields} ${escapeHtml(
    changes.map((c) => c.field).join(', '),
  )}</p>${noticeChanged ? `<p>${T.noticeChanged}</p>` : ''}</div>`;

type Reply = FastifyReply;

/** What every section's routes share: the «sin configurar» page and the one way a save is stored. */
export interface EditKit {
  needsFile(reply: Reply, viewer: Viewer, status: number): Reply | Promise<Reply>;
  save(
    request: FastifyRequest,
    reply: Reply,
    section: Section,
    applied: { text: string; changes: FieldChange[] },
    logo: string | null,
    refused?: (errors: Map<string, string[]>) => string,
  ): Promise<Reply>;
}

function editKit(cc: ConsoleContext): EditKit {
  const db = cc.app.db;
  /** «Sin configurar»: the page says to import a file first (nothing stored). */
  const needsFile = (reply: Reply, viewer: Viewer, status: number) =>
    sendHtml(
      reply,
      consolePage(
        T.title,
        `<p><a href="${CONFIG_PATH}">${T.back}</a></p><h1>${T.title}</h1><div class="notice bad" role="alert"><p>${status === 200 ? T.editNeedsFile : T.needsFileNow}</p></div>`,
        { viewer },
      ),
      status,
    );

  /**
   * Stores `applied` as the next version (or says nothing changed), or answers the section's page
   * with the errors next to the fields and what was typed.
   */
  const save = async (
    request: FastifyRequest,
    reply: Reply,
    section: Section,
    applied: { text: string; changes: FieldChange[] },
    logo: string | null,
    refused: (errors: Map<string, string[]>) => string = (errors) =>
      sectionPage(request.viewer!, section, errors),
  ) => {
    const viewer = request.viewer!;
    if (!applied.changes.length)
      return redirectWithNotice(
        reply,
        db,
        viewer.userId,
        section.action,
        `<div class="notice" role="status"><p>${T.nothingChanged}</p></div>`,
      );
    const result = await storeCompanyConfig(
      db,
      company(),
      applied.text,
      { userId: viewer.userId, name: viewer.name },
      { logo, fileName: SHOWN },
      () => ({
        action: 'editar-configuracion',
        details: {
          seccion: section.id,
          campos: applied.changes.map((c) => c.field),
          cambios: changeLines(applied.changes),
        },
      }),
    );
    if (!result.ok)
      return sendHtml(reply, refused(errorsByField(result.errors, section.fields)), 422);
    // This instance reads the new version at once; the others at their next version check.
    await cc.refreshObras();
    return redirectWithNotice(
      reply,
      db,
      viewer.userId,
      CONFIG_PATH,
      doneNotice(result.version, applied.changes, result.noticeChanged),
    );
  };

  return { needsFile, save };
}

export async function companyConfigEditRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const kit = editKit(cc);
  sectionRoutes(app, cc, kit);
  obraRoutes(app, cc, kit);
  versionRoute(app, cc);
}

const isSection = (id: string): id is SectionId => (SECTION_IDS as readonly string[]).includes(id);

/** Empresa, Logo, Responsable, Aviso, Reinducción: one page and one save each. */
function sectionRoutes(app: FastifyInstance, cc: ConsoleContext, kit: EditKit) {
  const db = cc.app.db;
  const { needsFile, save } = kit;
  app.get<{ Params: { section: string }; Querystring: { aviso?: string } }>(
    `${CONFIG_PATH}/:section`,
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const id = request.params.section;
      if (id !== 'logo' && !isSection(id)) return reply.callNotFound();
      const start = await startingFile(cc);
      if (!start) return needsFile(reply, viewer, 200);
      const { html } = await takeNotice(db, viewer.userId, request.query.aviso);
      if (id === 'logo') return sendHtml(reply, logoForm(viewer, start, undefined, html));
      return sendHtml(reply, sectionPage(viewer, namedSection(id, start), undefined, html));
    },
  );

  app.post<{ Params: { section: string } }>(
    `${CONFIG_PATH}/:section`,
    cc.form,
    async (request, reply) => {
      const viewer = request.viewer!;
      const id = request.params.section;
      if (id !== 'logo' && !isSection(id)) return reply.callNotFound();
      const start = await startingFile(cc);
      if (!start) return needsFile(reply, viewer, 409);
      if (id === 'logo') return saveLogo(request, reply, start, save);
      const typed = typedFrom(request, SECTION_FIELDS[id]);
      const section = namedSection(id, start, typed);
      const applied = applySection(
        start.text,
        section.fields,
        typed,
        id === 'aviso' ? noticeInOnePlace : undefined,
      );
      return save(request, reply, section, applied, start.logo);
    },
  );
}

/** The configuration's obras: one page each, and a new one. */
function obraRoutes(app: FastifyInstance, cc: ConsoleContext, kit: EditKit) {
  const db = cc.app.db;
  const { needsFile, save } = kit;
  app.get<{ Params: { slug: string }; Querystring: { aviso?: string } }>(
    `${CONFIG_PATH}/obras/:slug`,
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const start = await startingFile(cc);
      const index = start?.config.obras.findIndex((o) => o.slug === request.params.slug) ?? -1;
      const section = start && index >= 0 ? obraSection(start, index) : null;
      if (!section) return reply.callNotFound();
      const { html } = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(reply, sectionPage(viewer, section, undefined, html));
    },
  );

  app.post<{ Params: { slug: string } }>(
    `${CONFIG_PATH}/obras/:slug`,
    cc.form,
    async (request, reply) => {
      const start = await startingFile(cc);
      const index = start?.config.obras.findIndex((o) => o.slug === request.params.slug) ?? -1;
      const fields = obraFields(Math.max(index, 0));
      const typed = typedFrom(request, fields);
      const section = start && index >= 0 ? obraSection(start, index, typed) : null;
      if (!start || !section) return reply.callNotFound();
      return save(request, reply, section, applySection(start.text, fields, typed), start.logo);
    },
  );

  app.get(NEW_OBRA_PATH, { preHandler: cc.read }, async (request, reply) => {
    const viewer = request.viewer!;
    const start = await startingFile(cc);
    if (!start) return needsFile(reply, viewer, 200);
    return sendHtml(reply, sectionPage(viewer, newObraSection(start)));
  });

  app.post(NEW_OBRA_PATH, cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const start = await startingFile(cc);
    if (!start) return needsFile(reply, viewer, 409);
    const empty = newObraSection(start);
    const typed = typedFrom(request, empty.fields);
    const section = newObraSection(start, typed);
    const slug = typed.slug!.trim();
    // A slug an obra added in the console already has would be two obras with one code.
    if (slug && cc.obras.some((o) => o.slug === slug))
      return sendHtml(
        reply,
        sectionPage(viewer, section, new Map([['slug', [T.obraTaken(slug)]]])),
        422,
      );
    return save(
      request,
      reply,
      section,
      applySection(start.text, section.fields, typed),
      start.logo,
    );
  });
}

/** Any version's file, as it was stored (the history on the configuration page links here). */
function versionRoute(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get<{ Params: { version: string } }>(
    `${CONFIG_PATH}/versiones/:version`,
    { preHandler: cc.read },
    async (request, reply) => {
      const version = /^\d{1,9}$/.test(request.params.version)
        ? Number(request.params.version)
        : null;
      if (version === null) return reply.callNotFound();
      const [row] = await forCompanyOf(db, company()).query<{ body: string }>(
        'SELECT body FROM company_configs WHERE company_id = $1 AND version = $2',
        [company(), version],
      );
      if (!row) return reply.callNotFound();
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="configuracion-v${version}.json"`)
        .send(row.body);
    },
  );
}
