// The habeas-data notice section (decision 0014, record 0127), loaded on demand after a sign-in
// whose learner has not accepted it: the screen, the configuration's text (virtual:data-notice)
// and its «Acepto» (the call itself is in the main chunk, record 0275).
import { text, version } from 'virtual:data-notice';
import DataNoticePage from '../../features/data-notice/index.ts';
import { acceptDataNotice } from '../../tracking/http/data-notice.ts';
import { logout } from '../../tracking/http/index.ts';
import { sharedClient } from '../../tracking/http/auth.ts';

export default function DataNoticeSection({
  courseTitle,
  onAccepted,
}: {
  courseTitle?: string;
  onAccepted: () => void;
}) {
  return (
    <DataNoticePage
      text={text}
      {...(courseTitle ? { courseTitle } : {})}
      onAccept={async () => {
        await acceptDataNotice(version);
        onAccepted();
      }}
      onLeave={() => {
        // Signed out on this device even when the server cannot be reached (shared devices).
        logout().catch(() => sharedClient().forceLogout());
      }}
    />
  );
}
