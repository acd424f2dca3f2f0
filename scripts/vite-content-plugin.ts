// Vite plugin: validates the course content when building (a content error stops the build
// naming the file, the id and the reason) and serves it as virtual modules:
//   virtual:course          -> { outline }                 (small, in the initial chunk)
//   virtual:course-modules  -> { loadModule(id) }          (one lazy chunk per module)
//   virtual:course-glossary -> default: GlossaryEntry[]     (imported only by the lazy glossary)
//   virtual:company         -> { company, companyConfig }  (certificate issuer, EJEMPLO mark)
//   virtual:company-obras   -> { obras }                   (web: every obra's values; LMS: null)
//   virtual:company-bundled -> { company, obras, companyConfig } (what the build bundles, and the
//                              hash of it: the web app's fallback company, record 0291)
//   virtual:data-notice     -> { text, version }           (the habeas-data notice; web only imports it)
// LMS build: the course is filled with the values of the build's configuration and obra (issue
// 12, decisions 0072 and 0075): CURSO_CONFIG / CURSO_OBRA, set by scripts/build.ts. Web build:
// the outline and modules stay unfilled and the app fills them for the signed-in learner's obra
// from virtual:company-obras (decision 0078).
// Template LMS build (--mode lms-template, decision 0241): unfilled too; the app fills them from
// the values the server wrote into its page, and virtual:company reads the same page.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { buildOutline } from '../src/domain/content/outline.ts';
import { contentVersion } from '../src/domain/content/content-version.ts';
import { dataNoticeText, dataNoticeVersion } from '../src/domain/config/data-notice.ts';
import { learnerCompany, learnerCompanyHash } from '../src/domain/config/learner-company.ts';
import { readBuildCourse, type BuildCourse } from './lib/build-config.ts';
import { readGlossary } from './lib/read-glossary.ts';
import { imageSizesOf } from './lib/svg-size.ts';
import { svgDataUri } from './lib/svg-data-uri.ts';

/** Template LMS build: the company facts the server wrote into the page (decision 0241). */
const PAGE_OBRA = fileURLToPath(new URL('../src/app/page-obra.ts', import.meta.url));
/** Web build: the learner's company, taken at run time (record 0291). */
const LEARNER_COMPANY = fileURLToPath(new URL('../src/app/learner-company.ts', import.meta.url));
const COURSE = 'virtual:course';
const MODULES = 'virtual:course-modules';
const MODULE_PREFIX = 'virtual:course-module/';
const GLOSSARY = 'virtual:course-glossary';
const COMPANY = 'virtual:company';
const COMPANY_OBRAS = 'virtual:company-obras';
const COMPANY_BUNDLED = 'virtual:company-bundled';
const DATA_NOTICE = 'virtual:data-notice';
/** Only the version, for the launch check of a newer notice (record 0213): a few bytes. */
const DATA_NOTICE_VERSION = 'virtual:data-notice-version';

const VIRTUAL_IDS = [
  COURSE,
  MODULES,
  GLOSSARY,
  COMPANY,
  COMPANY_OBRAS,
  COMPANY_BUNDLED,
  DATA_NOTICE,
  DATA_NOTICE_VERSION,
];

/** The build's kind: the web app, the template LMS build (decision 0241), or neither. */
interface BuildMode {
  web: boolean;
  template: boolean;
}

/**
 * The course the build ships: filled for the LMS build's obra; unfilled for the web build and
 * for the template LMS build (decision 0241), which fills it at start.
 */
const shippedCourse = (built: BuildCourse, mode: BuildMode) =>
  mode.web || mode.template ? built.unfilled : built.course;

/**
 * The hash of the company the web build bundles (record 0291): the installation file's, as the
 * server hashes it for a learner of company 1 with nothing stored, so that learner fetches nothing.
 */
export function bundledCompanyHash(built: BuildCourse): string {
  const config = built.loaded.config;
  const notice = { text: dataNoticeText(config), version: dataNoticeVersion(config) };
  return learnerCompanyHash(learnerCompany(config, built.unfilled, notice));
}

/** virtual:course: the outline, the illustration sizes and the content version. */
function courseSource(c: BuildCourse['course'], unfilled: BuildCourse['unfilled']): string {
  // The introduction's illustration travels inline: it is the first screen's image.
  const outline = buildOutline(c);
  const img = outline.introduction.img;
  if (img) outline.introduction = { ...outline.introduction, inlineImg: svgDataUri(img) };
  // So are the module icons: the menu is the next screen, and inside an LMS frame each icon
  // fetched on its own left the cards blank for a second or two (record 0247).
  outline.modules = outline.modules.map((m) =>
    m.img.endsWith('.svg') ? { ...m, inlineImg: svgDataUri(m.img) } : m,
  );
  // Illustration sizes, so every <img> reserves its space (docs/decisions/0098).
  // The content version travels with each first answer to the server (web build only; an
  // unused export is dropped from the LMS build): a hash of the unfilled course (record 0125).
  return `export const outline = ${JSON.stringify(outline)};\nexport const imageSizes = ${JSON.stringify(imageSizesOf(c))};\nexport const contentVersion = ${JSON.stringify(contentVersion(unfilled))};`;
}

/** virtual:course-modules: one lazy import per module. */
function modulesSource(c: BuildCourse['course']): string {
  const cases = c.modules
    .map((m) => `  ${JSON.stringify(m.id)}: () => import(${JSON.stringify(MODULE_PREFIX + m.id)}),`)
    .join('\n');
  return `const loaders = {\n${cases}\n};\nexport function loadModule(id) {\n  const l = loaders[id];\n  return l ? l().then((m) => m.default) : Promise.reject(new Error('Módulo desconocido: ' + id));\n}`;
}

/** The source of the virtual module `real` made from the build's reading; null: a module's chunk. */
function builtSource(real: string, built: BuildCourse, mode: BuildMode): string | null {
  const { company } = built;
  const c = shippedCourse(built, mode);
  // Web build: the company and obras are the learner's, read at run time through the runtime
  // module, which starts from virtual:company-bundled (record 0291).
  if (real === COMPANY && mode.web)
    return `export { company, companyConfig } from ${JSON.stringify(LEARNER_COMPANY)};`;
  if (real === COMPANY_OBRAS && mode.web)
    return `export { obras } from ${JSON.stringify(LEARNER_COMPANY)};`;
  if (real === COMPANY_BUNDLED)
    return `export const company = ${JSON.stringify(company)};\nexport const obras = ${
      mode.web ? JSON.stringify(built.obras) : 'null'
    };\nexport const companyConfig = ${mode.web ? JSON.stringify(bundledCompanyHash(built)) : 'null'};`;
  if (real === COMPANY)
    return mode.template
      ? `import { pageCompany } from ${JSON.stringify(PAGE_OBRA)};\nexport const company = pageCompany(${JSON.stringify(company)});\nexport const companyConfig = null;`
      : `export const company = ${JSON.stringify(company)};\nexport const companyConfig = null;`;
  if (real === COMPANY_OBRAS) return 'export const obras = null;';
  if (real === DATA_NOTICE_VERSION)
    return `export const version = ${JSON.stringify(dataNoticeVersion(built.loaded.config))};`;
  if (real === DATA_NOTICE) {
    // Only the standalone app's notice screen imports it (the LMS build never reaches it):
    // docs/decisions/0125-content-version-and-data-notice.md.
    const config = built.loaded.config;
    return `export const text = ${JSON.stringify(dataNoticeText(config))};\nexport const version = ${JSON.stringify(dataNoticeVersion(config))};`;
  }
  if (real === COURSE) return courseSource(c, built.unfilled);
  if (real === MODULES) return modulesSource(c);
  return null;
}

export function contentPlugin(): Plugin {
  // Read and validated once per build (or per content change in dev), not once per virtual
  // module: the outline and every module chunk come from the same reading.
  let cached: BuildCourse | null = null;
  const mode: BuildMode = { web: false, template: false };
  const load = (fail: (msg: string) => never): BuildCourse => {
    if (!cached) {
      try {
        cached = readBuildCourse();
      } catch (e) {
        fail((e as Error).message);
      }
    }
    return cached!;
  };
  return {
    name: 'curso-sst-content',
    configResolved(config) {
      mode.web = config.mode === 'web';
      mode.template = config.mode === 'lms-template';
    },
    buildStart() {
      cached = null;
    },
    resolveId(id) {
      if (VIRTUAL_IDS.includes(id) || id.startsWith(MODULE_PREFIX)) return '\0' + id;
      return null;
    },
    load(id) {
      if (
        !id.startsWith('\0virtual:course') &&
        !id.startsWith('\0' + COMPANY) &&
        id !== '\0' + DATA_NOTICE &&
        id !== '\0' + DATA_NOTICE_VERSION
      )
        return null;
      if (id === '\0' + GLOSSARY) {
        // Validated like the rest of the content: an invalid glossary stops the build.
        const { glossary, issues, file } = readGlossary();
        this.addWatchFile(file);
        if (!glossary) this.error(`El glosario tiene errores:\n${issues.join('\n')}`);
        return `export default ${JSON.stringify(glossary)};`;
      }
      const built = load((msg) => this.error(msg));
      built.files.forEach((f) => this.addWatchFile(f));
      const real = id.slice(1);
      const source = builtSource(real, built, mode);
      if (source !== null) return source;
      const moduleId = real.slice(MODULE_PREFIX.length);
      const mod = shippedCourse(built, mode).modules.find((m) => m.id === moduleId);
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
