// The invitation page (/entrar, decision 0210): a learner arrives from a card's QR or a WhatsApp
// message with the link's token (already taken out of the address by the app), or types a code.
// Either way the document number is typed and «Entrar» is tapped: opening the link alone never
// signs anyone in. The page never talks to an adapter: `redeem` is injected.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { esInvitation } from '../../strings/es-invitation.ts';
import { LoginField } from './login-field.tsx';
import type { SignInResult } from './login-page.tsx';
import '../../ui/centred-card.css';
import './login-page.css';

export type Redeem = (
  proof: { document: string } & ({ token: string } | { code: string }),
) => Promise<SignInResult>;

export interface InvitationPageProps {
  /** The link's token, when the learner came from a link; null = sign in with a code. */
  token: string | null;
  redeem: Redeem;
  onSignedIn?: () => void;
  courseTitle?: string;
  /** Why the learner is here (another learner's unsent progress on this phone…). */
  notice?: string | null;
  /** What was typed in the static first screen's form before the app arrived (0234). */
  initial?: { document: string; code: string };
  /** Asked once the form is on the page: the static form's button was tapped as the app took
   * over, so send at once (decision 0234). */
  sendOnMount?: () => boolean;
}

const T = esInvitation;

export default function InvitationPage({
  token,
  redeem,
  onSignedIn,
  courseTitle,
  notice,
  initial,
  sendOnMount,
}: InvitationPageProps) {
  const id = useId();
  const [document, setDocument] = useState(initial?.document ?? '');
  const [code, setCode] = useState(initial?.code ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ document?: string; code?: string }>({});
  const documentRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
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
    const found: { document?: string; code?: string } = {};
    if (!document.trim()) found.document = T.documentRequired;
    if (!token && !code.trim()) found.code = T.codeRequired;
    setErrors(found);
    if (found.document || found.code) {
      setMessage('');
      (found.document ? documentRef : codeRef).current?.focus();
      return;
    }
    setBusy(true);
    setMessage('');
    let result: SignInResult;
    try {
      result = await redeem(token ? { document, token } : { document, code });
    } catch {
      result = { ok: false, message: '' };
    }
    if (result.ok) onSignedIn?.();
    else {
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
          {token ? T.linkTitle : T.codeTitle}
        </h1>
        <p className="login-hint">{token ? T.linkIntro : T.codeIntro}</p>
        {notice && (
          <p className="login-notice" role="status">
            {notice}
          </p>
        )}
        <LoginField
          id={`${id}-document`}
          label={T.documentLabel}
          hint={T.documentHint}
          error={errors.document}
          inputRef={documentRef}
          name="document"
          type="text"
          inputMode="numeric"
          autoComplete="username"
          spellCheck={false}
          value={document}
          onChange={(e) => setDocument(e.target.value)}
        />
        {!token && (
          <LoginField
            id={`${id}-code`}
            label={T.codeLabel}
            hint={T.codeHint}
            error={errors.code}
            inputRef={codeRef}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <div className="login-message" role="alert" aria-live="assertive" aria-atomic="true">
          {message && <p className="login-error">{message}</p>}
        </div>
        <button type="submit" className="login-submit" disabled={busy}>
          {busy ? T.submitting : T.submit}
        </button>
        <p className="login-links">
          <a href="/">{T.withPassword}</a>
          {token ? <a href="/entrar#codigo">{T.withCode}</a> : null}
        </p>
      </form>
    </main>
  );
}
