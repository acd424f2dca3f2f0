// The CLI checks that the process at the channel file's URL is the server that wrote the file
// before sending anything (decision 0186): a stale file whose URL now belongs to another process
// gets a hello with a nonce, never the token, the command or its password.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forwardUsers } from './forward.ts';
import { ADMIN_FILE } from '../console/admin-file.ts';

describe('admin channel proof', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'curso-channel-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends nothing to a process that cannot prove it holds the token', async () => {
    const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
    const impostor = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', headers: request.headers, body });
        response.setHeader('content-type', 'application/json');
        // It answers as a server would, with a proof made under some other token.
        response.end(JSON.stringify({ success: true, proof: 'x'.repeat(43), code: 0, lines: [] }));
      });
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const address = impostor.address() as { port: number };
    // A stale file: the pid is alive (this process), the URL is the impostor's.
    writeFileSync(
      join(dataDir, ADMIN_FILE),
      JSON.stringify({
        pid: process.pid,
        url: `http://127.0.0.1:${address.port}/`,
        token: 'T'.repeat(43),
      }),
    );
    const err: string[] = [];
    const io = { out: () => {}, err: (line: string) => err.push(line) };
    try {
      const code = await forwardUsers(
        ['add', '--document', '90000001', '--name', 'Ana Pérez', '--password', 'clave-secreta-99'],
        io,
        { DATA_DIR: dataDir } as NodeJS.ProcessEnv,
      );
      expect(code).toBe(1);
    } finally {
      await new Promise<void>((resolve) => impostor.close(() => resolve()));
    }
    expect(err.join('\n')).toContain('no es el servidor de esta carpeta de datos');
    expect(seen.map((s) => s.url)).toEqual(['/consola/cli/hola']);
    const sent = JSON.stringify(seen);
    expect(sent).not.toContain('clave-secreta-99');
    expect(sent).not.toContain('T'.repeat(43));
    expect(seen[0]!.headers['x-curso-admin']).toBeUndefined();
  });
});

// Record 0266: a channel file another user wrote names their process and their token, so the
// proof holds; only the file's owner and mode tell. The CLI checks them before reading it.
describe('admin channel file not ours', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A process that answers as a server would, with a proof under the token it planted. */
  async function plantedServer(token: string) {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(`${request.url} ${body}`);
        response.setHeader('content-type', 'application/json');
        const nonce = (JSON.parse(body || '{}') as { nonce?: string }).nonce ?? '';
        const proof = createHmac('sha256', token)
          .update(`curso-sst-admin:${nonce}`)
          .digest('base64url');
        response.end(
          JSON.stringify({
            success: true,
            proof,
            code: 0,
            lines: [{ stream: 'out', text: 'Usuario creado' }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    return {
      seen,
      url: `http://127.0.0.1:${port}/`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  async function forwardWith(prepare: (dataDir: string, file: string) => boolean) {
    const dataDir = mkdtempSync(join(tmpdir(), 'curso-channel-'));
    dirs.push(dataDir);
    const token = 'P'.repeat(43);
    const planted = await plantedServer(token);
    const file = join(dataDir, ADMIN_FILE);
    writeFileSync(file, JSON.stringify({ pid: process.pid, url: planted.url, token }), {
      mode: 0o600,
    });
    if (!prepare(dataDir, file)) {
      await planted.close();
      return null;
    }
    const err: string[] = [];
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    try {
      const code = await forwardUsers(
        ['add', '--document', '90000002', '--name', 'Ana Pérez', '--password', 'clave-secreta-77'],
        io,
        { DATA_DIR: dataDir } as NodeJS.ProcessEnv,
      );
      return { code, err: err.join('\n'), out, seen: planted.seen, file };
    } finally {
      await planted.close();
    }
  }

  const chownToNobody = (path: string) => {
    try {
      chownSync(path, 65534, 65534);
      return true;
    } catch {
      return false;
    }
  };

  it('refuses a channel file owned by another user, and sends nothing', async (ctx) => {
    const result = await forwardWith((_dir, file) => chownToNobody(file));
    if (!result) {
      console.warn('Prueba omitida: solo root puede crear un archivo de otro usuario (chown).');
      return ctx.skip();
    }
    expect(result.code).toBe(1);
    expect(result.err).toContain(`No se usó el servidor anunciado en ${result.file}`);
    expect(result.err).toContain('es de otro usuario (uid 65534)');
    expect(result.err).toContain('No se le envió nada');
    expect(result.out).toEqual([]);
    expect(result.seen).toEqual([]);
  });

  it('refuses a channel file in a folder owned by another user', async (ctx) => {
    const result = await forwardWith((dir) => chownToNobody(dir));
    if (!result) {
      console.warn('Prueba omitida: solo root puede crear una carpeta de otro usuario (chown).');
      return ctx.skip();
    }
    expect(result.code).toBe(1);
    expect(result.err).toContain('es de otro usuario (uid 65534)');
    expect(result.seen).toEqual([]);
  });

  it.each([
    ['the file', (_dir: string, file: string) => (chmodSync(file, 0o666), true)],
    ['its folder', (dir: string) => (chmodSync(dir, 0o777), true)],
  ])('refuses a channel file when others can change %s, and sends nothing', async (_n, prep) => {
    const result = (await forwardWith(prep))!;
    expect(result.code).toBe(1);
    expect(result.err).toContain('otros usuarios pueden cambiar');
    expect(result.err).toContain('No se le envió nada');
    expect(result.seen).toEqual([]);
  });

  it('still forwards through a private file of this user (the proof then decides)', async () => {
    const result = (await forwardWith(() => true))!;
    expect(result.code).toBe(0);
    expect(result.seen).toHaveLength(2);
  });
});
