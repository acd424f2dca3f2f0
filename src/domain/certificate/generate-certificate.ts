// The participation certificate as a PDF (decision 0020): one generator for the browser (LMS
// and local modes) and the server (with verification code and QR code). Pure: pdf-lib's
// standard fonts (WinAnsi, not embedded) for fixed text, the learner's name in an embedded
// subset of Noto Sans Bold (Latin-1 + Latin Extended, docs/decisions/0054-certificate-font-and-fallback.md),
// vector drawing only, so the file stays small and is byte-for-byte the same for the same input.
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  StandardFonts,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setCharacterSpacing,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { CERTIFICATE_WORDING, toWinAnsi } from './text.ts';
import { NOTO_SANS_BOLD_SUBSET_BASE64 } from './fonts/noto-sans-bold-subset.ts';
import type { CertificateData } from './types.ts';
import { drawLogo } from '../config/draw-logo.ts';
import { validate, type ValidData, type ValidVerification } from './validate.ts';
import { fitText, wrapUrl } from './fit-text.ts';
import { drawQr } from './draw-qr.ts';

export { fitText, type FittedText } from './fit-text.ts';

/** Printed on certificates of the demonstration configuration (decision 0077). */
export const SAMPLE_MARK = 'EJEMPLO — SIN VALIDEZ';

/** A4 landscape, in points. */
export const PAGE_WIDTH = 841.89;
export const PAGE_HEIGHT = 595.28;
const CENTER_X = PAGE_WIDTH / 2;

/** Widest a line of the body may be (the name, the course title). */
export const MAX_TEXT_WIDTH = 640;

type Rgb = readonly [number, number, number];

function hex(color: string): Rgb {
  const value = Number.parseInt(color.slice(1), 16);
  return [((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255];
}

const BRAND_RGB = hex('#0b4f6c');
const BRAND = rgb(...BRAND_RGB);
const ACCENT = rgb(...hex('#f2b705'));
const INK = rgb(...hex('#1d2b36'));
const INK_SOFT = rgb(...hex('#46545f'));
const LINE = rgb(...hex('#c9cfd3'));
const WHITE = rgb(1, 1, 1);
const SAMPLE_RED = rgb(...hex('#b00020'));

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  /** Embedded Noto Sans Bold subset: the learner's name. */
  name: PDFFont;
}

let nameFontBytes: Uint8Array | null = null;
function nameFont(): Uint8Array {
  nameFontBytes ??= Uint8Array.from(atob(NOTO_SANS_BOLD_SUBSET_BASE64), (c) => c.charCodeAt(0));
  return nameFontBytes;
}

interface TextOptions {
  font: PDFFont;
  size: number;
  y: number;
  color: Color;
  x?: number;
  /** Extra space between letters (points). */
  spacing?: number;
  align?: 'center' | 'left';
}

function drawText(
  page: PDFPage,
  text: string,
  { font, size, y, color, x = CENTER_X, spacing = 0, align = 'center' }: TextOptions,
) {
  const width = font.widthOfTextAtSize(text, size) + spacing * Math.max(0, text.length - 1);
  const left = align === 'center' ? x - width / 2 : x;
  if (spacing) page.pushOperators(pushGraphicsState(), setCharacterSpacing(spacing));
  page.drawText(text, { x: left, y, size, font, color });
  if (spacing) page.pushOperators(popGraphicsState());
}

function drawFrame(page: PDFPage) {
  // Three nested borders: a thick blue one, a yellow line, a blue hairline (inset, colour, width).
  const borders = [
    [18, BRAND, 6],
    [30, ACCENT, 1.5],
    [34, BRAND, 0.5],
  ] as const;
  for (const [inset, borderColor, borderWidth] of borders)
    page.drawRectangle({
      x: inset,
      y: inset,
      width: PAGE_WIDTH - 2 * inset,
      height: PAGE_HEIGHT - 2 * inset,
      borderColor,
      borderWidth,
    });
  const inner = 30;
  // Diamonds on the corners of the yellow line.
  for (const [x, y] of [
    [inner, inner],
    [PAGE_WIDTH - inner, inner],
    [inner, PAGE_HEIGHT - inner],
    [PAGE_WIDTH - inner, PAGE_HEIGHT - inner],
  ] as const) {
    page.drawSvgPath('M 0 -7 L 7 0 L 0 7 L -7 0 Z', {
      x,
      y,
      color: ACCENT,
      borderColor: BRAND,
      borderWidth: 1,
    });
  }
}

/** Round badge with 'SST': blue disc, yellow ring. */
function drawEmblem(page: PDFPage, fonts: Fonts, cy: number) {
  page.drawCircle({
    x: CENTER_X,
    y: cy,
    size: 25,
    color: BRAND,
    borderColor: ACCENT,
    borderWidth: 3,
  });
  page.drawCircle({ x: CENTER_X, y: cy, size: 19.5, borderColor: WHITE, borderWidth: 0.6 });
  const size = 14;
  drawText(page, 'SST', { font: fonts.bold, size, y: cy - size * 0.36, color: WHITE, spacing: 1 });
}

/** Where the body's text starts: the baseline of «Certifica que». */
const CERTIFIES_Y = 374;

/** The document's properties: title, author, subject, language, fixed dates. */
function setMetadata(pdf: PDFDocument, data: CertificateData) {
  pdf.setTitle(`Certificado de participación — ${data.learnerName.replace(/\s+/g, ' ').trim()}`);
  pdf.setAuthor(data.companyName.trim() || 'Curso SST');
  pdf.setSubject(`Certificado de participación: ${data.courseTitle.trim()}`);
  pdf.setKeywords(['certificado', 'SG-SST', 'seguridad y salud en el trabajo']);
  pdf.setLanguage('es-CO');
  pdf.setCreator('Curso SST');
  pdf.setProducer('Curso SST (pdf-lib)');
  pdf.setCreationDate(data.completedAt);
  pdf.setModificationDate(data.completedAt);
}

async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  pdf.registerFontkit(fontkit);
  return {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
    // A fixed name instead of pdf-lib's random subset tag keeps the output deterministic.
    name: await pdf.embedFont(nameFont(), { subset: true, customName: 'CSSTAA+NotoSans-Bold' }),
  };
}

/** Frame, logo or emblem, the sample mark, the company, the title and «Certifica que». */
function drawHeader(page: PDFPage, fonts: Fonts, v: ValidData, data: CertificateData) {
  drawFrame(page);
  // The company's logo (decision 0074) where the generic SST emblem goes.
  if (data.logo) drawLogo(page, data.logo, { x: CENTER_X - 60, y: 481, width: 120, height: 50 });
  else drawEmblem(page, fonts, 506);
  if (data.sample)
    drawText(page, toWinAnsi(SAMPLE_MARK), {
      font: fonts.bold,
      size: 12,
      y: 541,
      color: SAMPLE_RED,
      spacing: 1.5,
    });

  // Header: company (and NIT), title, accent rule.
  if (v.companyName) {
    const header = v.companyNit
      ? `${v.companyName.toUpperCase()} · NIT ${v.companyNit}`
      : v.companyName.toUpperCase();
    const company = fitText(header, fonts.bold, MAX_TEXT_WIDTH - 60, {
      maxSize: 10.5,
      minSize: 7,
      maxLines: 1,
    });
    drawText(page, company.lines[0] ?? '', {
      font: fonts.bold,
      size: company.size,
      y: 460,
      color: INK_SOFT,
      spacing: 1.6,
    });
  }
  drawText(page, CERTIFICATE_WORDING.title, {
    font: fonts.bold,
    size: 29,
    y: 422,
    color: BRAND,
    spacing: 1.2,
  });
  page.drawRectangle({ x: CENTER_X - 50, y: 405, width: 100, height: 3.5, color: ACCENT });
  drawText(page, CERTIFICATE_WORDING.certifies, {
    font: fonts.italic,
    size: 18,
    y: CERTIFIES_Y,
    color: INK,
  });
}

/**
 * The body, top-down: each line is placed `gap` points below the previous baseline; when
 * a two-line name and course title would reach the signature, the gaps shrink evenly; a
 * short body (no document line) spreads a little so it does not float high on the page.
 */
function drawBody(page: PDFPage, fonts: Fonts, v: ValidData) {
  const lines: Array<{ gap: number; draw: (y: number) => void }> = [];
  const name = fitText(v.name, fonts.name, MAX_TEXT_WIDTH, { maxSize: 36, minSize: 24 });
  name.lines.forEach((line, i) => {
    lines.push({
      gap: i === 0 ? 22 + name.size * 0.72 : name.size * 1.15,
      draw: (y) => drawText(page, line, { font: fonts.name, size: name.size, y, color: INK }),
    });
  });
  lines.push({
    gap: 12,
    draw: (y) =>
      page.drawLine({
        start: { x: CENTER_X - 300, y },
        end: { x: CENTER_X + 300, y },
        thickness: 0.75,
        color: LINE,
      }),
  });
  const body = { font: fonts.regular, size: 13.5, color: INK };
  const document = v.document;
  if (document) {
    lines.push({
      gap: 28,
      draw: (y) => drawText(page, CERTIFICATE_WORDING.identified(document), { ...body, y }),
    });
  }
  lines.push({
    gap: document ? 30 : 32,
    draw: (y) => drawText(page, CERTIFICATE_WORDING.completed, { ...body, y }),
  });
  const title = fitText(v.courseTitle, fonts.bold, MAX_TEXT_WIDTH, { maxSize: 18, minSize: 14 });
  title.lines.forEach((line, i) => {
    lines.push({
      gap: i === 0 ? 28 : title.size * 1.2,
      draw: (y) => drawText(page, line, { font: fonts.bold, size: title.size, y, color: BRAND }),
    });
  });
  const obra = v.obraName;
  if (obra)
    lines.push({
      gap: 24,
      draw: (y) => drawText(page, CERTIFICATE_WORDING.forObra(obra), { ...body, y }),
    });
  lines.push({
    gap: obra ? 22 : 26,
    draw: (y) => drawText(page, CERTIFICATE_WORDING.intensity(v.hours), { ...body, y }),
  });
  lines.push({
    gap: 34,
    draw: (y) =>
      drawText(page, v.dateLine, {
        font: fonts.regular,
        size: 11.5,
        y,
        color: INK_SOFT,
      }),
  });
  const lowestBaseline = 150;
  const total = lines.reduce((sum, line) => sum + line.gap, 0);
  const scale = Math.min(1.2, (CERTIFIES_Y - lowestBaseline) / total);
  let y = CERTIFIES_Y;
  for (const line of lines) {
    y -= line.gap * scale;
    line.draw(y);
  }
}

/** Signature block; with a verification block on its left it stays clear of it. */
function drawSignature(page: PDFPage, fonts: Fonts, v: ValidData) {
  const signWidth = v.verification ? 250 : 320;
  const signY = 116;
  page.drawLine({
    start: { x: CENTER_X - 115, y: signY },
    end: { x: CENTER_X + 115, y: signY },
    thickness: 0.9,
    color: INK,
  });
  const signer = fitText(v.signerName, fonts.bold, signWidth, {
    maxSize: 11.5,
    minSize: 7,
    maxLines: 1,
  });
  drawText(page, signer.lines[0] ?? '', {
    font: fonts.bold,
    size: signer.size,
    y: signY - 15,
    color: INK,
  });
  const role = fitText(v.signerRole, fonts.regular, signWidth, {
    maxSize: 10,
    minSize: 6,
    maxLines: 1,
  });
  drawText(page, role.lines[0] ?? '', {
    font: fonts.regular,
    size: role.size,
    y: signY - 29,
    color: INK_SOFT,
  });
  const below = [v.signerLicence, v.companyName].filter((t): t is string => !!t);
  below.forEach((line, i) => {
    const fitted = fitText(line, fonts.regular, signWidth, {
      maxSize: 9,
      minSize: 6,
      maxLines: 1,
    });
    drawText(page, fitted.lines[0] ?? '', {
      font: fonts.regular,
      size: fitted.size,
      y: signY - 42 - i * 11,
      color: INK_SOFT,
    });
  });
}

/** Verification (server mode): QR code to the public page, and the code. */
function drawVerification(page: PDFPage, fonts: Fonts, verification: ValidVerification) {
  // A QR with the signed gate statement (decision 0242) has about twice the modules of the
  // bare address (version 11–14 against 4–5): printed larger so a module stays near 0.5 mm.
  const signed = verification.qr !== verification.url;
  const qrSize = signed ? 96 : 74;
  const textWidth = signed ? 122 : 140;
  const qrX = 62;
  const qrY = signed ? 50 : 58;
  drawQr(page, verification.qr, qrX, qrY, qrSize, BRAND_RGB);
  const textX = qrX + qrSize + 10;
  const small = {
    font: fonts.regular,
    size: 7.5,
    color: INK_SOFT,
    x: textX,
    align: 'left' as const,
  };
  drawText(page, 'Código de verificación', { ...small, y: qrY + qrSize - 7 });
  const code = fitText(verification.code, fonts.bold, textWidth, {
    maxSize: 12,
    minSize: 6,
    maxLines: 1,
  });
  drawText(page, verification.code, {
    font: fonts.bold,
    size: code.size,
    color: BRAND,
    x: textX,
    align: 'left',
    y: qrY + qrSize - 22,
  });
  drawText(page, 'Verifica este certificado en', { ...small, y: qrY + 30 });
  wrapUrl(toWinAnsi(verification.url), fonts.regular, 7, textWidth)
    .slice(0, 3)
    .forEach((line, i) => {
      drawText(page, line, {
        font: fonts.regular,
        size: 7,
        color: BRAND,
        x: textX,
        align: 'left',
        y: qrY + 20 - i * 9,
      });
    });
}

/** The certificate as PDF bytes. Throws CertificateError for invalid input. */
export async function generateCertificate(data: CertificateData): Promise<Uint8Array> {
  const v = validate(data);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setMetadata(pdf, data);
  const fonts = await embedFonts(pdf);
  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  drawHeader(page, fonts, v, data);
  drawBody(page, fonts, v);
  drawSignature(page, fonts, v);
  if (v.verification) drawVerification(page, fonts, v.verification);
  return pdf.save();
}
