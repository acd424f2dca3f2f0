// What the apps need of the company configuration at runtime (decision 0077): the certificate's
// issuer and the demonstration mark. The build bundles it (virtual:company); the server builds
// it from the configuration it was started with. Plain data, no file access.
import { certificateSignatory, type CompanyConfig, type Obra } from './load-config.ts';
import type { PdfLogo } from './svg-logo.ts';

export interface CompanyInfo {
  /** The demonstration configuration: certificates say «EJEMPLO — SIN VALIDEZ». */
  ejemplo: boolean;
  companyName: string;
  nit: string;
  logo: PdfLogo | null;
  signer: { nombre: string; cargo: string; licencia?: string };
  /** Print the id the LMS sends as the learner's document (certificado.mostrarDocumentoEnLms). */
  showDocumentInLms: boolean;
  obra: { slug: string; nombre: string };
  /** The responsable SST and the configured acceptance clause (null = the default; 0220). */
  sstResponsable: string;
  acceptanceClause: string | null;
}

export function companyInfo(config: CompanyConfig, obra: Obra): CompanyInfo {
  return {
    ejemplo: config.ejemplo,
    companyName: config.empresa.nombre,
    nit: config.empresa.nit,
    logo: config.empresa.logo?.pdf ?? null,
    signer: certificateSignatory(config),
    showDocumentInLms: config.certificado.mostrarDocumentoEnLms,
    obra: { slug: obra.slug, nombre: obra.nombre },
    sstResponsable: config.sst.responsable.nombre,
    acceptanceClause: config.aceptacion?.clausula ?? null,
  };
}
