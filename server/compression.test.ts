// What a phone on a slow link receives (record 0275): the web build's files in the brotli or
// gzip copy the build made, by Accept-Encoding, with Vary and their own length and ETag; the
// API's and the console's larger answers compressed as they leave; PDFs and zips as they are.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../course-files/precompress.ts';
import { openTestDb, signedInLearner, testApp, type TestDb } from './test-support.ts';

const INDEX = `<!doctype html><html lang="es"><head><title>Curso SST</title></head><body>${'<p>Bienvenido al curso de seguridad en la obra.</p>'.repeat(200)}</body></html>`;
const MAIN = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `pantalla ${i}: use el casco`))};`;
// Not text: what the build never compresses and the server never encodes.
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20)]);

const decoded = (r: LightMyRequestResponse) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.rawPayload).toString()
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.rawPayload).toString()
      : r.rawPayload.toString();

describe('compressed answers', () => {
  let t: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    const webDir = mkdtempSync(join(tmpdir(), 'curso-web-compressed-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), INDEX);
    writeFileSync(join(webDir, 'assets', 'index-AbCd1234.js'), MAIN);
    writeFileSync(join(webDir, 'assets', 'guia-AbCd1234.pdf'), PDF);
    writeFileSync(join(webDir, 'assets', 'paquete.zip'), PDF);
    await precompressDir(webDir);
    app = await testApp(t.db, { webDir, lmsPreviewDir: null });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the app page and its main script in brotli when asked, gzip when only that is', async () => {
    for (const url of ['/', '/entrar', '/assets/index-AbCd1234.js']) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(br), url).toBe(url.endsWith('.js') ? MAIN : INDEX);
      expect(br.rawPayload.length, url).toBeLessThan((url.endsWith('.js') ? MAIN : INDEX).length);
      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(decoded(gzip), url).toBe(url.endsWith('.js') ? MAIN : INDEX);
    }
    const script = await get('/assets/index-AbCd1234.js', 'br');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(script.headers['content-length'])).toBe(script.rawPayload.length);
  });

  it('sends them plain to a client that asks for no encoding, with a different ETag', async () => {
    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(MAIN);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(MAIN));
    const br = await get('/assets/index-AbCd1234.js', 'br');
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const page = await get('/', 'identity');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toBe(INDEX);
  });

  it('sends a PDF and a zip as they are, even when the client takes brotli', async () => {
    for (const url of ['/assets/guia-AbCd1234.pdf', '/assets/paquete.zip']) {
      const r = await get(url, 'br, gzip');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBeUndefined();
      expect(r.rawPayload.equals(PDF), url).toBe(true);
    }
  });

  it("compresses the console's pages and the API's larger answers as they leave", async () => {
    const page = await get('/consola/ingresar', 'gzip, deflate, br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(page)).toMatch(/<form/);

    const { client } = await signedInLearner(app, t.db, { document: '7070707070' });
    const plain = await client.post('me');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await client.post('me', undefined, { 'accept-encoding': 'gzip' });
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(packed))).toEqual(plain.json());
  });

  it('leaves small answers plain', async () => {
    const small = await get('/api/v1/no-existe', 'br');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
