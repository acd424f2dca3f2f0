// A learner taking the course the way a person does: with the keyboard alone, or by touch on a
// phone. Answers come from the content files (support/content.ts), never hard-coded.
import { expect, type Page } from '@playwright/test';
import { course } from './content.ts';
import { pressOn, tabTo } from './keyboard.ts';

export type InputMode = 'keyboard' | 'touch' | 'mouse';

async function activate(
  page: Page,
  mode: InputMode,
  target: ReturnType<Page['getByRole']>,
  backwards = false,
) {
  if (mode === 'keyboard') await pressOn(page, target, 'Enter', { backwards });
  else if (mode === 'touch') await target.tap();
  else await target.click();
}

async function acceptFeedback(page: Page, mode: InputMode, expected: RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(expected);
  const accept = dialog.getByRole('button', { name: 'ACEPTAR' });
  if (mode === 'keyboard') {
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
  } else await activate(page, mode, accept);
  // (After the last quiz another dialog — congratulations — may open: wait for this one only.)
  await expect(page.getByRole('dialog').filter({ hasText: expected })).toHaveCount(0);
}

/** Answers the open quiz correctly, one question at a time. */
export async function answerQuiz(page: Page, moduleNumber: number, mode: InputMode) {
  const activity = course().modules[moduleNumber - 1]!.activity;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(activity.title);
  for (const [i, q] of activity.questions.entries()) {
    await expect(page.getByText(`Pregunta ${i + 1} de ${activity.questions.length}`)).toBeVisible();
    const correctIndex = q.options.findIndex((o) => o.correct === 1);
    const answer = q.options[correctIndex]!.option;
    if (activity.type === 'drag-answer') {
      await activate(page, mode, page.getByRole('button', { name: answer, exact: true }));
      await activate(
        page,
        mode,
        page.getByRole('button', { name: /Soltar la respuesta elegida aquí/ }),
        true,
      );
    } else if (mode === 'keyboard') {
      // Into the radio group, check the first option, then arrow down to the right one.
      const radios = page.getByRole('radio');
      await tabTo(page, radios.first());
      await page.keyboard.press('Space');
      for (let k = 0; k < correctIndex; k++) await page.keyboard.press('ArrowDown');
      await expect(radios.nth(correctIndex)).toBeChecked();
      await pressOn(page, page.getByRole('button', { name: 'Responder' }));
    } else {
      await activate(page, mode, page.getByRole('radio', { name: answer, exact: true }));
      await activate(page, mode, page.getByRole('button', { name: 'Responder' }));
    }
    await acceptFeedback(page, mode, /¡Respuesta correcta!/);
  }
}

/** From the menu: opens module n, reads every topic with 'Siguiente', answers its quiz. */
export async function takeModule(page: Page, moduleNumber: number, mode: InputMode) {
  const module = course().modules[moduleNumber - 1]!;
  await expect(page).toHaveURL(/\/menu$/);
  await activate(
    page,
    mode,
    page.getByRole('button', { name: new RegExp(`Módulo ${moduleNumber}\\b`) }),
  );
  for (const topic of module.topics) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      topic.title.replace(/<[^>]+>/g, ''),
    );
    await activate(page, mode, page.getByRole('link', { name: 'Siguiente' }));
  }
  await answerQuiz(page, moduleNumber, mode);
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
