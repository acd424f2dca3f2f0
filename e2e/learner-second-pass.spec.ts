// The learner's experience, second pass (decisions 0225–0229): the connection notice takes room
// instead of covering anything and can be closed; the hint stays under the question with the way
// to its «repaso» screen and back; closing feedback keeps the scroll; the header's two figures;
// a seen screen one tap away in the side menu; one dialog at a time; 200 % zoom.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Frame, type Locator } from '@playwright/test';
import { collectErrors, launchLms, type LmsVersion } from './support/lms-fixture.ts';
import { answerQuiz, leaveIntroduction, readTopics } from './support/course.ts';
import { course } from './support/content.ts';
import { acceptFeedback, dragOnto, seedLocalProgress } from './support/learner.ts';
import { tabTo } from './support/keyboard.ts';

const RETRYING = /La plataforma no responde/;
const RECOVERED = 'Conexión recuperada: tu avance se guardó';
const plain = (html: string) => html.replace(/<[^>]+>/g, '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A resumed SCORM 1.2 attempt with the first `done` modules finished. */
function resumed(done: number) {
  const modules = course().modules;
  const route = modules
    .map((m, i) =>
      i < done ? Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(',') : '{}',
    )
    .join('-');
  return {
    core: {
      student_id: 'E-2901',
      student_name: 'Ríos, Marta',
      entry: 'resume',
      lesson_status: 'incomplete',
      score: { raw: String((done * 100) / modules.length) },
    },
    suspend_data: route,
  };
}

/** Every visible button and link of the screen, and `extra`, kept clear of the notice. */
async function expectNothingCovered(frame: Frame, notice: Locator, extra: Locator[] = []) {
  await expect(notice).toBeVisible();
  const targets = frame.getByRole('main').locator('button:visible, a:visible');
  const boxes = [
    ...(await targets.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    )),
  ];
  for (const l of extra) {
    const b = await l.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    boxes.push(b);
  }
  // The notice's own box, in the frame's coordinates (the frame fills the page here).
  const own = await notice.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const covered = boxes.filter((b) => b.width > 0 && b.height > 0 && overlaps(own, b));
  expect(covered, 'no control or opened text under the notice').toEqual([]);
}

/** Scrolls the frame so that `target`'s last line sits at the bottom of the screen. */
async function bringToBottom(target: Locator) {
  await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    window.scrollTo(0, Math.max(0, window.scrollY + r.bottom - window.innerHeight + 4));
  });
}

test.describe('320×640: the connection notice', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('covers neither the drop zone nor a control, can be closed, and says when the signal returns', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    const lms = await launchLms(page, {
      version: '1.2',
      faults: { commitFailures: 1_000_000 },
      cmi: { core: { student_id: 'E-2902', student_name: 'Ríos, Marta' } },
    });
    const frame = lms.course;
    const notice = frame.getByRole('status').filter({ hasText: RETRYING });
    const close = frame.getByRole('button', { name: 'Cerrar el aviso de conexión' });
    await expect(notice).toBeVisible();
    await leaveIntroduction(frame);
    await readTopics(frame, 1, 'mouse');
    await expect(frame.getByText('Pregunta 1 de 3')).toBeVisible();
    const zone = frame.getByRole('button', { name: /Soltar la respuesta elegida aquí/ });

    // At the top, and scrolled to the end of the question: nothing under the notice.
    await expectNothingCovered(frame, notice, [zone]);
    const options = frame.getByRole('list', { name: 'Respuestas posibles' });
    await bringToBottom(options);
    await expectNothingCovered(frame, notice, [zone]);

    // A drop: the zone holding the answer is never under it either.
    const question = course().modules[0]!.activity.questions[0]!;
    const wrong = question.options.find((o) => o.correct !== 1)!.option;
    await dragOnto(frame, 'mouse', frame.getByRole('button', { name: wrong, exact: true }), zone);
    const feedback = frame.getByRole('dialog').filter({ hasText: 'Respuesta incorrecta' });
    await feedback.getByRole('button', { name: 'ACEPTAR' }).click();
    await expect(feedback).toHaveCount(0);
    await expectNothingCovered(frame, notice, [zone]);

    // Closed by the learner: gone.
    await close.click();
    await expect(notice).toBeHidden();

    // The LMS answers again: the course says so, in the same place, and that too can be closed.
    // The screen changes first: a «recovered» line goes with the screen it showed on, and the
    // course's own retry (every 8 s at most) may answer before a later screen change would.
    await frame.getByRole('link', { name: 'Menú' }).click();
    await expect(frame.getByText(/Módulos terminados: \d de 5/)).toBeVisible();
    await page.evaluate(() => {
      (
        window as unknown as { __lms: { faults: { commitFailures: number } } }
      ).__lms.faults.commitFailures = 0;
    });
    const recovered = frame.getByRole('status').filter({ hasText: RECOVERED });
    await expect(recovered).toBeVisible({ timeout: 20_000 });
    await close.click();
    await expect(recovered).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('never covers an opened hotspot explanation', async ({ page }) => {
    const errors = collectErrors(page);
    const lms = await launchLms(page, {
      version: '1.2',
      faults: { commitFailures: 1_000_000 },
      cmi: resumed(2),
    });
    const frame = lms.course;
    await leaveIntroduction(frame);
    await frame.getByRole('button', { name: /Módulo 3\b/ }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(
      plain(course().modules[2]!.topics[0]!.title),
    );
    // Saving the view fails: the notice shows.
    const notice = frame.getByRole('status').filter({ hasText: RETRYING });
    await expect(notice).toBeVisible();
    await frame.getByRole('button', { name: /^Punto 1/ }).click();
    const panel = frame.locator('.l6-panel--open');
    await expect(panel).toBeVisible();
    await bringToBottom(panel);
    await expectNothingCovered(frame, notice, [panel]);
    expect(errors).toEqual([]);
  });
});

test.describe('360×740 by touch: feedback that stays', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('after ACEPTAR the hint stays under the question, the page stays where it was, and its link goes to the repaso screen and back', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await seedLocalProgress(page, 0, { nextTopicsViewed: true });
    await page.goto('/lms/index.html#/arrastra-la-pregunta/modulo1-actividad');
    await expect(page.getByText('Pregunta 1 de 3')).toBeVisible();
    const question = course().modules[0]!.activity.questions[0]!;
    const wrong = question.options.find((o) => o.correct !== 1)!.option;
    const zone = page.getByRole('button', { name: /Soltar la respuesta elegida aquí/ });

    // Scrolled down to the last option, a finger drags a wrong answer onto the zone.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await dragOnto(page, 'touch', page.getByRole('button', { name: wrong, exact: true }), zone);
    const feedback = page.getByRole('dialog').filter({ hasText: 'Respuesta incorrecta' });
    await expect(feedback).toBeVisible();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(100);
    await acceptFeedback(page, 'touch', /Respuesta incorrecta/);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    // The hint is on the page now, under the question, not only in the closed modal.
    const main = page.getByRole('main');
    await expect(main.getByText('Pista:')).toBeVisible();
    const repaso = course().modules[0]!.topics.find((t) => t.id === question.repaso)!;
    const link = main.getByRole('link', { name: new RegExp(escapeRegExp(plain(repaso.title))) });
    await expect(link).toBeVisible();

    // axe on the new part, at this width.
    const axe = await new AxeBuilder({ page }).include('.quiz-card').analyze();
    expect(axe.violations).toEqual([]);

    await link.tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(repaso.title));
    await page.getByRole('link', { name: 'Volver a la pregunta 1' }).first().tap();
    await expect(page.getByText('Pregunta 1 de 3')).toBeVisible();
    await expect(page).toHaveURL(/arrastra-la-pregunta\/modulo1-actividad$/);
    await expect(page.getByRole('main').getByText('Pista:')).toBeVisible();

    // Answered right: the hint goes with the question.
    const right = question.options.find((o) => o.correct === 1)!.option;
    await dragOnto(page, 'touch', page.getByRole('button', { name: right, exact: true }), zone);
    await acceptFeedback(page, 'touch', /¡Respuesta correcta!/);
    await expect(page.getByText('Pregunta 2 de 3')).toBeVisible();
    await expect(page.getByRole('main').getByText('Pista:')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

for (const width of [360, 1366]) {
  test(`${width} px: a seen screen one tap away in the side menu; the header's two figures apart`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
    await seedLocalProgress(page, 1);
    await page.goto('/lms/index.html#/menu');
    const header = page.getByRole('banner');
    const modules = course().modules;
    const done = header.getByText(`Módulos terminados: 1 de ${modules.length}`);
    const total = modules.reduce((n, m) => n + m.topics.length + 1, 0);
    const screens = header.getByText(new RegExp(`^Pantallas vistas: \\d+ de ${total}$`));
    await expect(done).toBeVisible();
    await expect(screens).toBeVisible();
    expect(overlaps((await done.boundingBox())!, (await screens.boundingBox())!)).toBe(false);
    if (width < 500)
      for (const text of [done, screens])
        expect(
          await text.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
        ).toBeGreaterThanOrEqual(15);

    await page.getByRole('button', { name: 'Módulos' }).click();
    const drawer = page.getByRole('dialog', { name: 'Módulos' });
    const third = modules[0]!.topics[2]!;
    const link = drawer.getByRole('link', { name: new RegExp(escapeRegExp(plain(third.title))) });
    await expect(link).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('.drawer').analyze();
    expect(axe.violations).toEqual([]);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(third.title));
  });
}

test('200 % zoom (683×384): the header and the drop zone leave at least half the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 683, height: 384 });
  await seedLocalProgress(page, 0, { nextTopicsViewed: true });
  await page.goto('/lms/index.html#/arrastra-la-pregunta/modulo1-actividad');
  await expect(page.getByText('Pregunta 1 de 3')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const taken = await page.evaluate(() => {
    const bottom = (sel: string) => {
      const el = document.querySelector(sel);
      if (!el) return 0;
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < 60 ? r.bottom : 0;
    };
    return Math.max(bottom('.shell-header'), bottom('.drop-zone'));
  });
  expect(taken).toBeLessThanOrEqual(384 / 2);
});

test('in the LMS, VER CERTIFICADO shows the certificate instead of over the congratulations: one dialog at a time', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  const modules = course().modules;
  const cmi = resumed(modules.length - 1);
  cmi.suspend_data = cmi.suspend_data.replace(
    /\{\}$/,
    modules
      .at(-1)!
      .topics.map((_, k) => k)
      .join(','),
  );
  const lms = await launchLms(page, { version: '1.2' as LmsVersion, cmi });
  const frame = lms.course;
  await leaveIntroduction(frame);
  await readTopics(frame, modules.length);
  await answerQuiz(frame, modules.length);
  const congrats = frame.getByRole('dialog').filter({ hasText: 'FELICITACIONES' });
  await expect(congrats).toBeVisible();
  await congrats.getByRole('button', { name: 'VER CERTIFICADO' }).click();
  await expect(frame.getByRole('dialog', { name: 'Tu certificado' })).toBeVisible();
  await expect(frame.locator('dialog[open]')).toHaveCount(1);
  await frame
    .getByRole('dialog', { name: 'Tu certificado' })
    .getByRole('button', { name: 'Cerrar' })
    .click();
  // Back to the congratulations, which end the session when closed (record 0131).
  await expect(congrats).toBeVisible();
  await expect(frame.locator('dialog[open]')).toHaveCount(1);
  expect(await lms.terminated()).toBe(false);
  expect(errors).toEqual([]);
});

test('keyboard focus on the static first screen stays on «Siguiente» when the app takes over', async ({
  page,
}) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/lms\/assets\/index-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/lms/index.html', { waitUntil: 'commit' });
  const next = page.getByRole('link', { name: 'Siguiente' });
  await tabTo(page, next);
  await next.evaluate((el) => el.setAttribute('data-static', ''));
  release();
  await expect(page.getByRole('button', { name: 'Módulos', exact: true })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const a = document.activeElement;
        return a?.tagName === 'A' && !a.hasAttribute('data-static') ? a.textContent : null;
      }),
    )
    .toMatch(/^Siguiente/);
});
