import { env } from './env';
import { fileNameFrom } from './save-file';
import { currentIdToken } from './session';

/** A failed API call, carrying the server's `{ message }` (and `code`, where the server names the case). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Where the API reads the App Check token (see server/app-check.ts). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

/**
 * The App Check token as a header, for every call to our API: the API refuses a browser request
 * without one (APP_CHECK=enforce). Firebase's app and App Check load on the first call, not with
 * the page (a signed-in call loads them with Auth anyway).
 */
export async function appCheckHeaders(): Promise<Record<string, string>> {
  const { appCheckToken } = await import('./firebase-app');
  const token = await appCheckToken();
  return token ? { [APP_CHECK_HEADER]: token } : {};
}

interface RequestOptions {
  /** Attach the signed-in user's ID token when there is one. */
  withAuth?: boolean;
  /**
   * The company a signed-in call acts for (the `X-Company-Id` header): by default the session's
   * acting company, `null` for none (the person's own, as the API defaults). A call that is the
   * person's own whatever company they act for (their cart's order) names their uid.
   */
  companyId?: string | null;
  signal?: AbortSignal;
}

/**
 * The header naming the company a signed-in call acts for. The company session sets it when a
 * customer page loads it (lib/company-session-store.ts, kept out of the landing page's code);
 * until then none, and the API acts for the person's own company.
 */
let companyHeaders: (named?: string | null) => Record<string, string> = () => ({});

export function setCompanyHeaders(source: typeof companyHeaders): void {
  companyHeaders = source;
}

/**
 * The ID token (when asked for and signed in) with the acting company, and the App Check token,
 * fetched together. The company header names, it grants nothing: the API checks the membership.
 */
function authHeaders(options: RequestOptions): Promise<Array<Record<string, string>>> {
  const idToken = async (): Promise<Record<string, string>> => {
    const token = options.withAuth ? await currentIdToken() : null;
    return token ? { Authorization: `Bearer ${token}`, ...companyHeaders(options.companyId) } : {};
  };
  return Promise.all([idToken(), appCheckHeaders()]);
}

async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, ...(await authHeaders(options)));
  // A network failure rejects with the browser's own error text, which the caller shows.
  const response = await fetch(`${env.apiUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const payload = (await response.json().catch(() => null)) as { message?: string; code?: unknown } | null;
  if (!response.ok) {
    const code = typeof payload?.code === 'string' ? payload.code : undefined;
    throw new ApiError(response.status, payload?.message || `Request failed (${response.status}).`, code);
  }
  return payload as T;
}

/** A file the API sent (a PDF, a CSV, an attachment), with the name its Content-Disposition gives (filename* first). */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

async function requestFile(path: string, options: RequestOptions): Promise<ApiFile> {
  const headers: Record<string, string> = Object.assign({}, ...(await authHeaders(options)));
  const response = await fetch(`${env.apiUrl}${path}`, { headers, signal: options.signal });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message || `Request failed (${response.status}).`);
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('Content-Disposition')) };
}

/** Uploads one file's raw bytes (the API checks its type and size); answers the API's JSON. */
async function uploadFile<T>(path: string, file: Blob, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/octet-stream' };
  Object.assign(headers, ...(await authHeaders(options)));
  const response = await fetch(`${env.apiUrl}${path}`, { method: 'POST', headers, body: file, signal: options.signal });
  const payload = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new ApiError(response.status, payload?.message || `Upload failed (${response.status}).`);
  return payload as T;
}

export const apiClient = {
  upload: <T>(path: string, file: Blob, options: RequestOptions = {}) => uploadFile<T>(path, file, options),
  /** A file answer (e.g. a PDF), read as a Blob; errors as for JSON calls. */
  getFile: (path: string, options: RequestOptions = {}) => requestFile(path, options),
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('POST', path, body, options),
};
