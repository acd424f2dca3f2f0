// The habeas-data notice section (decision 0014, record 0127), loaded on demand after a sign-in
// whose learner has not accepted it: the screen, the text of the learner's company (taken at run
// time, record 0291; else the build's, virtual:data-notice) and its «Acepto» (the call itself is
// in the main chunk, record 0275).
import { text as bundledText, version as bundledVersion } from 'virtual:data-notice';
import { noticeTextNow, noticeVersionNow } from '../learner-company.ts';
import DataNoticePage from '../../features/data-notice/index.ts';
import { acceptDataNotice } from '../../tracking/http/data-notice.ts';
import { logout } from '../../tracking/http/index.ts';
import { sharedClient } from '../../tracking/http/auth.ts';

export default function DataNoticeSection({
  courseTitle,
  accept = () => acceptDataNotice(noticeVersionNow(bundledVersion)).then(() => undefined),
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
      text={noticeTextNow(bundledText)}
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
