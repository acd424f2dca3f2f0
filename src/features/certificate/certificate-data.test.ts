// The certificate made in the browser carries the company configuration bundled with the build
// (decision 0077): company and NIT, signatory and licence, obra, course hours, and «EJEMPLO — SIN
// VALIDEZ» with the demonstration configuration only.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyInfo, loadCompanyConfig, selectObra } from '../../domain/config/index.ts';
import { buildCertificateData } from './certificate-data.ts';
import { createCertificatePdf } from './create-certificate-pdf.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const COURSE = JSON.parse(readFileSync(join(ROOT, 'content', 'es', 'course.json'), 'utf8')) as {
  title: string;
  hours: number;
};

function company(file: string, slug?: string) {
  const path = join(ROOT, file);
  const { config, errors } = loadCompanyConfig(readFileSync(path, 'utf8'), file, {
    readFile: (rel) => readFileSync(join(dirname(path), rel), 'utf8'),
  });
  if (!config) throw new Error(errors.join('\n'));
  return companyInfo(config, selectObra(config, slug).obra!);
}
const DEMO = company('config/ejemplo.json');
const ANDINA = company('test/fixtures/config/constructora-andina.json', 'puente-sur');

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items
    .filter((item): item is TextItem => 'str' in item)
    .map((item) => item.str)
    .join(' ');
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

/** Letter-spaced lines come out of pdf.js with spaces between letters: compare without spaces. */
const squash = (s: string) => s.replace(/\s+/g, '');

const input = { learnerName: 'Ana Gómez', courseTitle: COURSE.title, hours: COURSE.hours };
const hoursText = `${String(COURSE.hours).replace('.', ',')} hora${COURSE.hours === 1 ? '' : 's'}`;

describe('buildCertificateData', () => {
  it('fills company, NIT, logo, signatory, licence, obra and the mark from the configuration', () => {
    const completedAt = new Date('2026-11-22T15:00:00Z');
    const data = buildCertificateData(
      {
        learnerName: '  María   Pérez ',
        courseTitle: ' Curso de prueba ',
        completedAt,
        hours: 1.5,
      },
      ANDINA,
    );
    expect(data).toEqual({
      learnerName: 'María Pérez',
      document: null,
      courseTitle: 'Curso de prueba',
      completedAt,
      hours: 1.5,
      companyName: 'Constructora Andina S.A.S.',
      companyNit: '901234567-7',
      logo: expect.objectContaining({ paths: expect.any(Array) }),
      signerName: 'Hernán Ospina',
      signerRole: 'Representante legal',
      signerLicence: 'Licencia SST 67890 de 2022',
      obraName: 'Puente Sur',
      sample: false,
      verification: null,
    });
  });

  it('signs with the responsable SST when no signatory is configured', () => {
    expect(buildCertificateData(input, DEMO)).toMatchObject({
      signerName: 'Laura Gómez',
      signerRole: 'Responsable del SG-SST',
      signerLicence: 'Licencia SST 00000 de 2024 (ejemplo)',
      sample: true,
      logo: null,
    });
  });

  it('without a known completion date: today, named as the issue date (record 0263)', () => {
    const before = Date.now();
    const data = buildCertificateData(input, DEMO);
    expect(data.completedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(data.completionUnknown).toBe(true);
  });
});

describe('the certificate date (record 0263)', () => {
  // Completed on 28 November 2026 (Colombia), made 12 days later.
  const completedAt = new Date('2026-11-28T20:30:00Z');
  afterEach(() => vi.useRealTimers());

  it('prints the completion date the course kept, not the day it is made', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T14:00:00Z') });
    const text = await pdfText(
      await createCertificatePdf(buildCertificateData({ ...input, completedAt }, DEMO)),
    );
    expect(text).toContain('Fecha de finalización: 28 de noviembre de 2026');
    expect(text).not.toContain('10 de diciembre');
  });

  it('a record that kept no date: «Fecha de emisión» with the day it is made, no completion date', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T14:00:00Z') });
    const text = await pdfText(
      await createCertificatePdf(buildCertificateData({ ...input, completedAt: null }, DEMO)),
    );
    expect(text).toContain('Fecha de emisión: 10 de diciembre de 2026');
    expect(text).not.toContain('Fecha de finalización');
  });
});

describe('createCertificatePdf', () => {
  it('demo configuration: the PDF says «EJEMPLO — SIN VALIDEZ» with the demo company and hours', async () => {
    const text = squash(
      await pdfText(await createCertificatePdf(buildCertificateData(input, DEMO))),
    );
    expect(text).toContain(squash('EJEMPLO — SIN VALIDEZ'));
    expect(text).toContain(squash('CONSTRUCTORA EJEMPLO S.A.S. · NIT 900123456-8'));
    expect(text).toContain(squash('Laura Gómez'));
    expect(text).toContain(squash('Licencia SST 00000 de 2024 (ejemplo)'));
    expect(text).toContain(squash('para la obra Obra Ejemplo,'));
    expect(text).toContain(squash(`con una duración prevista de ${hoursText}.`));
  });

  it('real configuration: company, NIT, signatory, licence, obra and hours, no mark', async () => {
    const text = squash(
      await pdfText(await createCertificatePdf(buildCertificateData(input, ANDINA))),
    );
    expect(text).not.toContain(squash('EJEMPLO'));
    expect(text).toContain(squash('CONSTRUCTORA ANDINA S.A.S. · NIT 901234567-7'));
    expect(text).toContain(squash('Hernán Ospina'));
    expect(text).toContain(squash('Representante legal'));
    expect(text).toContain(squash('Licencia SST 67890 de 2022'));
    expect(text).toContain(squash('para la obra Puente Sur,'));
    expect(text).toContain(squash(`con una duración prevista de ${hoursText}.`));
  });
});
