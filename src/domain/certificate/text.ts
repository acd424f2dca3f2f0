// Text helpers for the certificate: WinAnsi-safe text for pdf-lib's standard fonts, Spanish
// dates and hours, file names, and the LMS "Apellido, Nombre" name order.
import { calendarDay, COLOMBIA_UTC_OFFSET_MINUTES } from './spanish-date.ts';

/**
 * Code points the standard PDF fonts can show (WinAnsi): printable ASCII, Latin-1 and the
 * typographic extras of 0x80–0x9F (— – ‘ ’ “ ” • … € ™ Š š Œ œ Ž ž Ÿ ƒ ˆ ˜ † ‡ ‰ ‹ ›).
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const WIN_ANSI = new Set<number>([
  ...range(0x20, 0x7e),
  ...range(0xa1, 0xff),
  ...Array.from(WIN_ANSI_EXTRAS, (c) => c.codePointAt(0) ?? 0),
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Letters with no Unicode decomposition, mapped to their closest ASCII look-alike. */
const LOOK_ALIKES: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ƒ: 'f',
  '′': "'",
  '″': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '⁄': '/',
};

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** Zero-width joiners, variation selectors, emoji skin tones and tags: dropped silently. */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x200b, 0x200f],
  [0x2060, 0x2064],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0x1f3fb, 0x1f3ff],
  [0xe0020, 0xe007f],
];

function isInvisible(cp: number): boolean {
  return INVISIBLE_RANGES.some(([from, to]) => cp >= from && cp <= to);
}

/**
 * Makes text printable with WinAnsi fonts without throwing: whitespace is collapsed; a
 * letter outside WinAnsi becomes its base letter ('Ő' → 'O') or a look-alike ('ł' → 'l');
 * emoji and invisible marks are dropped; anything else becomes '?'.
 */
export function toWinAnsi(text: string, charset: ReadonlySet<number> = WIN_ANSI): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const cp = char.codePointAt(0) ?? 0;
    if (/\s/u.test(char)) out += ' ';
    else if (charset.has(cp)) out += char;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || isInvisible(cp) || PICTOGRAPHIC.test(char))
      continue;
    else out += fallback(char, charset);
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

function fallback(char: string, charset: ReadonlySet<number>): string {
  const lookAlike = LOOK_ALIKES[char];
  if (lookAlike !== undefined) return lookAlike;
  const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (base !== '' && Array.from(base).every((c) => charset.has(c.codePointAt(0) ?? 0))) return base;
  return '?';
}

export { COLOMBIA_UTC_OFFSET_MINUTES, formatSpanishDate, MONTHS } from './spanish-date.ts';

/** '1 hora', '2 horas', '1,5 horas' (decimal comma, at most two decimals). */
export function formatHours(hours: number): string {
  const rounded = Math.round(hours * 100) / 100;
  const number = String(rounded).replace('.', ',');
  return `${number} ${rounded === 1 ? 'hora' : 'horas'}`;
}

/** ASCII kebab-case: 'José Ñúñez' → 'jose-nunez'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * File name for the downloaded certificate: 'certificado-sst-maria-perez.pdf', or with the
 * completion day when a date is given: 'certificado-sst-maria-perez-2026-11-22.pdf'.
 */
export function certificateFileName(name: string, date?: Date | null): string {
  const slug = slugify(name).slice(0, 60).replace(/-+$/, '');
  const parts = ['certificado-sst'];
  if (slug) parts.push(slug);
  if (date && !Number.isNaN(date.getTime())) {
    const { year, month, day } = calendarDay(date, COLOMBIA_UTC_OFFSET_MINUTES);
    parts.push(`${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  return `${parts.join('-')}.pdf`;
}

/** Bidirectional controls (LRM, RLM, ALM, embeddings, overrides, isolates): never printed. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export const stripBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/** What a character the certificate font cannot show prints as (docs/decisions/0054-…). */
export const NAME_FALLBACK = '?';

/**
 * The learner's name as the certificate prints it with the embedded font (Latin-1 + Latin
 * Extended, see font-coverage.ts). Bidi controls and invisible marks are dropped; each other
 * character cluster the font lacks becomes its base letter when the font has it, else
 * NAME_FALLBACK ('?'), one per cluster (so '👷‍♀️' is one '?'). Never empty for a name that has
 * anything visible: '王小明' prints '???', and /verificar shows the exact name.
 */
export function toCertificateName(text: string, covers: (codePoint: number) => boolean): string {
  const clean = stripBidiControls(text).normalize('NFC');
  let out = '';
  const segmenter = new Intl.Segmenter('es', { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(clean)) {
    const chars = Array.from(segment);
    const cps = chars.map((c) => c.codePointAt(0) ?? 0);
    if (/^\s+$/u.test(segment)) out += ' ';
    else if (cps.every((cp) => covers(cp))) out += segment;
    else {
      const visible = cps.filter(
        (cp) => !(cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || isInvisible(cp)),
      );
      if (visible.length === 0) continue;
      if (visible.every((cp) => covers(cp))) {
        out += String.fromCodePoint(...visible);
        continue;
      }
      const base = segment.normalize('NFKD').replace(/\p{M}/gu, '');
      const lookAlike = LOOK_ALIKES[segment];
      if (lookAlike !== undefined) out += lookAlike;
      else if (base !== '' && Array.from(base).every((c) => covers(c.codePointAt(0) ?? 0)))
        out += base;
      else out += NAME_FALLBACK;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/**
 * The certificate's fixed wording, once: the PDF and the on-screen sheet (LMS mode) print the
 * same sentences around the learner's name, course, obra, hours and date.
 */
export const CERTIFICATE_WORDING = {
  title: 'CERTIFICADO DE PARTICIPACIÓN',
  certifies: 'certifica que',
  identified: (document: string) => `identificado(a) con documento ${document}`,
  completed: 'participó y completó el curso',
  forObra: (obra: string) => `para la obra ${obra},`,
  /**
   * The course's planned duration, named as planned: the certificate states no intensity the
   * worker's recorded time could contradict (record 0264; the registro and the audit pack print
   * the recorded time beside the same planned figure).
   */
  intensity: (hours: string) => `con una duración prevista de ${hours}.`,
  completedOn: (date: string) => `Fecha de finalización: ${date}`,
  /** When the completion date is not known (record 0263): the day it was made, named so. */
  issuedOn: (date: string) => `Fecha de emisión: ${date}`,
} as const;

/** The certificate's date line: the completion date, or the issue date named as such. */
export const dateLine = (date: string, completionUnknown: boolean | undefined) =>
  completionUnknown ? CERTIFICATE_WORDING.issuedOn(date) : CERTIFICATE_WORDING.completedOn(date);
