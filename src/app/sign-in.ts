// The sign-in call the login page receives: the HTTP adapter's login(), with its failures turned
// into the message the page shows (the page itself never imports an adapter).
import { login as httpLogin } from '../tracking/http/index.ts';
import type { SignIn } from '../features/auth/index.ts';
import { loginMessage } from './http-texts.ts';

export function signInWith(login: typeof httpLogin = httpLogin): SignIn {
  return async (identifier, password, options) => {
    try {
      await login(identifier, password, options);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: loginMessage(error) };
    }
  };
}
