// The installable web app's files as the server sends them (docs/decisions/0140): the service
// worker revalidated on every check (no-cache) so a new version is found at once, at the root so
// its scope is the whole app; the manifest with its MIME type; a CSP that lets both load.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testApp, type TestDb } from './test-support.ts';

describe('service worker and manifest', () => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    const webDir = mkdtempSync(join(tmpdir(), 'curso-web-pwa-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html lang="es"><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div></html>',
    );
    writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(webDir, 'workbox-9c191d2f.js'), 'define([], () => {});');
    writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"Curso","start_url":"/"}');
    app = await testApp(t.db, { webDir, lmsPreviewDir: null });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('sw.js: JavaScript, never cached without revalidation, allowed as a worker by the CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ method: 'GET', url: '/menu' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    // The manifest falls under default-src 'self' (no manifest-src narrower than that).
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/manifest-src 'none'/);
  });

  it('the workbox runtime the worker imports is revalidated too (its name is not a Vite hash)', async () => {
    const response = await app.inject({ method: 'GET', url: '/workbox-9c191d2f.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('manifest.webmanifest: application/manifest+json', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toMatchObject({ start_url: '/' });
  });
});
