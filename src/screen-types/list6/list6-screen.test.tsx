// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { List6Screen } from './list6-screen.tsx';
import { makeItems, makeTopic } from '../../features/screens/test-fixtures.ts';

afterEach(cleanup);

const topic = makeTopic('list6', {
  text: '<p>Toca cada punto.</p>',
  img: 'obra.svg',
  alt: 'Una obra en construcción',
  items: makeItems(3, (i) => ({ x: 10 + i * 30, y: 20 + i * 10 })),
});

describe('List6Screen (image hotspots)', () => {
  it('places numbered hotspot buttons named by their title on the image', () => {
    render(<List6Screen topic={topic} assetBase="img/" />);
    const img = screen.getByRole('img', { name: 'Una obra en construcción' });
    expect(img.getAttribute('src')).toBe('img/obra.svg');
    const spots = within(screen.getByRole('list', { name: 'Puntos sobre la imagen' })).getAllByRole(
      'button',
    );
    expect(spots.map((s) => s.textContent)).toEqual(['1Título 1', '2Título 2', '3Título 3']);
    expect(spots[1]?.closest('li')?.getAttribute('style')).toContain('left: 40%');
    expect(spots[1]?.closest('li')?.getAttribute('style')).toContain('top: 30%');
    // The intro text shows; the topic image is not repeated above.
    expect(screen.getByText('Toca cada punto.')).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('activating a hotspot shows its title and text in the live panel', async () => {
    const user = userEvent.setup();
    render(<List6Screen topic={topic} assetBase="img/" />);
    const spot = within(screen.getByRole('list', { name: 'Puntos sobre la imagen' })).getByRole(
      'button',
      {
        name: 'Título 2',
      },
    );
    const panel = document.getElementById(spot.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.getAttribute('aria-live')).toBe('polite');
    expect(panel.textContent).not.toContain('Texto 2');

    await user.click(spot);
    expect(spot.getAttribute('aria-pressed')).toBe('true');
    expect(within(panel).getByRole('heading', { name: /Título 2/ })).toBeTruthy();
    expect(panel.textContent).toContain('Texto 2');
  });

  it('the list under the image does the same, by keyboard', async () => {
    const user = userEvent.setup();
    render(<List6Screen topic={topic} assetBase="img/" />);
    const legend = screen.getByRole('list', { name: 'Lista de puntos' });
    within(legend)
      .getByRole('button', { name: /Título 3/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Texto 3')).toBeTruthy();
    const spot3 = within(screen.getByRole('list', { name: 'Puntos sobre la imagen' })).getByRole(
      'button',
      {
        name: 'Título 3',
      },
    );
    expect(spot3.getAttribute('aria-pressed')).toBe('true');
  });
});
