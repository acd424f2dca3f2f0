// Wayfinding (decisions 0027 and 0090), one full completion per setting (a phone by touch, a desktop, the course in a 714×666
// frame of an LMS page): the screens-seen indicator advances on every topic, every navigation
// starts at the top with focus on the heading, the header never keeps a quiz's title on the menu,
// the side-menu drawer closes by its backdrop, «Cerrar» and Escape and blocks taps beneath, and
// each quiz's first question is answered wrong first (drag quizzes by a real mouse or finger drag).
// Counts and titles come from the content files.
import { expect, test, type Page } from '@playwright/test';
import { course } from './support/content.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';
import {
  answerQuiz,
  leaveResults,
  seedLocalProgress,
  type InputMode,
  type Surface,
} from './support/learner.ts';
import { launchLms } from './support/lms-fixture.ts';
import {
  drawer,
  expectTopAndHeadingFocused,
  openDrawer,
  pageOf,
  pressAt,
  screensSeen,
  screensSeenCount,
} from './support/wayfinding.ts';

const plain = (html: string) => html.replace(/<[^>]+>/g, '');

const settings = [
  {
    name: 'teléfono 360×740 (táctil)',
    use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
    mode: 'touch' as InputMode,
    frame: false,
  },
  {
    name: 'escritorio 1366×768',
    use: { viewport: { width: 1366, height: 768 } },
    mode: 'mouse' as InputMode,
    frame: false,
  },
  {
    name: 'marco de 714×666 en una página de LMS',
    use: { viewport: { width: 1366, height: 768 } },
    mode: 'mouse' as InputMode,
    frame: true,
  },
];

async function launch(page: Page, frame: boolean): Promise<Surface> {
  if (!frame) {
    await page.goto('/lms/index.html');
    return page;
  }
  const lms = await launchLms(page, { version: '2004', frameSize: { width: 714, height: 666 } });
  return lms.course;
}

async function press(surface: Surface, mode: InputMode, name: string) {
  const link = surface.getByRole('link', { name, exact: true });
  await (mode === 'touch' ? link.tap() : link.click());
}

/** The drawer closes by each of its three ways, and while open a tap beneath reaches nothing. */
async function checkDrawer(surface: Surface, mode: InputMode) {
  const tap = mode === 'touch';
  const page = pageOf(surface);
  // Escape.
  await openDrawer(surface, tap);
  await page.keyboard.press('Escape');
  await expect(drawer(surface)).toBeHidden();
  await expect(surface.getByRole('button', { name: 'Módulos', exact: true })).toBeFocused();
  // «Cerrar».
  await openDrawer(surface, tap);
  const close = drawer(surface).getByRole('button', { name: 'Cerrar' });
  await (tap ? close.tap() : close.click());
  await expect(drawer(surface)).toBeHidden();
  // The backdrop, over a locked module's card: the tap closes the drawer and reaches nothing
  // beneath (a tap on that card would open the locked-module message).
  const lockedCard = surface.getByRole('button', { name: /^Módulo 2\b/ });
  await lockedCard.scrollIntoViewIfNeeded();
  const card = (await lockedCard.boundingBox())!;
  await openDrawer(surface, tap);
  const panel = (await drawer(surface).boundingBox())!;
  const x = Math.max(card.x + card.width / 2, panel.x + panel.width + 8);
  expect(x, 'the card shows beside the drawer').toBeLessThan(card.x + card.width);
  await pressAt(surface, x, card.y + card.height / 2, tap);
  await expect(drawer(surface)).toBeHidden();
  await expect(surface.getByRole('dialog')).toHaveCount(0);
  await expect(surface.getByRole('heading', { level: 1 })).toHaveText('Módulos del curso');
}

for (const setting of settings) {
  test.describe(setting.name, () => {
    test.use(setting.use);

    test('the whole course: progress you can see, top of each screen, the drawer', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const { mode } = setting;
      const modules = course().modules;
      const surface = await launch(page, setting.frame);
      const total = modules.reduce((n, m) => n + m.topics.length + 1, 0);
      // The layout follows the course's own width: the 714-px frame gets the wide header (with
      // the score's bar), the phone the compact one.
      const width = await surface.evaluate(() => window.innerWidth);
      expect(width).toBe(setting.frame ? 714 : setting.use.viewport.width);
      const scoreBar = surface.getByRole('progressbar', { name: 'Módulos terminados' });
      await (width < 480 ? expect(scoreBar).toBeHidden() : expect(scoreBar).toBeVisible());
      await expect(screensSeen(surface)).toHaveAttribute('aria-valuemax', String(total));

      await expect(surface.getByRole('heading', { level: 1 })).toHaveText(
        course().introduction.title,
      );
      await press(surface, mode, 'Siguiente');
      await expectTopAndHeadingFocused(surface, 'Módulos del curso');
      await checkDrawer(surface, mode);

      let seen = await screensSeenCount(surface);
      expect(seen).toBe(0);
      for (const [m, module] of modules.entries()) {
        // The header's title line (the drawer, inside the header, lists every module's screens).
        const banner = surface.getByRole('banner').locator('.shell-title');
        const open = surface.getByRole('button', { name: new RegExp(`^Módulo ${m + 1}\\b`) });
        await (mode === 'touch' ? open.tap() : open.click());
        for (const [t, topic] of module.topics.entries()) {
          await expectTopAndHeadingFocused(surface, plain(topic.title));
          await expect(surface.getByText(`Tema ${t + 1} de ${module.topics.length}`)).toBeVisible();
          await expect(banner).toContainText(`MÓDULO ${module.number}`);
          // A new topic: one more screen seen, the score unchanged.
          await expect(screensSeen(surface)).toHaveAttribute('aria-valuenow', String(seen + 1));
          seen += 1;
          await expect(
            surface.getByText(`Módulos terminados: ${m} de ${modules.length}`),
          ).toBeVisible();
          await press(surface, mode, 'Siguiente');
        }
        await expectTopAndHeadingFocused(surface, module.activity.title);
        // Each quiz's first question wrong first: the feedback teaches without giving the answer
        // away; drags are real (mouse or finger) and count when they land.
        await answerQuiz(surface, m + 1, mode, { firstTryWrong: true });
        seen += 1;
        if (m < modules.length - 1) {
          // The quiz ends on its result panel; «Ir al menú» leads on.
          await leaveResults(surface, mode);
          // Back on the menu: at the top, the heading focused, no quiz title left in the header.
          await expectTopAndHeadingFocused(surface, 'Módulos del curso');
          await expect(banner).not.toContainText(module.activity.title);
          await expect(banner).not.toContainText('MÓDULO');
          await expect(screensSeen(surface)).toHaveAttribute('aria-valuenow', String(seen));
          await expect(
            surface.getByText(`Módulos terminados: ${m + 1} de ${modules.length}`),
          ).toBeVisible();
          // The module's card says it all: every topic seen, the quiz done.
          await expect(surface.getByRole('listitem').filter({ has: open })).toContainText(
            `${module.topics.length} de ${module.topics.length} temas · cuestionario hecho`,
          );
        }
      }
      await expect(
        surface.getByRole('dialog').getByRole('heading', { name: 'FELICITACIONES' }),
      ).toBeVisible();
      await expect(surface.getByText('Módulos terminados: 5 de 5')).toBeVisible();
      await expect(screensSeen(surface)).toHaveAttribute('aria-valuenow', String(total));
    });
  });
}

test('the locked-module message says which module to finish first', async ({ page }) => {
  await page.goto('/lms/index.html#/menu');
  const [first, , third] = course().modules;
  await page.getByRole('button', { name: new RegExp(`^Módulo ${third!.number}\\b`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Este módulo no está habilitado.');
  await expect(dialog).toContainText(
    `Termina primero el módulo ${first!.number}: ${first!.title}.`,
  );
});

test('from one module’s screen straight to another’s (a link, the drawer) shows the new one', async ({
  page,
}) => {
  await seedLocalProgress(page, 2);
  const [first, second] = course().modules;
  await page.goto(`/lms/index.html#${pagePath(first!.activity)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.activity.title);
  // The same screen component stays; its module changes under it.
  await page.evaluate((p) => (location.hash = `#${p}`), pagePath(second!.activity));
  await expectTopAndHeadingFocused(page, second!.activity.title);
  const last = second!.topics.at(-1)!;
  await page.evaluate((p) => (location.hash = `#${p}`), pagePath(last));
  await page.evaluate((p) => (location.hash = `#${p}`), pagePath(first!.topics[0]!));
  await expectTopAndHeadingFocused(page, plain(first!.topics[0]!.title));
});
