import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useCourse } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';

export interface TrackingNoticeProps {
  /** The standalone app's no-signal text (decision record 0141); the LMS builds pass none. */
  offlineText?: string | undefined;
  /** The screen on show (its path): the room kept for the notice goes when the screen changes. */
  screen: string;
}

/**
 * Non-blocking notices: the LMS (or our server) not answering, no signal with progress waiting on
 * this device (`offlineText`, given by the standalone app only;
 * docs/decisions/0141-offline-first-progress-and-sign-out.md), or progress kept only in this browser.
 *
 * The connection notice comes and goes with the signal, so it floats at the bottom of the screen
 * instead of taking a place in the page: appearing or leaving, it never moves what the learner is
 * about to touch — a drop zone in the middle of a drag, «Siguiente»
 * (docs/decisions/0152-connection-notice-never-moves-the-page.md). It and the room it needs at the
 * end of the page are rendered on <body>: the shell is a size container, which would hold a
 * fixed-position child inside it. The room stays on the screen where the notice showed (taking
 * it away could scroll the page under the learner) and goes with the next screen.
 */
export function TrackingNotice({ offlineText, screen }: TrackingNoticeProps) {
  const { health, capabilities, ready, readOnly } = useCourse();
  const text =
    health === 'retrying' ? es.lmsRetrying : health === 'offline' ? (offlineText ?? '') : '';
  const [shownOn, setShownOn] = useState<string | null>(null);
  useEffect(() => {
    if (text) setShownOn(screen);
  }, [text, screen]);
  const room = Boolean(text) || shownOn === screen;
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
      {createPortal(
        <>
          <div
            role="status"
            className={text ? 'notice notice-warn notice-float' : 'visually-hidden'}
          >
            {text}
          </div>
          {room && <div className="notice-room" />}
        </>,
        document.body,
      )}
    </>
  );
}
