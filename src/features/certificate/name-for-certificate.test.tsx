// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NameForCertificate, cleanName } from './name-for-certificate.tsx';

// Vitest globals are off, so Testing Library does not unmount between tests by itself.
afterEach(cleanup);

const LABEL = 'Escribe tu nombre completo como quieres que aparezca en el certificado';

function setup(props: Partial<Parameters<typeof NameForCertificate>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(<NameForCertificate onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, user: userEvent.setup() };
}

describe('NameForCertificate', () => {
  it('is a labelled form with a labelled text input', () => {
    setup();
    expect(screen.getByRole('form', { name: 'Tu certificado' })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: LABEL });
    expect(input.getAttribute('autocomplete')).toBe('name');
    expect(screen.getByRole('button', { name: 'DESCARGAR' })).toBeTruthy();
  });

  it('submits the typed name, accents and ñ included, with spaces collapsed', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(LABEL), '  José   Ñúñez Peña ');
    await user.click(screen.getByRole('button', { name: 'DESCARGAR' }));
    expect(onSubmit).toHaveBeenCalledWith('José Ñúñez Peña');
  });

  it('submits with Enter', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(LABEL), 'María Pérez{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('María Pérez');
  });

  it('shows a validation message and keeps focus on the field when the name is empty', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(LABEL), '   ');
    await user.click(screen.getByRole('button', { name: 'DESCARGAR' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Escribe tu nombre completo para generar el certificado.');
    const input = screen.getByLabelText(LABEL);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(input);
    await user.type(input, 'Ana');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('cancels without submitting', async () => {
    const { onSubmit, onCancel, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts from an initial name and disables DESCARGAR while busy', () => {
    setup({ initialName: 'Ana Gómez', busy: true });
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('Ana Gómez');
    expect((screen.getByRole('button', { name: 'DESCARGAR' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('cleanName', () => {
  it('needs a letter', () => {
    expect(cleanName(' Ana  María ')).toBe('Ana María');
    expect(cleanName('   ')).toBeNull();
    expect(cleanName('123 -')).toBeNull();
  });
});
