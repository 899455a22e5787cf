import type { ErrorCode } from '#contract/error-codes.ts';
import { MESSAGES } from '#contract/messages.ts';
import { markTrialExpired } from './trial-expired.ts';

export type FieldError = { field: string; message: string };

/** A failed API call: the server's code and message (product.md, Pages), or a connection error. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'CONNECTION_ERROR';
  readonly status: number;
  readonly details: FieldError[];
  readonly limitReached: boolean;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    code: ErrorCode | 'CONNECTION_ERROR';
    message: string;
    status: number;
    details?: FieldError[];
    limitReached?: boolean;
    retryAfterSeconds?: number;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.details = options.details ?? [];
    this.limitReached = options.limitReached ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type ErrorBody = {
  code?: unknown;
  message?: unknown;
  error?: unknown;
  details?: unknown;
  limitReached?: unknown;
  retryAfterSeconds?: unknown;
};

function fallbackCode(status: number): ErrorCode {
  if (status === 401) return 'AUTH_FAILED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'SERVER_ERROR';
}

function readDetails(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldError =>
      typeof item === 'object' && item !== null && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

/**
 * Builds the error for a non-OK answer. The server's message is preferred; TRIAL_EXPIRED always
 * shows the spec's text, whatever the status.
 */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const data: ErrorBody = typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
  const code = typeof data.code === 'string' ? (data.code as ErrorCode) : fallbackCode(status);
  const serverMessage =
    typeof data.message === 'string' && data.message
      ? data.message
      : typeof data.error === 'string' && data.error
        ? data.error
        : undefined;
  const message = code === 'TRIAL_EXPIRED' ? MESSAGES.trialExpired : (serverMessage ?? MESSAGES.authFailed);
  return new ApiError({
    code,
    message,
    status,
    details: readDetails(data.details),
    limitReached: data.limitReached === true,
    retryAfterSeconds: typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : undefined,
  });
}

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * The one way the web talks to the API: same origin, with the session cookie, JSON both ways
 * (or FormData up, for uploads). Throws `ApiError` on any failure.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  // FormData (file uploads) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: 'CONNECTION_ERROR', message: MESSAGES.connectionError, status: 0 });
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const error = errorFromResponse(response.status, data);
    if (error.code === 'TRIAL_EXPIRED') markTrialExpired();
    throw error;
  }
  return data as T;
}

/** The message to show for any thrown value, with a fallback for non-API errors. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}
