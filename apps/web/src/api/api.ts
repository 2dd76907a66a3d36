import { type ErrorCode, isErrorCode, MESSAGES } from '@comanda/core';

const NETWORK_ERROR_MESSAGE = 'No pudimos conectarnos. Revisá tu conexión e intentá de nuevo.';

/**
 * What an ApiError's code can be: one of the server's (core's ERROR_CODES, so comparing with a code
 * that does not exist fails to compile), or the client's own for no connection, an unreadable answer
 * and an answer without a known code (`HTTP_502` from a proxy).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE' | `HTTP_${number}`;

/** An error answer of the API (or a failed connection, status 0), carrying the Spanish text to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: unknown[] | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, errors?: unknown[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** '/api/x' plus the defined query values; arrays repeat the key (orderModeId=1&orderModeId=2). */
export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== null && item !== undefined && item !== '') params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function errorFromBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { code, message, errors } = body as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof message === 'string' && message.trim() !== '') {
      return new ApiError(
        status,
        isErrorCode(code) ? code : `HTTP_${status}`,
        message,
        Array.isArray(errors) ? errors : undefined,
      );
    }
  }
  return new ApiError(status, `HTTP_${status}`, MESSAGES.genericRetry);
}

/** GET a JSON resource; any error answer becomes an ApiError with the server's Spanish message. */
export async function apiGet<T>(
  path: string,
  options: { query?: QueryParams; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      headers: { Accept: 'application/json' },
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromBody(response.status, body);
  if (body === null) throw new ApiError(response.status, 'INVALID_RESPONSE', MESSAGES.genericRetry);
  return body as T;
}

/** POST a JSON body; an error answer becomes an ApiError carrying the server's Spanish message and errors. */
export function apiPost<T>(
  path: string,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  return apiSend<T>('POST', path, body, options);
}

/** PUT a JSON body, with the same error handling as apiPost. */
export function apiPut<T>(path: string, body: unknown, options: { signal?: AbortSignal } = {}): Promise<T> {
  return apiSend<T>('PUT', path, body, options);
}

/** DELETE a resource (no body), with the same error handling as apiPost. */
export function apiDelete<T>(path: string): Promise<T> {
  return apiSend<T>('DELETE', path, undefined, {});
}

async function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromBody(response.status, answer);
  return answer as T;
}
