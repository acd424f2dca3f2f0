// The printable sheet of invitation cards (decision 0210): A4 pages of eight cards (2 × 4), each
// with the learner's name and obra, a QR of the personal link, the code for where a link cannot
// be opened, and three pictured steps in plain Spanish. Cut along the grey lines. Never the
// document number: the card is useless without the learner's own document.
import fontkit from '@pdf-lib/fontkit';
import {
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { NOTO_SANS_BOLD_SUBSET_BASE64 } from '../../src/domain/certificate/fonts/noto-sans-bold-subset.ts';
import { fontCovers } from '../../src/domain/certificate/font-coverage.ts';
import { toCertificateName, toWinAnsi } from '../../src/domain/certificate/text.ts';
import { qrMatrix, qrRuns } from '../../src/domain/certificate/qr.ts';
import { formatCode } from '../invitations.ts';
import { esCards as T } from './strings/es-cards.ts';

export interface InvitationCard {
  name: string;
  obra: string;
  link: string;
  code: string;
  /** dd/mm/aaaa: the last day the card works. */
  expires: string;
}

const W = 595.28;
const H = 841.89;
const MARGIN = 24;
const COLS = 2;
const ROWS = 4;
const CARD_W = (W - 2 * MARGIN) / COLS;
const CARD_H = (H - 2 * MARGIN) / ROWS;
const INK = rgb(0.11, 0.17, 0.21);
const BRAND = rgb(0.04, 0.31, 0.42);
const SOFT = rgb(0.45, 0.5, 0.55);

/**
 * The address a learner types where the QR cannot be read (the card's «Sin QR», the message's
 * last resort): the code form (/entrar, record 0274) of the link's course, without the scheme
 * (a browser adds it) and never the link's personal part.
 */
export const addressToType = (link: string) =>
  link.replace(/#.*$/s, '').replace(/^https?:\/\//, '');

/** A text in lines of at most `width`, broken between words (a word too long keeps its line). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Shortens a text to fit `width` with an ellipsis. */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The three pictured steps: a phone with a QR, a keypad, a tick. */
function drawStepIcon(page: PDFPage, kind: 0 | 1 | 2, x: number, y: number, s: number) {
  if (kind === 0) {
    page.drawRectangle({ x, y, width: s * 0.62, height: s, borderColor: BRAND, borderWidth: 1.4 });
    for (const [dx, dy] of [
      [0.12, 0.52],
      [0.34, 0.52],
      [0.12, 0.28],
    ] as const)
      page.drawRectangle({
        x: x + dx * s,
        y: y + dy * s,
        width: s * 0.16,
        height: s * 0.16,
        color: BRAND,
      });
  } else if (kind === 1) {
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        page.drawRectangle({
          x: x + c * s * 0.34,
          y: y + r * s * 0.34,
          width: s * 0.26,
          height: s * 0.26,
          borderColor: BRAND,
          borderWidth: 1,
        });
  } else {
    page.drawCircle({
      x: x + s / 2,
      y: y + s / 2,
      size: s / 2,
      borderColor: BRAND,
      borderWidth: 1.4,
    });
    page.drawLine({
      start: { x: x + s * 0.25, y: y + s * 0.5 },
      end: { x: x + s * 0.43, y: y + s * 0.3 },
      thickness: 2,
      color: BRAND,
    });
    page.drawLine({
      start: { x: x + s * 0.43, y: y + s * 0.3 },
      end: { x: x + s * 0.77, y: y + s * 0.72 },
      thickness: 2,
      color: BRAND,
    });
  }
}

export async function invitationCardsPdf(
  cards: InvitationCard[],
  options: { courseTitle: string; companyName: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(toWinAnsi(T.documentTitle(options.courseTitle)));
  pdf.setAuthor(toWinAnsi(options.companyName));
  pdf.setLanguage('es-CO');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  let people: PDFFont | null = null;
  const nameFont = async (text: string): Promise<{ font: PDFFont; text: string }> => {
    if (toWinAnsi(text) === text) return { font: bold, text };
    people ??= await pdf.embedFont(
      Uint8Array.from(atob(NOTO_SANS_BOLD_SUBSET_BASE64), (c) => c.charCodeAt(0)),
      { subset: true },
    );
    return { font: people, text: toCertificateName(text, fontCovers) };
  };
  const t = (text: string) => toWinAnsi(text);

  let page: PDFPage | null = null;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    const slot = i % (COLS * ROWS);
    if (slot === 0) page = pdf.addPage([W, H]);
    const p = page!;
    const col = slot % COLS;
    const row = Math.floor(slot / COLS);
    const x0 = MARGIN + col * CARD_W;
    const top = H - MARGIN - row * CARD_H;
    const pad = 12;
    // Cut lines.
    p.drawRectangle({
      x: x0,
      y: top - CARD_H,
      width: CARD_W,
      height: CARD_H,
      borderColor: rgb(0.75, 0.75, 0.75),
      borderWidth: 0.5,
      borderDashArray: [3, 3],
    });
    const inner = CARD_W - 2 * pad;
    p.drawText(fit(regular, t(options.courseTitle), 7.5, inner), {
      x: x0 + pad,
      y: top - pad - 8,
      size: 7.5,
      font: regular,
      color: SOFT,
    });
    const nf = await nameFont(card.name);
    p.drawText(fit(nf.font, nf.text, 12, inner), {
      x: x0 + pad,
      y: top - pad - 23,
      size: 12,
      font: nf.font,
      color: INK,
    });
    p.drawText(fit(regular, t(T.obra(card.obra)), 8.5, inner), {
      x: x0 + pad,
      y: top - pad - 36,
      size: 8.5,
      font: regular,
      color: INK,
    });

    // QR of the link, left; code and steps, right.
    const matrix = qrMatrix(card.link);
    const qrSize = 92;
    const unit = qrSize / matrix.length;
    // The quiet zone a camera needs: four modules of white around the code.
    const quiet = 4 * unit;
    const qx = x0 + Math.max(pad, quiet + 2);
    const qy = top - pad - 42 - qrSize - quiet;
    p.drawRectangle({
      x: qx - quiet,
      y: qy - quiet,
      width: qrSize + 2 * quiet,
      height: qrSize + 2 * quiet,
      color: rgb(1, 1, 1),
    });
    // Every dark run is a subpath of ONE path filled once, as on the certificate: a rectangle
    // filled on its own leaves an anti-aliased light seam where it meets the next row's run (at
    // fractional module sizes), and those seams cut the finder patterns a reader looks for.
    p.pushOperators(
      pushGraphicsState(),
      setFillingRgbColor(0, 0, 0),
      ...qrRuns(matrix).map((run) =>
        rectangle(
          qx + run.column * unit,
          qy + qrSize - (run.row + 1) * unit,
          run.length * unit,
          unit,
        ),
      ),
      fill(),
      popGraphicsState(),
    );

    const rx = qx + qrSize + quiet + 4;
    const rw = x0 + CARD_W - pad - rx;
    p.drawText(t(T.yourCode), { x: rx, y: top - pad - 56, size: 8, font: regular, color: SOFT });
    p.drawText(formatCode(card.code), {
      x: rx,
      y: top - pad - 72,
      size: 14,
      font: mono,
      color: INK,
    });
    p.drawText(fit(regular, t(T.validUntil(card.expires)), 7, rw), {
      x: rx,
      y: top - pad - 84,
      size: 7,
      font: regular,
      color: SOFT,
    });
    // The steps wrap, never cut (record 0274): a step of two lines pushes the next one down.
    let sy = top - pad - 104;
    T.steps.forEach((step, s) => {
      drawStepIcon(p, s as 0 | 1 | 2, rx, sy - 2, 11);
      for (const line of wrap(regular, t(step), 7.5, rw - 16)) {
        p.drawText(line, { x: rx + 16, y: sy, size: 7.5, font: regular, color: INK });
        sy -= 9;
      }
      sy -= 6;
    });
    // Without a camera: the address to type, whole, in a type that tells 0 from O.
    const address = addressToType(card.link);
    const addressSize = Math.max(
      5,
      Math.min(9, (inner / mono.widthOfTextAtSize(t(address), 9)) * 9),
    );
    p.drawText(t(T.withoutQr), {
      x: x0 + pad,
      y: top - CARD_H + pad + 11,
      size: 6.5,
      font: regular,
      color: SOFT,
    });
    p.drawText(t(address), {
      x: x0 + pad,
      y: top - CARD_H + pad,
      size: addressSize,
      font: mono,
      color: INK,
    });
  }
  if (!cards.length) pdf.addPage([W, H]);
  return pdf.save();
}
