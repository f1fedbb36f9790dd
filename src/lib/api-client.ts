import { env } from './env';
import { currentIdToken } from './session';

/** A failed API call, carrying the server's `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface RequestOptions {
  /** Attach the signed-in user's ID token when there is one. */
  withAuth?: boolean;
  signal?: AbortSignal;
}

async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.withAuth) {
    const token = await currentIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  // A network failure rejects with the browser's own error text, which the caller shows.
  const response = await fetch(`${env.apiUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const payload = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) {
    throw new ApiError(response.status, payload?.message || `Request failed (${response.status}).`);
  }
  return payload as T;
}

/** A file the API sent (a PDF), with the name its Content-Disposition gives. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

async function requestFile(path: string, options: RequestOptions): Promise<ApiFile> {
  const headers: Record<string, string> = {};
  if (options.withAuth) {
    const token = await currentIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch(`${env.apiUrl}${path}`, { headers, signal: options.signal });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message || `Request failed (${response.status}).`);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

export const apiClient = {
  /** A file answer (e.g. a PDF), read as a Blob; errors as for JSON calls. */
  getFile: (path: string, options: RequestOptions = {}) => requestFile(path, options),
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('POST', path, body, options),
};
