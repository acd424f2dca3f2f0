// SCORM packaging (decision 0022): LMS build (dist/lms) + manifest template + the schema files the
// manifest names -> one reproducible zip per SCORM edition, written to dist-scorm/. scripts/package.ts
// is the CLI; tests and the bench call these functions directly. The core shared with the server
// (manifests, file list, zip entries) is course-files/scorm-package.ts (decision 0241).
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
import { dirname, join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { zipName } from '../../src/domain/config/package-identity.ts';
import {
  assertBuild,
  DEFAULT_EDITIONS,
  DEFAULT_PATHS,
  DEMO_IDENTITY,
  LAUNCH_FILE,
  listBuildFiles,
  PackageError,
  preparePackage,
  readPackageVersion,
  shownPath,
  zipArchive,
  DEFAULT_ZIP_DATE,
  type ScormEdition,
  type ZipEntry,
} from '../../course-files/scorm-package.ts';
import type { PackageIdentity } from '../../src/domain/config/package-identity.ts';
import { courseIdentity } from '../../course-files/read-content.ts';
import { processEnv } from './env.ts';

export * from '../../course-files/scorm-package.ts';

const COURSE = courseIdentity();

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
export function zipDate(env: NodeJS.ProcessEnv = processEnv()): Date {
  const raw = env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return DEFAULT_ZIP_DATE;
  if (!/^\d+$/.test(raw))
    throw new PackageError('usage', `SOURCE_DATE_EPOCH no es un número de segundos: "${raw}".`);
  const date = new Date(Number(raw) * 1000);
  // DOS timestamps in zips cannot go before 1980.
  return date.getUTCFullYear() < 1980 ? new Date('1980-01-01T00:00:00Z') : date;
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
    const archive = zipArchive(entries, date);
    const output = createWriteStream(temp);
    const done = new Promise<void>((resolvePromise, reject) => {
      output.on('close', () => resolvePromise());
      output.on('error', reject);
      archive.on('error', reject);
      archive.on('warning', reject);
    });
    archive.pipe(output);
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
