// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentScreen } from './content-screen.tsx';
import { makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

describe('ContentScreen', () => {
  it('shows text sections, the illustration and the Recuerda box', () => {
    const topic = makeTopic('content', {
      text: '<p>Primera parte</p>',
      text1: '<p>Segunda <strong>parte</strong></p>',
      text2: '<p>Tercera parte</p>',
      img: 'sg-sst.svg',
      alt: 'Escudo con casco',
      remember: [{ title: 'Clave', text: '<p>Usa el casco.</p>' }],
    });
    render(<ContentScreen topic={topic} assetBase="img/" />);
    expect(screen.getByText('Primera parte')).toBeTruthy();
    expect(screen.getByText('parte', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Tercera parte')).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Escudo con casco' });
    expect(img.getAttribute('src')).toBe('img/sg-sst.svg');
    const box = screen.getByRole('complementary', { name: 'Recuerda Clave' });
    expect(box.textContent).toContain('Usa el casco.');
    expect(screen.getByRole('heading', { level: 2, name: 'Recuerda' })).toBeTruthy();
  });

  it('does not repeat a Recuerda title and works without optional fields', () => {
    const topic = makeTopic('content', {
      text: '<p>Solo texto</p>',
      remember: [{ title: 'Recuerda', text: '<p>Regla</p>' }],
    });
    render(<ContentScreen topic={topic} assetBase="img/" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getAllByText('Recuerda')).toHaveLength(1);
    expect(screen.getByRole('complementary', { name: 'Recuerda' }).textContent).toContain('Regla');
  });
});
