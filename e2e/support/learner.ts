// A learner taking the course the way a person does: with the keyboard alone, by touch on a
// phone, or with a mouse — on a page, or in the course's frame inside an LMS. Answers come from
// the content files (support/content.ts), never hard-coded.
import { expect, type Frame, type Locator, type Page } from '@playwright/test';
import type { Activity } from '../../src/domain/content/types.ts';
import { answerShapeOf, type Response, type WalkTarget } from '../../src/domain/registry/index.ts';
import { course } from './content.ts';
import { pressOn, tabTo } from './keyboard.ts';

export type InputMode = 'keyboard' | 'touch' | 'mouse';
/** Where the course runs: a page, or a frame (the LMS harness, a popup). */
export type Surface = Page | Frame;

const pageOf = (surface: Surface): Page => ('mainFrame' in surface ? surface : surface.page());
const plain = (html: string) => html.replace(/<[^>]+>/g, '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function activate(surface: Surface, mode: InputMode, target: Locator, backwards = false) {
  if (mode === 'keyboard') await pressOn(pageOf(surface), target, 'Enter', { backwards });
  else if (mode === 'touch') await target.tap();
  else await target.click();
}

export async function acceptFeedback(
  surface: Surface,
  mode: InputMode,
  expected: RegExp,
  mustNotShow: string[] = [],
) {
  const dialog = surface.getByRole('dialog').filter({ hasText: expected });
  await expect(dialog).toBeVisible();
  // After a wrong answer: a hint, never the right option nor the explanation.
  // (As a whole word: a right option may be a single letter, e.g. the class of a fire.)
  for (const text of mustNotShow)
    await expect(dialog).not.toContainText(
      new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(text)}($|[^\\p{L}\\p{N}])`, 'u'),
    );
  const accept = dialog.getByRole('button', { name: 'ACEPTAR' });
  if (mode === 'keyboard') {
    await expect(accept).toBeFocused();
    await pageOf(surface).keyboard.press('Enter');
  } else if (mode === 'touch') {
    // Chromium now and then generates no click at all for a synthetic tap that follows a CDP
    // touch drag (seen 2–3 times in 10 at 320 px: touchstart/touchend reach the button, no click
    // is dispatched, so the course never sees it). A person taps again; so does the test, only
    // when the dialog is still open well after its 300-ms closing animation.
    await expect(async () => {
      if ((await dialog.count()) > 0) await accept.tap({ timeout: 1_000 });
      await expect(dialog).toHaveCount(0, { timeout: 1_500 });
    }).toPass({ timeout: 10_000 });
  } else await activate(surface, mode, accept);
  // (After the last quiz another dialog — congratulations — may open: wait for this one only.)
  await expect(dialog).toHaveCount(0);
}

/** Waits until the course shows the menu (history or hash routing). */
export async function expectMenu(surface: Surface) {
  await expect
    .poll(() => surface.url(), { message: 'the course shows the menu' })
    .toMatch(/\/menu$/);
}

/** The centre of `target` in the top page's coordinates, scrolled into view first. */
export async function centre(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A real drag of `item` onto `zone`, in the top page's coordinates (so also into the LMS's frame):
 * the mouse pressed, moved and released, or a finger through CDP's Input.dispatchTouchEvent
 * (start, moves, end) — a tap proves nothing about dragging. Nothing is tapped after the drop.
 */
export async function dragOnto(
  surface: Surface,
  mode: 'mouse' | 'touch',
  item: Locator,
  zone: Locator,
) {
  const page = pageOf(surface);
  // The item first (scrolling to it may move the page), then where the zone is now.
  const from = await centre(item);
  const box = (await zone.boundingBox())!;
  const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  if (mode === 'mouse') {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let k = 1; k <= 10; k++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [
        { x: from.x + ((to.x - from.x) * k) / 10, y: from.y + ((to.y - from.y) * k) / 10 },
      ],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const at = (surface: Surface, target: WalkTarget) =>
  surface.getByRole(target.role, { name: target.name, exact: typeof target.name === 'string' });

/** The control of option `index` (its first step's target): where a wrong choice is marked. */
const optionControl = (surface: Surface, type: string, options: string[], index: number) =>
  at(surface, answerShapeOf(type).walk([index], options)[0]!.target);

/**
 * Gives `response` the way the quiz type's answer shape says (record 0271), each step by the
 * input mode: a control pressed; a radio checked (by keyboard: into the group, Space, then arrow
 * down to it); a drag done for real by mouse and by touch, picked and placed by keyboard.
 */
async function give(
  surface: Surface,
  mode: InputMode,
  type: string,
  options: string[],
  response: Response,
) {
  for (const step of answerShapeOf(type).walk(response, options)) {
    if (step.do === 'drag') {
      const item = at(surface, step.target);
      const zone = at(surface, step.onto);
      if (mode === 'keyboard') {
        await activate(surface, mode, item);
        await activate(surface, mode, zone, true);
      } else await dragOnto(surface, mode, item, zone);
    } else if (step.do === 'check' && mode === 'keyboard') {
      const radios = surface.getByRole(step.target.role);
      await tabTo(pageOf(surface), radios.first());
      await pageOf(surface).keyboard.press('Space');
      for (let k = 0; k < step.option; k++) await pageOf(surface).keyboard.press('ArrowDown');
      await expect(radios.nth(step.option)).toBeChecked();
    } else await activate(surface, mode, at(surface, step.target));
  }
}

/** Answers the question on screen with the option whose text is `answer`. */
export async function chooseOption(
  surface: Surface,
  mode: InputMode,
  type: string,
  answer: string,
) {
  await give(surface, mode, type, [answer], [0]);
}

/**
 * Answers the open quiz, one question at a time. With `firstTryWrong`, the first question is
 * answered wrong once (the LMS must keep only that first answer), then right. After a wrong
 * answer the chosen option stays marked and the right one is not given away, neither in the
 * modal nor by a mark.
 */
export async function answerQuiz(
  surface: Surface,
  moduleNumber: number,
  mode: InputMode = 'mouse',
  options: { firstTryWrong?: boolean } = {},
) {
  const activity = course().modules[moduleNumber - 1]!.activity;
  await expect(surface.getByRole('heading', { level: 1 })).toHaveText(activity.title);
  let missed = 0;
  for (const [i, q] of activity.questions.entries()) {
    await expect(
      surface.getByText(`Pregunta ${i + 1} de ${activity.questions.length}`),
    ).toBeVisible();
    const texts = q.options.map((o) => o.option);
    const shape = answerShapeOf(activity.type);
    const rightResponse = shape.correctResponse(q);
    // A wrong answer: one option not in the right response (a one-option shape's wrong pick).
    const right = rightResponse[0]!;
    const wrong = q.options.findIndex((_, k) => !rightResponse.includes(k));
    const wrongFirst = i === 0 && options.firstTryWrong && wrong >= 0;
    if (wrongFirst) missed += 1;
    for (const index of wrongFirst ? [wrong, right] : [right]) {
      await give(surface, mode, activity.type, texts, index === right ? rightResponse : [index]);
      await acceptFeedback(
        surface,
        mode,
        index === right ? /¡Respuesta correcta!/ : /Respuesta incorrecta/,
        index === right ? [] : [texts[right]!, ...(q.message ? [plain(q.message)] : [])],
      );
      if (index === wrong) {
        await expect(
          optionControl(surface, activity.type, texts, wrong),
        ).toHaveAccessibleDescription(/Respuesta incorrecta/);
        await expect(
          optionControl(surface, activity.type, texts, right),
        ).not.toHaveAccessibleDescription(/correct/i);
      }
    }
  }
  // The result panel, on the quiz route: the first answers, as the LMS recorded them.
  const total = activity.questions.length;
  const firstTry = total - missed;
  await expect(surface.getByRole('region', { name: 'Resultado' })).toContainText(
    `${firstTry} de ${total} al primer intento`,
  );
}

/** The points of a quiz worth checking (accessibility, layout), in the order they come. */
export type QuizMoment =
  'bad-answer modal' | 'wrong choice marked' | 'good-answer modal' | 'result panel';

/**
 * Walks the quiz on screen to its result panel — its first question answered wrong once, then
 * every question right — and runs `check` at each moment worth looking at: the bad-answer modal
 * open, the wrong choice marked after it, the first good-answer modal open, the result panel.
 */
export async function walkQuiz(
  surface: Surface,
  mode: InputMode,
  activity: Activity,
  check: (moment: QuizMoment) => Promise<void>,
) {
  const shape = answerShapeOf(activity.type);
  for (const [i, q] of activity.questions.entries()) {
    const texts = q.options.map((o) => o.option);
    const right = shape.correctResponse(q);
    if (i === 0) {
      const wrong = q.options.findIndex((_, k) => !right.includes(k));
      await give(surface, mode, activity.type, texts, [wrong]);
      await expect(surface.getByRole('dialog')).toContainText('Respuesta incorrecta');
      await check('bad-answer modal');
      await acceptFeedback(surface, mode, /Respuesta incorrecta/);
      await check('wrong choice marked');
    }
    await give(surface, mode, activity.type, texts, right);
    await expect(surface.getByRole('dialog')).toContainText('¡Respuesta correcta!');
    if (i === 0) await check('good-answer modal');
    await acceptFeedback(surface, mode, /¡Respuesta correcta!/);
  }
  await expect(surface.getByRole('region', { name: 'Resultado' })).toBeVisible();
  await check('result panel');
}

/** From a quiz's result panel to the menu («Ir al menú»). */
export async function leaveResults(surface: Surface, mode: InputMode = 'mouse') {
  const panel = surface.getByRole('region', { name: 'Resultado' });
  await activate(surface, mode, panel.getByRole('link', { name: 'Ir al menú' }));
  await expectMenu(surface);
}

/** From the menu: opens module n and reads its topics with 'Siguiente' (up to topic `upTo`). */
export async function readTopics(
  surface: Surface,
  moduleNumber: number,
  mode: InputMode = 'mouse',
  upTo?: number,
) {
  const module = course().modules[moduleNumber - 1]!;
  await expectMenu(surface);
  await activate(
    surface,
    mode,
    surface.getByRole('button', { name: new RegExp(`Módulo ${moduleNumber}\\b`) }),
  );
  const topics = module.topics.slice(0, upTo ?? module.topics.length);
  for (const [i, topic] of topics.entries()) {
    await expect(surface.getByRole('heading', { level: 1 })).toHaveText(plain(topic.title));
    if (i < topics.length - 1 || upTo === undefined)
      await activate(surface, mode, surface.getByRole('link', { name: 'Siguiente' }));
  }
}

/** From the menu: every topic of module n, then its quiz and its result panel (to the menu). */
export async function takeModule(
  surface: Surface,
  moduleNumber: number,
  mode: InputMode = 'mouse',
  options: { firstTryWrong?: boolean } = {},
) {
  await readTopics(surface, moduleNumber, mode);
  await answerQuiz(surface, moduleNumber, mode, options);
  // After the last module the congratulations modal opens over the result panel.
  if (moduleNumber < course().modules.length) await leaveResults(surface, mode);
}

/** Seeds `local` mode progress: the first `completed` modules done (for screens deep in the course). */
export async function seedLocalProgress(
  page: Page,
  completed: number,
  options: { nextTopicsViewed?: boolean } = {},
) {
  const route = course()
    .modules.map((m, i) => {
      if (i < completed) return Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(',');
      if (i === completed && options.nextTopicsViewed) return m.topics.map((_, k) => k).join(',');
      return '{}';
    })
    .join('-');
  const score = (completed * 100) / course().modules.length;
  await page.addInitScript(
    ([id, r, s]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      localStorage.setItem(`${id}:modules_viewed`, r);
      localStorage.setItem(`${id}:score`, s);
    },
    [course().id, route, String(score)] as const,
  );
}
