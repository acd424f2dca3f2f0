// The PDF generator (pdf-lib, ~150 KB) is loaded on demand: this dynamic import makes Vite put
// it in its own chunk, never in the app's initial one. Only small pdf-lib-free modules of the
// domain are imported statically here.
import { certificateFileName } from '../../domain/certificate/text.ts';
import type { CertificateData } from '../../domain/certificate/types.ts';
import type { CompanyInfo } from '../../domain/config/company-info.ts';
import { buildCertificateData, type CertificateInput } from './certificate-data.ts';
import { downloadPdf } from './download-pdf.ts';

export async function createCertificatePdf(data: CertificateData): Promise<Uint8Array> {
  const { generateCertificate } = await import('../../domain/certificate/index.ts');
  return generateCertificate(data);
}

/**
 * Generates the certificate in the browser (LMS and local modes) and downloads it as
 * 'certificado-sst-<nombre>.pdf'. Rejects with CertificateError on invalid input (e.g. an
 * empty name) and with the import's error when the chunk cannot be loaded.
 */
export async function downloadCertificate(
  input: CertificateInput,
  company: CompanyInfo,
): Promise<CertificateData> {
  const data = buildCertificateData(input, company);
  const bytes = await createCertificatePdf(data);
  downloadPdf(bytes, certificateFileName(data.learnerName));
  return data;
}
