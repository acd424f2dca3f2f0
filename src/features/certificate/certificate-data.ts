// Fills a certificate's fixed parts (company, NIT, logo, signatory, obra, EJEMPLO mark) from the
// company configuration bundled with the build (decision 0077), so a caller only supplies what it
// knows about the learner and the course.
import type { CertificateData, CertificateVerification } from '../../domain/certificate/types.ts';
import { issuerFields } from '../../domain/certificate/config.ts';
import type { CompanyInfo } from '../../domain/config/company-info.ts';

export interface CertificateInput {
  learnerName: string;
  document?: string | null;
  /**
   * When the course was completed, as the runtime keeps it (record 0263). Null or absent when
   * it is not known: the certificate then prints today as «Fecha de emisión», never as the
   * completion date.
   */
  completedAt?: Date | null;
  /** From the course content (course.json `title` / `hours`; decision record 0034). */
  courseTitle: string;
  hours: number;
  /** Server mode only. */
  verification?: CertificateVerification | null;
}

export function buildCertificateData(
  input: CertificateInput,
  company: CompanyInfo,
): CertificateData {
  return {
    learnerName: input.learnerName.replace(/\s+/g, ' ').trim(),
    document: input.document?.trim() || null,
    courseTitle: input.courseTitle.trim(),
    completedAt: input.completedAt ?? new Date(),
    ...(input.completedAt ? {} : { completionUnknown: true }),
    hours: input.hours,
    ...issuerFields(company),
    verification: input.verification ?? null,
  };
}
