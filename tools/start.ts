// npm start [-- --config FILE] [--obra SLUG] (decisions 0029 and 0075): builds what is missing,
// stale, or built from another configuration (the stamps, decision 0075), writes both SCORM
// zips, then serves the standalone course and the LMS preview with the embedded database (or
// DATABASE_URL). The server uses the same configuration (passed to it, and to the builds as
// --config/--obra). It sits in tools/ because it runs the server: no scripts/ file imports
// server/ (decision 0205).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packageIdentity, zipName } from '../src/domain/config/index.ts';
import { courseIdentity, ROOT } from '../course-files/read-content.ts';
import {
  ConfigError,
  demoWarning,
  formatConfigError,
  readConfiguration,
  stampOf,
  takeConfigArgs,
  withEnv,
  type LoadedConfig,
} from '../course-files/read-config.ts';
import { runServer } from '../server/server.ts';
import { distRoot, staleReason } from '../scripts/lib/build-config.ts';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

let loaded: LoadedConfig;
try {
  const { choice, rest } = takeConfigArgs(process.argv.slice(2));
  if (rest.length) {
    console.error(
      `start: opción desconocida: ${rest.join(' ')}\nUso: npm start [-- --config config/mi-empresa.json] [--obra SLUG]`,
    );
    process.exit(2);
  }
  loaded = readConfiguration(withEnv(choice), { firstObra: true });
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(formatConfigError(e));
    process.exit(1);
  }
  throw e;
}
// The server (certificates, console) and the builds spawned below read the same file.
const configChoice = { config: loaded.path, obra: loaded.obra.slug };
const configArgs = ['--config', loaded.path, '--obra', loaded.obra.slug];
const warning = demoWarning(loaded);
if (warning) console.warn(warning);

function run(label: string, cmd: string, args: string[]) {
  console.log(`› ${label}`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`✗ ${label} falló (código ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
const mtime = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : 0);

// Build what is missing, older than its sources, or made from another configuration.
const stamp = stampOf(loaded);
// lms-template: the console's per-obra zips are made from it (decision 0241).
const stale = (['lms', 'lms-template', 'web', 'preview'] as const)
  .map((t) => staleReason(t, stamp))
  .find((why) => why !== null);
if (stale) {
  console.log(`Build: ${stale}`);
  run('npm run build', bin('tsx'), [join(ROOT, 'scripts', 'build.ts'), ...configArgs]);
}
const identity = packageIdentity(loaded.config, loaded.obra, courseIdentity());
const zips = ['scorm12', 'scorm2004'].map((s) => join(ROOT, 'dist-scorm', zipName(identity, s)));
const zipsAt = Math.min(...zips.map(mtime));
if (zipsAt === 0 || zipsAt < mtime(join(distRoot(), 'lms', 'index.html')))
  run('npm run package', bin('tsx'), [join(ROOT, 'scripts', 'package.ts'), ...configArgs]);

// Prints "Curso SST: http://…/" and "Vista previa LMS: http://…/lms-preview/".
await runServer({ config: configChoice });
if (existsSync(join(ROOT, 'dist-scorm')))
  console.log(`Paquetes SCORM: ${join(ROOT, 'dist-scorm')}`);
if (warning) console.warn(warning);
