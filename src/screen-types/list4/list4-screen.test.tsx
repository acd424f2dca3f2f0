// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { List4Screen } from './list4-screen.tsx';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

describe('List4Screen (numbered steps)', () => {
  it('renders the steps in order as an ordered list with numbered headings', () => {
    const topic = makeTopic('list4', {
      text: '<p>Sigue los pasos.</p>',
      items: makeItems(3, (i) =>
        i === 1 ? { label: 'Hacer' } : i === 0 ? { label: 'Paso 1' } : {},
      ),
      remember: [{ title: 'Orden', text: '<p>No te saltes pasos.</p>' }],
    });
    const { container } = render(<List4Screen topic={topic} assetBase="img/" />);
    const list = container.querySelector('ol');
    expect(list).not.toBeNull();
    const steps = within(list as HTMLElement).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[1]?.textContent).toContain('2');
    expect(steps[1]?.textContent).toContain('Hacer');
    expect(steps[1]?.textContent).toContain('Texto 2');
    expect(screen.getByRole('heading', { level: 2, name: 'Paso 3: Título 3' })).toBeTruthy();
    // A label that already says 'Paso 1' is not repeated in the heading.
    expect(screen.getByRole('heading', { level: 2, name: 'Título 1' })).toBeTruthy();
    expect(screen.getByText('Sigue los pasos.')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Recuerda Orden' })).toBeTruthy();
  });
});
