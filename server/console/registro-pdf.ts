// The «Registro de inducción» PDF (docs/decisions/0116-console-exports.md, 0221): the evidence an
// auditor asks for (Decreto 1072, 2.2.4.6.11-13): company header with NIT and logo, obra, period,
// course and what it covers (the general part of the induction), one row per completed cycle in
// the period (name, document, cargo, contratista, date, first-attempt result, certificate code)
// with a detail line (time spent from the sessions, version of the acceptance text shown, the
// worker's acceptance and its seal or «sin aceptación», the certificate's verification address),
// totals, the head of the seal chain, and the SST responsable's name and licence. pdf-lib, like the certificate; people's text in the
// certificate's embedded Noto Sans subset (with its fallback for uncovered characters).
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { NOTO_SANS_BOLD_SUBSET_BASE64 } from '../../src/domain/certificate/fonts/noto-sans-bold-subset.ts';
import { fontCovers } from '../../src/domain/certificate/font-coverage.ts';
import { formatHours, toCertificateName, toWinAnsi } from '../../src/domain/certificate/text.ts';
import { drawLogo } from '../../src/domain/config/draw-logo.ts';
import type { PdfLogo } from '../../src/domain/config/svg-logo.ts';
import { esRegistro as T } from './strings/es-registro.ts';
import { pdfText } from './pdf-text.ts';

export interface RegistroRow {
  name: string;
  document: string;
  cargo: string | null;
  contratista: string | null;
  /** dd/mm/aaaa */
  date: string;
  /** e.g. '9/10 (90 %)' or '' */
  result: string;
  certificateCode: string | null;
  /** Sum of the cycle's session time, seconds, and as printed ('1 h 7 min'). */
  seconds: number;
  timeSpent: string;
  /**
   * Short hash and first-recorded date of the course content version the cycle's answers were
   * given against (record 0264), or null when it has no answers.
   */
  contentVersion: string | null;
  /** Short hash and date of the acceptance text shown, or null. */
  shownVersion: string | null;
  /** Date, time and seal of the acceptance (with a broken-seal warning), or null. */
  acceptance: string | null;
  /** The certificate's verification address, or null. */
  verification: string | null;
  /** «vía LMS (Moodle)» for a learner linked through an LMS (record 0296), else null/absent. */
  lms?: string | null;
}

export interface RegistroData {
  companyName: string;
  nit: string;
  logo: PdfLogo | null;
  obraName: string;
  /** dd/mm/aaaa */
  from: string;
  to: string;
  courseTitle: string;
  hours: number;
  signer: { nombre: string; cargo?: string; licencia?: string };
  generatedAt: string;
  sample: boolean;
  rows: RegistroRow[];
  /** Completed cycles of the server's demo learner in the period, left out of `rows`. */
  demoExcluded?: number;
  /** The head of the acceptance seal chain when the PDF was made, as printed. */
  chainHead: string;
  /** Under the head: where the sealing key lives, and the chain's faults (decision 0258). */
  chainNotes?: string[];
}

/** «1 aprendiz», «2 aprendices». */
export const learnersCount = T.learners;

export const GENERAL_PART = T.generalPart;

const W = 841.89;
const H = 595.28;
const M = 36;
const BRAND = rgb(11 / 255, 79 / 255, 108 / 255);
const INK = rgb(29 / 255, 43 / 255, 54 / 255);
const SOFT = rgb(70 / 255, 84 / 255, 95 / 255);
const LINE = rgb(201 / 255, 207 / 255, 211 / 255);

const COLUMNS: { title: string; width: number; key: keyof RegistroRow | '#' }[] = [
  { title: T.columns.number, width: 30, key: '#' },
  { title: T.columns.name, width: 170, key: 'name' },
  { title: T.columns.document, width: 80, key: 'document' },
  { title: T.columns.cargo, width: 100, key: 'cargo' },
  { title: T.columns.contratista, width: 110, key: 'contratista' },
  { title: T.columns.date, width: 62, key: 'date' },
  { title: T.columns.result, width: 78, key: 'result' },
  { title: T.columns.certificate, width: 139.89, key: 'certificateCode' },
];

function fit(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const MAX_CELL_LINES = 4;
const CELL_LINE = 10;

/**
 * A cell's text in lines that fit `width` (decision 0189): words wrap, a word longer than the
 * column is cut between characters, and only beyond MAX_CELL_LINES is the last line shortened
 * with «…» — «Castañeda Rodríguez de la Hoz» keeps «de la Hoz».
 */
export function wrapCell(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      return;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) push(word);
  if (line) lines.push(line);
  if (lines.length <= MAX_CELL_LINES) return lines.length ? lines : [''];
  const kept = lines.slice(0, MAX_CELL_LINES);
  kept[MAX_CELL_LINES - 1] = fit(
    font,
    `${kept[MAX_CELL_LINES - 1]} ${lines.slice(MAX_CELL_LINES).join(' ')}`,
    size,
    width,
  );
  return kept;
}

export async function registroPdf(data: RegistroData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(toWinAnsi(T.documentTitle(data.obraName)));
  pdf.setAuthor(toWinAnsi(data.companyName));
  pdf.setLanguage('es-CO');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const people = await pdf.embedFont(
    Uint8Array.from(atob(NOTO_SANS_BOLD_SUBSET_BASE64), (c) => c.charCodeAt(0)),
    { subset: true },
  );
  const person = (text: string | null) => toCertificateName(text ?? '', fontCovers);
  // Our own text, and marks WinAnsi lacks spelled out instead of «?» (record 0264).
  const fixed = (text: string) => pdfText(text);
  // People's text that Helvetica can print (most Spanish names) goes in Helvetica, which is much
  // faster to lay out than the embedded font; anything beyond WinAnsi (Ł, ặ…) in Noto Sans.
  const cellFont = (text: string, strong: boolean): { font: PDFFont; text: string } =>
    toWinAnsi(text) === text
      ? { font: strong ? bold : regular, text }
      : { font: people, text: person(text) };

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;

  const header = () => {
    page = pdf.addPage([W, H]);
    pages.push(page);
    let x = M;
    if (data.logo) {
      const box = drawLogo(page, data.logo, { x: M, y: H - M - 40, width: 90, height: 40 });
      x = box.x + box.width + 12;
    }
    page.drawText(person(data.companyName), {
      x,
      y: H - M - 14,
      size: 13,
      font: people,
      color: BRAND,
    });
    page.drawText(fixed(T.nit(data.nit)), {
      x,
      y: H - M - 30,
      size: 9.5,
      font: regular,
      color: SOFT,
    });
    page.drawText(fixed(T.heading), {
      x: W - M - bold.widthOfTextAtSize(fixed(T.heading), 14),
      y: H - M - 14,
      size: 14,
      font: bold,
      color: INK,
    });
    if (data.sample)
      page.drawText(fixed(T.sample), {
        x: W - M - 150,
        y: H - M - 30,
        size: 10,
        font: bold,
        color: rgb(0.69, 0, 0.13),
      });
    const facts = [
      T.obra(data.obraName),
      T.period(data.from, data.to),
      T.course(data.courseTitle),
      T.plannedHours(formatHours(data.hours)),
      GENERAL_PART,
      T.resultExplained,
    ];
    let fy = H - M - 58;
    for (const f of facts) {
      page.drawText(fit(people, person(f), 10, W - 2 * M), {
        x: M,
        y: fy,
        size: 10,
        font: people,
        color: INK,
      });
      fy -= 14;
    }
    y = fy - 8;
    let cx = M;
    page.drawRectangle({
      x: M,
      y: y - 5,
      width: W - 2 * M,
      height: 18,
      color: rgb(0.93, 0.95, 0.96),
    });
    for (const c of COLUMNS) {
      page.drawText(fixed(c.title), { x: cx + 3, y, size: 8.5, font: bold, color: INK });
      cx += c.width;
    }
    y -= 18;
  };

  header();
  data.rows.forEach((row, i) => {
    const cells = COLUMNS.map((c) => {
      const raw = c.key === '#' ? String(i + 1) : String(row[c.key] ?? '');
      const useFixed =
        c.key === '#' || c.key === 'date' || c.key === 'result' || c.key === 'certificateCode';
      const { font, text } = useFixed
        ? { font: regular, text: fixed(raw) }
        : cellFont(raw, c.key === 'name');
      return { c, font, lines: wrapCell(font, text, 8.5, c.width - 6) };
    });
    const detail = fixed(
      [
        row.lms ?? null,
        T.timeSpent(row.timeSpent),
        row.contentVersion ? T.contentVersion(row.contentVersion) : T.noContentVersion,
        row.shownVersion ? T.shownText(row.shownVersion) : null,
        row.acceptance ? T.accepted(row.acceptance) : T.notAccepted,
        row.verification ? T.verifyAt(row.verification) : T.noCertificate,
      ]
        .filter(Boolean)
        .join(' · '),
    );
    const detailLines = wrapCell(regular, detail, 7.5, W - 2 * M - 36);
    const extra =
      (Math.max(...cells.map((cell) => cell.lines.length)) - 1) * CELL_LINE +
      detailLines.length * 9;
    if (y - extra < M + 110) header();
    let cx = M;
    for (const { c, font, lines } of cells) {
      lines.forEach((line, k) =>
        page.drawText(line, { x: cx + 3, y: y - k * CELL_LINE, size: 8.5, font, color: INK }),
      );
      cx += c.width;
    }
    const detailTop = y - (Math.max(...cells.map((cell) => cell.lines.length)) - 1) * CELL_LINE;
    detailLines.forEach((line, k) =>
      page.drawText(line, {
        x: M + 33,
        y: detailTop - 10 - k * 9,
        size: 7.5,
        font: regular,
        color: SOFT,
      }),
    );
    page.drawLine({
      start: { x: M, y: y - 5 - extra },
      end: { x: W - M, y: y - 5 - extra },
      thickness: 0.5,
      color: LINE,
    });
    y -= 16 + extra;
  });
  if (!data.rows.length)
    page.drawText(fixed(T.none), {
      x: M,
      y,
      size: 10,
      font: regular,
      color: SOFT,
    });

  // Totals and the chain head with its notes, then the signatory, on the last page.
  const notes = data.chainNotes ?? [];
  if (y < M + 110 + notes.length * 13) header();
  const accepted = data.rows.filter((r) => r.acceptance).length;
  const totalSeconds = data.rows.reduce((sum, r) => sum + r.seconds, 0);
  const totals = [
    T.totals(
      learnersCount(data.rows.length),
      accepted,
      data.rows.length - accepted,
      hoursMinutes(totalSeconds),
    ),
    ...(data.demoExcluded ? [T.demoExcluded(data.demoExcluded)] : []),
    T.chainHead(data.chainHead),
    ...notes,
  ];
  totals.forEach((line, k) =>
    page.drawText(fit(regular, fixed(line), 9, W - 2 * M), {
      x: M,
      y: y - 6 - k * 13,
      size: 9,
      font: k === 0 ? bold : regular,
      color: INK,
    }),
  );
  const signY = M + 30;
  page.drawLine({
    start: { x: M, y: signY + 14 },
    end: { x: M + 240, y: signY + 14 },
    thickness: 0.8,
    color: INK,
  });
  page.drawText(person(data.signer.nombre), { x: M, y: signY, size: 10, font: people, color: INK });
  const role = [data.signer.cargo, data.signer.licencia].filter(Boolean).join(' — ');

  if (role)
    page.drawText(fit(people, person(role), 8.5, 400), {
      x: M,
      y: signY - 12,
      size: 8.5,
      font: people,
      color: SOFT,
    });

  pages.forEach((p, i) => {
    const footer = fixed(
      T.footer(learnersCount(data.rows.length), data.generatedAt, i + 1, pages.length),
    );
    p.drawText(footer, {
      x: W - M - regular.widthOfTextAtSize(footer, 8),
      y: M - 14,
      size: 8,
      font: regular,
      color: SOFT,
    });
  });
  return pdf.save({ useObjectStreams: true });
}

/** Seconds as hours and minutes: '1 h 7 min', '25 min'. */
export function hoursMinutes(seconds: number): string {
  if (seconds > 0 && seconds < 60) return T.underOneMinute;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}
