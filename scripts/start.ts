// npm start (decision 0029): builds what is missing or stale, writes both SCORM zips, then serves
// the standalone course and the LMS preview with the embedded database (or DATABASE_URL).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../server/read-content.ts';
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

/** Newest modification time under the given paths (files or folders), in ms. */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(join(ROOT, p)));
  return latest;
}
const mtime = (...parts: string[]) => (has(...parts) ? statSync(join(ROOT, ...parts)).mtimeMs : 0);

// Build what is missing, or older than its sources (a pull since the last build).
const sources = newest(['src', 'content', 'public', 'index.html', 'vite.config.ts', 'scripts']);
const builtAt = Math.min(mtime('dist', 'web', 'index.html'), mtime('dist', 'lms', 'index.html'));
if (builtAt === 0 || sources > builtAt || !has('dist', 'lms-preview'))
  run('npm run build', bin('tsx'), [join(ROOT, 'scripts', 'build.ts')]);
const zipsAt = Math.min(
  mtime('dist-scorm', 'curso-sst-scorm12.zip'),
  mtime('dist-scorm', 'curso-sst-scorm2004.zip'),
);
if (zipsAt === 0 || zipsAt < mtime('dist', 'lms', 'index.html'))
  run('npm run package', bin('tsx'), [join(ROOT, 'scripts', 'package.ts')]);

// Prints "Curso SST: http://…/" and "Vista previa LMS: http://…/lms-preview/".
await runServer();
if (has('dist-scorm')) console.log(`Paquetes SCORM: ${join(ROOT, 'dist-scorm')}`);
