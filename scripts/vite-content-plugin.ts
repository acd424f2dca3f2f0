// Vite plugin: validates the course content when building (a content error stops the build
// naming the file, the id and the reason) and serves it as virtual modules:
//   virtual:course          -> { outline }                 (small, in the initial chunk)
//   virtual:course-modules  -> { loadModule(id) }          (one lazy chunk per module)
import type { Plugin } from 'vite';
import { buildOutline } from '../src/domain/content/outline.ts';
import { formatIssues, readCourse } from './lib/read-content.ts';
import { imageSizesOf } from './lib/svg-size.ts';
import { svgDataUri } from './lib/svg-data-uri.ts';
import type { Course } from '../src/domain/content/types.ts';

const COURSE = 'virtual:course';
const MODULES = 'virtual:course-modules';
const MODULE_PREFIX = 'virtual:course-module/';

export function contentPlugin(): Plugin {
  // Read and validated once per build (or per content change in dev), not once per virtual
  // module: the outline and every module chunk come from the same reading.
  let cached: ReturnType<typeof readCourse> | null = null;
  const load = (fail: (msg: string) => never): { course: Course; files: string[] } => {
    const result = (cached ??= readCourse());
    if (!result.course)
      fail(`El contenido del curso tiene errores:\n${formatIssues(result.issues)}`);
    return { course: result.course!, files: result.files };
  };
  return {
    name: 'curso-sst-content',
    buildStart() {
      cached = null;
    },
    resolveId(id) {
      if (id === COURSE || id === MODULES || id.startsWith(MODULE_PREFIX)) return '\0' + id;
      return null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:course')) return null;
      const { course: c, files } = load((msg) => this.error(msg));
      files.forEach((f) => this.addWatchFile(f));
      const real = id.slice(1);
      if (real === COURSE) {
        // The introduction's illustration travels inline: it is the first screen's image.
        const outline = buildOutline(c);
        const img = outline.introduction.img;
        if (img) outline.introduction = { ...outline.introduction, inlineImg: svgDataUri(img) };
        // Illustration sizes, so every <img> reserves its space (docs/decisions/0098).
        return `export const outline = ${JSON.stringify(outline)};\nexport const imageSizes = ${JSON.stringify(imageSizesOf(c))};`;
      }
      if (real === MODULES) {
        const cases = c.modules
          .map(
            (m) =>
              `  ${JSON.stringify(m.id)}: () => import(${JSON.stringify(MODULE_PREFIX + m.id)}),`,
          )
          .join('\n');
        return `const loaders = {\n${cases}\n};\nexport function loadModule(id) {\n  const l = loaders[id];\n  return l ? l().then((m) => m.default) : Promise.reject(new Error('Módulo desconocido: ' + id));\n}`;
      }
      const moduleId = real.slice(MODULE_PREFIX.length);
      const mod = c.modules.find((m) => m.id === moduleId);
      if (!mod) this.error(`Módulo desconocido: ${moduleId}`);
      return `export default ${JSON.stringify(mod)};`;
    },
    handleHotUpdate(ctx) {
      if (!ctx.file.includes('/content/')) return;
      cached = null;
      ctx.server.ws.send({ type: 'full-reload' });
    },
  };
}
