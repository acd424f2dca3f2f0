import { describe, expect, it } from 'vitest';
import { canDownloadFiles } from './download-support.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36';

describe('canDownloadFiles', () => {
  it('is true in an ordinary browser', () => {
    expect(canDownloadFiles({ userAgent: CHROME_ANDROID, anchorDownload: true })).toBe(true);
  });

  it('is false in the Moodle app (its WebView appends MoodleMobile to the user agent)', () => {
    const ua = `${CHROME_ANDROID.replace(' Mobile Safari/537.36', ' Mobile Safari/537.36 MoodleMobile 4.4.0 (44003)')}`;
    expect(canDownloadFiles({ userAgent: ua, anchorDownload: true })).toBe(false);
  });

  it('is false in locked-down exam browsers and without <a download>', () => {
    expect(canDownloadFiles({ userAgent: `${CHROME_ANDROID} SEB/3.7`, anchorDownload: true })).toBe(
      false,
    );
    expect(
      canDownloadFiles({ userAgent: 'Mozilla/5.0 LockDown Browser', anchorDownload: true }),
    ).toBe(false);
    expect(canDownloadFiles({ userAgent: CHROME_ANDROID, anchorDownload: false })).toBe(false);
  });
});
