// Fills a certificate's fixed parts (company, signer, hours, title) from configuration, so a
// caller only supplies what it knows about the learner.
import type { CertificateData, CertificateVerification } from '../../domain/certificate/types.ts';
import {
  DEFAULT_HOURS,
  readCertificateConfig,
  type CertificateConfig,
} from '../../domain/certificate/config.ts';

export interface CertificateInput {
  learnerName: string;
  document?: string | null;
  /** Defaults to now. */
  completedAt?: Date;
  /** From the course content (course.json `title` / `hours`); the environment overrides them. */
  courseTitle: string;
  hours?: number | null;
  /** Server mode only. */
  verification?: CertificateVerification | null;
}

export function buildCertificateData(
  input: CertificateInput,
  config: CertificateConfig = readCertificateConfig(),
): CertificateData {
  return {
    learnerName: input.learnerName.replace(/\s+/g, ' ').trim(),
    document: input.document?.trim() || null,
    courseTitle: config.courseTitle ?? input.courseTitle.trim(),
    completedAt: input.completedAt ?? new Date(),
    hours: config.hours ?? (input.hours && input.hours > 0 ? input.hours : DEFAULT_HOURS),
    companyName: config.companyName,
    signerName: config.signerName,
    signerRole: config.signerRole,
    verification: input.verification ?? null,
  };
}
