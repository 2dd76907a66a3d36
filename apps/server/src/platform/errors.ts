import { ERROR_MESSAGES, type ErrorCode, type ErrorStatus, errorCodeOfStatus } from '@comanda/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction.ts';

/**
 * The one error type the handlers throw; the error handler turns it into DESIGN.md's JSON shape. Its code
 * is one of core's ERROR_CODES and its status the one listed there (the compiler checks both).
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  /** Seconds after which trying again makes sense (the answer's Retry-After), when there is such a time. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: C,
    readonly status: ErrorStatus<C>,
    message: string,
    readonly errors?: unknown[],
  ) {
    super(message);
  }

  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }
}

export const notFound = (message = 'No encontramos lo que buscás.') =>
  new AppError('NOT_FOUND', 404, message);
export const badRequest = (message: string, errors?: unknown[]) =>
  new AppError('BAD_REQUEST', 400, message, errors);

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

// node's and postgres.js's codes for a connection that could not be made, was lost or timed out
const CONNECTION_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL's: statement timeout, lock timeout, shutting down, starting up, too many connections
const UNAVAILABLE_SQLSTATES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '53300']);

/**
 * True for an error that means the database (or the network to it) is away or overloaded rather than
 * a mistake in the request or the code: answered 503 with Retry-After, not 500. Drizzle wraps the
 * driver's error in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      // SQLSTATE class 08: connection exception
      if ((e as { name?: unknown }).name === 'PostgresError' && code.startsWith('08')) return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** At most one log line per `quietMs` for a kind of trouble that repeats with every request. */
function throttled(quietMs: number) {
  let last = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (log: (suppressed: number) => void) => {
    const now = Date.now();
    if (now - last < quietMs) {
      suppressed++;
      return;
    }
    last = now;
    log(suppressed);
    suppressed = 0;
  };
}

function requestFields(request: FastifyRequest) {
  return { reqId: request.id, method: request.method, url: redactUrl(request.url) };
}

export function registerErrorHandler(app: FastifyInstance): void {
  const unavailableLog = throttled(10_000);

  const sendServerError = (reply: FastifyReply, request: FastifyRequest, error: unknown) => {
    // every 5xx is logged with its request id, which the answer carries too, so a report can be found
    reply.header('x-request-id', request.id);
    app.appLog.error({ err: error, ...requestFields(request) }, 'unhandled error');
    reply.status(500).send({ code: 'INTERNAL', message: ERROR_MESSAGES.internal });
  };

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No existe la ruta ${request.method} ${request.url}.` });
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) {
        reply.header('x-request-id', request.id);
        app.appLog.error(
          { err: error, code: error.code, ...requestFields(request) },
          'answered with a server error',
        );
      }
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      unavailableLog((suppressed) =>
        app.appLog.error(
          { err: error, ...requestFields(request), suppressed },
          'database unavailable: answered 503',
        ),
      );
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      reply.header('x-request-id', request.id);
      reply.status(503).send({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.serviceUnavailable });
      return;
    }
    const status = (error as { statusCode?: number }).statusCode;
    if ((error as { validation?: unknown }).validation || (status && status >= 400 && status < 500)) {
      const answered = status ?? 400;
      const code = errorCodeOfStatus(answered);
      const message =
        code === 'PAYLOAD_TOO_LARGE'
          ? ERROR_MESSAGES.payloadTooLarge
          : code === 'UNSUPPORTED_MEDIA_TYPE'
            ? ERROR_MESSAGES.unsupportedMediaType
            : code === 'RATE_LIMITED'
              ? ERROR_MESSAGES.rateLimited
              : ERROR_MESSAGES.badRequest;
      reply.status(answered).send({ code, message });
      return;
    }
    sendServerError(reply, request, error);
  });
}
