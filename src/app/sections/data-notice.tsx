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
  accept = () => acceptDataNotice(version).then(() => undefined),
  acceptOnMount = false,
  onAccepted,
}: {
  courseTitle?: string;
  /** Records «Acepto» (the app's request, or the static notice's answer: record 0280). */
  accept?: () => Promise<void>;
  /** «Acepto» was tapped on the static notice before this one showed: busy from the start. */
  acceptOnMount?: boolean;
  onAccepted: () => void;
}) {
  return (
    <DataNoticePage
      text={text}
      {...(courseTitle ? { courseTitle } : {})}
      acceptOnMount={acceptOnMount}
      onAccept={async () => {
        await accept();
        onAccepted();
      }}
      onLeave={() => {
        // Signed out on this device even when the server cannot be reached (shared devices).
        logout().catch(() => sharedClient().forceLogout());
      }}
    />
  );
}
