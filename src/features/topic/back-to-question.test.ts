import { describe, expect, it } from 'vitest';
import { backToQuestionState, readBackToQuestion } from './back-to-question.ts';

describe('the way back from a repaso screen to its question (decision 0227)', () => {
  it('reads back what the hint link carries', () => {
    const state = backToQuestionState('/arrastra-la-pregunta/modulo1-actividad', 2);
    expect(readBackToQuestion(state, 3)).toEqual({
      path: '/arrastra-la-pregunta/modulo1-actividad',
      question: 2,
      hint: true,
    });
  });
  it('ignores any other state, a foreign path or a question out of range', () => {
    expect(readBackToQuestion(null)).toBeNull();
    expect(readBackToQuestion({ otra: 1 })).toBeNull();
    expect(readBackToQuestion(backToQuestionState('https://x.example/', 0))).toBeNull();
    expect(readBackToQuestion(backToQuestionState('/q', 3), 3)).toBeNull();
    expect(readBackToQuestion({ volverAPregunta: { path: '/q', question: 1.5 } })).toBeNull();
  });
});
