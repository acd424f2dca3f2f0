// The real SCORM zips (dist-scorm/, written by the test run's package step), unzipped and served
// under an LMS-like deep path (Moodle: /pluginfile.php/<ctx>/mod_scorm/content/<rev>/…), inside a
// frame whose parent holds a scorm-again API — the way an LMS launches them. Any absolute path,
// missing file or file left out of the zip shows up here as a failed request.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { packageScorm } from '../scripts/lib/package-scorm.ts';
import { extractZip } from '../scripts/lib/package-unzip.ts';
import {
  closeCongratulations,
  completeCourse,
  fullRoute,
  questionCount,
} from './support/course.ts';
import { launchLms } from './support/lms-fixture.ts';

const ROOT = join(import.meta.dirname, '..');
const PACKAGES_DIR = join(ROOT, 'dist', 'e2e-packages');

interface PackageCase {
  name: string;
  zip: string;
  edition: 'scorm12' | 'scorm2004-3rd' | 'scorm2004-4th';
  version: '1.2' | '2004';
}
const PACKAGES: PackageCase[] = [
  { name: 'scorm12', zip: 'curso-sst-scorm12.zip', edition: 'scorm12', version: '1.2' },
  { name: 'scorm2004', zip: 'curso-sst-scorm2004.zip', edition: 'scorm2004-3rd', version: '2004' },
  {
    name: 'scorm2004-4th',
    zip: 'curso-sst-scorm2004-4th.zip',
    edition: 'scorm2004-4th',
    version: '2004',
  },
];

/**
 * The zip to test: dist-scorm/ as `npm test` left it. The 4th Edition zip is only written on
 * request (`--edition 4th`), so when it is missing it is packaged here from the same build,
 * into dist/e2e-packages/ rather than dist-scorm/ (tests do not change the deliverables).
 */
async function zipFor(p: PackageCase): Promise<string> {
  // E2E_SCORM_DIR: test zips from elsewhere (e.g. a build of work in progress) without touching dist-scorm/.
  const official = join(process.env.E2E_SCORM_DIR ?? join(ROOT, 'dist-scorm'), p.zip);
  if (existsSync(official)) return official;
  if (p.edition !== 'scorm2004-4th')
    throw new Error(
      `${official} no existe: ejecute \`npm run build && npm run package\` antes de las pruebas.`,
    );
  const outDir = join(PACKAGES_DIR, '_zips');
  const [result] = await packageScorm({ editions: [p.edition], outDir });
  return result!.zipPath;
}

/** Records every failed request and every HTTP error response of the page and its frames. */
function watchRequests(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (r) =>
    failures.push(`${r.url()} (${r.failure()?.errorText ?? 'failed'})`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.url()} (HTTP ${r.status()})`);
  });
  page.on('pageerror', (e) => failures.push(`error de página: ${e.message}`));
  return failures;
}

for (const p of PACKAGES) {
  test.describe(`${p.zip} under a deep LMS path`, () => {
    // One worker per package: its folder is unzipped once and not rewritten under another test.
    test.describe.configure({ mode: 'serial' });
    const launch = `/pkg/${p.name}/lms/pluginfile.php/123/mod_scorm/content/1/index.html`;

    test.beforeAll(async () => {
      const dir = join(PACKAGES_DIR, p.name);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const names = extractZip(await zipFor(p), dir);
      expect(names).toContain('imsmanifest.xml');
      expect(names).toContain('index.html');
    });

    test('the whole course runs from the unzipped package and the LMS records it', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const failures = watchRequests(page);
      // The strict harness (3 frames deep, every call checked) with this package as the course.
      const lms = await launchLms(page, { version: p.version, course: launch });
      await completeCourse(lms.course);
      await closeCongratulations(lms.course);
      await expect.poll(() => lms.terminated()).toBe(true);
      const cmi = await lms.cmi();
      if (p.version === '1.2') {
        expect(cmi.core).toMatchObject({ lesson_status: 'completed' });
        expect(cmi.core.score.raw).toBe('100');
      } else {
        expect(cmi).toMatchObject({ completion_status: 'completed', success_status: 'passed' });
        expect(cmi.score.raw).toBe('100');
      }
      expect(Object.values(cmi.interactions)).toHaveLength(questionCount());
      expect(cmi.suspend_data).toBe(fullRoute());
      await lms.expectNoViolations();

      // Every image shown on the menu loaded (a broken <img> is not always a failed request).
      // Hidden ones (the phone-only side menu, lazily loaded) are not fetched, rightly.
      const broken = await lms.course.locator('img').evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((i) => i.getClientRects().length > 0)
          .filter((i) => !i.complete || i.naturalWidth === 0)
          .map((i) => i.src),
      );
      expect(broken).toEqual([]);
      expect(failures).toEqual([]);
    });
  });
}
