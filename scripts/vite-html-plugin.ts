// Build-time work on index.html for a fast first screen on a slow site-office link
// (decisions 0012 and 0013; budgets in decision 0024, figures in README "Rendimiento"):
//   - the entry CSS is inlined: no render-blocking request before the first paint;
//   - LMS build: an inline script after the static screen finds the LMS and calls Initialize
//     while the app's JavaScript is still downloading (src/tracking/scorm/early-init.ts);
//   - LMS build: the static first screen is the real introduction (title, illustration, text),
//     in the app's own markup, so the first paint is the content the learner came for.
//     The template LMS build keeps it unfilled between markers, after an empty JSON block of
//     the obra's values: the server fills both per obra (decision 0241).
import { join } from 'node:path';
import { build, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { readCourse, ROOT } from '../course-files/read-content.ts';
import { readBuildCourse } from './lib/build-config.ts';
import { bundledCompanyHash } from './vite-content-plugin.ts';
import { svgDataUri } from './lib/svg-data-uri.ts';
import { svgSize } from './lib/svg-size.ts';
import { es } from '../src/strings/es.ts';
import { esInvitation } from '../src/strings/es-invitation.ts';
import { esDataNotice } from '../src/strings/es-data-notice.ts';
import { dataNoticeText, dataNoticeVersion } from '../src/domain/config/data-notice.ts';
import type { FirstScreenTexts } from '../src/app/first-screen/shared.ts';
import {
  EMPTY_OBRA_BLOCK,
  OBRA_STATIC_END,
  OBRA_STATIC_START,
} from '../src/domain/content/obra-template.ts';

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
function staticHeader(header: string, moduleCount: number): string {
  const reserved = 'aria-hidden="true" style="visibility:hidden"';
  return `<header class="shell-header"><div class="shell-header-inner"><div class="side-menu" ${reserved}><span class="side-menu-toggle"></span></div><div class="shell-title"><span class="shell-course"><span class="shell-course-long">${escapeText(header)}</span><span class="shell-course-short">${escapeText(es.headerShort)}</span></span></div><div class="shell-progress" ${reserved}><span class="shell-progress-text">${escapeText(es.modulesDone(0, moduleCount))}</span><div class="shell-progress-bar"></div></div><div class="shell-screens" ${reserved}><div class="shell-screens-bar"></div><span class="shell-screens-text">&nbsp;</span></div></div></header>`;
}

/**
 * Mirrors the markup of src/features/shell/layout.tsx + src/features/menu/intro-page.tsx. The
 * template build (decision 0241) keeps the placeholders: the server fills them per obra.
 */
function staticIntroduction(template: boolean): string {
  // The content plugin has already stopped the build on a content or configuration error.
  let course;
  try {
    const built = readBuildCourse();
    course = template ? built.unfilled : built.course;
  } catch {
    return '';
  }
  const intro = course.introduction;
  const img = intro.img
    ? `<img class="intro-img" src="${svgDataUri(intro.img)}" alt="${escapeAttr(intro.alt ?? '')}"${sizeAttrs(intro.img)}>`
    : '';
  return `<div class="shell">${staticHeader(course.header, course.modules.length)}<main class="shell-main"><div class="page intro-page"><h1 class="page-title">${escapeText(intro.title)}</h1><div class="card intro-card">${img}<div class="intro-text">${intro.text}</div></div>${STATIC_NEXT}</div></main></div>`;
}

/**
 * The web build's static first screen (decision 0234): the sign-in form, which the inline
 * script turns into the invitation form on /entrar, the data notice it shows after a sign-in
 * answered before the app arrived, and the loading text for everyone already signed in. Mirrors
 * src/features/auth/login-page.tsx, invitation-page.tsx and data-notice/data-notice-page.tsx.
 */
function staticWebScreens(title: string, header: string): string {
  let notice = '';
  try {
    notice = dataNoticeText(readBuildCourse().loaded.config);
  } catch {
    // The content plugin has already stopped the build on a configuration error.
  }
  const t = escapeText;
  const s = es.signIn;
  const i = esInvitation;
  const n = esDataNotice;
  const paragraphs = notice
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${t(p)}</p>`)
    .join('');
  const field = (name: string, label: string, hint: string | null, input: string, hidden = false) =>
    `<div class="login-field" id="first-screen-${name}-field"${hidden ? ' hidden' : ''}><label id="first-screen-${name}-label" for="first-screen-${name}">${t(label)}</label><input id="first-screen-${name}" name="${name}" required ${input}${hint ? ` aria-describedby="first-screen-${name}-hint"` : ''}>${hint ? `<p id="first-screen-${name}-hint" class="login-hint">${t(hint)}</p>` : ''}</div>`;
  const loading = `<div id="first-screen-loading" hidden><header class="boot-header">${t(header)}</header><main class="boot-main"><h1>${t(title)}</h1><p>Cargando el curso…</p></main></div>`;
  const form = `<main class="login-page centred-page" id="first-screen-form"><form class="login-card centred-card" id="first-screen-form-card" method="post" novalidate aria-labelledby="first-screen-title"><p class="login-subtitle">${t(title)}</p><h1 id="first-screen-title" class="login-title">${t(s.title)}</h1><p class="login-hint" id="first-screen-intro" hidden></p>${field('document', s.identifierLabel, s.identifierHint, 'type="text" autocomplete="username" autocapitalize="none" spellcheck="false"')}${field('password', s.passwordLabel, null, 'type="password" autocomplete="current-password"')}${field('code', i.codeLabel, i.codeHint, 'type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false"', true)}<div class="login-message" id="first-screen-message" role="alert" aria-live="assertive" aria-atomic="true"></div><button type="submit" class="login-submit" id="first-screen-submit">${t(s.submit)}</button><p class="login-links"><a href="/" id="first-screen-to-password" hidden>${t(i.withPassword)}</a><a href="/entrar#codigo" id="first-screen-to-code">${t(s.withCode)}</a></p><noscript><p class="login-error">${t(i.noScript)}</p></noscript></form></main>`;
  const dataNotice = `<main class="notice-page centred-page" id="first-screen-notice" hidden><section class="notice-card centred-card" id="first-screen-notice-card" aria-labelledby="first-screen-notice-title"><p class="notice-subtitle">${t(title)}</p><h1 id="first-screen-notice-title" class="notice-title" tabindex="-1">${t(n.title)}</h1><p class="notice-intro">${t(n.intro)}</p><div class="notice-text">${paragraphs}</div><div class="notice-message" role="alert" aria-live="assertive" aria-atomic="true"></div><div class="notice-actions"><button type="button" class="notice-accept" id="first-screen-accept">${t(n.accept)}</button><button type="button" class="notice-leave" id="first-screen-leave">${t(n.leave)}</button></div></section></main>`;
  return loading + form + dataNotice;
}

function firstScreenTexts(apiBase: string, recaptcha: boolean): FirstScreenTexts {
  const s = es.signIn;
  const i = esInvitation;
  return {
    apiBase,
    recaptcha,
    linkTitle: i.linkTitle,
    linkIntro: i.linkIntro,
    codeTitle: i.codeTitle,
    codeIntro: i.codeIntro,
    documentLabel: i.documentLabel,
    documentHint: i.documentHint,
    signInSubmit: s.submit,
    signInSubmitting: s.submitting,
    invitationSubmit: i.submit,
    invitationSubmitting: i.submitting,
    identifierRequired: s.identifierRequired,
    passwordRequired: s.passwordRequired,
    documentRequired: i.documentRequired,
    codeRequired: i.codeRequired,
    wrongCredentials: s.wrongCredentials,
    network: s.network,
    server: s.server,
    expired: s.expired,
    accepting: esDataNotice.accepting,
    noticeVersion: noticeVersionOfBuild(),
    companyConfig: companyHashOfBuild(),
  };
}

/** The hash of the company the build bundles (record 0291): another's learner skips the notice. */
function companyHashOfBuild(): string {
  try {
    return bundledCompanyHash(readBuildCourse());
  } catch {
    return '';
  }
}

/** The version «Acepto» on the static notice records (the app's virtual:data-notice-version). */
function noticeVersionOfBuild(): string {
  try {
    return dataNoticeVersion(readBuildCourse().loaded.config);
  } catch {
    // The content plugin has already stopped the build on a configuration error.
    return '';
  }
}

/** An inline script of the page: a small IIFE built from `entry` (es2019, minified). */
async function inlineScript(entry: string, name: string): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      target: 'es2019',
      lib: { entry, formats: ['iife'], name },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  for (const o of outputs)
    if ('output' in o)
      for (const chunk of o.output) if (chunk.type === 'chunk') return chunk.code.trim();
  throw new Error(`${name}: no se generó el script`);
}

/**
 * Each build has its own entry (decision 0207): index.html names `__APP_ENTRY__`, and this
 * plugin points it at src/app/main-lms.tsx or src/app/main-web.tsx before Vite reads the page.
 */
export function entryPlugin(target: 'lms' | 'web' | 'lms-template'): Plugin {
  return {
    name: 'curso-sst-entry',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('/src/app/__APP_ENTRY__.tsx', `/src/app/main-${target}.tsx`),
    },
  };
}

/** Where the static screen sits in `html`, its markers included; null without them. */
function staticSpan(html: string): { start: number; end: number } | null {
  const start = html.indexOf(STATIC_START);
  const end = html.indexOf(STATIC_END);
  return start >= 0 && end > start ? { start, end: end + STATIC_END.length } : null;
}

/** LMS build: the static introduction, and (built) the inline early Initialize script. */
async function lmsPage(html: string, template: boolean, isBuild: boolean): Promise<string> {
  // The template's index.html is written per obra by the server (decision 0241): the
  // obra's values go into the JSON block, and its static introduction, kept between
  // markers, is filled with them (src/domain/content/obra-template.ts).
  const span = staticSpan(html);
  const out = span
    ? html.slice(0, span.start) +
      (template
        ? `${EMPTY_OBRA_BLOCK}${OBRA_STATIC_START}${staticIntroduction(true)}${OBRA_STATIC_END}`
        : staticIntroduction(false)) +
      html.slice(span.end)
    : html;
  if (!isBuild) return out;
  // After the static screen, not in <head> (record 0284): the parser has the whole introduction
  // before the script runs, so a frame painted while Initialize is under way already shows it,
  // and nothing runs before the page's content is known. Initialize is still called while the
  // app's script downloads.
  return out.replace(
    '</body>',
    `  <script>${await inlineScript(join(ROOT, 'src', 'tracking', 'scorm', 'early-init-entry.ts'), 'cursoSstEarlyInit')}</script>\n  </body>`,
  );
}

/** Web build: the static sign-in, invitation and notice screens, their texts and script. */
async function webPage(
  html: string,
  course: { title: string; header: string },
  texts: FirstScreenTexts,
  isBuild: boolean,
): Promise<string> {
  const span = staticSpan(html);
  if (!span) return html;
  // The texts as a data block (CSP does not apply to it), then the script, which runs
  // before the first paint (decision 0234).
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  const script = isBuild
    ? `<script>${await inlineScript(join(ROOT, 'src', 'app', 'first-screen', 'first-screen-entry.ts'), 'cursoSstFirstScreen')}</script>`
    : '';
  return (
    html.slice(0, span.start) +
    staticWebScreens(course.title, course.header) +
    `<script type="application/json" id="first-screen-texts">${json}</script>` +
    script +
    html.slice(span.end)
  );
}

/** Inlines the entry stylesheet(s) and drops them from the bundle. */
function inlineEntryCss(
  html: string,
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\.?\/?(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const asset = bundle[file];
      if (!asset || asset.type !== 'asset') return tag;
      // Only the entry's own stylesheet leaves the bundle. A stylesheet of a chunk that lazy
      // chunks share (the dialog's) is also in their preload lists: it stays a file, or
      // their import fails on a missing CSS (decision 0229).
      if (/^assets\/index-/.test(file)) delete bundle[file];
      return `<style>${String(asset.source)}</style>`;
    },
  );
}

export function htmlPlugin(): Plugin {
  let target: 'lms' | 'web' = 'lms';
  let template = false;
  let isBuild = false;
  let apiBase = '/api/v1';
  let recaptcha = false;
  return {
    name: 'curso-sst-html',
    configResolved(config) {
      target = config.mode === 'web' ? 'web' : 'lms';
      template = config.mode === 'lms-template';
      isBuild = config.command === 'build';
      apiBase = (config.env.VITE_API_BASE || '/api/v1').replace(/\/+$/, '');
      recaptcha = Boolean(config.env.VITE_RECAPTCHA_SITE_KEY);
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
        if (target === 'lms') out = await lmsPage(out, template, isBuild);
        if (target === 'web' && course)
          out = await webPage(out, course, firstScreenTexts(apiBase, recaptcha), isBuild);
        return ctx.bundle ? inlineEntryCss(out, ctx.bundle) : out;
      },
    },
  };
}
