import { useCourse } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';

/** Non-blocking notices: the LMS not answering, or progress kept only in this browser. */
export function TrackingNotice() {
  const { health, mode, ready } = useCourse();
  return (
    <div className="shell-notices">
      <div
        role="status"
        className={health === 'retrying' ? 'notice notice-warn' : 'visually-hidden'}
      >
        {health === 'retrying' ? es.lmsRetrying : ''}
      </div>
      {ready && mode === 'local' && <p className="notice notice-quiet">{es.localNotice}</p>}
    </div>
  );
}
