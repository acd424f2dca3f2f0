import { useEffect, useRef, useState } from 'react';
import { useCourse } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';
import { CloseIcon } from '../../screen-kit/icons.tsx';

export interface TrackingNoticeProps {
  /** The standalone app's no-signal text (decision record 0141); the LMS builds pass none. */
  offlineText?: string | undefined;
  /** The screen on show (its path): a «recovered» line belongs to the screen it showed on. */
  screen: string;
}

type Shown = { kind: 'problem' | 'recovered'; text: string } | null;

/**
 * Non-blocking notices: the LMS (or our server) not answering, no signal with progress waiting on
 * this device (`offlineText`, given by the standalone app only;
 * docs/decisions/0141-offline-first-progress-and-sign-out.md), or progress kept only in this browser.
 *
 * The connection notice takes a place in the page, at the top of the screen under the header,
 * instead of floating over it: it never covers a drop zone, an opened explanation or a button
 * (docs/decisions/0225-connection-notice-takes-room.md, which amends 0152). It is one compact
 * line with «Cerrar»; when the signal returns it says so («Conexión recuperada…») and stays until
 * closed or the next screen. What 0152 protected is kept: while a finger or the mouse is down
 * (a drag in progress) the notice neither appears, changes nor leaves; it waits for the release.
 */
export function TrackingNotice({ offlineText, screen }: TrackingNoticeProps) {
  const { health, capabilities, ready, readOnly } = useCourse();
  const problem =
    health === 'retrying' ? es.lmsRetrying : health === 'offline' ? (offlineText ?? '') : '';
  const [wanted, setWanted] = useState<Shown>(null);
  const [dismissed, setDismissed] = useState(false);
  const hadProblem = useRef(false);
  useEffect(() => {
    if (problem) {
      if (!hadProblem.current) setDismissed(false);
      hadProblem.current = true;
      setWanted({ kind: 'problem', text: problem });
    } else if (hadProblem.current) {
      hadProblem.current = false;
      setDismissed(false);
      setWanted({ kind: 'recovered', text: es.connectionRecovered });
    }
  }, [problem]);
  // The «recovered» line goes with the screen it showed on; a problem stays on every screen.
  const lastScreen = useRef(screen);
  useEffect(() => {
    if (lastScreen.current === screen) return;
    lastScreen.current = screen;
    setWanted((w) => (w?.kind === 'recovered' ? null : w));
  }, [screen]);
  const shown = useHeldWhilePressed(dismissed ? null : wanted);

  return (
    <>
      {ready && capabilities.localOnly && (
        <div className="shell-notices">
          <p className="notice notice-quiet">{es.localNotice}</p>
        </div>
      )}
      {ready && readOnly && (
        <div className="shell-notices">
          <p className="notice notice-quiet" data-testid="review-notice">
            {readOnly === 'review' ? es.reviewNotice : es.browseNotice}
          </p>
        </div>
      )}
      <div className={shown ? 'shell-notices' : undefined}>
        <div
          className={
            shown
              ? `notice notice-connection notice-connection--${shown.kind === 'problem' ? 'warn' : 'ok'}`
              : undefined
          }
          data-testid="connection-notice"
        >
          {/* Always in the page, so that screen readers hear each change of its text. */}
          <p role="status" className={shown ? 'notice-connection-text' : 'visually-hidden'}>
            {shown?.text ?? ''}
          </p>
          {shown && (
            <button
              type="button"
              className="notice-connection-close"
              aria-label={es.connectionNoticeClose}
              onClick={() => setDismissed(true)}
            >
              <CloseIcon size={18} />
            </button>
          )}
        </div>
      </div>
    </>
  );
}

/**
 * The value, except that while a pointer is pressed anywhere (a drag under way) the last value
 * shown is kept; the new one arrives when the pointer is released (decision 0225).
 */
function useHeldWhilePressed<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const pressed = useRef(false);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    const down = () => {
      pressed.current = true;
    };
    const up = () => {
      pressed.current = false;
      setShown(latest.current);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);
  useEffect(() => {
    if (!pressed.current) setShown(value);
  }, [value]);
  return shown;
}
