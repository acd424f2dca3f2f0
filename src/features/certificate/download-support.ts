// Whether this browser can save a file the course makes (decision record 0131). Conservative:
// only environments known to drop downloads answer false, and the course then shows the
// certificate as a screen instead of a DESCARGAR that would do nothing.
//   - The Moodle app: its WebView saves no download and hands window.open to the system browser,
//     which cannot see the WebView's blob: URL. The app appends «MoodleMobile» to the user agent.
//   - Locked-down exam browsers (Safe Exam Browser «SEB/…», Respondus LockDown Browser).
//   - A browser without <a download> support.

const NO_DOWNLOADS = /MoodleMobile|\bSEB\/\d|LockDown ?Browser|Respondus/i;

export interface DownloadEnvironment {
  userAgent: string;
  /** Whether <a> elements support the download attribute. */
  anchorDownload: boolean;
}

export function currentEnvironment(): DownloadEnvironment {
  return {
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    anchorDownload: typeof document !== 'undefined' && 'download' in document.createElement('a'),
  };
}

/** False where a download is known not to reach the learner; true otherwise. */
export function canDownloadFiles(env: DownloadEnvironment = currentEnvironment()): boolean {
  return env.anchorDownload && !NO_DOWNLOADS.test(env.userAgent);
}
