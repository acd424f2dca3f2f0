import { describe, expect, it } from 'vitest';
import { missedQuestions, optionTexts } from './quiz-logic.ts';

describe('optionTexts', () => {
  it('gives the chosen and the correct option as plain text', () => {
    const question = {
      options: [
        { option: 'Seguir <strong>trabajando</strong>', correct: 0 as const },
        { option: 'Avisar&nbsp;al jefe &amp; salir', correct: 1 as const },
      ],
    };
    expect(optionTexts(question, [0], [1])).toEqual({
      responseText: 'Seguir trabajando',
      correctResponseText: 'Avisar al jefe & salir',
    });
    expect(optionTexts(question, [1], [1]).responseText).toBe('Avisar al jefe & salir');
    expect(optionTexts(question, [5], [1]).responseText).toBe('');
  });
});

describe('missedQuestions (decision 0227)', () => {
  it('lists the questions whose first answer was wrong, in quiz order, with what they teach', () => {
    const q = (text: string, message?: string) => ({
      question: text,
      ...(message ? { message } : {}),
      options: [
        { option: 'No', correct: 0 as const },
        { option: 'Sí', correct: 1 as const },
      ],
    });
    const activity = {
      number: 2,
      questions: [q('¿Uno?', 'Porque uno.'), q('¿Dos?'), q('¿Tres?', 'Porque tres.')],
    } as unknown as Parameters<typeof missedQuestions>[1];
    const first = [
      { id: 'm2-q3', correct: false },
      { id: 'm2-q1', correct: true },
      { id: 'm2-q2', correct: false },
    ];
    expect(missedQuestions(first, activity)).toEqual([
      { index: 1, question: '¿Dos?', rightAnswer: 'Sí', explanation: undefined },
      { index: 2, question: '¿Tres?', rightAnswer: 'Sí', explanation: 'Porque tres.' },
    ]);
  });
});
