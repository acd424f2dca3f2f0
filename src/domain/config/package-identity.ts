// Names and identifiers of the packages built for one obra (decision 0071). The demonstration
// obra keeps exactly the names and identifiers packages had before configurations existed, so
// LMS activities created from them keep their attempts; every other obra gets its slug in them.
import type { CompanyConfig, Obra } from './load-config.ts';

/** Slug of the obra in config/ejemplo.json. */
export const DEMO_OBRA_SLUG = 'obra-ejemplo';

export interface PackageIdentity {
  /** Inserted in zip names: '' for the demo, '-<slug>' otherwise (curso-sst<infix>-scorm12.zip). */
  zipInfix: string;
  manifest: string;
  organization: string;
  item: string;
  resource: string;
  /** Course title in the manifest (what the LMS lists). */
  title: string;
}

export const BASE_TITLE = 'Inducción — Seguridad y Salud en el Trabajo';

/** True for the demonstration file's obra: legacy names, EJEMPLO marks elsewhere. */
export const isDemoObra = (config: Pick<CompanyConfig, 'ejemplo'>, obra: Pick<Obra, 'slug'>) =>
  config.ejemplo && obra.slug === DEMO_OBRA_SLUG;

export function packageIdentity(
  config: Pick<CompanyConfig, 'ejemplo'>,
  obra: Pick<Obra, 'slug' | 'nombre'>,
): PackageIdentity {
  if (isDemoObra(config, obra))
    return {
      zipInfix: '',
      manifest: 'com.curso-sst.induccion-sst',
      organization: 'curso-sst-org',
      item: 'curso-sst-item',
      resource: 'curso-sst-sco',
      title: BASE_TITLE,
    };
  const s = obra.slug;
  return {
    zipInfix: `-${s}`,
    manifest: `com.curso-sst.induccion-sst.${s}`,
    organization: `curso-sst-${s}-org`,
    item: `curso-sst-${s}-item`,
    resource: `curso-sst-${s}-sco`,
    title: `${BASE_TITLE} — ${obra.nombre}`,
  };
}

/** Zip file name for an edition suffix ('scorm12', 'scorm2004', 'scorm2004-4th'). */
export const zipName = (identity: PackageIdentity, edition: string) =>
  `curso-sst${identity.zipInfix}-${edition}.zip`;
