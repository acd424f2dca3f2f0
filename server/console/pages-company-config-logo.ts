// The logo page of «Configuración de la empresa» (record 0292): an SVG file checked as record 0188
// says before the reader reads it, or the logo removed; saved as the next version like every
// other section (pages-company-config-edit.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { field, sendHtml } from './console-context.ts';
import { consolePage, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import type { FieldChange } from '../company-config/edit.ts';
import { checkSvgLogo } from '../../src/domain/config/svg-logo.ts';
import { esCompanyConfig as T } from './strings/es-company-config.ts';
import { CONFIG_PATH } from './pages-company-config.ts';
import type { EditKit, Section, Start } from './pages-company-config-edit.ts';

/** A logo's name in the file when it had none (stored beside the file, record 0287). */
const LOGO_FILE = 'logo.svg';

/** The logo's section: its one field and the logo shown now. */
export const logoSection = (start: Start): Section => ({
  id: 'logo',
  title: T.sectionTitles.logo!,
  action: `${CONFIG_PATH}/logo`,
  fields: [{ name: 'logo', path: ['empresa', 'logo'], kind: 'text' }],
  values: {},
  before: `<p>${T.logoHint}</p><p>${start.logo ? `${T.logoNow}</p><p class="logo-now"><img alt="" width="160" src="data:image/svg+xml;base64,${Buffer.from(start.logo).toString('base64')}">` : T.logoNone}</p>`,
});
/** The logo's page: a file input (its errors beside it) and «Quitar el logo» when there is one. */
export const logoForm = (
  viewer: Viewer,
  start: Start,
  errors = new Map<string, string[]>(),
  message = '',
) => {
  const section = logoSection(start);
  const error = (errors.get('logo') ?? []).concat(errors.get('') ?? []);
  const invalid = error.length ? ' aria-invalid="true" aria-describedby="f-logo-error"' : '';
  const coordinator = viewer.role === 'coordinador';
  return consolePage(
    section.title,
    `<p><a href="${CONFIG_PATH}">${T.back}</a></p>
<h1>${escapeHtml(section.title)}</h1>
${message}${error.length ? `<div class="notice bad" role="alert"><p>${T.fixBelow}</p></div>` : ''}
${section.before}
${coordinator ? '' : `<p class="hint">${T.readOnlyEdit}</p>`}
<form method="post" action="${section.action}" enctype="multipart/form-data">${coordinator ? hiddenToken(viewer) : ''}
<fieldset class="plain"${coordinator ? '' : ' disabled'}>
<div class="field"><label for="f-logo">${T.labels.logo}</label><input id="f-logo" name="logo" type="file" accept=".svg,image/svg+xml"${invalid}>${error.length ? `<p class="field-error" id="f-logo-error">${error.map(escapeHtml).join(' ')}</p>` : ''}</div>
${start.logo ? `<div class="field"><label class="check"><input type="checkbox" name="quitarLogo" value="si"> ${T.labels.quitarLogo}</label></div>` : ''}
${coordinator ? `<button type="submit">${T.save}</button>` : ''}
</fieldset>
</form>`,
    { viewer },
  );
};

type FilePart = { type?: string; toBuffer?: () => Promise<Buffer> };
/**
 * A new logo (record 0188's checks first, so the message is the checks' own) or its removal,
 * stored by the kit's save; the reader's own logo errors go next to the file input too.
 */
export const saveLogo = async (
  request: FastifyRequest,
  reply: FastifyReply,
  start: Start,
  save: EditKit['save'],
) => {
  const viewer = request.viewer!;
  const part = (request.body as Record<string, unknown> | undefined)?.['logo'] as
    FilePart | undefined;
  const svg =
    part?.type === 'file' && part.toBuffer ? (await part.toBuffer()).toString('utf8') : '';
  const remove = field(request, 'quitarLogo') === 'si';
  const file = JSON.parse(start.text) as { empresa: Record<string, unknown> };
  const name = typeof file.empresa.logo === 'string' ? file.empresa.logo : null;
  const refuse = (errors: string[]) =>
    sendHtml(reply, logoForm(viewer, start, new Map([['logo', errors]])), 422);
  let logo: string | null = start.logo;
  let change: FieldChange | null = null;
  const sized = (text: string | null) =>
    text === null ? '' : `SVG, ${Buffer.byteLength(text)} bytes`;
  if (svg.trim()) {
    // The 0188 checks before anything else, so the message is the checks' own.
    const unsafe = checkSvgLogo(svg);
    if (unsafe.length) return refuse(unsafe);
    if (svg !== start.logo) {
      file.empresa.logo = name ?? LOGO_FILE;
      logo = svg;
      change = { field: 'empresa.logo', before: sized(start.logo), after: sized(svg) };
    }
  } else if (remove && name) {
    delete file.empresa.logo;
    logo = null;
    change = { field: 'empresa.logo', before: sized(start.logo), after: '' };
  } else if (!remove) return refuse([T.pickLogo]);
  const applied = {
    text: `${JSON.stringify(file, null, 2)}\n`,
    changes: change ? [change] : [],
  };
  // The reader's own logo errors (drawing, coordinates) go next to the file input too.
  return save(request, reply, logoSection(start), applied, logo, (errors) =>
    logoForm(viewer, start, errors),
  );
};
