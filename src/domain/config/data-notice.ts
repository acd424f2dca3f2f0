// The habeas-data notice (Ley 1581 de 2012; docs/decisions/0125-content-version-and-data-notice.md):
// the text a learner accepts at first sign-in in the standalone app, and its version (a short hash
// of the text, stored with the acceptance so a changed notice is known to be another text).
// Shared by the web build (which shows it) and the server (which records the acceptance).
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

/**
 * The notice as plain text; paragraphs are separated by a blank line. The configured
 * `datosPersonales.aviso` (or the older `avisoDatos`) when given, else the default: who processes
 * the data, what for, the learner's rights and how to use them. Short sentences, `tú`.
 */
export function dataNoticeText(config: DataNoticeConfig): string {
  const configured = config.datosPersonales?.aviso?.trim() || config.avisoDatos?.trim();
  if (configured) return configured;
  const { nombre, nit } = config.empresa;
  const responsable = config.sst.responsable;
  // A phone number never breaks across lines (non-breaking spaces).
  const contact = responsable.contacto
    ?.trim()
    .replace(/^[0-9+()# -]+$/, (phone) => phone.replace(/ /g, '\u00a0'));
  return [
    `${nombre} (NIT ${nit}) guarda y usa tus datos personales. Son tu nombre, tu documento, tu obra y tus respuestas en este curso, y tu celular si lo diste.`,
    'Los usamos solo para registrar tu inducción en Seguridad y Salud en el Trabajo y darte tu certificado. La ley nos pide guardar ese registro. Tu celular solo sirve para enviarte la invitación: no va en ese registro y puedes pedir que lo borremos.',
    'La Ley 1581 de 2012 te da estos derechos: saber qué datos tuyos tenemos, actualizarlos, corregirlos, pedir que los borremos cuando la ley ya no nos pida guardarlos, y quitar este permiso.',
    contact
      ? `Para usar tus derechos, habla con ${responsable.nombre}, responsable SST: ${contact}.`
      : `Para usar tus derechos, habla con ${responsable.nombre}, responsable SST de tu obra.`,
  ].join('\n\n');
}

/** A short, stable version of the notice text (≤ 64 characters): changes when the text does. */
export function dataNoticeVersion(config: DataNoticeConfig): string {
  return `aviso-${shortHash(dataNoticeText(config))}`;
}
