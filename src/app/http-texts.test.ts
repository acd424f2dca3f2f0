// The texts the app attaches to the HTTP adapter are the product's error catalogue, byte for
// byte: the handler logs them and every failed call rejects with «ups algo salió mal».
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../tracking/http/index.ts';
import { httpTexts, signInNoticeText } from './http-texts.ts';

const respond = (status: number) => async () =>
  new Response(JSON.stringify({ success: false, message: 'x' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('the error catalogue, attached by the app', () => {
  it.each([
    [404, 'El servidor no pudo procesar la solicitud!'],
    [503, 'Algo no va bien, parece que no tiene conexión!'],
    [401, 'No está autorizado para realizar esta acción!'],
    [403, 'No está autorizado para realizar esta acción!'],
  ])('%i logs «%s» and rejects with «ups algo salió mal»', async (status, text) => {
    const log = vi.fn();
    const api = createApiClient({
      fetch: respond(status),
      log,
      navigate: () => undefined,
      texts: httpTexts,
      readCookies: () => 'XSRF-TOKEN=t',
    });
    await expect(api.get('me')).rejects.toThrow(/^ups algo salió mal$/);
    expect(log).toHaveBeenCalledWith(text);
  });

  it('the sign-in page says why a refused session brought the learner there', () => {
    expect(signInNoticeText('session-ended')).toMatch(/^Tu sesión terminó/);
    expect(signInNoticeText(null)).toBeNull();
  });

  it('a password reset or a deactivation is said as such, not as an ended session (record 0231)', () => {
    expect(signInNoticeText('password-reset')).toMatch(
      /^Tu contraseña fue cambiada por el coordinador.*contraseña nueva.*tu avance está guardado/,
    );
    expect(signInNoticeText('deactivated')).toMatch(/^Tu cuenta fue desactivada/);
    expect(signInNoticeText('deactivated')).not.toMatch(/avance está guardado/);
    expect(signInNoticeText('password-reset', true)).toMatch(
      /contraseña nueva.*Si eres otra persona, puedes ingresar/,
    );
  });

  it('a device holding someone’s unsent progress tells whoever holds it, naming no one', () => {
    const ended = signInNoticeText('session-ended', true)!;
    expect(ended).toMatch(/^Tu sesión terminó.*Si eres otra persona, puedes ingresar/);
    expect(signInNoticeText(null, true)).toMatch(/guarda avance de otra persona/);
  });
});
