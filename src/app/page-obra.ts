// The template LMS build (decision 0241) is not filled when built: the server writes the obra's
// values into its index.html, in a JSON block, when a coordinator downloads the obra's zips.
// This reads that block. Only the template build's entry and its `virtual:company` import it.
import type { CompanyInfo } from '../domain/config/company-info.ts';
import { OBRA_VALUES_ID, type ObraPageValues } from '../domain/content/obra-template.ts';

let read: ObraPageValues | null | undefined;

/** The block's content; null when the page has none (the template opened as it was built). */
export function pageObra(doc: Document = document): ObraPageValues | null {
  if (read !== undefined) return read;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(doc.getElementById(OBRA_VALUES_ID)?.textContent ?? 'null');
  } catch (e) {
    console.error('[curso-sst] datos de la obra ilegibles', e);
  }
  const ok =
    typeof parsed === 'object' &&
    parsed !== null &&
    typeof (parsed as ObraPageValues).values === 'object' &&
    typeof (parsed as ObraPageValues).company === 'object';
  read = ok ? (parsed as ObraPageValues) : null;
  return read;
}

/** The page's company facts, else those the template was built with. */
export const pageCompany = (built: CompanyInfo): CompanyInfo => pageObra()?.company ?? built;
