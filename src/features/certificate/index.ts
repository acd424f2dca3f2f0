// Public API of the certificate feature (browser side).
export { createCertificatePdf } from './create-certificate-pdf.ts';
export { buildCertificateData, type CertificateInput } from './certificate-data.ts';
export { downloadPdf } from './download-pdf.ts';
export {
  NameForCertificate,
  cleanName,
  type NameForCertificateProps,
} from './name-for-certificate.tsx';
export { certificateFileName } from '../../domain/certificate/text.ts';
export { CertificateError } from '../../domain/certificate/types.ts';
export { canDownloadFiles } from './download-support.ts';
export type { CertificateViewProps } from './certificate-view.tsx';
