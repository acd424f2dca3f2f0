// Names and identifiers of the packages built for one obra (decision 0071). The demonstration
// obra keeps exactly the names and identifiers packages had before configurations existed, so
// LMS activities created from them keep their attempts; every other obra gets its slug in them.
import type { CoursePackage } from '../content/types.ts';
import type { CompanyConfig, Obra } from './load-config.ts';

/** Slug of the obra in config/ejemplo.json. */
export const DEMO_OBRA_SLUG = 'obra-ejemplo';

export interface PackageIdentity {
  /** First part of zip names, from course.json's package.zipPrefix (decision record 0034). */
  zipPrefix: string;
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

/** The course's title and package section of course.json (decision record 0034). */
export interface CourseIdentityForPackage {
  title: string;
  package: Pick<CoursePackage, 'manifestIdentifier' | 'identifierPrefix' | 'zipPrefix'>;
}

/** This course's identity as written in content/es/course.json (the default for unit tests). */
export const DEFAULT_COURSE_IDENTITY: CourseIdentityForPackage = {
  title: BASE_TITLE,
  package: {
    manifestIdentifier: 'com.curso-sst.induccion-sst',
    identifierPrefix: 'curso-sst',
    zipPrefix: 'curso-sst',
  },
};

/** True for the demonstration file's obra: legacy names, EJEMPLO marks elsewhere. */
export const isDemoObra = (config: Pick<CompanyConfig, 'ejemplo'>, obra: Pick<Obra, 'slug'>) =>
  config.ejemplo && obra.slug === DEMO_OBRA_SLUG;

export function packageIdentity(
  config: Pick<CompanyConfig, 'ejemplo'>,
  obra: Pick<Obra, 'slug' | 'nombre'>,
  course: CourseIdentityForPackage = DEFAULT_COURSE_IDENTITY,
): PackageIdentity {
  const { manifestIdentifier, identifierPrefix: prefix, zipPrefix } = course.package;
  if (isDemoObra(config, obra))
    return {
      zipPrefix,
      zipInfix: '',
      manifest: manifestIdentifier,
      organization: `${prefix}-org`,
      item: `${prefix}-item`,
      resource: `${prefix}-sco`,
      title: course.title,
    };
  const s = obra.slug;
  return {
    zipPrefix,
    zipInfix: `-${s}`,
    manifest: `${manifestIdentifier}.${s}`,
    organization: `${prefix}-${s}-org`,
    item: `${prefix}-${s}-item`,
    resource: `${prefix}-${s}-sco`,
    title: `${course.title} — ${obra.nombre}`,
  };
}

/** Zip file name for an edition suffix ('scorm12', 'scorm2004', 'scorm2004-4th'). */
export const zipName = (identity: PackageIdentity, edition: string) =>
  `${identity.zipPrefix}${identity.zipInfix}-${edition}.zip`;
