// The sign-in call the login page receives: the HTTP adapter's login(), with its failures turned
// into the message the page shows (the page itself never imports an adapter).
import { login as httpLogin } from '../tracking/http/index.ts';
import type { SignIn } from '../features/auth/index.ts';
import { loginMessage } from './http-texts.ts';
import { addressedCompany } from './company-address.ts';

/** `company`: the address's company the sign-in acts in (record 0288); none: company 1. */
export function signInWith(
  login: typeof httpLogin = httpLogin,
  company: () => string | null = () => addressedCompany(),
): SignIn {
  return async (identifier, password, options) => {
    try {
      const empresa = company();
      await login(identifier, password, empresa ? { ...options, company: empresa } : options);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: loginMessage(error) };
    }
  };
}
