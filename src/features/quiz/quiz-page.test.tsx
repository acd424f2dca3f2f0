// @vitest-environment jsdom
// The quiz flow on the real content: a wrong answer marks the option and opens the bad-answer
// modal with the question's hint (never the explanation nor the right option), and the learner
// tries again on the same question; a right one opens good-answer with the explanation and
// moves on; after the last question the quiz is recorded and the result panel shows the first
// answers the LMS got. Only the first answer to each question is recorded.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Routes } from '../../ui/router.tsx';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outline } from 'virtual:course';
import { loadModule } from 'virtual:course-modules';
import { CourseProvider } from '../../course/course-context.tsx';
import { CourseController } from '../../course/course-controller.ts';
import { createLocalTracking, memoryStore } from '../../tracking/memory/local-tracking.ts';
import type { Interaction } from '../../tracking/port.ts';
import { MessageModalHost, modals } from '../modals/index.ts';
import QuizPage from './quiz-page.tsx';

beforeAll(() => {
  // jsdom has no modal dialogs: enough of <dialog> for the modal host.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  modals.closeMessage(); // the modal service is shared: never let one test's modal leak
});

/**
 * Local progress with every module before `moduleIndex` completed, so its quiz is open, and the
 * topics of that module viewed (as a learner reaching its quiz has).
 */
function unlockedUpTo(moduleIndex: number) {
  const route = outline.modules
    .map((m, i) =>
      i < moduleIndex
        ? Array.from({ length: m.topicCount + 1 }, (_, k) => k).join(',')
        : i === moduleIndex
          ? Array.from({ length: m.topicCount }, (_, k) => k).join(',')
          : '{}',
    )
    .join('-');
  return memoryStore({ 'quiz-test:modules_viewed': route });
}

/** The quiz of module `moduleIndex`, with progress up to module `progressUpTo` (default: it). */
async function setup(moduleIndex: number, progressUpTo = moduleIndex) {
  const tracking = createLocalTracking('quiz-test', unlockedUpTo(progressUpTo));
  const answers: Interaction[] = [];
  const recordAnswer = tracking.recordAnswer.bind(tracking);
  tracking.recordAnswer = (i) => {
    answers.push(i);
    recordAnswer(i);
  };
  const controller = new CourseController(outline, tracking);
  await controller.start();
  const module = await loadModule(outline.modules[moduleIndex]!.id);
  const path =
    module.activity.type === 'drag-answer' ? 'arrastra-la-pregunta' : 'seleccionar-pregunta';
  render(
    <CourseProvider controller={controller}>
      <MemoryRouter initialEntries={[`/${path}/${module.activity.id}`]}>
        <Routes
          routes={[
            { path: `/${path}/:id`, element: <QuizPage /> },
            { path: '/menu', element: <p>MENÚ DEL CURSO</p> },
          ]}
        />
      </MemoryRouter>
      <MessageModalHost />
    </CourseProvider>,
  );
  return { controller, module, answers, user: userEvent.setup() };
}

async function closeModal(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'ACEPTAR' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('quiz flow', () => {
  it('select-answer: wrong, retry, right; the quiz is recorded once done', async () => {
    const { controller, module, answers, user } = await setup(1);
    const questions = module.activity.questions;
    for (const [i, q] of questions.entries()) {
      await screen.findByText(`Pregunta ${i + 1} de ${questions.length}`);
      const wrong = q.options.find((o) => o.correct === 0)!;
      const right = q.options.find((o) => o.correct === 1)!;
      if (i === 0) {
        await user.click(screen.getByRole('radio', { name: wrong.option }));
        await user.click(screen.getByRole('button', { name: 'Responder' }));
        const dialog = await screen.findByRole('dialog');
        expect(dialog.textContent).toContain('Respuesta incorrecta');
        const hint = q.pista ?? 'Vuelve a leer la pregunta y piensa qué harías en la obra.';
        expect(dialog.innerHTML).toContain(hint);
        if (q.message) expect(dialog.innerHTML).not.toContain(q.message);
        expect(dialog.textContent).not.toContain(right.option);
        await closeModal(user);
        expect(screen.getByText(`Pregunta 1 de ${questions.length}`)).toBeTruthy();
        // The wrong choice stays marked, for screen readers too.
        const marked = screen.getByRole('radio', { name: wrong.option });
        expect(marked.getAttribute('aria-describedby')).toBeTruthy();
        expect(
          document.getElementById(marked.getAttribute('aria-describedby')!)!.textContent,
        ).toContain('Respuesta incorrecta');
      }
      await user.click(screen.getByRole('radio', { name: right.option }));
      await user.click(screen.getByRole('button', { name: 'Responder' }));
      const good = await screen.findByRole('dialog');
      expect(good.textContent).toContain('¡Respuesta correcta!');
      if (q.message) expect(good.innerHTML).toContain(q.message);
      await closeModal(user);
    }
    // The result panel, on the quiz route: first-try score, what unlocked, the way on.
    const panel = await screen.findByRole('region', { name: 'Resultado' });
    const firstTry = answers.filter((a) => a.correct).length;
    expect(panel.textContent).toContain(`${firstTry} de ${questions.length} al primer intento`);
    const next = outline.modules[2]!;
    expect(panel.textContent).toContain(`Se desbloqueó el módulo ${next.number}: ${next.title}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(panel).getByRole('link', { name: 'Ir al menú' }));
    await screen.findByText('MENÚ DEL CURSO');
    expect(controller.getState().viewed[1]).toContain(outline.modules[1]!.topicCount);
    // One record per question; the first (wrong) answer is the one kept for question 1.
    expect(answers.map((a) => a.id)).toEqual(questions.map((_, i) => `m2-q${i + 1}`));
    expect(answers[0]!.correct).toBe(false);
    expect(answers.slice(1).every((a) => a.correct)).toBe(true);
    // The LMS build (these tests) records no option texts: only the web build sends them.
    expect(answers[0]).not.toHaveProperty('responseText');
  });

  it('select-answer: answering with nothing chosen asks for a choice and records nothing', async () => {
    const { answers, user } = await setup(3);
    await screen.findByText(/Pregunta 1 de/);
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText('Elige una respuesta antes de responder.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(answers).toEqual([]);
  });

  it('drag-answer: pick then drop with the keyboard path; a wrong drop keeps the question', async () => {
    const { answers, user } = await setup(0);
    const q = (await loadModule('modulo1')).activity.questions[0]!;
    await screen.findByText(/Pregunta 1 de/);
    const zone = screen.getByRole('button', { name: /Soltar la respuesta elegida aquí/ });
    await user.click(zone);
    expect(await screen.findByText('Elige una respuesta antes de responder.')).toBeTruthy();
    const wrong = q.options.find((o) => o.correct === 0)!.option;
    await user.click(screen.getByRole('button', { name: wrong }));
    expect(screen.getByRole('button', { name: wrong }).getAttribute('aria-pressed')).toBe('true');
    await user.click(zone);
    expect((await screen.findByRole('dialog')).textContent).toContain('Respuesta incorrecta');
    await closeModal(user);
    expect(screen.getByText(/Pregunta 1 de/)).toBeTruthy();
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ id: 'm1-q1', type: 'matching', correct: false });
  });

  it('a quiz taken again: the way on is offered, no unlocking is announced', async () => {
    // Module 1 done, module 2 under way: the learner goes back to module 1's quiz.
    const { user } = await setup(0, 1);
    const questions = (await loadModule('modulo1')).activity.questions;
    for (const [i, q] of questions.entries()) {
      await screen.findByText(`Pregunta ${i + 1} de ${questions.length}`);
      await user.click(
        screen.getByRole('button', { name: q.options.find((o) => o.correct === 1)!.option }),
      );
      await user.click(screen.getByRole('button', { name: /Soltar la respuesta elegida aquí/ }));
      await closeModal(user);
    }
    const panel = await screen.findByRole('region', { name: 'Resultado' });
    expect(panel.textContent).not.toContain('Se desbloqueó');
    expect(within(panel).getByRole('link', { name: /Continuar con el módulo 2/ })).toBeTruthy();
  });
});
