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

export const apiClient = {
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('POST', path, body, options),
};
