// Quiz rules against a position cue and a taught-elsewhere answer (decision record 0270), on the
// plain text with placeholders filled (the demo configuration in `npm run content:check`):
// - across the course no position holds the right option in more than half of the questions,
//   and the first position holds it at least once (a fixed spread; options are not shuffled);
// - two distractors of a question do not repeat each other (at least half of the shorter one's
//   words of four letters or more, accent- and case-folded, are in the other);
// - a question's `repaso` is a screen of its own module (a link to an earlier module alone is
//   not enough: the answer is taught where the question is asked).
import { plainText, wordsOf } from './quiz-rules.ts';
import type { PlaceholderValues } from './placeholders.ts';
import type { Course } from './types.ts';

/** The words that carry meaning: four letters or more. */
const contentWords = (text: string) => new Set([...wordsOf(text)].filter((w) => w.length >= 4));

/** True when two options say the same: half the shorter one's content words are in the other. */
export function repeatEachOther(a: string, b: string): boolean {
  const [x, y] = [contentWords(a), contentWords(b)];
  const shorter = x.size <= y.size ? x : y;
  const longer = shorter === x ? y : x;
  if (shorter.size === 0) return false;
  const shared = [...shorter].filter((w) => longer.has(w)).length;
  return shared * 2 >= shorter.size && shared >= 2;
}

export interface QuizSpread {
  /** Per position (1-based index − 1), how many questions have the right option there. */
  positions: number[];
  problems: string[];
}

export function quizSpreadProblems(
  course: Pick<Course, 'modules'>,
  values: PlaceholderValues,
): QuizSpread {
  const problems: string[] = [];
  const positions: number[] = [];
  let total = 0;
  for (const m of course.modules)
    m.activity.questions.forEach((q) => {
      const id = `m${m.number}-q${q.current}`;
      const right = q.options.findIndex((o) => o.correct === 1);
      if (right >= 0) {
        positions[right] = (positions[right] ?? 0) + 1;
        total++;
      }
      const wrong = q.options
        .filter((o) => o.correct !== 1)
        .map((o) => plainText(o.option, values));
      for (let i = 0; i < wrong.length; i++)
        for (let j = i + 1; j < wrong.length; j++)
          if (repeatEachOther(wrong[i]!, wrong[j]!))
            problems.push(
              `${id}: dos opciones incorrectas dicen lo mismo: «${wrong[i]}» y «${wrong[j]}»`,
            );
      if (q.repaso && !q.repaso.startsWith(`${m.id}-`))
        problems.push(
          `${id}: la respuesta se enseña en ${q.repaso}, no en su propio módulo (${m.id})`,
        );
    });
  const filled = Array.from({ length: positions.length }, (_, i) => positions[i] ?? 0);
  filled.forEach((count, i) => {
    if (count * 2 > total)
      problems.push(
        `la opción correcta está en la posición ${i + 1} en ${count} de ${total} preguntas (máximo la mitad)`,
      );
  });
  if (total > 0 && !filled[0])
    problems.push('la opción correcta nunca está en la primera posición');
  return { positions: filled, problems };
}
