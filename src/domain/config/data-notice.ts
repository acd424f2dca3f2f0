// The habeas-data notice (Ley 1581 de 2012; docs/decisions/0125-content-version-and-data-notice.md):
// the text a learner accepts at first sign-in in the standalone app, and its version (a short hash
// of the text, stored with the acceptance so a changed notice is known to be another text).
// Shared by the web build (which shows it) and the server (which records the acceptance).
// When the installation has an operator (record 0294), the company is the «Responsable del
// Tratamiento» and the operator, who runs the platform for it, the «Encargado»: the notice names
// both. Without one the text is exactly the one before, so no learner is asked again.
import { shortHash } from '../content/content-version.ts';
import type { CompanyConfig } from './load-config.ts';

/** What the notice needs of the configuration (a loaded CompanyConfig has all of it). */
export type DataNoticeConfig = {
  empresa: Pick<CompanyConfig['empresa'], 'nombre' | 'nit'>;
  sst: { responsable: Pick<CompanyConfig['sst']['responsable'], 'nombre' | 'contacto'> };
  datosPersonales?: { aviso?: string | undefined } | undefined;
  /** The older top-level field (config/README.md); `datosPersonales.aviso` wins. */
  avisoDatos?: string | undefined;
};

/** Who runs the platform for the companies (the «Encargado del Tratamiento»; record 0294). */
export type DataNoticeOperator = { nombre: string; nit: string; contacto: string };

/** A phone number never breaks across lines (non-breaking spaces). */
const unbroken = (contact: string | undefined) =>
  contact?.trim().replace(/^[0-9+()# -]+$/, (phone) => phone.replace(/ /g, '\u00a0'));

/** The sentence that names the operator, after the company's text (record 0294). */
function operatorParagraph(companyName: string, operator: DataNoticeOperator): string {
  return `${operator.nombre} (NIT ${operator.nit}) maneja esta plataforma. Guarda y usa tus datos por encargo de ${companyName}, solo para este curso. Su contacto: ${unbroken(operator.contacto)}.`;
}

/**
 * The notice as plain text; paragraphs are separated by a blank line. The configured
 * `datosPersonales.aviso` (or the older `avisoDatos`) when given, else the default: who processes
 * the data, what for, the learner's rights and how to use them. Short sentences, `tú`.
 * With an `operator` (record 0294) the company is named as the one responsible for the data and
 * a last paragraph names the operator who processes them on its behalf — after the company's own
 * configured text too.
 */
export function dataNoticeText(
  config: DataNoticeConfig,
  operator: DataNoticeOperator | null = null,
): string {
  const configured = config.datosPersonales?.aviso?.trim() || config.avisoDatos?.trim();
  const { nombre, nit } = config.empresa;
  const after = operator ? [operatorParagraph(nombre, operator)] : [];
  if (configured) return [configured, ...after].join('\n\n');
  const responsable = config.sst.responsable;
  const contact = unbroken(responsable.contacto);
  // A company «sin configurar» (record 0287) has no NIT yet: no empty «(NIT )».
  const who = nit ? `${nombre} (NIT ${nit})` : nombre;
  return [
    `${who} ${operator ? 'es responsable de' : 'guarda y usa'} tus datos personales. Son tu nombre, tu documento, tu obra y tus respuestas en este curso, y tu celular si lo diste.`,
    'Los usamos solo para registrar tu inducción en Seguridad y Salud en el Trabajo y darte tu certificado. La ley nos pide guardar ese registro. Tu celular solo sirve para enviarte la invitación: no va en ese registro y puedes pedir que lo borremos.',
    'La Ley 1581 de 2012 te da estos derechos: saber qué datos tuyos tenemos, actualizarlos, corregirlos, pedir que los borremos cuando la ley ya no nos pida guardarlos, y quitar este permiso.',
    contact
      ? `Para usar tus derechos, habla con ${responsable.nombre}, responsable SST: ${contact}.`
      : `Para usar tus derechos, habla con ${responsable.nombre}, responsable SST de tu obra.`,
    ...after,
  ].join('\n\n');
}

/** The version of a notice text: `aviso-` and a short hash of the text (≤ 64 characters). */
export function noticeTextVersion(text: string): string {
  return `aviso-${shortHash(text)}`;
}

/** A short, stable version of the notice text (≤ 64 characters): changes when the text does. */
export function dataNoticeVersion(
  config: DataNoticeConfig,
  operator: DataNoticeOperator | null = null,
): string {
  return noticeTextVersion(dataNoticeText(config, operator));
}
