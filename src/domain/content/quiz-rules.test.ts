// The quiz rules of decision 0171 on the real course as the demo configuration shows it, and on
// the questions they were written against (the quiz before the professional's review).
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import { configValues } from '../../../scripts/lib/demo-config.ts';
import { questionShape, quizRuleProblems, wordsOf } from './quiz-rules.ts';
import type { Question } from './types.ts';

const { course } = readCourse();
if (!course) throw new Error('course did not load');
const demo = configValues(course);
if (!demo.values) throw new Error(demo.error);
const values = demo.values;

const q = (
  question: string,
  options: string[],
  right: number,
  pista: string,
  repaso: string | undefined = 'modulo1-tema1',
): Question => ({
  question: `<p>${question}</p>`,
  current: 1,
  options: options.map((option, i) => ({ option, correct: i === right ? 1 : 0 })),
  pista: `<p>${pista}</p>`,
  ...(repaso ? { repaso } : {}),
});

describe('the course quiz with the demo configuration', () => {
  it('passes every rule: right option longest in at most 4, shortest in at least 2', () => {
    const result = quizRuleProblems(course, values);
    expect(result.problems).toEqual([]);
    expect(result.longest.length).toBeLessThanOrEqual(4);
    expect(result.shortest.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps 3/3/4/3/2 questions and names, for each, a screen of its own module', () => {
    expect(course.modules.map((m) => m.activity.questions.length)).toEqual([3, 3, 4, 3, 2]);
    for (const m of course.modules) {
      const own = m.topics.map((t) => t.id);
      for (const question of m.activity.questions)
        expect(own, `${m.id} ${question.current}`).toContain(question.repaso);
    }
  });

  it('asks about PPE, cement and chemicals, lifting and work at heights', () => {
    const repasos = course.modules.flatMap((m) => m.activity.questions.map((x) => x.repaso));
    const stems = course.modules
      .flatMap((m) => m.activity.questions.map((x) => x.question))
      .join(' ');
    expect(stems).toMatch(/botas de seguridad/);
    expect(repasos).toContain('modulo3-tema9'); // cement
    expect(stems).toMatch(/mezcla en un ojo/);
    expect(repasos).toContain('modulo4-tema2'); // lifting over the site road, taught in module 4
    expect(stems).toMatch(/una grúa sube una carga/);
    expect(repasos).toContain('modulo3-tema5'); // work at heights
    expect(stems).toMatch(/¿Dónde lo enganchas\?/);
  });

  it('has no absurd distractor the review named', () => {
    const options = course.modules
      .flatMap((m) => m.activity.questions.flatMap((x) => x.options.map((o) => o.option)))
      .join('\n');
    expect(options).not.toMatch(/Lo comento en la casa|Le echo agua|Se lo paso a un compañero/);
  });
});

describe('each rule catches the question it was written against', () => {
  it('a stem without a question', () => {
    const shape = questionShape(
      'm3-q3',
      q(
        'Ayer tu arnés frenó una caída. Hoy se ve bien.',
        ['Lo uso', 'Lo entrego', 'Lo lavo'],
        1,
        'x',
      ),
      values,
    );
    expect(shape.problems).toEqual([expect.stringMatching(/no termina en «\?»/)]);
  });

  it('the only option with «aviso», or the only one starting with «No»', () => {
    const shape = questionShape(
      'm3-q1',
      q(
        '¿Qué haces?',
        [
          'La arreglo con cinta y sigo',
          'La uso con guantes de caucho',
          'No la uso y aviso a mi jefe',
          'La uso rápido y la devuelvo',
        ],
        2,
        'Piensa en quién arregla lo eléctrico.',
      ),
      values,
    );
    expect(shape.problems).toEqual([
      expect.stringMatching(/solo la opción correcta dice «aviso»/),
      expect.stringMatching(/solo la opción correcta empieza con «No»/),
    ]);
  });

  it('a hint with a word only the right option has (accents and case folded)', () => {
    const shape = questionShape(
      'm1-q3',
      q(
        '¿Qué haces?',
        [
          'Vuelvo para no perder el bono',
          'Vuelvo si me pagan un extra',
          'Cumplo mi INCAPACIDAD completa',
        ],
        2,
        'Repasa tus derechos. ¿Quién decide cuánto dura tu incapacidad?',
      ),
      values,
    );
    expect(shape.problems).toEqual([expect.stringMatching(/la pista usa «incapacidad»/)]);
    expect(wordsOf('Sí, ACCIÓN')).toEqual(new Set(['si', 'accion']));
  });

  it('a question without «repaso»', () => {
    const shape = questionShape('m1-q1', q('¿Qué?', ['a b', 'c d'], 0, 'e', ''), values);
    expect(shape.problems).toEqual([expect.stringMatching(/falta «repaso»/)]);
  });

  it('the right option the longest in more than 4 questions, the shortest in fewer than 2', () => {
    const longQuestion = q('¿Qué?', ['corta', 'la opción larga y correcta'], 1, 'x');
    const modules = [1, 2, 3, 4, 5].map((number) => ({
      number,
      activity: { questions: [longQuestion] },
    }));
    const result = quizRuleProblems({ modules } as never, values);
    expect(result.problems).toEqual([
      expect.stringMatching(/la más larga en 5 preguntas \(máximo 4\)/),
      expect.stringMatching(/la más corta en 0 preguntas \(mínimo 2\)/),
    ]);
  });
});
