// Accepting the habeas-data notice (Ley 1581 de 2012; record 0127): POST
// accept-data-notice with the notice's version; the server keeps the first acceptance time and
// returns the user, stored here so the notice is not shown again, and the course starts from it
// (record 0275). Imported by the notice screen and by the app taking over the static notice
// (a few hundred bytes in the main chunk: no chunk to fetch after «Acepto»).
import { sharedClient } from './auth.ts';
import type { ApiClient } from './api-client.ts';
import { rememberAnsweredUser, storeUser } from './storage.ts';
import type { CourseUser, UserResponse } from './types.ts';

/** Records the acceptance; rejects (ApiError) when the server could not be reached or refused. */
export async function acceptDataNotice(
  noticeVersion: string,
  options: { api?: ApiClient } = {},
): Promise<CourseUser> {
  const api = options.api ?? sharedClient();
  const response = await api.post<UserResponse>('accept-data-notice', {
    noticeVersion: noticeVersion.slice(0, 64),
  });
  const user: CourseUser | undefined = response?.user;
  if (!user || !user.dataNoticeAcceptedAt) throw new Error('Respuesta inesperada del servidor');
  storeUser(api.store, user);
  // The answer is the user: the course starts from it, with no `me` after it (record 0275).
  rememberAnsweredUser(api.store, user);
  return user;
}

/**
 * Stores the user the static notice's own «Acepto» was recorded for (record 0280), as
 * `acceptDataNotice` stores its answer: the course then starts from it, with no `me`.
 */
export function adoptAcceptedUser(user: CourseUser, options: { api?: ApiClient } = {}): void {
  const api = options.api ?? sharedClient();
  storeUser(api.store, user);
  rememberAnsweredUser(api.store, user);
}
