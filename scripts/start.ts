// npm start (DESIGN.md §7): builds what is missing, writes both SCORM zips, then serves the
// standalone course and the LMS preview with the embedded database (or DATABASE_URL).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/read-content.ts';
import { runServer } from '../server/server.ts';

const has = (...parts: string[]) => existsSync(join(ROOT, ...parts));
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

function run(label: string, cmd: string, args: string[]) {
  console.log(`› ${label}`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`✗ ${label} falló (código ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const missingBuild = !has('dist', 'web', 'index.html') || !has('dist', 'lms', 'index.html');
if (missingBuild) {
  if (has('scripts', 'build.ts'))
    run('npm run build', bin('tsx'), [join(ROOT, 'scripts', 'build.ts')]);
  else {
    run('vite build --mode web', bin('vite'), ['build', '--mode', 'web', '--logLevel', 'warn']);
    run('vite build --mode lms', bin('vite'), ['build', '--mode', 'lms', '--logLevel', 'warn']);
  }
}
if (!missingBuild && !has('dist', 'lms-preview') && has('scripts', 'build-preview.ts'))
  run('npm run build -- preview', bin('tsx'), [join(ROOT, 'scripts', 'build.ts'), 'preview']);
const zipsMissing =
  !has('dist-scorm', 'curso-sst-scorm12.zip') || !has('dist-scorm', 'curso-sst-scorm2004.zip');
if (zipsMissing && has('scripts', 'package.ts'))
  run('npm run package', bin('tsx'), [join(ROOT, 'scripts', 'package.ts')]);

// Prints "Curso SST: http://…/" and "Vista previa LMS: http://…/lms-preview/".
await runServer();
if (has('dist-scorm')) console.log(`Paquetes SCORM: ${join(ROOT, 'dist-scorm')}`);
