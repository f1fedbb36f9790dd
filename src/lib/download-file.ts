import { ApiError, appCheckHeaders } from './api-client';
import { env } from './env';
import { currentIdToken } from './session';

/** A file the API serves to staff (a CSV export, a document's PDF), as a Blob. */
export async function downloadFile(path: string): Promise<Blob> {
  const [token, appCheck] = await Promise.all([currentIdToken(), appCheckHeaders()]);
  const response = await fetch(`${env.apiUrl}${path}`, {
    headers: { ...appCheck, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Download failed (${response.status}).`);
  }
  return response.blob();
}
