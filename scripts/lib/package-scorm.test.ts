// SCORM packaging, against a tiny fake LMS build in a temp folder (no real build needed).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PATHS,
  EDITIONS,
  IDENTIFIERS,
  initialJavaScript,
  PackageError,
  packageScorm,
  parseArgs,
  REPO_ROOT,
  renderManifest,
  schemaLocations,
  type ScormEdition,
  zipDate,
} from './package-scorm.ts';
import { assertWellFormedXml, escapeXml } from '../../course-files/package-xml.ts';
import { readZip } from '../../course-files/package-unzip.ts';

const ALL: ScormEdition[] = ['scorm12', 'scorm2004-3rd', 'scorm2004-4th'];
const temps: string[] = [];
function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `curso-sst-${label}-`));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** A minimal Vite-like LMS build: launch page, module entry + preload, CSS, an image with an awkward name. */
function fakeBuild(): string {
  const dir = tempDir('dist');
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'img'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Curso</title>' +
      '<script type="module" crossorigin src="./assets/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="./assets/vendor-b2.js">' +
      '<link rel="stylesheet" href="./assets/index-c3.css"></head><body><main>Hola</main></body></html>',
  );
  writeFileSync(
    join(dir, 'assets', 'index-a1.js'),
    'import "./vendor-b2.js";console.log("inicio");\n'.repeat(20),
  );
  writeFileSync(join(dir, 'assets', 'vendor-b2.js'), 'export const v = 1;\n'.repeat(50));
  writeFileSync(join(dir, 'assets', 'lazy-d4.js'), 'export default 2;\n');
  writeFileSync(join(dir, 'assets', 'index-c3.css'), 'body{margin:0}\n');
  writeFileSync(join(dir, 'img', 'módulo 1 & 2.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
const BUILD_FILES = [
  'assets/index-a1.js',
  'assets/index-c3.css',
  'assets/lazy-d4.js',
  'assets/vendor-b2.js',
  'img/módulo 1 & 2.svg',
  'index.html',
];

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const quiet = () => {};

describe('manifests', () => {
  for (const edition of ALL) {
    describe(EDITIONS[edition].label, () => {
      const manifest = renderManifest({ edition, version: '1.2.3', files: BUILD_FILES });

      it('lists every build file once, as a URI href, XML-escaped', () => {
        const hrefs = [...manifest.matchAll(/<file href="([^"]*)"\/>/g)].map((m) => m[1]);
        expect(hrefs).toEqual([
          'assets/index-a1.js',
          'assets/index-c3.css',
          'assets/lazy-d4.js',
          'assets/vendor-b2.js',
          'img/m%C3%B3dulo%201%20&amp;%202.svg',
          'index.html',
        ]);
      });

      it('has no mastery score, no placeholder left, and is well-formed', () => {
        expect(manifest).not.toMatch(/masteryscore/i);
        expect(manifest).not.toMatch(/\{\{|\}\}/);
        expect(() => assertWellFormedXml(manifest)).not.toThrow();
      });

      it('keeps the stable identifiers, title, language and version', () => {
        expect(manifest).toContain(
          `<manifest identifier="com.curso-sst.induccion-sst" version="1.2.3"`,
        );
        expect(manifest).toContain(`<organizations default="${IDENTIFIERS.organization}">`);
        expect(manifest).toContain(`<organization identifier="${IDENTIFIERS.organization}">`);
        expect(manifest).toContain(
          `<item identifier="${IDENTIFIERS.item}" identifierref="${IDENTIFIERS.resource}"`,
        );
        expect(manifest).toContain(
          `<resource identifier="${IDENTIFIERS.resource}" type="webcontent"`,
        );
        expect(manifest).toContain('href="index.html"');
        expect(manifest).toContain('<title>Inducción — Seguridad y Salud en el Trabajo</title>');
        expect(manifest).toMatch(/<(imsmd:)?language>es<\/(imsmd:)?language>/);
        // One organisation, one item, one SCO.
        expect(manifest.match(/<organization /g)).toHaveLength(1);
        expect(manifest.match(/<item /g)).toHaveLength(1);
        expect(manifest.match(/scorm[tT]ype="sco"/g)).toHaveLength(1);
        expect(manifest).not.toContain('<!--#');
      });

      it('declares the right schema version', () => {
        const expected = {
          scorm12: '1.2',
          'scorm2004-3rd': '2004 3rd Edition',
          'scorm2004-4th': '2004 4th Edition',
        }[edition];
        expect(manifest).toContain(`<schemaversion>${expected}</schemaversion>`);
      });
    });
  }

  it('identifiers are the published ones (changing them loses learner progress on LMS updates)', () => {
    expect(IDENTIFIERS).toEqual({
      manifest: 'com.curso-sst.induccion-sst',
      organization: 'curso-sst-org',
      item: 'curso-sst-item',
      resource: 'curso-sst-sco',
    });
  });
});

describe('XML helpers', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it.each([
    ['<a><b></a>', /cierra/],
    ['<a>', /sin cerrar/],
    ['<a x=1/>', /comillas/],
    ['<a x="1" x="2"/>', /repetido/],
    ['<a>Tom & Jerry</a>', /&/],
    ['<a/><b/>', /segundo elemento raíz/],
    ['<p:a/>', /prefijo/],
    ['<a><!-- x -- y --></a>', /--/],
    ['texto<a/>', /fuera/],
  ])('rejects malformed XML %s', (xml, message) => {
    expect(() => assertWellFormedXml(xml)).toThrow(message);
  });

  it('accepts namespaces, comments, declarations and entities', () => {
    expect(() =>
      assertWellFormedXml(
        '<?xml version="1.0"?>\n<!-- c --><r xmlns:p="urn:x"><p:a p:b=\'1 &amp; 2\'>&#233;&lt;</p:a><c/></r>\n',
      ),
    ).not.toThrow();
  });
});

describe('packageScorm on a fake build', () => {
  const dist = fakeBuild();
  const out = tempDir('out');
  let results: Awaited<ReturnType<typeof packageScorm>> = [];

  it('writes the three zips, manifest first, schemas named by xsi:schemaLocation included', async () => {
    const lines: string[] = [];
    results = await packageScorm({
      distDir: dist,
      outDir: out,
      editions: ALL,
      version: '1.0.0',
      log: (l) => lines.push(l),
    });
    expect(readdirSync(out).sort()).toEqual([
      'curso-sst-scorm12.zip',
      'curso-sst-scorm2004-4th.zip',
      'curso-sst-scorm2004.zip',
    ]);
    expect(lines.join('\n')).toMatch(/Build LMS: .*6 archivos/);
    for (const r of results) {
      const entries = readZip(readFileSync(r.zipPath));
      const names = entries.filter((e) => !e.isDirectory).map((e) => e.name);
      expect(names[0]).toBe('imsmanifest.xml');
      for (const f of BUILD_FILES) expect(names).toContain(f);
      const manifest = entries[0]!.data().toString('utf8');
      const named = schemaLocations(manifest);
      expect(named.length).toBeGreaterThan(0);
      // Every schema the manifest names ships; nothing else but course files, manifest and their schema closure.
      for (const s of named) expect(names).toContain(s);
      const extra = names.filter((n) => n !== 'imsmanifest.xml' && !BUILD_FILES.includes(n));
      expect(extra.every((n) => /\.(xsd|dtd)$/.test(n))).toBe(true);
      expect(extra.sort()).toEqual([...r.schemaFiles].sort());
      // Schema files are byte copies of the npm package's definition files.
      const schemaDir = join(DEFAULT_PATHS.schemaRoot, EDITIONS[r.edition].schemaSet);
      for (const e of entries.filter((x) => extra.includes(x.name)))
        expect(e.data().equals(readFileSync(join(schemaDir, e.name)))).toBe(true);
      // Fixed permissions and dates.
      for (const e of entries) expect(e.mode).toBe(e.isDirectory ? 0o755 : 0o644);
      expect(new Set(entries.map((e) => `${e.dosDate}:${e.dosTime}`)).size).toBe(1);
      expect(r.summary).toMatch(
        new RegExp(
          `^${r.label} v1\\.0\\.0: ${r.fileCount} archivos, .+ KiB, JS inicial .+ gzip → `,
        ),
      );
    }
    expect(results.find((r) => r.edition === 'scorm12')?.schemaFiles).toEqual([
      'adlcp_rootv1p2.xsd',
      'ims_xml.xsd',
      'imscp_rootv1p1p2.xsd',
      'imsmd_rootv1p2p1.xsd',
    ]);
  });

  it('is reproducible: same sources give byte-identical zips, whatever the file times', async () => {
    const out2 = tempDir('out2');
    const dist2 = tempDir('dist2');
    cpSync(dist, dist2, { recursive: true });
    utimesSync(join(dist2, 'index.html'), new Date('2031-05-06'), new Date('2031-05-06'));
    const again = await packageScorm({
      distDir: dist2,
      outDir: out2,
      editions: ALL,
      version: '1.0.0',
      log: quiet,
    });
    for (const r of again) {
      const first = results.find((x) => x.edition === r.edition)!;
      expect(r.sha256).toBe(first.sha256);
      expect(sha256(r.zipPath)).toBe(sha256(first.zipPath));
    }
  });

  it('counts the initial JavaScript: module entry plus modulepreloads, not lazy chunks', () => {
    const js = initialJavaScript(dist);
    expect(js.files).toEqual(['assets/index-a1.js', 'assets/vendor-b2.js']);
    expect(js.gzipBytes).toBeGreaterThan(0);
    expect(js.gzipBytes).toBeLessThan(js.bytes);
  });

  it('defaults to SCORM 1.2 + 2004 3rd Edition', async () => {
    const out3 = tempDir('out3');
    await packageScorm({ distDir: dist, outDir: out3, version: '1.0.0', log: quiet });
    expect(readdirSync(out3).sort()).toEqual(['curso-sst-scorm12.zip', 'curso-sst-scorm2004.zip']);
  });

  const checker = join(REPO_ROOT, '..', 'shared', 'tools', 'check-scorm', 'check-scorm');
  const hasChecker = existsSync(checker);
  if (!hasChecker)
    console.warn(`check-scorm no encontrado en ${checker}: se omite la prueba de conformidad.`);
  it.skipIf(!hasChecker)(
    'every zip passes the conformance checker (check-scorm) with no FAIL and no WARN',
    () => {
      expect(results).toHaveLength(3);
      for (const r of results) {
        const run = spawnSync(checker, [r.zipPath], { encoding: 'utf8' });
        const report = `${run.stdout}\n${run.stderr}`;
        expect(run.status, report).toBe(0);
        expect(run.stdout, report).toMatch(/RESULT: PASS/);
        expect(run.stdout, report).not.toMatch(/^(FAIL|WARN)/m);
      }
    },
    120_000,
  );
});

describe('bad input stops with a clear message and leaves no zip', () => {
  it('missing build: tells to run npm run build', async () => {
    const out = tempDir('out-missing');
    const error = await packageScorm({
      distDir: join(out, 'no-such-build'),
      outDir: out,
      log: quiet,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackageError);
    expect((error as PackageError).code).toBe('missing-build');
    expect((error as PackageError).message).toMatch(/npm run build/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('build without index.html', async () => {
    const dist = tempDir('dist-noindex');
    writeFileSync(join(dist, 'x.js'), '');
    const out = tempDir('out-noindex');
    await expect(packageScorm({ distDir: dist, outDir: out, log: quiet })).rejects.toThrow(
      /index\.html/,
    );
    expect(readdirSync(out)).toEqual([]);
  });

  it('launch page referencing a missing script', async () => {
    const dist = fakeBuild();
    rmSync(join(dist, 'assets', 'vendor-b2.js'));
    const out = tempDir('out-noscript');
    await expect(packageScorm({ distDir: dist, outDir: out, log: quiet })).rejects.toThrow(
      /vendor-b2\.js/,
    );
    expect(readdirSync(out)).toEqual([]);
  });

  it('content error: reports the content issues', async () => {
    const content = tempDir('content');
    writeFileSync(join(content, 'course.json'), '{ "id": "curso-sst", ');
    const out = tempDir('out-content');
    const error = await packageScorm({
      distDir: fakeBuild(),
      outDir: out,
      checkContent: true,
      contentDir: content,
      log: quiet,
    }).catch((e: unknown) => e);
    expect((error as PackageError).code).toBe('content');
    expect((error as PackageError).message).toMatch(/course\.json/);
    expect(readdirSync(out)).toEqual([]);
  });

  function brokenTemplates(edit: (xml: string) => string): string {
    const dir = tempDir('templates');
    cpSync(DEFAULT_PATHS.templatesDir, dir, { recursive: true });
    const file = join(dir, EDITIONS['scorm2004-3rd'].template);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    return dir;
  }

  it.each([
    [
      'an unknown placeholder',
      (x: string) => x.replace('{{TITLE}}', '{{TITULO}}'),
      /marcador sin reemplazar \{\{TITULO\}\}/,
    ],
    [
      'malformed XML',
      (x: string) => x.replace('</organizations>', '</organization>'),
      /XML mal formado, línea \d+/,
    ],
    [
      'a mastery score',
      (x: string) =>
        x.replace(
          '<title>{{TITLE}}</title>\n        <!--',
          '<title>{{TITLE}}</title><adlcp:masteryscore>80</adlcp:masteryscore>\n        <!--',
        ),
      /masteryscore/,
    ],
    ['a dropped file list', (x: string) => x.replace('{{FILES}}', ''), /no lista/],
    [
      'a schema that does not ship',
      (x: string) => x.replace('adlnav_v1p3.xsd', 'adlnav_v9.xsd'),
      /adlnav_v9\.xsd/,
    ],
  ])(
    'template with %s: no zip at all, not even the good editions',
    async (_label, edit, message) => {
      const out = tempDir('out-template');
      const error = await packageScorm({
        distDir: fakeBuild(),
        outDir: out,
        editions: ALL,
        templatesDir: brokenTemplates(edit),
        log: quiet,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PackageError);
      expect((error as Error).message).toMatch(message);
      expect(readdirSync(out)).toEqual([]);
    },
  );

  it('a write failure leaves no partial file behind', async () => {
    const out = tempDir('out-write');
    mkdirSync(join(out, 'curso-sst-scorm2004.zip')); // rename onto a folder fails
    const error = await packageScorm({ distDir: fakeBuild(), outDir: out, log: quiet }).catch(
      (e: unknown) => e,
    );
    expect((error as PackageError).code).toBe('write');
    expect(readdirSync(out).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});

describe('zip date', () => {
  it('is fixed, or SOURCE_DATE_EPOCH when set', () => {
    expect(zipDate({}).toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(zipDate({ SOURCE_DATE_EPOCH: '1700000000' }).toISOString()).toBe(
      '2023-11-14T22:13:20.000Z',
    );
    expect(zipDate({ SOURCE_DATE_EPOCH: '0' }).toISOString()).toBe('1980-01-01T00:00:00.000Z');
    expect(() => zipDate({ SOURCE_DATE_EPOCH: 'ayer' })).toThrow(/SOURCE_DATE_EPOCH/);
  });
});

describe('command line', () => {
  it('parses editions', () => {
    expect(parseArgs([]).editions).toEqual(['scorm12', 'scorm2004-3rd']);
    expect(parseArgs(['--edition', '4th']).editions).toEqual(['scorm2004-4th']);
    expect(parseArgs(['--edition=all']).editions).toEqual(ALL);
    expect(() => parseArgs(['--edition', '5th'])).toThrow(/Edición desconocida/);
    expect(() => parseArgs(['--edition'])).toThrow(/Falta el valor/);
    expect(() => parseArgs(['--zip'])).toThrow(/Opción desconocida/);
  });

  const tsx = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const cli = (...args: string[]) =>
    spawnSync(tsx, [join(REPO_ROOT, 'scripts', 'package.ts'), ...args], {
      encoding: 'utf8',
      cwd: REPO_ROOT,
    });

  it('bad argument: exit 2 with usage', () => {
    const out = tempDir('cli-out');
    const run = cli('--edition', '5th', '--out', out);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Edición desconocida: "5th"/);
    expect(run.stderr).toMatch(/Uso: npm run package/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('missing build: exit 1, says to run npm run build, no zip', () => {
    const out = tempDir('cli-out');
    const run = cli('--dist', join(out, 'nada'), '--out', out);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/npm run build/);
    expect(readdirSync(out)).toEqual([]);
  });
});
