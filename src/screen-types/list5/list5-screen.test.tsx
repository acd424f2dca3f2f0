// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { List5Screen } from './list5-screen.tsx';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

const topic = makeTopic('list5', { title: 'Trabajo en alturas', items: makeItems(3) });

const slide = () => screen.getByRole('group');

describe('List5Screen (carousel)', () => {
  it('shows one slide at a time with "n de N" in a polite live region', () => {
    render(<List5Screen topic={topic} assetBase="img/" />);
    expect(slide().textContent).toContain('1 de 3');
    expect(slide().textContent).toContain('Texto 1');
    expect(slide().textContent).not.toContain('Texto 2');
    expect(slide().closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    // The other slides are only invisible copies that hold the box at the tallest slide's height,
    // so the arrows never move (record 0246); nobody reads or reaches them.
    const sizers = document.querySelectorAll('.scr-stack-sizer');
    expect(sizers).toHaveLength(3);
    for (const s of sizers) {
      expect(s.getAttribute('aria-hidden')).toBe('true');
      expect(s.hasAttribute('inert')).toBe(true);
    }
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByRole('group', { name: '1 de 3 Título 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Trabajo en alturas' })).toBeTruthy();
  });

  it('moves with Diapositiva siguiente / anterior and stops at the ends', async () => {
    const user = userEvent.setup();
    render(<List5Screen topic={topic} assetBase="img/" />);
    const previous = screen.getByRole('button', { name: 'Diapositiva anterior' });
    const next = screen.getByRole('button', { name: 'Diapositiva siguiente' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');

    await user.click(next);
    expect(slide().textContent).toContain('2 de 3');
    expect(slide().textContent).toContain('Texto 2');
    await user.click(next);
    expect(slide().textContent).toContain('3 de 3');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(slide().textContent).toContain('3 de 3');
    // Focus stays on the button at the end (it is aria-disabled, not disabled).
    expect(document.activeElement).toBe(next);

    await user.click(previous);
    expect(slide().textContent).toContain('2 de 3');
  });

  it('goes straight to a slide with its dot, which is marked current', async () => {
    const user = userEvent.setup();
    render(<List5Screen topic={topic} assetBase="img/" />);
    const dot3 = screen.getByRole('button', { name: 'Ir a la diapositiva 3' });
    await user.click(dot3);
    expect(slide().textContent).toContain('Texto 3');
    expect(dot3.getAttribute('aria-current')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Ir a la diapositiva 1' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('moves with the arrow keys while focus is in the carousel', async () => {
    const user = userEvent.setup();
    render(<List5Screen topic={topic} assetBase="img/" />);
    screen.getByRole('button', { name: 'Diapositiva siguiente' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(slide().textContent).toContain('2 de 3');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slide().textContent).toContain('1 de 3');
  });

  it('moves with a horizontal swipe, not with a vertical scroll gesture', () => {
    render(<List5Screen topic={topic} assetBase="img/" />);
    const viewport = slide().parentElement as HTMLElement;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(viewport, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: from[0],
        clientY: from[1],
      });
      fireEvent.pointerUp(viewport, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: to[0],
        clientY: to[1],
      });
    };
    swipe([300, 100], [100, 110]);
    expect(slide().textContent).toContain('2 de 3');
    swipe([100, 100], [120, 400]);
    expect(slide().textContent).toContain('2 de 3');
    swipe([100, 100], [300, 90]);
    expect(slide().textContent).toContain('1 de 3');
  });
});
