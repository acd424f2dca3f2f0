// Who issues the certificate: the company configuration (decisions 0070 and 0077), never the
// environment (the CERT_* / VITE_CERT_* overrides are gone: hours come from course.json, checked
// by the content check against the honest-hours formula, decision 0073).
import type { CompanyInfo } from '../config/company-info.ts';
import type { CertificateData } from './types.ts';

export type IssuerFields = Pick<
  CertificateData,
  | 'companyName'
  | 'companyNit'
  | 'logo'
  | 'signerName'
  | 'signerRole'
  | 'signerLicence'
  | 'obraName'
  | 'sample'
>;

/** The certificate's fixed parts for one obra of a configuration. */
export function issuerFields(company: CompanyInfo, obraName = company.obra.nombre): IssuerFields {
  return {
    companyName: company.companyName,
    companyNit: company.nit,
    logo: company.logo,
    signerName: company.signer.nombre,
    signerRole: company.signer.cargo,
    signerLicence: company.signer.licencia ?? null,
    obraName,
    sample: company.ejemplo,
  };
}
