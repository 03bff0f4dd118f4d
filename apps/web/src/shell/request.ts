/**
 * The one request layer (§7): API base from build config, 30 s timeout, X-Token and
 * X-App-Id headers, envelope `{code, message, data}`. Resolves with the whole body when
 * `code === 200`; otherwise rejects with an ApiError (and the shell shows the §8 toast /
 * expiry dialog). Screens never call fetch directly.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';
export const APP_ID = 'console-web';
export const REQUEST_TIMEOUT_MS = 30_000;
/** Code of an expired, unknown or revoked token (§8). */
export const EXPIRED_CODE = -1;

export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public status?: number,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  data?: unknown;
  /** Do not show the error toast (the caller handles it). */
  silent?: boolean;
  /** false: a code -1 answer only rejects, without the session-expiry dialog (sign-in, guard, logout). */
  handleExpiry?: boolean;
}

export type Envelope<T = unknown> = { code: number; message?: string; data?: T } & Record<string, unknown>;

/** What the shell shows for a failed call (§8); set by the shell once antd is mounted. */
export interface RequestFeedback {
  /** Network or HTTP error, or an error code from the server: a 5 s error toast. */
  error(message: string): void;
  /** Code -1: the single "Safe exit" dialog. */
  expired(message: string): void;
  /** The account must bind an authenticator first (decision 045): to its settings, silent call or not. */
  twoFactor?(message: string): void;
}

/** The server's refusal of every call but binding while the account must bind an authenticator (server http/api-error.ts). */
export const TWO_FACTOR_REQUIRED = 'Two-factor sign-in is required for this account: bind an authenticator in the account settings';

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let tokenGetter: () => string | undefined = () => undefined;
let feedback: RequestFeedback = { error: () => {}, expired: () => {} };
let transport: Transport = (url, init) => fetch(url, init);
const successCodes = new Set<number>([200]);

export function setTokenGetter(fn: () => string | undefined) {
  tokenGetter = fn;
}
export function setRequestFeedback(f: RequestFeedback) {
  feedback = f;
}
/** Replaces fetch (the development mock of §7 installs itself here). */
export function setTransport(t: Transport) {
  transport = t;
}
/** The development mock's sample list answers code 20000 (§7); only the mock adds it. */
export function addSuccessCode(code: number) {
  successCodes.add(code);
}

function queryString(params?: Record<string, unknown>): string {
  if (!params) return '';
  const qs = new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return qs ? '?' + qs : '';
}

function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-App-Id': APP_ID };
  const token = tokenGetter();
  if (token) headers['X-Token'] = token;
  return headers;
}

/** The §8 handling of a refused answer (expiry dialog or error toast); the error to throw. */
function refusal(body: Envelope<unknown>, res: Response, opts: { silent?: boolean; handleExpiry?: boolean }): ApiError {
  const code = typeof body?.code === 'number' ? body.code : res.status;
  const message = typeof body?.message === 'string' && body.message ? body.message : 'Error';
  if (code === EXPIRED_CODE) {
    if (opts.handleExpiry !== false) feedback.expired(message);
  } else if (message === TWO_FACTOR_REQUIRED && feedback.twoFactor) feedback.twoFactor(message);
  else if (!opts.silent) feedback.error(message);
  return new ApiError(code, message, res.status);
}

export async function request<T = unknown>(method: 'GET' | 'POST', url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const headers = baseHeaders();
  if (opts.data !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await transport(API_BASE + url + queryString(opts.params), {
      method,
      headers,
      body: opts.data === undefined ? undefined : JSON.stringify(opts.data),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    const err = e as Error;
    const message = err?.name === 'TimeoutError' ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` : err?.message || 'Network Error';
    if (!opts.silent) feedback.error(message);
    throw new ApiError(0, message);
  }
  const body = (await res.json().catch(() => ({ code: res.status, message: res.statusText || 'Error' }))) as Envelope<T>;
  const code = typeof body?.code === 'number' ? body.code : res.status;
  if (code === EXPIRED_CODE || !successCodes.has(code)) throw refusal(body, res, opts);
  return body;
}

export interface StreamOptions {
  params?: Record<string, unknown>;
  /** Cancels the call, also while the body is being read. */
  signal?: AbortSignal;
  silent?: boolean;
}

export interface StreamAnswer {
  /** The body as it arrives. */
  body: ReadableStream<Uint8Array>;
  /** The file name of Content-Disposition, when the server gives one. */
  fileName: string | null;
  headers: Headers;
}

/**
 * A GET whose answer is a file read as it arrives (the kit's CSV export): same headers and
 * the same §8 handling of a refusal (a JSON envelope or an HTTP error) as `request`. The
 * 30 s timeout runs until the answer starts; the body then takes as long as it takes.
 */
export async function requestStream(url: string, opts: StreamOptions = {}): Promise<StreamAnswer> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (opts.signal?.aborted) cancel();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    cancel();
  }, REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await transport(API_BASE + url + queryString(opts.params), { method: 'GET', headers: baseHeaders(), signal: controller.signal });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    const message = timedOut ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` : (e as Error)?.message || 'Network Error';
    if (!opts.silent) feedback.error(message);
    throw new ApiError(0, message);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body || /json/i.test(res.headers.get('content-type') ?? '')) {
    const body = (await res.json().catch(() => ({ code: res.status, message: res.statusText || 'Error' }))) as Envelope<unknown>;
    throw refusal(body, res, opts);
  }
  const disposition = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return { body: res.body, fileName: disposition ? disposition[1] : null, headers: res.headers };
}
