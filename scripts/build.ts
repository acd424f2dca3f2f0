// npm run build [-- --config FILE] [--obra SLUG] [lms|web|preview|lms-template ...]: both builds
// (decision 0001), the LMS preview and the LMS template, from one company configuration (0075):
//   dist/lms  (SCORM build: hash routing, relative paths; the course filled for one obra)
//   dist/lms-template (the SCORM build unfilled, filled at start from its page: the server
//                      writes a console obra's values there for its zips, decision 0241)
//   dist/web  (standalone build served by our server)
//   dist/lms-preview (scorm-again hosting the LMS build)
// Default configuration: CURSO_CONFIG, else config/ejemplo.json; obra: --obra / CURSO_OBRA, else
// the first one. Each target records a stamp {path, obra, sha256} that package/start compare.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../course-files/read-content.ts';
import { distRoot, stampFile, writeStamp, type BuildTarget } from './lib/build-config.ts';
import {
  ConfigError,
  formatConfigError,
  readConfiguration,
  stampOf,
  takeConfigArgs,
  withEnv,
  type LoadedConfig,
} from '../course-files/read-config.ts';
import { rmSync } from 'node:fs';
import { precompressDir } from '../course-files/precompress.ts';

const USAGE =
  'Uso: npm run build [-- --config config/mi-empresa.json] [--obra SLUG] [lms|web|preview|lms-template ...]';

let loaded: LoadedConfig;
let targets: string[];
try {
  const { choice, rest } = takeConfigArgs(process.argv.slice(2));
  targets = rest;
  loaded = readConfiguration(withEnv(choice), { firstObra: true });
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(formatConfigError(e));
    process.exit(1);
  }
  throw e;
}
const known: BuildTarget[] = ['lms', 'web', 'preview', 'lms-template'];
const bad = targets.filter((a) => !known.includes(a as BuildTarget));
if (bad.length) {
  console.error(`build: destino desconocido: ${bad.join(' ')}. ${USAGE}`);
  process.exit(2);
}
const wants = (t: BuildTarget) => targets.length === 0 || targets.includes(t);
const root = distRoot();
const env = { ...process.env, CURSO_CONFIG: loaded.path, CURSO_OBRA: loaded.obra.slug };
console.log(
  `Configuración: ${loaded.shownPath} — obra «${loaded.obra.nombre}» (${loaded.obra.slug})`,
);

/** Builds still running: a failed one stops the others before the script exits. */
const running = new Set<ChildProcess>();

function run(
  label: string,
  target: BuildTarget,
  cmd: string,
  args: string[],
  after?: () => Promise<void>,
): Promise<void> {
  const started = Date.now();
  console.log(`› ${label}`);
  // A failed build must not leave a stamp that says this configuration was built.
  rmSync(stampFile(target, root), { force: true });
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    running.add(child);
    child.on('close', (code, signal) => {
      running.delete(child);
      if (code !== 0) {
        console.error(`✗ ${label} falló (código ${code ?? signal})`);
        for (const other of running) other.kill();
        process.exit(code ?? 1);
      }
      (after ?? (() => Promise.resolve()))().then(
        () => {
          writeStamp(target, stampOf(loaded), root);
          console.log(`✓ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
          done();
        },
        (error: unknown) => {
          console.error(`✗ ${label} falló: ${(error as Error).message}`);
          for (const other of running) other.kill();
          process.exit(1);
        },
      );
    });
  });
}

const vite = join(ROOT, 'node_modules', '.bin', 'vite');
const viteBuild = (mode: string) => ['build', '--mode', mode, '--logLevel', 'warn'];
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
const shown = (t: string) => join(root, t).replace(ROOT + '/', '');
if (wants('lms')) await run(`build LMS (${shown('lms')})`, 'lms', vite, viteBuild('lms'));
// The template runs alongside the web build, whose service-worker step mostly waits: the
// template adds little to the whole (decision 0241).
const template = wants('lms-template')
  ? run(
      `build LMS plantilla por obra (${shown('lms-template')})`,
      'lms-template',
      vite,
      viteBuild('lms-template'),
    )
  : null;
// The standalone server sends the web build's brotli and gzip copies, made here (record 0275).
if (wants('web'))
  await run(`build web (${shown('web')})`, 'web', vite, viteBuild('web'), async () => {
    const made = await precompressDir(join(root, 'web'));
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    console.log(
      `  comprimidos: ${made.files} archivos, ${kib(made.plainBytes)} → brotli ${kib(made.brotliBytes)}, gzip ${kib(made.gzipBytes)}`,
    );
  });
await template;
if (wants('preview'))
  await run(`vista previa LMS (${shown('lms-preview')})`, 'preview', tsx, [
    join(ROOT, 'scripts', 'build-preview.ts'),
  ]);
