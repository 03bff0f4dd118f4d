/**
 * The one error type services throw. Its status is the HTTP status; its code is the
 * envelope code (the status itself, except -1 for an expired session and 6020x at sign-in).
 */
export class ApiError extends Error {
  /** True when the operation log already holds a record of this refusal. */
  logged = false;
  /** What the operation log records instead of the message the caller sees (e.g. a reused code). */
  logMessage?: string;
  /** Seconds the caller should wait (a 429's Retry-After header). */
  retryAfter?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: number = statusCode,
  ) {
    super(message);
  }
}

export const SESSION_EXPIRED = 'Your login has expired, please log in again';

export const sessionExpired = () => new ApiError(401, SESSION_EXPIRED, -1);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
/** The account must bind an authenticator before anything else (decision 045); the web app opens its settings on it. */
export const TWO_FACTOR_REQUIRED = 'Two-factor sign-in is required for this account: bind an authenticator in the account settings';
export const twoFactorRequired = () => new ApiError(403, TWO_FACTOR_REQUIRED);
export const badInput = (field: string, message: string) => new ApiError(400, `${field}: ${message}`);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooManyAttempts = (retryInSeconds: number) => {
  const error = new ApiError(429, `Too many attempts, retry in ${retryInSeconds} s`);
  error.retryAfter = retryInSeconds;
  return error;
};
