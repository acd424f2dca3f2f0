// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { List8Screen } from './list8-screen.tsx';
import { makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

describe('List8Screen (comparison)', () => {
  it('shows a column per item with a heading and its bullet points', () => {
    const topic = makeTopic('list8', {
      text: '<p>Compáralos.</p>',
      items: [
        {
          title: 'COPASST',
          text: '<p>Res. 2013 de 1986</p>',
          points: ['Se reúne <strong>cada mes</strong>.', 'Dura 2 años.'],
        },
        {
          title: 'Comité de Convivencia',
          text: '',
          points: ['Concilia.', 'No sanciona.', 'Dura 2 años.'],
        },
      ],
    });
    render(<List8Screen topic={topic} assetBase="img/" />);
    const first = screen
      .getByRole('heading', { level: 2, name: 'COPASST' })
      .closest('li') as HTMLElement;
    const points = within(first).getAllByRole('listitem');
    expect(points.map((p) => p.textContent)).toEqual(['Se reúne cada mes.', 'Dura 2 años.']);
    expect(within(first).getByText('cada mes').tagName).toBe('STRONG');
    expect(first.textContent).toContain('Res. 2013 de 1986');
    const second = screen
      .getByRole('heading', { level: 2, name: 'Comité de Convivencia' })
      .closest('li') as HTMLElement;
    expect(within(second).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Compáralos.')).toBeTruthy();
  });
});
