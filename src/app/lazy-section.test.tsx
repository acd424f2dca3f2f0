// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazySection } from './lazy-section.tsx';

function Section({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe('lazySection', () => {
  it('shows the retry card when the chunk does not arrive, and the section once it does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const load = vi.fn(() =>
      online
        ? Promise.resolve({ default: Section })
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const Lazy = lazySection(load);
    render(<Lazy label="Tema cargado" />);

    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se pudo cargar este contenido',
    );
    expect(screen.queryByText('Tema cargado')).toBeNull();

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Tema cargado')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
