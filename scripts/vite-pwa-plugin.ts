// The standalone web build as an installable, offline-first app
// (docs/decisions/0140-installable-offline-web-app.md): a web app manifest and a Workbox service
// worker (vite-plugin-pwa, generateSW) that precaches the whole course — HTML, JS chunks,
// illustrations, glossary — on the first visit. Web build only: the SCORM build never gets a
// manifest nor a service worker (an LMS owns its pages; a worker there would outlive the course).
//
// The worker is registered by the app itself, after the first paint (src/app/pwa/), and a new
// version waits until the app tells it a moment is safe (decision 0140): no skipWaiting here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readCourse, ROOT } from '../course-files/read-content.ts';
import { ACTIVITY_TYPES, TOPIC_SCREEN_TYPES } from '../src/domain/registry/index.ts';
import { routeSegment } from '../src/domain/progress/navigation.ts';

const ICON_DIR = join(ROOT, 'pwa');
const ICONS = [192, 512].map((size) => ({ size, file: `icons/icon-${size}.png` }));

/** A design token's value from src/ui/theme.css (the theme colour follows the palette). */
export function themeToken(
  name: string,
  css = readFileSync(join(ROOT, 'src/ui/theme.css'), 'utf8'),
) {
  const match = new RegExp(`${name}\\s*:\\s*(#[0-9a-fA-F]{3,8})`).exec(css);
  if (!match?.[1]) throw new Error(`theme.css: falta el color ${name}`);
  return match[1];
}

/**
 * Paths the app itself answers (history routing): a navigation to one of them is served the
 * cached index.html when offline. Everything else the server answers (API, certificates,
 * /verificar, the LMS preview, any server page added later) always goes to the network.
 */
export function appRoutePatterns(): RegExp[] {
  const segments = [...TOPIC_SCREEN_TYPES, ...ACTIVITY_TYPES].map((t) => routeSegment(t));
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Workbox matches the path with its query: a company's address (`?empresa=<slug>`, record
  // 0288) is the same page, served from the cache offline too.
  const company = '(\\?empresa=[a-z0-9-]{1,40})?';
  return [
    new RegExp(`^\\/${company}$`),
    new RegExp(`^\\/(auth\\/login|entrar|introduccion|menu|error-500|porteria)\\/?${company}$`),
    new RegExp(`^\\/(${segments.map(escape).join('|')})\\/[^/.]+\\/?$`),
  ];
}

/** The manifest's identity, from course.json (decision record 0034). */
export function manifestIdentity() {
  const { course } = readCourse();
  if (!course) throw new Error('pwa: el contenido del curso tiene errores');
  return {
    name: course.title,
    short_name: course.shortName ?? course.title,
    description: course.package.description,
  };
}

/**
 * Emits the PNG icons (pwa/icon-*.png, made by scripts/make-pwa-icons.ts) into the web build and
 * gives its index.html the theme colour and the icon iOS uses on the home screen.
 */
function iconsPlugin(theme: string): Plugin {
  return {
    name: 'curso-sst-pwa-icons',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'theme-color', content: theme }, injectTo: 'head' },
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
        injectTo: 'head',
      },
    ],
    generateBundle() {
      for (const { size, file } of ICONS)
        this.emitFile({
          type: 'asset',
          fileName: file,
          source: readFileSync(join(ICON_DIR, `icon-${size}.png`)),
        });
    },
  };
}

export function pwaPlugins(): Plugin[] {
  const theme = themeToken('--c-brand');
  return [
    iconsPlugin(theme),
    ...VitePWA({
      // The app registers the worker itself (lazily, after the first paint): nothing injected.
      injectRegister: false,
      registerType: 'prompt',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        ...manifestIdentity(),
        id: '/',
        lang: 'es',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: theme,
        background_color: themeToken('--c-bg'),
        icons: [
          ...ICONS.map(({ size, file }) => ({
            src: `/${file}`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'any',
          })),
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole course: every chunk (screens, quizzes, each module's content, the glossary,
        // «Escuchar»), its CSS, the illustrations, the icons (the manifest is added by the plugin).
        globPatterns: ['**/*.{html,js,css,svg,png,webp,woff2,json}'],
        // Not the browser-made PDF certificate (1.2 MB, with its font): the standalone app never
        // loads it — its certificates are issued by the server (decision 0020) — and a first visit
        // on a weak link should not download it.
        globIgnores: ['**/.config-*.json', 'assets/certificate-*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: appRoutePatterns(),
        // Vite's hashed names already bust caches: no revision query for them.
        dontCacheBustURLsMatching: /^assets\/.+-[A-Za-z0-9_-]{6,}\.\w+$/,
        cleanupOutdatedCaches: true,
        // First visit: the page becomes controlled at once (nothing older to mix with). A new
        // version waits for SKIP_WAITING from the app (decision 0140).
        clientsClaim: true,
        skipWaiting: false,
        // No runtime caching — the API, the certificate PDFs and server pages never enter a
        // cache — except the gate page's public keys (decision 0243): network first, the last
        // answer when there is no signal (a gate often has none).
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('/gate-keys'),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'gate-keys',
              networkTimeoutSeconds: 5,
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        sourcemap: false,
        mode: 'production',
      },
    }),
  ];
}
