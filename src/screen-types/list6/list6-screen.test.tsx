// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { List6Screen } from './list6-screen.tsx';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

const topic = makeTopic('list6', {
  text: '<p>Toca cada punto.</p>',
  img: 'obra.svg',
  alt: 'Una obra en construcción',
  items: makeItems(3, (i) => ({ x: 10 + i * 30, y: 20 + i * 10 })),
});

/**
 * What a learner can see or hear of `el`: its text without the invisible, aria-hidden copies that
 * hold the panel's size (record 0246).
 */
function perceived(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
  return copy.textContent ?? '';
}

const panel = () => document.querySelector<HTMLElement>('[aria-live="polite"]')!;

const spots = () =>
  within(screen.getByRole('list', { name: 'Puntos sobre la imagen' })).getAllByRole('button');

describe('List6Screen (image hotspots to find)', () => {
  it('places numbered markers at the points without giving their titles away', () => {
    render(<List6Screen topic={topic} assetBase="img/" />);
    const img = screen.getByRole('img', { name: 'Una obra en construcción' });
    expect(img.getAttribute('src')).toBe('img/obra.svg');
    expect(spots().map((s) => s.getAttribute('aria-label'))).toEqual([
      'Punto 1: por descubrir',
      'Punto 2: por descubrir',
      'Punto 3: por descubrir',
    ]);
    expect(spots()[1]?.closest('li')?.getAttribute('style')).toContain('left: 40%');
    expect(spots()[1]?.closest('li')?.getAttribute('style')).toContain('top: 30%');
    expect(perceived(document.body)).not.toContain('Título 2');
    expect(screen.getByRole('status').textContent).toBe('Quedan 3 por encontrar');
    expect(screen.getByText('Toca cada punto.')).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('the panel holds every explanation out of sight, so its size never changes', () => {
    render(<List6Screen topic={topic} assetBase="img/" />);
    const copies = panel().querySelectorAll('[aria-hidden="true"][inert]');
    expect([...copies].map((c) => c.textContent)).toEqual([
      expect.stringContaining('Toca o selecciona'),
      '1Título 1Texto 1',
      '2Título 2Texto 2',
      '3Título 3Texto 3',
    ]);
  });

  it('opening a marker shows its title and text in the live panel and marks it found', async () => {
    const user = userEvent.setup();
    render(<List6Screen topic={topic} assetBase="img/" />);
    const spot = spots()[1]!;
    const panel = document.getElementById(spot.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.getAttribute('aria-live')).toBe('polite');
    expect(perceived(panel)).not.toContain('Texto 2');

    await user.click(spot);
    expect(spot.getAttribute('aria-pressed')).toBe('true');
    expect(spot.getAttribute('aria-label')).toBe('2. Título 2, visto');
    expect(within(panel).getByRole('heading', { name: /Título 2/ })).toBeTruthy();
    expect(perceived(panel)).toContain('Texto 2');
    expect(perceived(panel)).not.toContain('Texto 1');
    expect(screen.getByRole('status').textContent).toBe('Quedan 2 por encontrar');
  });

  it('by keyboard: found points are listed under the picture, and the count goes to none', async () => {
    const user = userEvent.setup();
    render(<List6Screen topic={topic} assetBase="img/" />);
    expect(screen.queryByRole('list', { name: 'Puntos encontrados' })).toBeNull();
    for (const n of [3, 1, 2]) {
      spots()[n - 1]!.focus();
      await user.keyboard('{Enter}');
      expect(perceived(panel())).toContain(`Texto ${n}`);
    }
    const legend = screen.getByRole('list', { name: 'Puntos encontrados' });
    expect(
      within(legend)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['11. Título 1', '22. Título 2', '33. Título 3']);
    expect(screen.getByRole('status').textContent).toBe('¡Los encontraste todos!');
    // Opening a found one again from the list shows it, and does not count twice.
    await user.click(within(legend).getByRole('button', { name: /Título 1/ }));
    expect(spots()[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(perceived(panel())).toContain('Texto 1');
    expect(screen.getByRole('status').textContent).toBe('¡Los encontraste todos!');
  });
});
