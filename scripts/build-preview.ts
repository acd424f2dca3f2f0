// Builds the LMS preview (decisions 0001 and 0150) into dist/lms-preview/: the preview page
// (lms-preview/, bundled with scorm-again), a copy of the LMS build under course/, so the page
// hosts exactly the package an LMS would get, and the two SCORM zips of that same build under
// descargas/ for the page's download links (whichever server serves the preview serves them).
// The page also gets the course outline it names screens and counts topics with. Run after
// `vite build --mode lms` (npm run build does both). With the demonstration configuration
// ("ejemplo": true) the page carries a banner saying so.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { packageIdentity } from '../src/domain/config/index.ts';
import { plainText } from '../src/domain/content/html-text.ts';
import { distRoot, readBuildCourse } from './lib/build-config.ts';
import { packageScorm } from './lib/package-scorm.ts';
import { courseIdentity } from '../course-files/read-content.ts';
import type { PreviewOutline } from '../lms-preview/summary.ts';

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

const { loaded, course: filled } = readBuildCourse();
const page = join(out, 'index.html');
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The course's shape and screen names for the plain-Spanish summary (lms-preview/summary.ts).
const outline: PreviewOutline = {
  modules: filled.modules.map((m) => ({
    number: m.number,
    title: plainText(m.title),
    topicCount: m.topics.length,
    questionCount: m.activity.questions.length,
  })),
  pages: Object.fromEntries([
    ['introduccion', 'Introducción'],
    ['menu', 'Menú del curso'],
    ...filled.modules.flatMap((m) => [
      ...m.topics.map((t) => [t.id, `Módulo ${m.number}, tema ${t.number}: ${plainText(t.title)}`]),
      [m.activity.id, `Módulo ${m.number}: ${plainText(m.activity.title)}`],
    ]),
  ]),
};
// Inline JSON is data, not script: no CSP allowance needed. `<` is escaped so no text can close it.
const outlineScript = `<script type="application/json" id="course-outline">${JSON.stringify(
  outline,
).replace(/</g, '\\u003c')}</script>`;

// The zips of this very build, for the download links.
const downloads = join(out, 'descargas');
const zips = await packageScorm({
  distDir: lmsBuild,
  outDir: downloads,
  identity: packageIdentity(loaded.config, loaded.obra, courseIdentity()),
});
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('es-CO')} KB`;
const link = (z: (typeof zips)[number]) => {
  const file = z.zipPath.slice(downloads.length + 1);
  return `<a class="download" href="./descargas/${encodeURI(file)}" download="${html(file)}">Descargar ${z.edition === 'scorm12' ? 'SCORM 1.2' : 'SCORM 2004'}<span class="size"> (zip, ${kb(z.zipBytes)})</span></a>`;
};
const zip12 = zips.find((z) => z.edition === 'scorm12')!;
const zip2004 = zips.find((z) => z.edition !== 'scorm12')!;
const downloadsHtml = `<ul class="download-list">
            <li>${link(zip12)}<p>Recomendado: Moodle (también la app de Moodle, sin conexión), Canvas, TalentLMS y casi cualquier plataforma.</p></li>
            <li>${link(zip2004)}<p>Para plataformas que piden SCORM 2004 (SCORM Cloud, Cornerstone, SAP SuccessFactors…). La app de Moodle no lo reproduce.</p></li>
          </ul>
          <p class="note">Obra «${html(loaded.obra.nombre)}» (${html(loaded.shownPath)}): el mismo curso que se muestra en esta página.</p>`;
writeFileSync(
  page,
  readFileSync(page, 'utf8')
    .replace('<!--descargas-->', downloadsHtml)
    .replace('</head>', `  ${outlineScript}\n  </head>`),
);

if (loaded.config.ejemplo) {
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
console.log(`build-preview: ${out} (curso en course/, zips en descargas/)`);
