// The certificate's input checked and normalised before any drawing: a CertificateError for what
// cannot be printed, every fixed text in WinAnsi (the standard fonts' encoding) and the learner's
// name in what the embedded font covers (decision record 0054).
import { dateLine, formatHours, formatSpanishDate, toCertificateName, toWinAnsi } from './text.ts';
import { fontCovers } from './font-coverage.ts';
import { CertificateError, MAX_NAME_LENGTH, type CertificateData } from './types.ts';

/** The verification block's texts: the printed code and address, and what the QR carries. */
export interface ValidVerification {
  code: string;
  url: string;
  qr: string;
}

export interface ValidData {
  name: string;
  document: string | null;
  courseTitle: string;
  date: string;
  /** The date line as printed (record 0263). */
  dateLine: string;
  hours: string;
  companyName: string;
  companyNit: string | null;
  signerName: string;
  signerRole: string;
  signerLicence: string | null;
  obraName: string | null;
  verification: ValidVerification | null;
}

export function validate(data: CertificateData): ValidData {
  const name = toCertificateName(data.learnerName ?? '', fontCovers);
  if (name === '') throw new CertificateError('empty-name', 'The learner name is empty.');
  if (name.length > MAX_NAME_LENGTH) {
    throw new CertificateError(
      'name-too-long',
      `The learner name is longer than ${MAX_NAME_LENGTH} characters.`,
    );
  }
  const courseTitle = toWinAnsi(data.courseTitle ?? '');
  if (!courseTitle) throw new CertificateError('empty-course-title', 'The course title is empty.');
  if (!(data.completedAt instanceof Date) || Number.isNaN(data.completedAt.getTime())) {
    throw new CertificateError('invalid-date', 'completedAt is not a valid date.');
  }
  if (!Number.isFinite(data.hours) || data.hours <= 0) {
    throw new CertificateError('invalid-hours', 'hours must be a positive number.');
  }
  let verification: ValidData['verification'] = null;
  if (data.verification) {
    const code = toWinAnsi(data.verification.code ?? '');
    const url = (data.verification.url ?? '').trim();
    if (!code || !/^https?:\/\/\S+$/i.test(url)) {
      throw new CertificateError(
        'invalid-verification',
        'verification needs a code and an http(s) URL.',
      );
    }
    // The QR may carry more than the printed address (the signed gate statement, decision 0242).
    const qr = (data.verification.qr ?? '').trim() || url;
    if (!qr.startsWith(url)) {
      throw new CertificateError('invalid-verification', 'verification.qr must start with url.');
    }
    verification = { code, url, qr };
  }
  return {
    name,
    document: toWinAnsi(data.document ?? '') || null,
    courseTitle,
    date: formatSpanishDate(data.completedAt),
    dateLine: dateLine(formatSpanishDate(data.completedAt), data.completionUnknown),
    hours: formatHours(data.hours),
    companyName: toWinAnsi(data.companyName ?? ''),
    companyNit: toWinAnsi(data.companyNit ?? '') || null,
    signerName: toWinAnsi(data.signerName ?? ''),
    signerRole: toWinAnsi(data.signerRole ?? ''),
    signerLicence: toWinAnsi(data.signerLicence ?? '') || null,
    obraName: toWinAnsi(data.obraName ?? '') || null,
    verification,
  };
}
