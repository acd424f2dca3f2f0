// The web build's compressed copies (record 0275), made by scripts/build.ts: beside each text file of dist/web of at least
// 1 KiB, `x.br` (brotli, quality 11) and `x.gz` (gzip -9), kept only when smaller. The server
// sends them by Accept-Encoding (server/compression.ts, @fastify/static's preCompressed). Only the
// standalone web build: the LMS builds and their zips stay plain (an LMS serves their files).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/** Files the build compresses: text formats by extension (never .zip, .pdf, images, fonts). */
export const COMPRESSIBLE_FILE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/i;

/** Smaller files and answers gain less than the work and the headers cost. */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Precompressed {
  files: number;
  plainBytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the .br and .gz copies under `dir` (old copies removed first); what it wrote. */
export async function precompressDir(dir: string): Promise<Precompressed> {
  const all = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
  for (const stale of all.filter((f) => /\.(br|gz)$/.test(f))) rmSync(stale);
  const files = all.filter((f) => COMPRESSIBLE_FILE.test(f) && statSync(f).size >= MIN_BYTES);
  const out: Precompressed = { files: 0, plainBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const plain = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(plain, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 11,
            [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gzipAsync(plain, { level: 9 }),
      ]);
      if (br.length < plain.length) writeFileSync(`${file}.br`, br);
      if (gz.length < plain.length) writeFileSync(`${file}.gz`, gz);
      out.files++;
      out.plainBytes += plain.length;
      out.brotliBytes += Math.min(br.length, plain.length);
      out.gzipBytes += Math.min(gz.length, plain.length);
    }),
  );
  return out;
}
