// Two builds from one code base (decision 0001):
//   vite build --mode lms  -> dist/lms  (hash routing, relative paths: runs from any LMS folder)
//   vite build --mode web  -> dist/web  (history routing, served by our server at /; installable
//                                        and offline-first: manifest + service worker, decision 0140)
//   vite build --mode lms-template -> dist/lms-template (the LMS build left unfilled, filled at start
//                                        from index.html: the server's per-obra zips, decision 0241)
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './scripts/vite-content-plugin.ts';
import { entryPlugin, htmlPlugin } from './scripts/vite-html-plugin.ts';
import { distRoot } from './scripts/lib/build-config.ts';
import { pwaPlugins } from './scripts/vite-pwa-plugin.ts';

export default defineConfig(({ mode }) => {
  const target = mode === 'web' ? 'web' : 'lms';
  const template = mode === 'lms-template';
  return {
    base: target === 'lms' ? './' : '/',
    plugins: [
      react(),
      // One entry per build (decision 0207): src/app/main-lms.tsx or src/app/main-web.tsx.
      entryPlugin(template ? 'lms-template' : target),
      contentPlugin(),
      htmlPlugin(),
      // The SCORM build never gets a manifest nor a service worker.
      ...(target === 'web' ? pwaPlugins() : []),
    ],
    build: {
      // CURSO_DIST_DIR: tests build each configuration into its own temp folder.
      outDir: `${distRoot()}/${template ? 'lms-template' : target}`,
      emptyOutDir: true,
      target: 'es2020',
      sourcemap: false,
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      reportCompressedSize: false,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically goes into the entry chunk (record 0276).
          // Left alone, Rolldown split the modules the entry shares with the lazy chunks (React,
          // the dialog, the menu, the acceptance offer…) into five chunks of their own: five
          // more requests before the first screen could start, on a throttled link sharing it
          // with the page, and the gzip of six files weighs more than one. Their stylesheets
          // were then files too, fetched again after the paint though already inline.
          codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        },
      },
    },
    server: { host: '127.0.0.1' },
  };
});
