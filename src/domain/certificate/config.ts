// Who issues the certificate, from the build's environment (Vite's import.meta.env), with
// placeholders that make a sample certificate look right until the deployment sets them:
//   VITE_CERT_COMPANY       company name printed in the header and under the signature
//   VITE_CERT_SIGNER_NAME   name on the signature line
//   VITE_CERT_SIGNER_ROLE   role under it
//   VITE_CERT_HOURS         course intensity in hours (overrides the course content's hours)
//   VITE_CERT_COURSE_TITLE  course title (overrides the course content's title)

export const DEFAULT_COMPANY_NAME = 'Empresa Constructora S.A.S.';
export const DEFAULT_SIGNER_NAME = 'Responsable del SG-SST';
export const DEFAULT_SIGNER_ROLE = 'Sistema de Gestión de Seguridad y Salud en el Trabajo';
export const DEFAULT_HOURS = 4;

export interface CertificateConfig {
  companyName: string;
  signerName: string;
  signerRole: string;
  /** Set only when the environment overrides the course's own hours / title. */
  hours: number | null;
  courseTitle: string | null;
}

type Env = Partial<Record<string, string | boolean | undefined>>;

function text(env: Env, key: string): string | null {
  const value = env[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function readCertificateConfig(env: Env = import.meta.env as Env): CertificateConfig {
  const hours = Number((text(env, 'VITE_CERT_HOURS') ?? '').replace(',', '.'));
  return {
    companyName: text(env, 'VITE_CERT_COMPANY') ?? DEFAULT_COMPANY_NAME,
    signerName: text(env, 'VITE_CERT_SIGNER_NAME') ?? DEFAULT_SIGNER_NAME,
    signerRole: text(env, 'VITE_CERT_SIGNER_ROLE') ?? DEFAULT_SIGNER_ROLE,
    hours: Number.isFinite(hours) && hours > 0 ? hours : null,
    courseTitle: text(env, 'VITE_CERT_COURSE_TITLE'),
  };
}
