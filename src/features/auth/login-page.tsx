// The sign-in page of the web build (/auth/login and the empty path). It shows its own Spanish
// messages and never clears storage on failure (decisions 0021 and 0026); on success the token and
// user are stored (by login()) and onSignedIn() lets the app move on.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { es } from '../../strings/es.ts';
import { LoginField } from './login-field.tsx';
import { preloadRecaptcha, recaptchaToken } from './recaptcha.ts';
import '../../ui/centred-card.css';
import './login-page.css';

/** Outcome of a sign-in attempt; a failure carries the learner-facing message to show. */
export type SignInResult = { ok: true } | { ok: false; message: string };

/** The sign-in call, injected by the app (the page never talks to an adapter). */
export type SignIn = (
  identifier: string,
  password: string,
  options: { recaptchaToken?: string },
) => Promise<SignInResult>;

export interface LoginPageProps {
  /** Signs in (on success the token and user are already stored when it resolves). */
  signIn: SignIn;
  /** Called after a successful sign-in. */
  onSignedIn?: () => void;
  /** reCAPTCHA v3 site key; default VITE_RECAPTCHA_SITE_KEY. Empty: no reCAPTCHA at all. */
  recaptchaSiteKey?: string;
  /** Why the learner is here (e.g. the session ended), shown calmly above the form. */
  notice?: string | null;
  /** The course's title (course.json), shown above the form. */
  courseTitle?: string;
  /** What was typed in the static first screen's form before the app arrived (0234). */
  initial?: { identifier: string; password: string };
  /** Asked once the form is on the page: the static form's button was tapped as the app took
   * over, so send at once (decision 0234). */
  sendOnMount?: () => boolean;
}

const AUTH_TEXT = es.signIn;

type FieldErrors = { identifier?: string; password?: string };

const ENV_SITE_KEY: string = (import.meta.env?.VITE_RECAPTCHA_SITE_KEY as string | undefined) ?? '';

export default function LoginPage({
  notice,
  onSignedIn,
  recaptchaSiteKey = ENV_SITE_KEY,
  signIn,
  courseTitle,
  initial,
  sendOnMount,
}: LoginPageProps) {
  const id = useId();
  const [identifier, setIdentifier] = useState(initial?.identifier ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (recaptchaSiteKey) preloadRecaptcha(recaptchaSiteKey);
  }, [recaptchaSiteKey]);

  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (sendOnMount?.()) formRef.current?.requestSubmit();
  }, [sendOnMount]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const errors: FieldErrors = {};
    if (!identifier.trim()) errors.identifier = AUTH_TEXT.identifierRequired;
    if (!password) errors.password = AUTH_TEXT.passwordRequired;
    setFieldErrors(errors);
    if (errors.identifier || errors.password) {
      setMessage('');
      (errors.identifier ? identifierRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setMessage('');
    let token: string | undefined;
    if (recaptchaSiteKey) {
      try {
        token = await recaptchaToken(recaptchaSiteKey);
      } catch {
        setMessage(AUTH_TEXT.recaptcha);
        setBusy(false);
        return;
      }
    }
    let result: SignInResult;
    try {
      result = await signIn(identifier, password, token ? { recaptchaToken: token } : {});
    } catch {
      result = { ok: false, message: AUTH_TEXT.server };
    }
    if (result.ok) {
      onSignedIn?.();
    } else {
      setMessage(result.message);
      setBusy(false);
    }
  }

  return (
    <main className="login-page centred-page">
      <form
        ref={formRef}
        className="login-card centred-card"
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
      >
        {courseTitle ? <p className="login-subtitle">{courseTitle}</p> : null}
        <h1 id={`${id}-title`} className="login-title">
          {AUTH_TEXT.title}
        </h1>
        {notice && (
          <p className="login-notice" role="status">
            {notice}
          </p>
        )}

        <LoginField
          id={`${id}-identifier`}
          label={AUTH_TEXT.identifierLabel}
          hint={AUTH_TEXT.identifierHint}
          error={fieldErrors.identifier}
          inputRef={identifierRef}
          name="document"
          type="text"
          inputMode="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
        />

        <LoginField
          id={`${id}-password`}
          label={AUTH_TEXT.passwordLabel}
          error={fieldErrors.password}
          inputRef={passwordRef}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />

        <div className="login-message" role="alert" aria-live="assertive" aria-atomic="true">
          {message && <p className="login-error">{message}</p>}
        </div>

        <button type="submit" className="login-submit" disabled={busy}>
          {busy ? AUTH_TEXT.submitting : AUTH_TEXT.submit}
        </button>

        {recaptchaSiteKey && <p className="login-hint">{AUTH_TEXT.recaptchaNotice}</p>}
        <p className="login-links">
          <a href="/entrar#codigo">{AUTH_TEXT.withCode}</a>
          {' · '}
          <a href="/porteria">{AUTH_TEXT.gateLink}</a>
        </p>
      </form>
    </main>
  );
}
