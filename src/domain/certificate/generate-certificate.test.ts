import { describe, expect, it } from 'vitest';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import {
  CertificateError,
  generateCertificate,
  PAGE_WIDTH,
  qrMatrix,
  qrRuns,
  type CertificateData,
} from './index.ts';

const SAMPLE: CertificateData = {
  learnerName: 'José Ñúñez Peña',
  document: 'CC 1.020.304.050',
  courseTitle: 'Inducción — Seguridad y Salud en el Trabajo',
  completedAt: new Date('2026-11-22T15:30:00Z'),
  hours: 2,
  companyName: 'Empresa Constructora S.A.S.',
  signerName: 'Ana María Rodríguez Salazar',
  signerRole: 'Responsable del SG-SST',
};

const VERIFICATION = { code: 'K7QM-2XPA', url: 'https://sst.example.co/verificar/K7QM-2XPA' };

interface PlacedText {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Text items of page 1 as pdf.js (what viewers and screen readers use) extracts them. */
async function extractText(
  bytes: Uint8Array,
): Promise<{ text: string; items: PlacedText[]; pages: number }> {
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const items = content.items
    .filter((item): item is TextItem => 'str' in item)
    .filter((item) => item.str.trim() !== '')
    .map((item) => ({
      str: item.str,
      x: item.transform[4] as number,
      y: item.transform[5] as number,
      width: item.width,
      height: item.height,
    }));
  const pages = pdf.numPages;
  await pdf.destroy();
  return { text: items.map((i) => i.str).join('\n'), items, pages };
}

/** The page's content stream operators, decoded, via pdf-lib. */
async function contentStream(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => pdf.context.lookup(ref))
      : [contents];
  return streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
      return new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    })
    .join('\n');
}

/** The rectangles ('re' operators): only the QR code uses them. */
function rectangles(stream: string): Array<[number, number, number, number]> {
  return [...stream.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
    (m) =>
      [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number],
  );
}

describe('generateCertificate', () => {
  it('prints the Spanish certificate text with accents and ñ intact', async () => {
    const { text, pages } = await extractText(await generateCertificate(SAMPLE));
    expect(pages).toBe(1);
    expect(text).toContain('CERTIFICADO DE PARTICIPACIÓN');
    expect(text).toContain('certifica que');
    expect(text).toContain('José Ñúñez Peña');
    expect(text).toContain('identificado(a) con documento CC 1.020.304.050');
    expect(text).toContain('participó y completó el curso');
    expect(text).toContain('Inducción — Seguridad y Salud en el Trabajo');
    expect(text).toContain('con una duración prevista de 2 horas.');
    expect(text).toContain('22 de noviembre de 2026');
    expect(text).toContain('Ana María Rodríguez Salazar');
    expect(text).toContain('Responsable del SG-SST');
    expect(text).toContain('Empresa Constructora S.A.S.');
  });

  it('is A4 landscape with Spanish metadata dated at completion', async () => {
    const pdf = await PDFDocument.load(await generateCertificate(SAMPLE), {
      updateMetadata: false,
    });
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(pdf.getTitle()).toBe('Certificado de participación — José Ñúñez Peña');
    expect(pdf.getAuthor()).toBe('Empresa Constructora S.A.S.');
    expect(pdf.getSubject()).toContain('Inducción — Seguridad y Salud en el Trabajo');
    expect(pdf.getCreator()).toBe('Curso SST');
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-11-22T15:30:00.000Z');
    expect(pdf.getModificationDate()?.toISOString()).toBe('2026-11-22T15:30:00.000Z');
    const lang = pdf.catalog.get(PDFName.of('Lang'));
    expect(lang instanceof PDFString ? lang.decodeText() : String(lang)).toContain('es-CO');
  });

  it('omits the document line when the document is unknown, and writes 1 hora / 1,5 horas', async () => {
    const none = await extractText(
      await generateCertificate({ ...SAMPLE, document: null, hours: 1 }),
    );
    expect(none.text).not.toContain('identificado(a)');
    expect(none.text).toContain('con una duración prevista de 1 hora.');
    const blank = await extractText(
      await generateCertificate({ ...SAMPLE, document: '  ', hours: 1.5 }),
    );
    expect(blank.text).not.toContain('identificado(a)');
    expect(blank.text).toContain('con una duración prevista de 1,5 horas.');
  });

  it('dates the certificate by the calendar day in Colombia', async () => {
    // 03:00 UTC on the 23rd is still the evening of the 22nd in Bogotá (UTC-5).
    const { text } = await extractText(
      await generateCertificate({ ...SAMPLE, completedAt: new Date('2026-11-23T03:00:00Z') }),
    );
    expect(text).toContain('22 de noviembre de 2026');
  });

  it('prints the verification code, text and QR code only when verification is given', async () => {
    const withCode = await generateCertificate({ ...SAMPLE, verification: VERIFICATION });
    const without = await generateCertificate(SAMPLE);
    const a = await extractText(withCode);
    expect(a.text).toContain('K7QM-2XPA');
    expect(a.text).toContain('Código de verificación');
    expect(a.text).toContain('Verifica este certificado en');
    expect(a.text.replace(/\n/g, '')).toContain(VERIFICATION.url);
    const b = await extractText(without);
    expect(b.text).not.toContain('K7QM');
    expect(b.text).not.toContain('Verifica este certificado');
    expect(rectangles(await contentStream(without))).toHaveLength(0);
    expect(rectangles(await contentStream(withCode)).length).toBe(
      qrRuns(qrMatrix(VERIFICATION.url)).length,
    );
  });

  it('draws a QR code that reads back as the verification URL matrix', async () => {
    const rects = rectangles(
      await contentStream(await generateCertificate({ ...SAMPLE, verification: VERIFICATION })),
    );
    const expected = qrMatrix(VERIFICATION.url);
    const module = Math.min(...rects.map((r) => r[3]));
    const left = Math.min(...rects.map((r) => r[0]));
    const top = Math.max(...rects.map((r) => r[1] + r[3]));
    const drawn = expected.map((row) => row.map(() => false));
    for (const [x, y, w] of rects) {
      const row = Math.round((top - y) / module) - 1;
      const first = Math.round((x - left) / module);
      for (let c = first; c < first + Math.round(w / module); c++) {
        const cells = drawn[row];
        if (cells) cells[c] = true;
      }
    }
    expect(drawn).toEqual(expected);
    // Big enough to scan from paper: at least 0.6 mm per module.
    expect(module).toBeGreaterThan(1.7);
  });

  it('draws the signed gate statement when given (record 0242), larger, and prints the bare address', async () => {
    const url = VERIFICATION.url;
    const qr = `${url}#${'YzEKU1NULUs3UU0tMlhQQS05UlRXCmY5YTcxODM2CjIwMjYtMTEtMjYKMjAyNy0xMS0yNgpNYXLDrWEg'.repeat(2)}.${'x'.repeat(86)}`;
    const bytes = await generateCertificate({ ...SAMPLE, verification: { ...VERIFICATION, qr } });
    const rects = rectangles(await contentStream(bytes));
    const expected = qrMatrix(qr);
    expect(expected.length).toBeGreaterThanOrEqual(65);
    const module = Math.min(...rects.map((r) => r[3]));
    const left = Math.min(...rects.map((r) => r[0]));
    const right = Math.max(...rects.map((r) => r[0] + r[2]));
    // 96 pt wide: a module of at least 0.46 mm (1.3 pt) even at version 14.
    expect(right - left).toBeCloseTo(96, 0);
    expect(module).toBeGreaterThan(1.3);
    const top = Math.max(...rects.map((r) => r[1] + r[3]));
    const drawn = expected.map((row) => row.map(() => false));
    for (const [x, y, w] of rects) {
      const row = Math.round((top - y) / module) - 1;
      const first = Math.round((x - left) / module);
      for (let c = first; c < first + Math.round(w / module); c++) {
        const cells = drawn[row];
        if (cells) cells[c] = true;
      }
    }
    expect(drawn).toEqual(expected);
    const { text } = await extractText(bytes);
    expect(text).not.toContain('#');
    await expect(
      generateCertificate({
        ...SAMPLE,
        verification: { ...VERIFICATION, qr: 'https://otro.co/x' },
      }),
    ).rejects.toThrow(/must start with url/);
  });

  it('fits a very long name within the page, on two lines', async () => {
    const longName =
      'María de los Ángeles Castañeda Villamizar de la Peñaranda Ortíz y Santamaría Uribe Holguín Restrepo';
    const { text, items } = await extractText(
      await generateCertificate({ ...SAMPLE, learnerName: longName }),
    );
    const nameItems = items.filter(
      (i) => longName.includes(i.str.trim()) && i.str.trim().length > 10,
    );
    expect(nameItems).toHaveLength(2);
    expect(nameItems.map((i) => i.str.trim()).join(' ')).toBe(longName);
    for (const item of items) {
      expect(item.x).toBeGreaterThan(40);
      expect(item.x + item.width).toBeLessThan(PAGE_WIDTH - 40);
    }
    expect(text).toContain('22 de noviembre de 2026');
  });

  it('shrinks a 60-character name without losing any of it', async () => {
    const name = 'Juan Sebastián Ñungo Villamizar de la Peñaranda y Santamaría';
    expect(name.length).toBeGreaterThanOrEqual(60);
    const { text, items } = await extractText(
      await generateCertificate({ ...SAMPLE, learnerName: name }),
    );
    expect(text.split('\n').join(' ')).toContain(name);
    for (const item of items) expect(item.x + item.width).toBeLessThan(PAGE_WIDTH - 40);
  });

  it('keeps every text clear of the others with the longest inputs', async () => {
    const { items } = await extractText(
      await generateCertificate({
        learnerName:
          'María de los Ángeles Castañeda Villamizar de la Peñaranda Ortíz y Santamaría Uribe Holguín Restrepo Londoño Zuluaga Echeverri Ospina Arango Mejía',
        document: 'Cédula de extranjería 1.234.567.890',
        courseTitle:
          'Inducción y reinducción en el Sistema de Gestión de Seguridad y Salud en el Trabajo para contratistas y subcontratistas de obra',
        completedAt: SAMPLE.completedAt,
        hours: 1.5,
        companyName:
          'Constructora de Infraestructura Vial y Edificaciones del Eje Cafetero S.A.S. BIC',
        signerName: 'Ing. Carlos Alberto Gutiérrez Montoya',
        signerRole: 'Coordinador del SG-SST — Licencia SST 12345 de 2020',
        // Configuration fields (decision 0077): NIT, licence line, obra line, the EJEMPLO mark.
        companyNit: '900123456-8',
        signerLicence:
          'Licencia en Seguridad y Salud en el Trabajo 12345 de 2020 (Secretaría de Salud)',
        obraName: 'Conjunto Residencial Torres del Parque Metropolitano Etapa III',
        sample: true,
        verification: {
          code: 'SST-WWWW-MMMM-WWWW',
          url: 'https://certificados.constructora-eje-cafetero.com.co/verificar/SST-WWWW-MMMM-WWWW',
        },
      }),
    );
    const box = (t: PlacedText) => ({
      left: t.x,
      right: t.x + t.width,
      bottom: t.y - 0.2 * t.height,
      top: t.y + 0.75 * t.height,
    });
    for (const [i, a] of items.entries()) {
      expect(a.x).toBeGreaterThan(40);
      expect(a.x + a.width).toBeLessThan(PAGE_WIDTH - 40);
      for (const b of items.slice(i + 1)) {
        const p = box(a);
        const q = box(b);
        const overlap =
          p.left < q.right && q.left < p.right && p.bottom < q.top && q.bottom < p.top;
        expect(overlap, `"${a.str}" overlaps "${b.str}"`).toBe(false);
      }
    }
  });

  it('prints every Latin name exactly with the embedded font, and falls back to ? beyond it', async () => {
    const cases: Array<[string, string]> = [
      ['María José Ñúñez', 'María José Ñúñez'],
      ['Zoë Őrs Łukasz Đặng', 'Zoë Őrs Łukasz Đang'], // ặ is beyond Latin Extended-B: base letter
      ['王小明', '???'],
      ['👷‍♀️ Ana', '? Ana'],
      ['Ana\u200f López\u202e', 'Ana López'],
    ];
    for (const [learnerName, printed] of cases) {
      const bytes = await generateCertificate({
        ...SAMPLE,
        learnerName,
        verification: VERIFICATION,
      });
      const { text } = await extractText(bytes);
      expect(text, learnerName).toContain(printed);
      expect(text).not.toMatch(/[\u200e\u200f\u202a-\u202e]/u);
    }
  });

  it('keeps replacing what the standard fonts cannot show in the fixed texts', async () => {
    const bytes = await generateCertificate({
      ...SAMPLE,
      courseTitle: 'Inducción SST ✅',
      verification: { code: 'ÅB-Ő1', url: 'https://sst.example.co/verificar/AB-O1' },
    });
    const { text } = await extractText(bytes);
    expect(text).toContain('Inducción SST');
    expect(text).toContain('ÅB-O1');
  });

  it('produces identical bytes for the same input', async () => {
    const data = { ...SAMPLE, verification: VERIFICATION };
    const [a, b] = await Promise.all([generateCertificate(data), generateCertificate({ ...data })]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const other = await generateCertificate({ ...data, learnerName: 'Otra Persona' });
    expect(Buffer.from(a).equals(Buffer.from(other))).toBe(false);
  });

  it('stays small: one embedded subset font (the name), no images', async () => {
    const plain = await generateCertificate(SAMPLE);
    const verified = await generateCertificate({ ...SAMPLE, verification: VERIFICATION });
    expect(plain.byteLength).toBeLessThan(9_000);
    expect(verified.byteLength).toBeLessThan(11_000);
    const raw = new TextDecoder('latin1').decode(verified);
    expect(raw).not.toMatch(/\/Image/);
  });

  it('rejects invalid input with typed errors', async () => {
    const failure = async (data: CertificateData) => {
      try {
        await generateCertificate(data);
      } catch (error) {
        expect(error).toBeInstanceOf(CertificateError);
        return (error as CertificateError).code;
      }
      return null;
    };
    expect(await failure({ ...SAMPLE, learnerName: '' })).toBe('empty-name');
    expect(await failure({ ...SAMPLE, learnerName: '   ' })).toBe('empty-name');
    expect(await failure({ ...SAMPLE, learnerName: '\u200f\u200b' })).toBe('empty-name');
    expect(await failure({ ...SAMPLE, learnerName: 'A'.repeat(151) })).toBe('name-too-long');
    expect(await failure({ ...SAMPLE, courseTitle: ' ' })).toBe('empty-course-title');
    expect(await failure({ ...SAMPLE, completedAt: new Date('nope') })).toBe('invalid-date');
    expect(await failure({ ...SAMPLE, hours: 0 })).toBe('invalid-hours');
    expect(await failure({ ...SAMPLE, hours: Number.NaN })).toBe('invalid-hours');
    expect(
      await failure({ ...SAMPLE, verification: { code: 'X', url: 'javascript:alert(1)' } }),
    ).toBe('invalid-verification');
    expect(await failure({ ...SAMPLE, verification: { code: '', url: VERIFICATION.url } })).toBe(
      'invalid-verification',
    );
  });
});
