// Errors from Fastify's and Node's own paths (decision 0019): Spanish message, right status and the
// security headers — bad URL encoding, folders, malformed HTTP over a raw socket, slow bodies —
// and /verificar answering a page even with the database down.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDb, testApp, type TestDb } from './test-support.ts';
import { MESSAGES } from './messages.ts';
import type { Db } from './db/db.ts';

const HOOK_TIMEOUT = 120_000;

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toMatch(/default-src/);
  expect(headers['content-security-policy']).toMatch(/frame-ancestors/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBeDefined();
}

/** Sends raw bytes and resolves with everything the server answers before closing. */
function raw(port: number, request: string | Buffer, keepOpenMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    socket.write(request);
    if (keepOpenMs === 0) socket.end();
  });
}

function parseRaw(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('framework error paths', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    const web = mkdtempSync(join(tmpdir(), 'curso-sst-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>x</title>');
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'app-abcdef12.js'), 'console.log(1)');
    mkdirSync(join(web, 'img'));
    writeFileSync(join(web, 'img', 'logo.svg'), '<svg/>');
    app = await testApp(t.db, { webDir: web, requestTimeoutMs: 1000 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it.each(['/api/v1/%ff', '/assets/%ff', '/img/%e0%80.svg', '/%ff'])(
    'answers %s (bad percent-encoding) 400 in Spanish JSON with the security headers',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: MESSAGES.badUrl });
      expectSecurityHeaders(response.headers);
    },
  );

  it('answers /verificar/%ff with a Spanish page', async () => {
    const response = await app.inject({ method: 'GET', url: '/verificar/%ff' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain(MESSAGES.badUrl);
    expectSecurityHeaders(response.headers);
  });

  it.each(['/assets/', '/img/'])('answers GET %s (a folder) 404, not 400', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: MESSAGES.notFound });
    expectSecurityHeaders(response.headers);
  });

  it('answers oversized headers 431 in Spanish with the security headers', async () => {
    const answer = parseRaw(
      await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: MESSAGES.headersTooLarge });
    expectSecurityHeaders(answer.headers);
  });

  it.each([
    [
      'conflicting Content-Length',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello',
    ],
    [
      'Content-Length with chunked',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'bad chunk size',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
    ],
    ['garbage request line', 'HELLO\r\n\r\n'],
  ])('answers %s 400 in Spanish with the security headers', async (_name, request) => {
    const answer = parseRaw(await raw(port, request));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: MESSAGES.badRequest });
    expectSecurityHeaders(answer.headers);
  });

  it('answers a body that stops arriving 408 in Spanish (request timeout)', async () => {
    // A valid XSRF pair, so the call waits for its body instead of failing at once with 419.
    const xsrf = (await app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' })).cookies.find(
      (c) => c.name === 'XSRF-TOKEN',
    )!.value;
    const answer = parseRaw(
      await raw(
        port,
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nCookie: XSRF-TOKEN=${xsrf}\r\nX-XSRF-TOKEN: ${xsrf}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"doc`,
        1,
      ),
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: MESSAGES.requestTimeout });
    expectSecurityHeaders(answer.headers);
  }, 20_000);
});

describe('/verificar with the database down', () => {
  it('answers a Spanish page (503), not JSON', async () => {
    const down: Db = {
      query: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
      transaction: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
      close: async () => {},
    } as unknown as Db;
    const app = await testApp(down);
    try {
      const response = await app.inject({ method: 'GET', url: '/verificar/SST-K7QM-2XPA-9RTW' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Servicio no disponible');
      expect(response.body).not.toMatch(/ECONNREFUSED|5432/);
      expectSecurityHeaders(response.headers);
    } finally {
      await app.close();
    }
  });
});
