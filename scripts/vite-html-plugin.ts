// Build-time work on index.html for a fast first screen on a slow site-office link
// (decisions 0012 and 0013; budgets in decision 0024, figures in README "Rendimiento"):
//   - the entry CSS is inlined: no render-blocking request before the first paint;
//   - LMS build: an inline script finds the LMS and calls Initialize while the app's JavaScript
//     is still downloading (src/tracking/scorm/early-init.ts);
//   - LMS build: the static first screen is the real introduction (title, illustration, text),
//     in the app's own markup, so the first paint is the content the learner came for.
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { readCourse, ROOT } from '../course-files/read-content.ts';
import { readBuildCourse } from './lib/build-config.ts';
import { svgDataUri } from './lib/svg-data-uri.ts';
import { svgSize } from './lib/svg-size.ts';
import { es } from '../src/strings/es.ts';

const STATIC_START = '<!--static-screen-->';
const STATIC_END = '<!--/static-screen-->';

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The introduction's «Siguiente» as a real link (hash routing): it works before the app has
 * started — the click sets #/menu and the app, once it starts, opens there
 * (docs/decisions/0098-no-screen-waits-on-the-network.md).
 */
const STATIC_NEXT =
  '<nav class="page-nav" aria-label="Navegación de la página"><a class="btn btn-primary btn-next" href="#/menu">Siguiente<span aria-hidden="true">→</span></a></nav>';

const sizeAttrs = (img: string) => {
  const size = svgSize(img);
  return size ? ` width="${size[0]}" height="${size[1]}"` : '';
};

/**
 * The header as the app draws it on the introduction — same markup, so the same height at every
 * width: the title (long or short, by the space there is), and the menu button, the score and the
 * screens-seen row kept in place but not shown (they are the app's to fill: a resumed learner's
 * score is not known yet). When the app takes over nothing below the header moves.
 */
function staticHeader(header: string): string {
  const reserved = 'aria-hidden="true" style="visibility:hidden"';
  return `<header class="shell-header"><div class="shell-header-inner"><div class="side-menu" ${reserved}><span class="side-menu-toggle"></span></div><div class="shell-title"><span class="shell-course"><span class="shell-course-long">${escapeText(header)}</span><span class="shell-course-short">${escapeText(es.headerShort)}</span></span></div><div class="shell-progress" ${reserved}><span class="shell-progress-text">${escapeText(es.progress(0))}</span><div class="shell-progress-bar"></div></div><div class="shell-screens" ${reserved}><div class="shell-screens-bar"></div><span class="shell-screens-text">&nbsp;</span></div></div></header>`;
}

/** Mirrors the markup of src/features/shell/layout.tsx + src/features/menu/intro-page.tsx. */
function staticIntroduction(): string {
  // The content plugin has already stopped the build on a content or configuration error.
  let course;
  try {
    course = readBuildCourse().course;
  } catch {
    return '';
  }
  const intro = course.introduction;
  const img = intro.img
    ? `<img class="intro-img" src="${svgDataUri(intro.img)}" alt="${escapeAttr(intro.alt ?? '')}"${sizeAttrs(intro.img)}>`
    : '';
  return `<div class="shell">${staticHeader(course.header)}<main class="shell-main"><div class="page intro-page"><h1 class="page-title">${escapeText(intro.title)}</h1><div class="card intro-card">${img}<div class="intro-text">${intro.text}</div></div>${STATIC_NEXT}</div></main></div>`;
}

async function earlyInitScript(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      target: 'es2019',
      lib: {
        entry: join(ROOT, 'src', 'tracking', 'scorm', 'early-init-entry.ts'),
        formats: ['iife'],
        name: 'cursoSstEarlyInit',
      },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  for (const o of outputs)
    if ('output' in o)
      for (const chunk of o.output) if (chunk.type === 'chunk') return chunk.code.trim();
  throw new Error('early-init: no se generó el script');
}

/**
 * Each build has its own entry (decision 0207): index.html names `__APP_ENTRY__`, and this
 * plugin points it at src/app/main-lms.tsx or src/app/main-web.tsx before Vite reads the page.
 */
export function entryPlugin(target: 'lms' | 'web'): Plugin {
  return {
    name: 'curso-sst-entry',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('/src/app/__APP_ENTRY__.tsx', `/src/app/main-${target}.tsx`),
    },
  };
}

export function htmlPlugin(): Plugin {
  let target: 'lms' | 'web' = 'lms';
  let isBuild = false;
  return {
    name: 'curso-sst-html',
    configResolved(config) {
      target = config.mode === 'web' ? 'web' : 'lms';
      isBuild = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        // Title, description and header come from course.json (decision record 0034).
        const { course } = readCourse();
        let out = course
          ? html
              .replaceAll('__COURSE_TITLE__', escapeAttr(course.title))
              .replaceAll('__COURSE_HEADER__', escapeAttr(course.header))
              .replaceAll('__COURSE_DESCRIPTION__', escapeAttr(course.package.description))
          : html;
        if (target === 'lms') {
          const start = out.indexOf(STATIC_START);
          const end = out.indexOf(STATIC_END);
          if (start >= 0 && end > start)
            out = out.slice(0, start) + staticIntroduction() + out.slice(end + STATIC_END.length);
          if (isBuild)
            out = out.replace(
              '</title>',
              `</title>\n    <script>${await earlyInitScript()}</script>`,
            );
        }
        if (!ctx.bundle) return out;
        // Inline the entry stylesheet(s) and drop them from the bundle.
        return out.replace(
          /<link rel="stylesheet"[^>]*href="\.?\/?(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (!asset || asset.type !== 'asset') return tag;
            delete ctx.bundle![file];
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}
