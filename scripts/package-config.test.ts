// One package per configuration and obra (decisions 0071 and 0075), through the commands an admin runs (scripts/package.ts,
// scripts/build.ts), each in its own temp build folder (CURSO_DIST_DIR) so the repository's
// dist/ is not touched:
//   - `build` with the demo configuration then `package --config B --obra S` ships B (the stamp
//     says the build is another configuration's, so package rebuilds);
//   - the demo and the made-up fixture configuration give two packages whose names, manifest
//     and texts differ exactly where the configurations differ; both pass check-scorm;
//   - every invalid configuration (and an unknown placeholder in the content) stops with its
//     Spanish error, exit 1, and nothing written to the output folder.
// Two LMS builds in all (one per configuration): the LMS build is the only one packaged.
import { spawn } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, readCourse } from '../course-files/read-content.ts';
import { readConfiguration } from '../course-files/read-config.ts';
import { fillCourse, placeholderValues } from '../src/domain/content/placeholders.ts';
import { readZip, type ZipEntryInfo } from '../course-files/package-unzip.ts';

const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const ANDINA = join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json');
const temps: string[] = [];
const temp = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `curso-sst-${label}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script as `npm run …` does, asynchronously (several may run side by side). */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  // NODE_ENV=test (set by Vitest) would make Vite build React's development bundle.
  const {
    CURSO_CONFIG: _c,
    CURSO_OBRA: _o,
    CURSO_CONTENT_DIR: _d,
    NODE_ENV: _n,
    ...inherited
  } = process.env;
  return new Promise((resolve) => {
    const child = spawn(TSX, [join(ROOT, 'scripts', script), ...args], {
      cwd: ROOT,
      env: { ...inherited, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const text = (entries: ZipEntryInfo[], pattern: RegExp) =>
  entries
    .filter((e) => !e.isDirectory && pattern.test(e.name))
    .map((e) => e.data().toString('utf8'))
    .join('\n');

describe('packages per configuration', () => {
  const dist = temp('dist');
  const outDemo = temp('out-demo');
  const outAndina = temp('out-andina');
  let demoBuild: Run;
  let demoPackage: Run;
  let andinaPackage: Run;

  beforeAll(async () => {
    demoBuild = await run('build.ts', ['lms'], { CURSO_DIST_DIR: dist });
    demoPackage = await run('package.ts', ['--out', outDemo], { CURSO_DIST_DIR: dist });
    andinaPackage = await run(
      'package.ts',
      ['--config', ANDINA, '--obra', 'torre-norte', '--out', outAndina],
      { CURSO_DIST_DIR: dist },
    );
  }, 300_000);

  const zip = (dir: string, name: string) => readZip(readFileSync(join(dir, name)));

  it('build with the demo configuration, then package it: no rebuild, today’s names and warning', () => {
    expect(demoBuild.code, demoBuild.stderr).toBe(0);
    expect(demoPackage.code, demoPackage.stderr).toBe(0);
    expect(demoPackage.stdout).not.toMatch(/se construye/);
    expect(readdirSync(outDemo).sort()).toEqual([
      'curso-sst-scorm12.zip',
      'curso-sst-scorm2004.zip',
    ]);
    expect(demoPackage.stderr).toMatch(
      /AVISO: se usa la configuración de EJEMPLO \(config\/ejemplo\.json/,
    );
  });

  it('build --config A then package --config B: package rebuilds and ships B', () => {
    expect(andinaPackage.code, andinaPackage.stderr).toBe(0);
    expect(andinaPackage.stdout).toMatch(
      /Build LMS: la build es de config\/ejemplo\.json \(obra obra-ejemplo\), no de test\/fixtures\/config\/constructora-andina\.json \(obra torre-norte\); se construye/,
    );
    expect(andinaPackage.stderr).not.toMatch(/AVISO/);
    expect(readdirSync(outAndina).sort()).toEqual([
      'curso-sst-torre-norte-scorm12.zip',
      'curso-sst-torre-norte-scorm2004.zip',
    ]);
    const js = text(zip(outAndina, 'curso-sst-torre-norte-scorm12.zip'), /\.js$/);
    expect(js).toContain('Constructora Andina S.A.S.');
    expect(js).not.toContain('Constructora Ejemplo');
    const stamp = JSON.parse(readFileSync(join(dist, '.config-lms.json'), 'utf8'));
    expect(stamp).toMatchObject({
      path: 'test/fixtures/config/constructora-andina.json',
      obra: 'torre-norte',
    });
  });

  it('manifests differ only in the identifiers and title of the obra', () => {
    for (const [demoZip, andinaZip] of [
      ['curso-sst-scorm12.zip', 'curso-sst-torre-norte-scorm12.zip'],
      ['curso-sst-scorm2004.zip', 'curso-sst-torre-norte-scorm2004.zip'],
    ] as const) {
      const manifest = (dir: string, name: string) =>
        text(zip(dir, name), /^imsmanifest\.xml$/)
          // Built files have content hashes in their names; compare the list's length instead.
          .replace(/<file href="[^"]*"\/>/g, '<file/>');
      const a = manifest(outDemo, demoZip);
      const b = manifest(outAndina, andinaZip);
      expect(a).toContain('identifier="com.curso-sst.induccion-sst"');
      expect(a).toContain('<organization identifier="curso-sst-org">');
      expect(b).toContain('identifier="com.curso-sst.induccion-sst.torre-norte"');
      expect(b).toContain('Inducción — Seguridad y Salud en el Trabajo — Torre Norte');
      const normalised = b
        .replaceAll('com.curso-sst.induccion-sst.torre-norte', 'com.curso-sst.induccion-sst')
        .replaceAll('curso-sst-torre-norte-', 'curso-sst-')
        .replaceAll(
          'Inducción — Seguridad y Salud en el Trabajo — Torre Norte',
          'Inducción — Seguridad y Salud en el Trabajo',
        );
      expect(normalised).toBe(a);
    }
  });

  it('course texts differ exactly where a placeholder is, and each package carries its own values', () => {
    const { course } = readCourse();
    const load = (config?: string, obra?: string) => {
      const loaded = readConfiguration({ config, obra });
      return fillCourse(course!, placeholderValues(loaded.config, loaded.obra, course!));
    };
    const a = JSON.stringify(load());
    const b = JSON.stringify(load(ANDINA, 'torre-norte'));
    const raw = course!;
    // Field by field: a difference only where the unfilled text has a placeholder.
    const fa = load();
    const fb = load(ANDINA, 'torre-norte');
    let differing = 0;
    fa.modules.forEach((m, i) =>
      m.topics.forEach((t, j) => {
        const other = fb.modules[i]!.topics[j]!;
        const source = raw.modules[i]!.topics[j]!;
        if (JSON.stringify(t) !== JSON.stringify(other)) {
          differing++;
          expect(JSON.stringify(source), t.id).toContain('{{');
        }
      }),
    );
    expect(differing).toBeGreaterThan(5);
    expect(a).not.toContain('{{');
    expect(b).not.toContain('{{');
    // The shipped JavaScript carries the configuration's values, never the other's.
    const demoJs = text(zip(outDemo, 'curso-sst-scorm12.zip'), /\.(js|html)$/);
    const andinaJs = text(zip(outAndina, 'curso-sst-torre-norte-scorm12.zip'), /\.(js|html)$/);
    // (includes(), not toContain(): a failure must not print megabytes of bundle.)
    const has = (js: string, value: string | RegExp) =>
      typeof value === 'string' ? js.includes(value) : value.test(js);
    for (const value of ['Diana Rocha Valencia', 'ARL Cordillera', 'Camilo Vélez', '901234567-7']) {
      expect(has(andinaJs, value), value).toBe(true);
      expect(has(demoJs, value), value).toBe(false);
    }
    for (const value of ['ARL Ejemplo', 'Laura Gómez', 'Luis Torres', '900123456-8']) {
      expect(has(demoJs, value), value).toBe(true);
      expect(has(andinaJs, value), value).toBe(false);
    }
    // The certificate issuer bundled with each: the EJEMPLO flag, the signatory.
    expect(has(demoJs, /ejemplo:(!0|true),companyName:/), 'ejemplo: true').toBe(true);
    expect(has(andinaJs, /ejemplo:(!1|false),companyName:/), 'ejemplo: false').toBe(true);
    expect(has(andinaJs, 'Hernán Ospina') && has(andinaJs, 'Representante legal')).toBe(true);
  });

  const checker = join(ROOT, '..', 'shared', 'tools', 'check-scorm', 'check-scorm');
  it.skipIf(!existsSync(checker))(
    'both configurations’ zips pass check-scorm with no FAIL and no WARN',
    () => {
      const zips = [
        ...readdirSync(outDemo).map((n) => join(outDemo, n)),
        ...readdirSync(outAndina).map((n) => join(outAndina, n)),
      ];
      expect(zips).toHaveLength(4);
      for (const z of zips) {
        const r = spawnSync(checker, [z], { encoding: 'utf8' });
        const report = `${r.stdout}\n${r.stderr}`;
        expect(r.status, report).toBe(0);
        expect(r.stdout, report).toMatch(/RESULT: PASS/);
        expect(r.stdout, report).not.toMatch(/^(FAIL|WARN)/m);
      }
    },
    120_000,
  );
});

describe('a bad configuration stops with a Spanish error naming the field; nothing is written', () => {
  const fixtures = temp('bad-config');
  const base = JSON.parse(readFileSync(ANDINA, 'utf8'));
  cpSync(
    join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina-logo.svg'),
    join(fixtures, 'logo.svg'),
  );
  const variant = (name: string, mutate: (c: typeof base) => void, raw?: string) => {
    const c = structuredClone(base);
    c.empresa.logo = 'logo.svg';
    mutate(c);
    const file = join(fixtures, `${name}.json`);
    writeFileSync(file, raw ?? JSON.stringify(c, null, 2));
    return file;
  };
  const svg = (name: string, body: string) => {
    writeFileSync(join(fixtures, `${name}.svg`), body);
    return variant(name, (c) => (c.empresa.logo = `${name}.svg`));
  };
  const badContent = temp('bad-content');
  cpSync(join(ROOT, 'content', 'es'), badContent, { recursive: true });
  const m5 = JSON.parse(readFileSync(join(badContent, 'modulo5.json'), 'utf8'));
  m5.topics[0].text = '<p>Llama a {{obra.telefonoBrigada}}.</p>';
  writeFileSync(join(badContent, 'modulo5.json'), JSON.stringify(m5));

  const cases: Array<{
    name: string;
    args: string[];
    env?: Record<string, string>;
    error: RegExp;
  }> = [
    {
      name: 'missing required field',
      args: [
        '--config',
        variant('missing', (c) => delete c.empresa.nombre),
        '--obra',
        'torre-norte',
      ],
      error: /missing\.json: empresa\.nombre: falta este campo obligatorio/,
    },
    {
      name: 'wrong type',
      args: ['--config', variant('type', (c) => (c.pesv.aplica = 'sí')), '--obra', 'torre-norte'],
      error: /type\.json: pesv\.aplica: debe ser true o false \(sin comillas\), no el texto «sí»/,
    },
    {
      name: 'NIT check digit',
      args: [
        '--config',
        variant('nit', (c) => (c.empresa.nit = '901234567-1')),
        '--obra',
        'torre-norte',
      ],
      error: /nit\.json: empresa\.nit: .*dígito de verificación/,
    },
    {
      name: 'NIT with dots',
      args: [
        '--config',
        variant('nit-dots', (c) => (c.empresa.nit = '901.234.567-7')),
        '--obra',
        'torre-norte',
      ],
      error: /nit-dots\.json: empresa\.nit: /,
    },
    {
      name: 'unknown (misspelt) field',
      args: [
        '--config',
        variant('unknown', (c) => (c.empresa.nombres = 'X')),
        '--obra',
        'torre-norte',
      ],
      error: /unknown\.json: campo desconocido empresa\.nombres/,
    },
    {
      name: 'slug with capitals and spaces',
      args: [
        '--config',
        variant('slug', (c) => (c.obras[1].slug = 'Puente Sur')),
        '--obra',
        'torre-norte',
      ],
      error: /slug\.json: obras\[1\]\.slug: slug inválido/,
    },
    {
      name: 'duplicate slug',
      args: [
        '--config',
        variant('dup', (c) => (c.obras[1].slug = 'torre-norte')),
        '--obra',
        'torre-norte',
      ],
      error: /dup\.json: obras\[1\]\.slug: slug duplicado «torre-norte»/,
    },
    {
      name: 'SVG with a script',
      args: [
        '--config',
        svg(
          'script',
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
        '--obra',
        'torre-norte',
      ],
      error: /script\.json: empresa\.logo \(script\.svg\): .*script/i,
    },
    {
      name: 'SVG with an external reference',
      args: [
        '--config',
        svg(
          'external',
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><image xlink:href="https://evil.example/x.png" width="10" height="10"/></svg>',
        ),
        '--obra',
        'torre-norte',
      ],
      error: /external\.json: empresa\.logo \(external\.svg\): /,
    },
    {
      name: 'logo file missing',
      args: [
        '--config',
        variant('nologo', (c) => (c.empresa.logo = 'no-existe.svg')),
        '--obra',
        'torre-norte',
      ],
      error: /nologo\.json: empresa\.logo: no se pudo leer «no-existe\.svg»/,
    },
    {
      name: 'invalid JSON',
      args: [
        '--config',
        variant('json', () => undefined, '{ "empresa": { "nombre": "X", } }'),
        '--obra',
        'torre-norte',
      ],
      error: /json\.json: JSON inválido/,
    },
    {
      name: 'unknown obra',
      args: ['--config', ANDINA, '--obra', 'torre-sur'],
      error: /obras: no hay ninguna obra con slug «torre-sur» \(obras: torre-norte, puente-sur\)/,
    },
    {
      name: 'several obras and no --obra',
      args: ['--config', ANDINA],
      error: /la configuración tiene 2 obras: indica cuál con --obra SLUG/,
    },
    {
      name: 'configuration file missing',
      args: ['--config', join(fixtures, 'no-existe.json')],
      error: /no-existe\.json: no existe el archivo de configuración/,
    },
    {
      name: 'unknown placeholder in the content',
      args: ['--config', ANDINA, '--obra', 'torre-norte'],
      env: { CURSO_CONTENT_DIR: badContent },
      error:
        /modulo5\.json \[modulo5-tema1\]: text: marcador desconocido \{\{obra\.telefonoBrigada\}\}/,
    },
  ];
  const results = new Map<string, { run: Run; out: string; dist: string }>();
  beforeAll(async () => {
    await Promise.all(
      cases.map(async (c) => {
        const out = temp('bad-out');
        const dist = temp('bad-dist');
        const r = await run('package.ts', [...c.args, '--out', out], {
          CURSO_DIST_DIR: dist,
          ...c.env,
        });
        results.set(c.name, { run: r, out, dist });
      }),
    );
  }, 300_000);

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const { run: r, out, dist } = results.get(c.name)!;
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toMatch(c.error);
    // Nothing built, nothing packaged.
    expect(readdirSync(out)).toEqual([]);
    expect(readdirSync(dist)).toEqual([]);
  });
});
