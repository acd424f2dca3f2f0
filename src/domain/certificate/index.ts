// Public API of the certificate generator (shared by the browser feature and the server).
export {
  generateCertificate,
  SAMPLE_MARK,
  fitText,
  MAX_TEXT_WIDTH,
  PAGE_HEIGHT,
  PAGE_WIDTH,
} from './generate-certificate.ts';
export {
  certificateFileName,
  formatHours,
  formatSpanishDate,
  slugify,
  toWinAnsi,
  COLOMBIA_UTC_OFFSET_MINUTES,
} from './text.ts';
export { qrMatrix, qrRuns, type QrMatrix, type QrRun } from './qr.ts';
export {
  CertificateError,
  MAX_NAME_LENGTH,
  type CertificateData,
  type CertificateErrorCode,
  type CertificateVerification,
} from './types.ts';
