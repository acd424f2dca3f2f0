// The web build's manifest and service-worker settings (docs/decisions/0140): its identity from
// course.json, its colour from the design tokens, offline navigation only for the app's own
// paths — and none of it in the SCORM build.
import { describe, expect, it } from 'vitest';
import type { Plugin, UserConfig } from 'vite';
import viteConfig from '../vite.config.ts';
import { readCourse } from '../course-files/read-content.ts';
import { appRoutePatterns, manifestIdentity, themeToken } from './vite-pwa-plugin.ts';

const pluginNames = (mode: string) => {
  const config = (viteConfig as (env: { mode: string; command: 'build' }) => UserConfig)({
    mode,
    command: 'build',
  });
  return (config.plugins ?? []).flat().map((p) => (p as Plugin).name);
};

describe('web app manifest and service worker', () => {
  it('only the web build has them', () => {
    expect(pluginNames('web')).toContain('vite-plugin-pwa');
    expect(pluginNames('web')).toContain('curso-sst-pwa-icons');
    expect(pluginNames('lms').filter((n) => /pwa/.test(n))).toEqual([]);
  });

  it('names the app from course.json, in Spanish', () => {
    const { course } = readCourse();
    const identity = manifestIdentity();
    expect(identity.name).toBe(course!.title);
    expect(identity.short_name).toBe(course!.shortName);
    expect(identity.short_name.length).toBeLessThanOrEqual(20);
    expect(identity.description).toBe(course!.package.description);
  });

  it('takes its theme colour from the design tokens', () => {
    expect(themeToken('--c-brand', ':root { --c-brand: #0b4f6c; }')).toBe('#0b4f6c');
    expect(() => themeToken('--c-missing', ':root {}')).toThrow(/--c-missing/);
  });

  it('serves the cached app offline for its own paths only, never for the server’s', () => {
    const patterns = appRoutePatterns();
    const isApp = (path: string) => patterns.some((p) => p.test(path));
    for (const path of [
      '/',
      '/auth/login',
      // «No soy yo» opens the code form there (record 0274), signal or none.
      '/entrar',
      '/porteria',
      '/introduccion',
      '/menu',
      '/contenido/modulo1-tema1',
      '/lista3/modulo3-tema2',
      '/seleccionar-pregunta/modulo2-actividad',
      '/arrastra-la-pregunta/modulo1-actividad',
      // A company's address (record 0288): the same pages, offline too.
      '/?empresa=constructora-beta',
      '/entrar?empresa=beta',
      '/porteria?empresa=beta',
    ])
      expect(isApp(path), path).toBe(true);
    for (const path of [
      '/api/v1/me',
      '/certificados/abc.pdf',
      '/verificar/ABC123',
      '/verificar',
      '/lms-preview/',
      '/consola',
      '/contenido/x.js',
      '/sw.js',
      '/?otra=cosa',
      '/consola?empresa=beta',
    ])
      expect(isApp(path), path).toBe(false);
  });
});
