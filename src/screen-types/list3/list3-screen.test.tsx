// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { List3Screen } from './list3-screen.tsx';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

const topic = makeTopic('list3', {
  items: makeItems(3, (i) => (i === 0 ? { img: 'casco.svg', alt: 'Casco' } : {})),
});

/** The back text is hidden from assistive technology while the card shows its front. */
const hiddenFromAT = (el: Element) =>
  el.closest('[aria-hidden="true"]') !== null && el.closest('[inert]') !== null;

describe('List3Screen (flip cards)', () => {
  it('each card is a button showing the title; the back is hidden until flipped', () => {
    render(<List3Screen topic={topic} assetBase="img/" />);
    const card = screen.getByRole('button', { name: /Título 2/ });
    expect(card.getAttribute('aria-expanded')).toBe('false');
    expect(card.textContent).toContain('Voltear tarjeta');
    expect(hiddenFromAT(screen.getByText('Texto 2'))).toBe(true);
    expect(screen.getByRole('img', { name: 'Casco' }).getAttribute('src')).toBe('img/casco.svg');
  });

  it('flipping exposes the back text, and flipping again hides it', async () => {
    const user = userEvent.setup();
    render(<List3Screen topic={topic} assetBase="img/" />);
    const card = screen.getByRole('button', { name: /Título 2/ });
    await user.click(card);
    expect(card.getAttribute('aria-expanded')).toBe('true');
    const back = document.getElementById(card.getAttribute('aria-controls') ?? '');
    expect(back?.textContent).toContain('Texto 2');
    expect(hiddenFromAT(screen.getByText('Texto 2'))).toBe(false);
    // The other cards stay on their front.
    expect(hiddenFromAT(screen.getByText('Texto 1'))).toBe(true);

    await user.click(card);
    expect(card.getAttribute('aria-expanded')).toBe('false');
    expect(hiddenFromAT(screen.getByText('Texto 2'))).toBe(true);
  });

  it('flips from the keyboard and keeps focus on the card', async () => {
    const user = userEvent.setup();
    render(<List3Screen topic={topic} assetBase="img/" />);
    await user.tab();
    const first = screen.getByRole('button', { name: /Título 1/ });
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(first);
    await user.keyboard(' ');
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });

  it('a card turned once says «visto», also after turning back (record 0246)', async () => {
    const user = userEvent.setup();
    render(<List3Screen topic={topic} assetBase="img/" />);
    const card = screen.getByRole('button', { name: /Título 2/ });
    expect(card.textContent).not.toContain('visto');
    await user.click(card);
    await user.click(card);
    expect(card.getAttribute('aria-expanded')).toBe('false');
    expect(card.textContent).toContain('visto');
    expect(screen.getByRole('button', { name: /Título 1/ }).textContent).not.toContain('visto');
  });
});
