// Accepting the habeas-data notice (Ley 1581 de 2012; record 0127): POST
// accept-data-notice with the notice's version; the server keeps the first acceptance time and
// returns the user, stored here so the notice is not shown again. Imported only by the lazily
// loaded notice screen.
import { sharedClient } from './auth.ts';
import type { ApiClient } from './api-client.ts';
import { storeUser } from './storage.ts';
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
  return user;
}
