// Builds the LMS preview (decision 0001) into dist/lms-preview/: the preview page (lms-preview/,
// bundled with scorm-again) and a copy of the LMS build under course/, so the page hosts exactly
// the package an LMS would get. Run after `vite build --mode lms` (npm run build does both).
// With the demonstration configuration ("ejemplo": true) the page carries a banner saying so.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { distRoot } from './lib/build-config.ts';
import { readConfiguration, withEnv } from '../server/read-config.ts';
import { courseIdentity } from '../server/read-content.ts';

const ROOT = resolve(import.meta.dirname, '..');
const lmsBuild = join(distRoot(), 'lms');
const out = join(distRoot(), 'lms-preview');

if (!existsSync(join(lmsBuild, 'index.html'))) {
  console.error(
    'build-preview: falta dist/lms/index.html; primero `npx vite build --mode lms` (o `npm run build`).',
  );
  process.exit(1);
}

await build({
  configFile: false,
  root: join(ROOT, 'lms-preview'),
  base: './',
  logLevel: 'warn',
  plugins: [
    {
      // The page names the course by its title in course.json (decision record 0034).
      name: 'preview-course-title',
      transformIndexHtml: (html) =>
        html.replaceAll(
          '%COURSE_TITLE%',
          courseIdentity()
            .title.replace(/&/g, '&amp;')
            .replace(/"/g, '&quot;')
            .replace(/</g, '&lt;'),
        ),
    },
  ],
  build: {
    outDir: out,
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    // The preview itself is a developer/admin tool: one chunk is fine.
    chunkSizeWarningLimit: 1024,
  },
});

const loaded = readConfiguration(withEnv({}), { firstObra: true });
if (loaded.config.ejemplo) {
  const page = join(out, 'index.html');
  const banner =
    '<p class="ejemplo-banner" role="note" data-testid="ejemplo-banner"><strong>EJEMPLO — SIN VALIDEZ.</strong> ' +
    `Este curso usa la configuración de demostración (${loaded.shownPath}): los datos de empresa y obra son inventados y el certificado no vale. ` +
    'Copie el archivo, llénelo con los datos reales y vuelva a construir con <code>--config</code>.</p>';
  writeFileSync(
    page,
    readFileSync(page, 'utf8').replace(/<body([^>]*)>/, (m) => `${m}\n    ${banner}`),
  );
}

const course = join(out, 'course');
rmSync(course, { recursive: true, force: true });
cpSync(lmsBuild, course, { recursive: true });
console.log(`build-preview: ${out} (curso en course/)`);
