// Company and obra configuration (decision 0070): schema, loading, logo, package identity.
export { nitCheckDigit, nitProblem } from './nit.ts';
export {
  companyConfigSchema,
  obraSchema,
  DEFAULT_EMERGENCY_LINE,
  RISK_CLASSES,
  SLUG_PATTERN,
  type Obra,
  type RawCompanyConfig,
} from './schema.ts';
export {
  certificateSignatory,
  formatPath,
  loadCompanyConfig,
  selectObra,
  type CompanyConfig,
  type LoadConfigOptions,
  type LoadConfigResult,
  type ResolvedLogo,
} from './load-config.ts';
export {
  checkSvgLogo,
  svgToPdfPaths,
  MAX_LOGO_BYTES,
  type PdfLogo,
  type PdfLogoPath,
} from './svg-logo.ts';
export { drawLogo, type Box } from './draw-logo.ts';
export {
  BASE_TITLE,
  DEMO_OBRA_SLUG,
  isDemoObra,
  packageIdentity,
  zipName,
  type PackageIdentity,
} from './package-identity.ts';
export { companyInfo, type CompanyInfo } from './company-info.ts';
export {
  dataNoticeText,
  dataNoticeVersion,
  noticeTextVersion,
  type DataNoticeConfig,
  type DataNoticeOperator,
} from './data-notice.ts';
