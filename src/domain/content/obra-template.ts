// The template LMS build's index.html, written for one obra (decision 0241). The template is
// the LMS build left unfilled; its page carries an empty JSON block that the server fills with
// the obra's values (the template's entry reads it at start, src/app/page-obra.ts) and its static
// introduction between two markers, which is filled here with the same values. Plain strings,
// no file access: the server, the build's HTML plugin and the app share these names.
import { companyInfo, type CompanyInfo } from '../config/company-info.ts';
import type { CompanyConfig, Obra } from '../config/index.ts';
import { fillTemplate, placeholderValues, type PlaceholderValues } from './placeholders.ts';
import type { Course } from './types.ts';

/** Id of the JSON block (a `<script type="application/json">`: data, never run). */
export const OBRA_VALUES_ID = 'obra-values';
/** The block as the template build writes it, empty. */
export const EMPTY_OBRA_BLOCK = `<script type="application/json" id="${OBRA_VALUES_ID}">null</script>`;
/** Around the static introduction, which the template keeps with its placeholders. */
export const OBRA_STATIC_START = '<!--obra-static-->';
export const OBRA_STATIC_END = '<!--/obra-static-->';

/** What the page carries: every placeholder value, and the certificate's issuer and obra. */
export interface ObraPageValues {
  values: PlaceholderValues;
  company: CompanyInfo;
}

export class ObraTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ObraTemplateError';
  }
}

/** The values of one obra of a company, as a build made for that obra is filled with. */
export function obraPageValues(
  config: CompanyConfig,
  obra: Obra,
  course: Pick<Course, 'hours'>,
): ObraPageValues {
  const values = Object.fromEntries(
    Object.entries(placeholderValues(config, obra, course)).filter(([, v]) => v !== undefined),
  );
  return { values, company: companyInfo(config, obra) };
}

/**
 * JSON that cannot end its `<script>` element nor open a comment there: `<`, `>` and `&` as
 * \u escapes (still the same JSON), and the two line separators JavaScript once refused.
 */
export function obraBlockJson(page: ObraPageValues): string {
  return JSON.stringify(page).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The template's index.html for one obra: the block filled, the static introduction filled
 * (values HTML-escaped). Throws ObraTemplateError when the page is not the template's (no empty
 * block, no markers) or the values are not an obra's.
 */
export function fillObraTemplate(html: string, page: ObraPageValues): string {
  const nombre = page.values['obra.nombre'];
  if (typeof nombre !== 'string' || !nombre.trim() || page.company?.obra?.nombre !== nombre)
    throw new ObraTemplateError('no hay valores de la obra para llenar la plantilla');
  const block = html.indexOf(EMPTY_OBRA_BLOCK);
  if (block < 0 || html.indexOf(EMPTY_OBRA_BLOCK, block + 1) >= 0)
    throw new ObraTemplateError(
      'la página no es la de la build de plantilla (sin bloque de datos)',
    );
  const start = html.indexOf(OBRA_STATIC_START);
  const end = html.indexOf(OBRA_STATIC_END);
  if (start < 0 || end < start)
    throw new ObraTemplateError('la página no es la de la build de plantilla (sin marcas)');
  const intro = html.slice(start + OBRA_STATIC_START.length, end);
  const filled =
    html.slice(0, start) +
    fillTemplate(intro, page.values) +
    html.slice(end + OBRA_STATIC_END.length);
  return filled.replace(
    EMPTY_OBRA_BLOCK,
    () => `<script type="application/json" id="${OBRA_VALUES_ID}">${obraBlockJson(page)}</script>`,
  );
}
