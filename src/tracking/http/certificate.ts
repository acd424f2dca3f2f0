// GET download-certificate (decisions 0020 and 0029): on success the stored user is replaced and
// the file URL returned for the caller to open; success:false resolves to null (nothing happens).
import type { ApiClient } from './api-client.ts';
import { sharedClient } from './auth.ts';
import { storeUser } from './storage.ts';
import type { CertificateResponse } from './types.ts';

export async function downloadCertificate(
  options: { api?: ApiClient } = {},
): Promise<{ url_file: string; message?: undefined } | { url_file: null; message: string | null }> {
  const api = options.api ?? sharedClient();
  const response = await api.get<CertificateResponse>('download-certificate');
  if (!response?.success || !response.url_file)
    return { url_file: null, message: response?.message ?? null };
  if (response.user) storeUser(api.store, response.user);
  return { url_file: response.url_file };
}
