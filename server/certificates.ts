// The server's certificate issuer (decision 0020): the shared PDF generator fed with the
// learner, the course content and the issuing company, with a verification code and a QR code
// to /verificar/:code. The PDF is stored with the certificate row (bytea) and served by
// routes/certificate-file.ts at /certificados/<token>.pdf.
//
// Environment (read once, when the issuer is made):
//   PUBLIC_URL          public address of the course, e.g. https://sst.example.co — used for the
//                       QR code and url_file. Without it the request's origin is used, which
//                       comes from the Host header (X-Forwarded-* behind TRUST_PROXY): a client
//                       can send any Host, and a certificate is issued once, so a learner
//                       reaching the server by IP or an odd name gets that address printed for
//                       good. Set PUBLIC_URL in production.
//   CURSO_CONFIG        the company configuration (default config/ejemplo.json; `npm start --
//                       --config FILE` sets it): company, NIT, logo, signatory, licence, obra,
//                       the EJEMPLO mark (decision 0077). Title and hours come from course.json.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCertificate } from '../src/domain/certificate/index.ts';
import { issuerFields } from '../src/domain/certificate/config.ts';
import { companyInfo, type CompanyConfig } from '../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import { loadCourse, type ContentFile } from '../src/domain/content/loader.ts';
import { CONTENT_DIR, formatIssues } from '../course-files/read-content.ts';
import { currentEnv } from './env.ts';
import { signedGateUrl } from './gate/sign.ts';
import { addMonths, colombiaDay, maskDocument } from '../src/domain/gate/statement.ts';
import { toCertificateName } from '../src/domain/certificate/text.ts';
import type { CertificateIssuer } from './context.ts';
import type { InstallationKey } from './acceptance/installation-key.ts';

/** Where stored certificates are served; routes/certificate-file.ts answers under it. */
export const CERTIFICATE_PATH = '/certificados';

/** 128 random bits, base64url: the PDF's URL is a capability, so it must not be guessable. */
export const FILE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const newFileToken = () => randomBytes(16).toString('base64url');

/** How long a link handed out by download-certificate opens the PDF (decision 0230). */
export const CERTIFICATE_LINK_TTL_MS = 10 * 60 * 1000;

export interface CourseFacts {
  title: string;
  hours: number;
}

function readJson(dir: string, name: string): ContentFile {
  try {
    return { file: name, data: JSON.parse(readFileSync(join(dir, name), 'utf8')) };
  } catch (error) {
    return { file: name, data: undefined, readError: (error as Error).message };
  }
}

/** Title and hours from content/ (validated by the same loader the build uses). */
export function readCourseFacts(contentDir = CONTENT_DIR): CourseFacts {
  const { course, issues } = loadCourse(
    readJson(contentDir, 'course.json'),
    (name) => readJson(contentDir, name),
    // Images are the build's concern; a missing picture must not stop certificates.
    { imageExists: () => true },
  );
  if (!course) throw new Error(`Course content is invalid:\n${formatIssues(issues)}`);
  return { title: course.title, hours: course.hours };
}

type Env = Partial<Record<string, string | undefined>>;

/** 'https://sst.example.co/' → 'https://sst.example.co'; anything but http(s) → null. */
export function normalisePublicUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

export interface IssuerOptions {
  /** PUBLIC_URL; default the environment's PUBLIC_URL. */
  publicUrl?: string | null;
  /** Environment (PUBLIC_URL, CURSO_CONFIG); default this process's (server/env.ts). */
  env?: Env;
  /** Course title and hours; default read from content/. */
  course?: CourseFacts;
  /** The company configuration; default the one CURSO_CONFIG names (or config/ejemplo.json). */
  config?: CompanyConfig;
}

/** The obra a certificate names: the learner's own (users.obra, decision 0078), else the first. */
export function certificateObra(config: CompanyConfig, slug: string | null | undefined) {
  return config.obras.find((o) => o.slug === slug) ?? config.obras[0]!;
}

/**
 * The days a certificate states (decision 0242): completion, and the reinducción due day
 * (completion + the configuration's period), both Colombian calendar days, YYYY-MM-DD. The gate
 * statement and /verificar (record 0260) both use it.
 */
export function certificateDays(completedAt: Date, reinductionMonths: number) {
  const completedOn = colombiaDay(completedAt);
  return { completedOn, dueOn: addMonths(completedOn, reinductionMonths) };
}

/**
 * The certificate QR's text (decision 0242): `url#statement.signature`, the statement naming the
 * learner as printed, the masked document, the obra, the completion day and the reinducción due
 * day (completion + the configuration's period), signed with the installation key.
 */
export function gateQrText(
  key: InstallationKey,
  url: string,
  facts: {
    code: string;
    name: string;
    document: string;
    obra: string;
    completedAt: Date;
    reinductionMonths: number;
  },
): string {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  return signedGateUrl(key, url, {
    code: facts.code,
    ...certificateDays(facts.completedAt, facts.reinductionMonths),
    name: oneLine(toCertificateName(facts.name, () => true)),
    document: maskDocument(facts.document),
    obra: oneLine(facts.obra),
  });
}

export function createCertificateIssuer(options: IssuerOptions = {}): CertificateIssuer {
  const env = options.env ?? currentEnv();
  const publicUrl = normalisePublicUrl(
    options.publicUrl === undefined ? env.PUBLIC_URL : options.publicUrl,
  );
  if (options.publicUrl === undefined && env.PUBLIC_URL && !publicUrl)
    throw new Error(`PUBLIC_URL is not an http(s) URL: ${env.PUBLIC_URL}`);
  const installed =
    options.config ??
    readConfiguration(withEnv({}, env as NodeJS.ProcessEnv), { firstObra: true }).config;
  const course = options.course ?? readCourseFacts();
  const courseTitle = course.title;
  const hours = course.hours;

  return async ({ user, code, completedAt, origin, installationKey, companyConfig }) => {
    // The learner's company's configuration when it has its own (record 0287), else the issuer's.
    const config = companyConfig ?? installed;
    const reinductionMonths = config.reinduccion?.periodoMeses ?? 12;
    const base = publicUrl ?? normalisePublicUrl(origin) ?? '';
    const obra = certificateObra(config, user.obra);
    const url = `${base}/verificar/${encodeURIComponent(code)}`;
    // The QR: the address, and the signed gate statement after '#' (decision 0242).
    const qr = installationKey
      ? gateQrText(installationKey, url, {
          code,
          name: user.name,
          document: user.document,
          obra: obra.nombre,
          completedAt,
          reinductionMonths,
        })
      : url;
    const pdf = await generateCertificate({
      learnerName: user.name,
      document: user.document,
      courseTitle,
      completedAt,
      hours,
      ...issuerFields(companyInfo(config, obra)),
      verification: { code, url, qr },
    });
    const token = newFileToken();
    return {
      url_file: `${base}${CERTIFICATE_PATH}/${token}.pdf`,
      file: { token, pdf },
      courseTitle,
    };
  };
}
