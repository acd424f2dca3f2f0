import { describe, expect, it } from 'vitest';
import { buildCertificateData } from './certificate-data.ts';
import {
  DEFAULT_COMPANY_NAME,
  DEFAULT_HOURS,
  readCertificateConfig,
} from '../../domain/certificate/config.ts';
import { createCertificatePdf } from './create-certificate-pdf.ts';

describe('readCertificateConfig', () => {
  it('falls back to placeholders', () => {
    expect(readCertificateConfig({})).toEqual({
      companyName: DEFAULT_COMPANY_NAME,
      signerName: 'Responsable del SG-SST',
      signerRole: expect.any(String),
      hours: null,
      courseTitle: null,
    });
  });

  it('reads the VITE_CERT_* variables', () => {
    const config = readCertificateConfig({
      VITE_CERT_COMPANY: ' Obras Andinas S.A.S. ',
      VITE_CERT_SIGNER_NAME: 'Luisa Fernanda Ríos',
      VITE_CERT_SIGNER_ROLE: 'Coordinadora SST',
      VITE_CERT_HOURS: '2,5',
      VITE_CERT_COURSE_TITLE: 'Inducción SST',
    });
    expect(config).toEqual({
      companyName: 'Obras Andinas S.A.S.',
      signerName: 'Luisa Fernanda Ríos',
      signerRole: 'Coordinadora SST',
      hours: 2.5,
      courseTitle: 'Inducción SST',
    });
  });

  it('ignores invalid hours', () => {
    expect(readCertificateConfig({ VITE_CERT_HOURS: 'cuatro' }).hours).toBeNull();
    expect(readCertificateConfig({ VITE_CERT_HOURS: '0' }).hours).toBeNull();
  });
});

const config = readCertificateConfig({});

describe('buildCertificateData', () => {
  it('fills company, signer, title and hours', () => {
    const completedAt = new Date('2026-11-22T15:00:00Z');
    const data = buildCertificateData(
      { learnerName: '  María   Pérez ', courseTitle: ' Curso de prueba ', completedAt },
      config,
    );
    expect(data).toEqual({
      learnerName: 'María Pérez',
      document: null,
      courseTitle: 'Curso de prueba',
      completedAt,
      hours: DEFAULT_HOURS,
      companyName: DEFAULT_COMPANY_NAME,
      signerName: config.signerName,
      signerRole: config.signerRole,
      verification: null,
    });
  });

  it('uses the course content’s title and hours unless the environment overrides them', () => {
    const input = { learnerName: 'Ana', courseTitle: 'Curso X', hours: 3 };
    expect(buildCertificateData(input, config)).toMatchObject({ courseTitle: 'Curso X', hours: 3 });
    const overridden = readCertificateConfig({
      VITE_CERT_HOURS: '8',
      VITE_CERT_COURSE_TITLE: 'Curso Y',
    });
    expect(buildCertificateData(input, overridden)).toMatchObject({
      courseTitle: 'Curso Y',
      hours: 8,
    });
  });

  it('defaults the completion date to now', () => {
    const before = Date.now();
    const data = buildCertificateData({ learnerName: 'Ana', courseTitle: 'Curso' }, config);
    expect(data.completedAt.getTime()).toBeGreaterThanOrEqual(before);
  });
});

describe('createCertificatePdf', () => {
  it('loads the generator on demand and returns a PDF', async () => {
    const bytes = await createCertificatePdf(
      buildCertificateData({ learnerName: 'Ana Gómez', courseTitle: 'Curso' }, config),
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });
});
