// Static sizes of an unzipped package: the zip itself, the JavaScript the launch page needs
// before it can run (entry script, its static imports and modulepreloads, inline scripts) and
// all JavaScript, each file gzipped at level 9 as a server would send it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ZipArchive } from 'archiver';
import { initialJavaScript } from '../lib/package-scorm.ts';

export interface Sizes {
  zipBytes: number;
  initialJsFiles: string[];
  initialJsGzip: number;
  totalJsGzip: number;
  /** Largest JS files of the package (for the report when a budget is missed). */
  largestJs: { file: string; gzip: number }[];
}

const gz = (data: Buffer) => gzipSync(data, { level: 9 }).length;

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
}

/** Relative static `import … from '…'` / `import '…'` / `export … from '…'` of a built chunk (not `import()`). */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
  ))
    out.push(m[1]!);
  return out;
}

export function measureSizes(unzippedDir: string, zipBytes: number): Sizes {
  const base = initialJavaScript(unzippedDir);
  const files = [...base.files];
  let initialJsGzip = base.gzipBytes;
  // The entry chunk's static imports load before it runs, whether or not Vite preloads them.
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    if (!/\.m?js$/.test(file)) continue;
    for (const spec of staticImports(readFileSync(join(unzippedDir, file), 'utf8'))) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec));
      if (files.includes(target) || !existsSync(join(unzippedDir, target))) continue;
      files.push(target);
      initialJsGzip += gz(readFileSync(join(unzippedDir, target)));
    }
  }
  const all = jsFiles(unzippedDir).map((file) => ({
    file,
    gzip: gz(readFileSync(join(unzippedDir, file))),
  }));
  return {
    zipBytes,
    initialJsFiles: files,
    initialJsGzip,
    totalJsGzip: all.reduce((n, f) => n + f.gzip, 0),
    largestJs: all.sort((a, b) => b.gzip - a.gzip).slice(0, 4),
  };
}

/** Zips a folder in memory (deflate level 9, like our packager) for the reference SCO's zip size. */
export async function zipFolderBytes(dir: string): Promise<number> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  let bytes = 0;
  archive.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const done = new Promise<void>((ok, fail) => {
    archive.on('end', () => ok());
    archive.on('error', fail);
  });
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const full = join(e.parentPath, e.name);
      archive.append(readFileSync(full), { name: relative(dir, full).split('\\').join('/') });
    }
  await archive.finalize();
  await done;
  return bytes;
}

export const fileBytes = (path: string) => statSync(path).size;
