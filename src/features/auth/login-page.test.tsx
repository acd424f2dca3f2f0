// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './login-page.tsx';
import { es } from '../../strings/es.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('LoginPage', () => {
  it('has labelled fields and signs in with document and password', async () => {
    const login = vi.fn().mockResolvedValue({ ok: true });
    const onSignedIn = vi.fn();
    render(
      <LoginPage
        signIn={login}
        onSignedIn={onSignedIn}
        recaptchaSiteKey=""
        courseTitle="Curso de prueba"
      />,
    );
    expect(screen.getByText('Curso de prueba').className).toBe('login-subtitle');
    await userEvent.type(screen.getByLabelText('Número de documento o correo'), '1020304050');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(login).toHaveBeenCalledWith('1020304050', 'secreto123', {});
    expect(onSignedIn).toHaveBeenCalledOnce();
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it('explains empty fields next to them, without calling the server', async () => {
    const login = vi.fn();
    render(<LoginPage signIn={login} recaptchaSiteKey="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(login).not.toHaveBeenCalled();
    const field = screen.getByLabelText('Número de documento o correo');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The error text is what the field's description points at.
    const described = field
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(es.signIn.identifierRequired);
    expect(document.activeElement).toBe(field);
  });

  it.each([
    ['credentials', es.signIn.wrongCredentials],
    ['too-many', es.signIn.tooManyAttempts],
    ['network', es.signIn.network],
  ] as const)('shows the %s message in the alert region and keeps storage', async (_kind, text) => {
    localStorage.setItem('current_location', 'menu');
    const login = vi.fn().mockResolvedValue({ ok: false, message: text });
    const onSignedIn = vi.fn();
    render(
      <LoginPage
        signIn={login}
        onSignedIn={onSignedIn}
        recaptchaSiteKey=""
        courseTitle="Curso de prueba"
      />,
    );
    await userEvent.type(screen.getByLabelText('Número de documento o correo'), '1');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('current_location')).toBe('menu');
    expect((screen.getByRole('button', { name: 'Ingresar' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('with a site key, loads reCAPTCHA from Google and sends its token (action homepage)', async () => {
    const execute = vi.fn().mockResolvedValue('captcha-token');
    window.grecaptcha = { ready: (cb) => cb(), execute };
    const login = vi.fn().mockResolvedValue({ ok: true });
    render(<LoginPage signIn={login} recaptchaSiteKey="site-key" />);
    await userEvent.type(screen.getByLabelText('Número de documento o correo'), '1');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'homepage' });
    expect(login).toHaveBeenCalledWith('1', 'x', { recaptchaToken: 'captcha-token' });
    delete window.grecaptcha;
  });

  it('shows the server message when the sign-in call itself throws', async () => {
    const login = vi.fn().mockRejectedValue(new Error('boom'));
    render(<LoginPage signIn={login} recaptchaSiteKey="" />);
    await userEvent.type(screen.getByLabelText('Número de documento o correo'), '1');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(es.signIn.server);
  });
});
