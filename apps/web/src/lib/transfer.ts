/**
 * Transfers the JSON api client cannot do: a multipart upload with upload progress (XHR) and file
 * downloads read chunk by chunk (fetch + reader). Same base path, auth header and error shape
 * (ApiError) as lib/api-client.
 */
import { usersApi } from '@call-insights/contracts/users.routes';
import { API_BASE, ApiError, callApi, interfaceLanguage, toApiError, type QueryParams } from './api-client';
import { getAccessToken } from './storage';

/** Called with 0–1 when the total size is known, null while it is not. */
export type ProgressListener = (fraction: number | null) => void;

export function apiUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * A refused token: ask the api client once more so the app's own 401 handling runs
 * (sign out, back to /signin) exactly as for every other call.
 */
function onUnauthorized(status: number, token: string | null): void {
  if (status === 401 && token) void callApi(usersApi.verifyToken).catch(() => undefined);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const networkError = () => new ApiError(0, 'NETWORK', 'The server could not be reached.');

type UploadOptions = { onProgress?: ProgressListener; signal?: AbortSignal };

/** POST multipart/form-data with XMLHttpRequest, reporting the bytes sent. */
export function postMultipart<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const token = getAccessToken();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', interfaceLanguage());
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress?.(event.lengthComputable ? event.loaded / event.total : null);
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      onUnauthorized(xhr.status, token);
      reject(toApiError(xhr.status, body, xhr.statusText));
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(form);
  });
}

export type FetchedFile = { blob: Blob; fileName: string | null };

type DownloadOptions = { query?: QueryParams; onProgress?: ProgressListener; signal?: AbortSignal };

/** GET a file with the auth header, reading the body chunk by chunk to report progress. */
export async function fetchFile(path: string, options: DownloadOptions = {}): Promise<FetchedFile> {
  const { query, onProgress, signal } = options;
  const token = getAccessToken();
  const headers = new Headers({ 'Accept-Language': interfaceLanguage() });
  if (token) headers.set('Authorization', `Token ${token}`);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) {
    onUnauthorized(response.status, token);
    throw toApiError(response.status, parseJson(await response.text()), response.statusText);
  }
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'));
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body) return { blob: await response.blob(), fileName };

  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.(total ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(total ? Math.min(1, received / total) : null);
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

/** Saves a blob as a download named `fileName` (object URL + a temporary `<a download>`). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
