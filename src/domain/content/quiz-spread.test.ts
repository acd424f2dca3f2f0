// The quiz rules of decision record 0270, on fixture courses that each break one, and on the course.
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import { quizSpreadProblems, repeatEachOther } from './quiz-spread.ts';
import type { Course } from './types.ts';

type Q = { right: number; wrong?: string[]; repaso?: string };
/** A course of one module per entry; each question has four options, the right one at `right`. */
function fixture(...modules: Q[][]): Pick<Course, 'modules'> {
  return {
    modules: modules.map((questions, m) => ({
      id: `modulo${m + 1}`,
      number: m + 1,
      activity: {
        questions: questions.map((q, i) => {
          const wrong = q.wrong ?? [
            'Sigo trabajando',
            'Espero al lunes',
            'Le pido ayuda al vecino',
          ];
          const options = wrong.map((option) => ({ option, correct: 0 }));
          options.splice(q.right, 0, { option: 'Paro y aviso a mi jefe', correct: 1 });
          return {
            current: i + 1,
            question: '<p>¿Qué haces?</p>',
            options,
            repaso: q.repaso ?? `modulo${m + 1}-tema1`,
          };
        }),
      },
    })) as unknown as Course['modules'],
  };
}

describe('quiz spread (record 0270)', () => {
  it('passes a course whose right options are spread, distinct and taught in their module', () => {
    expect(
      quizSpreadProblems(fixture([{ right: 0 }, { right: 1 }], [{ right: 2 }, { right: 3 }]), {})
        .problems,
    ).toEqual([]);
  });

  it('fails when one position holds more than half of the right options', () => {
    const { problems } = quizSpreadProblems(
      fixture([{ right: 0 }, { right: 2 }, { right: 2 }]),
      {},
    );
    expect(problems).toEqual([
      'la opción correcta está en la posición 3 en 2 de 3 preguntas (máximo la mitad)',
    ]);
  });

  it('fails when the first position is never used', () => {
    const { problems } = quizSpreadProblems(fixture([{ right: 1 }, { right: 2 }]), {});
    expect(problems).toEqual(['la opción correcta nunca está en la primera posición']);
  });

  it('fails when two distractors repeat each other', () => {
    const wrong = [
      'Espero la reunión del comité del otro mes',
      'Lo cuento en la reunión del comité',
      'Sigo',
    ];
    const { problems } = quizSpreadProblems(fixture([{ right: 0, wrong }, { right: 1 }]), {});
    expect(problems).toEqual([
      'm1-q1: dos opciones incorrectas dicen lo mismo: «Espero la reunión del comité del otro mes» y «Lo cuento en la reunión del comité»',
    ]);
    expect(repeatEachOther('Me bajo: ya va muy despacio', 'Espero a que pare del todo')).toBe(
      false,
    );
  });

  it('fails when a question is answered only in another module', () => {
    const { problems } = quizSpreadProblems(
      fixture([{ right: 0 }], [{ right: 1, repaso: 'modulo1-tema1' }]),
      {},
    );
    expect(problems).toEqual([
      'm2-q1: la respuesta se enseña en modulo1-tema1, no en su propio módulo (modulo2)',
    ]);
  });

  it('fails the spread of the course as landed before record 0270 (second 6, third 7, fourth 1)', () => {
    const landed = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3].map((right) => ({ right }));
    const { positions, problems } = quizSpreadProblems(fixture(landed), {});
    expect(positions).toEqual([0, 6, 7, 1]);
    expect(problems).toEqual(['la opción correcta nunca está en la primera posición']);
  });

  it('passes on the course, with every position used', () => {
    const { course } = readCourse();
    const spread = quizSpreadProblems(course!, {});
    expect(spread.problems).toEqual([]);
    expect(spread.positions.every((n) => n > 0)).toBe(true);
  });
});
