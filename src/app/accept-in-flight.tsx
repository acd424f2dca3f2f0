// «Acepto» tapped on the static notice and still on its way when the app renders, and the gate
// that holds the content prefetch until the course's first screen shows
// (docs/decisions/0280-acepto-at-once-the-app-draws-while-the-answer-travels.md).
import { useEffect } from 'react';
import { version as bundledNoticeVersion } from 'virtual:data-notice-version';
import { noticeVersionNow } from './learner-company.ts';
import type { CourseUser } from '../tracking/http/index.ts';
import { acceptDataNotice, adoptAcceptedUser } from '../tracking/http/data-notice.ts';

/** «Acepto» sent by the static notice, in flight when the app rendered. */
let staticAccept: Promise<CourseUser | null> | null = null;

/** «Acepto» was tapped on the static notice: no content is fetched before the course shows. */
let holdContent = false;

/** The app took over a static «Acepto» still on its way: it does not wait for it. */
export function takeStaticAccept(accepting: Promise<CourseUser | null> | null): void {
  staticAccept = accepting;
  if (accepting) holdContent = true;
}

/** The app's notice shows busy at once: the static notice's «Acepto» is on its way. */
export const staticAcceptPending = () => staticAccept !== null;

/** Content may load with the notice on the screen: no «Acepto» was tapped on the static one. */
export const contentHeld = () => holdContent;

/**
 * «Acepto» on the app's notice: the static notice's answer when it sent one (stored as the
 * app's own is), else the app's own request.
 */
export async function acceptNotice(): Promise<void> {
  const sent = staticAccept;
  staticAccept = null;
  const recorded = sent ? await sent : null;
  if (recorded) adoptAcceptedUser(recorded);
  else await acceptDataNotice(noticeVersionNow(bundledNoticeVersion));
}

let allowContent!: () => void;
/**
 * Settles when the screens' code and the module content may be prefetched: the learner is
 * reading the notice with no «Acepto» on its way, or the course's first screen is on the screen.
 * After a tap on «Acepto» nothing is fetched before the course's first screen shows.
 */
export const contentMayLoad = new Promise<void>((resolve) => (allowContent = resolve));

/** Lets the content prefetch start once this has been committed. */
export function AllowContent() {
  useEffect(() => allowContent(), []);
  return null;
}
