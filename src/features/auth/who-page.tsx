// «¿Eres Ana?» (decision 0211): a long-lived session on a shared phone asks at every launch who
// holds the phone. «Sí, soy yo» opens the course; «No soy yo» closes the session safely (what the
// learner has not sent stays on this phone for them).
import { useEffect, useId, useRef, useState } from 'react';
import { esInvitation } from '../../strings/es-invitation.ts';
import '../../ui/centred-card.css';
import './login-page.css';

export interface WhoPageProps {
  /** The learner's first name as shown in the question. */
  name: string;
  onYes: () => void;
  /** Signs out; may take a moment (a last send of pending progress). */
  onNotMe: () => Promise<void>;
  courseTitle?: string;
}

const T = esInvitation;

export default function WhoPage({ name, onYes, onNotMe, courseTitle }: WhoPageProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className="login-page centred-page">
      <section className="login-card centred-card" aria-labelledby={`${id}-title`}>
        {courseTitle ? <p className="login-subtitle">{courseTitle}</p> : null}
        <h1 id={`${id}-title`} className="login-title" tabIndex={-1} ref={headingRef}>
          {T.whoTitle(name)}
        </h1>
        <p className="login-hint">{T.whoIntro}</p>
        <div className="who-actions">
          <button type="button" className="login-submit" onClick={onYes} disabled={leaving}>
            {T.whoYes}
          </button>
          <button
            type="button"
            className="who-secondary"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void onNotMe().finally(() => setLeaving(false));
            }}
          >
            {leaving ? T.whoLeaving : T.whoNo}
          </button>
        </div>
      </section>
    </main>
  );
}
