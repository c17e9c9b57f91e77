import { type BodyOf, type Endpoint, fillPath, getDownload, type ParamsOf, type QueryOf, type ResponseOf } from '@salon/contracts';
import { getStoredSessionCode } from './session-code';

/** The fixed messages the client shows itself, word for word (the Italian UI translates them). */
export const MESSAGES = {
  unauthorized: 'Unauthorized Access',
  emptyData: 'Unable to fetch product list',
  failure: 'something went wrong.',
  staffFailure: 'something went wrong jj.',
  sessionLoginFailed: 'Failed to login with SessionCode.',
  logoutFailed: 'Failed to logout with SessionCode.',
} as const;

/** A failed call: the HTTP status (0 for a network failure) and the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The auth store registers the logout to run on any 401. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

interface CallInput<E extends Endpoint> {
  params?: Omit<ParamsOf<E>, 'SESSIONCODE'>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

interface CallOptions {
  signal?: AbortSignal;
  /** Sign-in and the session check answer 401 for bad credentials; that must not log anyone out. */
  ignoreUnauthorized?: boolean;
  /** Use this code instead of the stored one (the session check before it is stored). */
  sessionCode?: string | null;
}

/** The URL of a call: `{SESSIONCODE}` filled from the stored session code, the other placeholders from params. */
export function buildUrl<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}, sessionCode = getStoredSessionCode()): string {
  const values: Record<string, string | number> = { ...((input.params ?? {}) as Record<string, string | number>) };
  if (endpoint.path.includes('{SESSIONCODE}')) values.SESSIONCODE = sessionCode ?? '';
  let url = fillPath(endpoint.path, values);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    query.append(key, String(value));
  }
  const search = query.toString();
  if (search) url += `?${search}`;
  return url;
}

async function send<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions, form?: FormData): Promise<Response> {
  const sessionCode = options.sessionCode === undefined ? getStoredSessionCode() : options.sessionCode;
  const headers: Record<string, string> = { Accept: endpoint.isFile ? '*/*' : 'application/json' };
  if (sessionCode) headers.Authorization = `Bearer ${sessionCode}`;
  const hasBody = form === undefined && (input.body !== undefined || (endpoint.method !== 'GET' && endpoint.body !== undefined));
  // A multipart body's Content-Type (with its boundary) is set by fetch.
  if (hasBody) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, input, sessionCode), {
      method: endpoint.method,
      headers,
      body: form ?? (hasBody ? JSON.stringify(input.body ?? {}) : undefined),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, MESSAGES.failure);
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && !options.ignoreUnauthorized) {
    onUnauthorized?.(MESSAGES.unauthorized);
    throw new ApiError(401, MESSAGES.unauthorized, body);
  }
  // A 4xx names what the client got wrong; a 5xx is shown as the fixed generic failure.
  const serverMessage = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '';
  throw new ApiError(response.status, response.status < 500 && serverMessage ? serverMessage : MESSAGES.failure, body);
}

/** Calls one contract endpoint with JSON in and out. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> = {},
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const response = await send(endpoint, input, options);
  const text = await response.text();
  if (!text) return undefined as ResponseOf<E>;
  try {
    return JSON.parse(text) as ResponseOf<E>;
  } catch {
    throw new ApiError(response.status, MESSAGES.failure);
  }
}

/** Uploads a form (multipart/form-data, e.g. a file part) to one contract endpoint; the answer is JSON. */
export async function uploadForm<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  form: FormData,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const response = await send(endpoint, input, options, form);
  try {
    return (await response.json()) as ResponseOf<E>;
  } catch {
    throw new ApiError(response.status, MESSAGES.failure);
  }
}

/** Calls an endpoint that answers with a file (PDF, XLSX, CSV) and hands it to the browser as `filename`. */
export async function downloadFile<E extends Endpoint>(endpoint: E, input: CallInput<E>, filename: string, options: CallOptions = {}) {
  const response = await send(endpoint, input, options);
  const blob = await response.blob();
  saveBlob(blob, filename);
}

/**
 * An export that "uses a returned link" (status.xlsx, Lost List status.xlsx, Nps.xlsx): asks for
 * the link, then fetches its file with the same session and offers it under the name the link gives.
 */
export async function downloadViaLink<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<void> {
  const { link, fileName } = (await callApi(endpoint, input, options)) as { link: string; fileName: string };
  const token = link.slice(link.lastIndexOf('/') + 1);
  await downloadFile(getDownload, { params: { token } }, fileName, options);
}

/** Offers a blob as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Empty response data (null, an empty list, an empty object) is reported as 'Unable to fetch product list'. */
export function isEmptyData(data: unknown): boolean {
  if (data === null || data === undefined || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === 'object') return Object.keys(data).length === 0;
  return false;
}

/**
 * The fixed message for a failed call: a client error keeps the server's message, a
 * network or server failure becomes `fallback` ('something went wrong.' unless a report says otherwise).
 */
export function errorMessageOf(error: unknown, fallback: string = MESSAGES.failure): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status >= 500) return fallback;
    return error.message;
  }
  return fallback;
}
