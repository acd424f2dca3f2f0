// The habeas-data notice (Ley 1581 de 2012; record 0127): shown once, after the first sign-in in
// the web build, before the course. Not dismissable: «Acepto» records the acceptance and the
// course opens; «Salir» signs out. Plain Spanish, short paragraphs; the heading takes the focus
// so a screen reader starts at the top.
import { useEffect, useId, useRef, useState } from 'react';
import { esDataNotice } from '../../strings/es-data-notice.ts';
import '../../ui/centred-card.css';
import './data-notice-page.css';

export interface DataNoticePageProps {
  /** The notice: paragraphs separated by a blank line (dataNoticeText in src/domain/config). */
  text: string;
  /** Records the acceptance; rejects when it could not be recorded (the page says so). */
  onAccept: () => Promise<void>;
  /** Signs out. */
  onLeave: () => void;
  /** The course's title, shown above the heading. */
  courseTitle?: string;
  /** «Acepto» was tapped before this page showed (the static notice): it starts busy, accepting. */
  acceptOnMount?: boolean;
}

const T = esDataNotice;

export default function DataNoticePage({
  text,
  onAccept,
  onLeave,
  courseTitle,
  acceptOnMount = false,
}: DataNoticePageProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(acceptOnMount);
  const [failed, setFailed] = useState(false);
  const sending = useRef(false);

  const accept = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailed(false);
    try {
      await onAccept();
    } catch {
      setFailed(true);
      setBusy(false);
    } finally {
      sending.current = false;
    }
  };

  useEffect(() => {
    headingRef.current?.focus();
    if (acceptOnMount) void accept();
    // Once, as the page mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

  return (
    <main className="notice-page centred-page">
      <section
        className="notice-card centred-card"
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
      >
        {courseTitle ? <p className="notice-subtitle">{courseTitle}</p> : null}
        <h1 id={`${id}-title`} className="notice-title" ref={headingRef} tabIndex={-1}>
          {T.title}
        </h1>
        <p className="notice-intro">{T.intro}</p>
        <div className="notice-text">
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        <div className="notice-message" role="alert" aria-live="assertive" aria-atomic="true">
          {failed && <p className="notice-error">{T.failed}</p>}
        </div>
        <div className="notice-actions">
          <button
            type="button"
            className="notice-accept"
            onClick={() => void accept()}
            disabled={busy}
          >
            {busy ? T.accepting : T.accept}
          </button>
          <button type="button" className="notice-leave" onClick={onLeave} disabled={busy}>
            {T.leave}
          </button>
        </div>
      </section>
    </main>
  );
}
