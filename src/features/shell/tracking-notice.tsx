import { useCourse } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';

/**
 * Non-blocking notices: the LMS (or our server) not answering, no signal with progress waiting on
 * this device (`offlineText`, given by the standalone app only;
 * docs/decisions/0141-offline-first-progress-and-sign-out.md), or progress kept only in this browser.
 */
export function TrackingNotice({ offlineText }: { offlineText?: string | undefined }) {
  const { health, mode, ready } = useCourse();
  const text =
    health === 'retrying' ? es.lmsRetrying : health === 'offline' ? (offlineText ?? '') : '';
  return (
    <div className="shell-notices">
      <div role="status" className={text ? 'notice notice-warn' : 'visually-hidden'}>
        {text}
      </div>
      {ready && mode === 'local' && <p className="notice notice-quiet">{es.localNotice}</p>}
    </div>
  );
}
