// Narrow phones, 320 to 390 px (record 0269): every button of a dialog lies inside its dialog,
// and every footer label inside its button — the congratulations window's «DESCARGAR» and «VER
// CERTIFICADO», the certificate screen's buttons; «Certificado», «Glosario», «Menú» and, in the
// standalone app, «Cerrar sesión». Started from a record with only the last quiz left, or a
// learner already done, so no course walk.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { collectErrors, launchLms } from './support/lms-fixture.ts';
import { answerQuiz } from './support/course.ts';
import { course } from './support/content.ts';
import { API_URL, LEARNERS } from './support/api-server-config.ts';
import { signInToMenu } from './support/standalone.ts';

const WIDTHS = [320, 360, 390];

/** Every topic viewed and every quiz but the last passed. */
function resumeAtLastQuiz() {
  const modules = course().modules;
  const route = modules
    .map((m, i) =>
      Array.from({ length: m.topics.length + (i < modules.length - 1 ? 1 : 0) }, (_, k) => k).join(
        ',',
      ),
    )
    .join('-');
  return {
    core: {
      student_id: 'E-1001',
      student_name: 'Pérez Gómez, Ana María',
      entry: 'resume',
      lesson_status: 'incomplete',
      score: { raw: String(((modules.length - 1) * 100) / modules.length) },
    },
    suspend_data: route,
  };
}

/**
 * The parts of `container`'s buttons that stick out: each
 * button's box outside the container's, each label's text outside its button's.
 */
async function sticking(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const out: string[] = [];
    const box = root.getBoundingClientRect();
    const name = (el: Element) => `«${(el.textContent ?? '').trim().slice(0, 30)}»`;
    for (const button of root.querySelectorAll('button, a[href]')) {
      if (!(button as HTMLElement).checkVisibility()) continue;
      const b = button.getBoundingClientRect();
      if (b.width === 0) continue;
      if (b.left < box.left - 0.5 || b.right > box.right + 0.5)
        out.push(
          `${name(button)}: ${Math.round(b.left)}…${Math.round(b.right)} fuera de ${Math.round(box.left)}…${Math.round(box.right)}`,
        );
      const range = document.createRange();
      range.selectNodeContents(button);
      const text = range.getBoundingClientRect();
      if (text.width > 0 && (text.left < b.left - 0.5 || text.right > b.right + 0.5))
        out.push(
          `${name(button)}: texto ${Math.round(text.left)}…${Math.round(text.right)} fuera del botón ${Math.round(b.left)}…${Math.round(b.right)}`,
        );
    }
    return out;
  });
}

async function checkAtEachWidth(page: Page, what: string, check: () => Promise<string[]>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    expect(await check(), `${what} at ${width} px`).toEqual([]);
  }
}

/** A picture of `target` at `width` px, for a person to look at. */
async function screenshotAt(page: Page, width: number, target: Locator, path: string) {
  await page.setViewportSize({ width, height: 740 });
  await target.screenshot({ path });
}

test('at 320, 360 and 390 px: dialog buttons inside their dialog, footer labels inside their buttons', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 740 });
  const lms = await launchLms(page, { version: '1.2', cmi: resumeAtLastQuiz() });
  const frame = lms.course;
  const last = course().modules.at(-1)!;
  await frame.evaluate((path) => {
    window.location.hash = path;
  }, pagePath(last.activity));
  await answerQuiz(frame, course().modules.length);

  const congrats = frame.getByRole('dialog', { name: 'FELICITACIONES' });
  await expect(congrats).toBeVisible();
  await checkAtEachWidth(page, 'FELICITACIONES', () => sticking(congrats));
  const actions = congrats.getByRole('button', { name: 'DESCARGAR' }).locator('..');
  await screenshotAt(page, 360, actions, testInfo.outputPath('congratulations-360.png'));

  await congrats.getByRole('button', { name: 'VER CERTIFICADO' }).click();
  const certificate = frame.getByRole('dialog', { name: 'Tu certificado' });
  await expect(certificate).toBeVisible();
  await checkAtEachWidth(page, 'Tu certificado', () => sticking(certificate));
  await certificate.getByRole('button', { name: 'Cerrar' }).click();
  await expect(certificate).toHaveCount(0);
  if (await congrats.isVisible()) await congrats.getByRole('button', { name: 'Cerrar' }).click();

  const footer = frame.getByRole('contentinfo');
  await checkAtEachWidth(page, 'the footer', () => sticking(footer));
  await screenshotAt(page, 360, footer, testInfo.outputPath('footer-360.png'));
  expect(errors).toEqual([]);
});

test.describe('standalone app', () => {
  test.use({ baseURL: API_URL });

  test('at 320, 360 and 390 px: the four footer labels inside their buttons', async ({
    page,
  }, testInfo) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 390, height: 740 });
    await signInToMenu(page, LEARNERS.complete.document);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await checkAtEachWidth(page, 'the footer', () => sticking(footer));
    await screenshotAt(page, 360, footer, testInfo.outputPath('standalone-footer-360.png'));
    await screenshotAt(page, 320, footer, testInfo.outputPath('standalone-footer-320.png'));
    expect(errors).toEqual([]);
  });
});
