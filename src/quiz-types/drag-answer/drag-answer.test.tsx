// @vitest-environment jsdom
// The drag-answer question's input paths: a finger drag that lands outside the drop zone answers
// nothing, and the learner's next tap on an option still picks it (a touch drag is never followed
// by a click, so nothing may wait for one); a mouse drag's own trailing click is not taken as a
// pick.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../domain/content/types.ts';
import { DragAnswer } from './drag-answer.tsx';

afterEach(cleanup);

const question: Question = {
  question: '¿Qué haces?',
  current: 1,
  options: [
    { option: 'Aviso a mi jefe', correct: 1 },
    { option: 'Sigo trabajando', correct: 0 },
  ],
};

function renderQuestion() {
  const onAnswer = vi.fn();
  render(<DragAnswer question={question} questionId="q1" onAnswer={onAnswer} busy={false} />);
  return onAnswer;
}

/** A drag of an option that ends far from the drop zone (jsdom lays nothing out: zone at 0,0). */
function dragAway(option: HTMLElement, pointerType: 'touch' | 'mouse') {
  const at = (x: number, y: number) => ({
    pointerId: 1,
    pointerType,
    button: 0,
    clientX: x,
    clientY: y,
  });
  fireEvent.pointerDown(option, at(100, 100));
  fireEvent.pointerMove(option, at(160, 180));
  fireEvent.pointerUp(option, at(160, 180));
}

const option = (name: string) => screen.getByRole('button', { name, exact: true } as never);

describe('drag-answer input', () => {
  it('after a finger drag released outside the zone, the next tap picks an option', () => {
    const onAnswer = renderQuestion();
    dragAway(option('Aviso a mi jefe'), 'touch');
    expect(onAnswer).not.toHaveBeenCalled();
    // The tap: pointer events, then the click a tap produces.
    fireEvent.pointerDown(option('Sigo trabajando'), { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(option('Sigo trabajando'), { pointerId: 2, pointerType: 'touch' });
    fireEvent.click(option('Sigo trabajando'));
    expect(option('Sigo trabajando').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /Soltar la respuesta elegida aquí/ }));
    expect(onAnswer).toHaveBeenCalledWith(1);
  });

  it('the click that ends a mouse drag is not a pick', () => {
    renderQuestion();
    const dragged = option('Aviso a mi jefe');
    dragAway(dragged, 'mouse');
    fireEvent.click(dragged);
    expect(dragged.getAttribute('aria-pressed')).toBe('false');
  });
});
