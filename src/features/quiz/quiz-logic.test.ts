import { describe, expect, it } from 'vitest';
import { optionTexts } from './quiz-logic.ts';

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
