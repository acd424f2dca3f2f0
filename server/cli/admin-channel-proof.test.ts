// The CLI checks that the process at the channel file's URL is the server that wrote the file
// before sending anything (decision 0186): a stale file whose URL now belongs to another process
// gets a hello with a nonce, never the token, the command or its password.
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
