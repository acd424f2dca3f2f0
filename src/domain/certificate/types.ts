// What a participation certificate says, and the errors its generator reports.
import type { PdfLogo } from '../config/svg-logo.ts';

export interface CertificateVerification {
  /** Short code printed on the certificate, e.g. 'K7QM-2XPA'. */
  code: string;
  /** Absolute URL of the public verification page for this code (printed under the QR code). */
  url: string;
  /**
   * What the QR code holds, when more than `url`: the address followed by `#statement.signature`
   * (the signed gate statement, decision 0242). Must start with `url`.
   */
  qr?: string;
}

export interface CertificateData {
  /** Full name as it must be printed ("María José Pérez Gómez"). */
  learnerName: string;
  /** Identity document (number, optionally with its type); omitted from the PDF when unknown. */
  document?: string | null;
  courseTitle: string;
  /** When the course was completed; printed as a Spanish date and used as the PDF dates. */
  completedAt: Date;
  /**
   * The completion date is not known (a record completed before the course kept it, record
   * 0263): `completedAt` is the day the certificate was made, printed «Fecha de emisión».
   */
  completionUnknown?: boolean;
  /** Course intensity in hours (may be fractional, e.g. 1.5). */
  hours: number;
  companyName: string;
  /** Company NIT from the configuration (decision 0077), printed beside the company name. */
  companyNit?: string | null;
  /** Company logo as drawable paths (decision 0074); replaces the SST emblem. */
  logo?: PdfLogo | null;
  signerName: string;
  signerRole: string;
  /** Signatory's SST licence, printed under the role. */
  signerLicence?: string | null;
  /** The obra the induction was for. */
  obraName?: string | null;
  /** Demonstration configuration: the certificate says «EJEMPLO — SIN VALIDEZ» (decision 0077). */
  sample?: boolean;
  /** Server mode only: code + QR code to the verification page. Absent inside an LMS. */
  verification?: CertificateVerification | null;
}

export type CertificateErrorCode =
  | 'empty-name'
  | 'name-too-long'
  | 'empty-course-title'
  | 'invalid-date'
  | 'invalid-hours'
  | 'invalid-verification';

/** Invalid input for the certificate; `code` is stable, the message is for logs. */
export class CertificateError extends Error {
  readonly code: CertificateErrorCode;

  constructor(code: CertificateErrorCode, message: string) {
    super(message);
    this.name = 'CertificateError';
    this.code = code;
  }
}

/** Longest name accepted (after whitespace is collapsed); it still fits on two lines. */
export const MAX_NAME_LENGTH = 150;
