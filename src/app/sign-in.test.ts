import { describe, expect, it, vi } from 'vitest';
import { signInWith } from './sign-in.ts';
import { LoginError } from '../tracking/http/index.ts';
import { es } from '../strings/es.ts';

describe('signInWith', () => {
  it('passes the identifier, password and reCAPTCHA token on and reports success', async () => {
    const login = vi.fn().mockResolvedValue({ id: 1, name: 'Ana', url_certificate: null });
    const result = await signInWith(login)('1020304050', 'x', { recaptchaToken: 't' });
    expect(login).toHaveBeenCalledWith('1020304050', 'x', { recaptchaToken: 't' });
    expect(result).toEqual({ ok: true });
  });

  it('shows the Spanish message for a refused sign-in', async () => {
    const login = vi.fn().mockRejectedValue(new LoginError('credentials', 401));
    expect(await signInWith(login)('1', 'x', {})).toEqual({
      ok: false,
      message: 'El número de documento, el correo o la contraseña no son correctos.',
    });
  });

  it("shows the server's own message for a wait, and the generic one for the unexpected", async () => {
    const wait = vi.fn().mockRejectedValue(new LoginError('too-many', 429, 'Espera 30 segundos.'));
    expect(await signInWith(wait)('1', 'x', {})).toEqual({
      ok: false,
      message: 'Espera 30 segundos.',
    });
    const noServerText = vi.fn().mockRejectedValue(new LoginError('too-many', 429));
    expect(await signInWith(noServerText)('1', 'x', {})).toEqual({
      ok: false,
      message: es.signIn.tooManyAttempts,
    });
  });

  it('shows the generic server message for an unexpected failure', async () => {
    const login = vi.fn().mockRejectedValue(new TypeError('boom'));
    expect(await signInWith(login)('1', 'x', {})).toEqual({ ok: false, message: es.signIn.server });
  });
});

describe('signInWith at a company’s address (record 0288)', () => {
  it('sends the address’s company with the sign-in', async () => {
    const login = vi.fn().mockResolvedValue({ id: 1, name: 'Ana', url_certificate: null });
    await signInWith(login, () => 'constructora-beta')('1020304050', 'x', {});
    expect(login).toHaveBeenCalledWith('1020304050', 'x', { company: 'constructora-beta' });
    await signInWith(login, () => null)('1020304050', 'x', {});
    expect(login).toHaveBeenLastCalledWith('1020304050', 'x', {});
  });
});
