import {
  createServer,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
  ServerResponse,
} from 'node:http';
import type { NotModifiedShortcut } from './not-modified.ts';

/** Sent with every response, API and web app alike. Lower case, as Fastify writes header names. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** A year: browsers that saw the app over HTTPS never try it over plain HTTP again. */
export const HSTS = 'max-age=31536000';

/** Headers added to every response, and to HTML pages only (their Content-Security-Policy). */
export interface HeaderPolicy {
  all: Readonly<Record<string, string>>;
  html: Readonly<Record<string, string>>;
}

/**
 * The app's headers: the security headers always, HSTS when the public address is https, and the pages'
 * Content-Security-Policy (platform/content-security-policy.ts) on HTML answers.
 */
export function headerPolicy(
  options: { https?: boolean; contentSecurityPolicy?: string } = {},
): HeaderPolicy {
  return {
    all: { ...SECURITY_HEADERS, ...(options.https ? { 'strict-transport-security': HSTS } : {}) },
    html: options.contentSecurityPolicy ? { 'content-security-policy': options.contentSecurityPolicy } : {},
  };
}

type HeaderList = OutgoingHttpHeaders | OutgoingHttpHeader[];
// Node reads (status, headers) and (status, reason, headers) alike from three arguments
const nodeWriteHead = ServerResponse.prototype.writeHead as (
  this: ServerResponse,
  statusCode: number,
  reasonOrHeaders?: string | HeaderList,
  maybeHeaders?: HeaderList,
) => ServerResponse;

const isHtml = (type: unknown) => typeof type === 'string' && type.startsWith('text/html');

/**
 * Every response's `writeHead`: adds the policy's headers to the head as it is written. Fastify
 * writes each head with one `writeHead(status, headers)`, which Node sends as it is unless a header was
 * set on the response before; then it copies every header through `setHeader`. So the headers join
 * Fastify's object rather than being set on the response up front. (Measured on a menu 304, user CPU
 * per request: setting them up front costs 1.5-2 µs more, a ServerResponse subclass 5-6 µs more, this
 * nothing measurable.) A value the handler chose is kept.
 */
function writeHeadWith(policy: HeaderPolicy) {
  const allNames = Object.keys(policy.all);
  const htmlNames = Object.keys(policy.html);
  return function writeHead(
    this: ServerResponse,
    statusCode: number,
    reasonOrHeaders?: string | HeaderList,
    maybeHeaders?: HeaderList,
  ): ServerResponse {
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (headers && !Array.isArray(headers)) {
      for (const name of allNames) {
        if (headers[name] === undefined && !this.hasHeader(name)) headers[name] = policy.all[name];
      }
      if (htmlNames.length > 0 && isHtml(headers['content-type'] ?? this.getHeader('content-type'))) {
        for (const name of htmlNames) {
          if (headers[name] === undefined && !this.hasHeader(name)) headers[name] = policy.html[name];
        }
      }
    } else {
      // an implicit head (a bare `end()`), or a raw header list: the response's own headers take them
      for (const name of allNames) {
        if (!this.hasHeader(name)) this.setHeader(name, policy.all[name] as string);
      }
      if (htmlNames.length > 0 && isHtml(this.getHeader('content-type'))) {
        for (const name of htmlNames) {
          if (!this.hasHeader(name)) this.setHeader(name, policy.html[name] as string);
        }
      }
    }
    return nodeWriteHead.call(this, statusCode, reasonOrHeaders, maybeHeaders);
  };
}

/**
 * Slow clients are cut off: the request's head must arrive within 15 s and the whole request within
 * 25 s (checked every second), so a client trickling bytes holds a connection for at most ~26 s instead
 * of forever. Answers (an SSE stream) are not limited by these.
 */
export const CLIENT_TIMEOUTS = { headersMs: 15_000, requestMs: 25_000, checkEveryMs: 1_000 } as const;

export interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  /** The request's head (CLIENT_TIMEOUTS unless a test shortens it). */
  headersTimeout?: number;
}

/**
 * The app's HTTP server (Fastify's `serverFactory`): responses carry the policy's headers, conditional
 * GETs the shortcut knows are answered before routing, and the server gets the timeouts Fastify would
 * set on a server it created itself, plus the slow-client limits.
 */
export function createAppServer(
  handler: RequestListener,
  timeouts: ServerTimeouts,
  notModified?: NotModifiedShortcut,
  policy: HeaderPolicy = headerPolicy(),
): Server {
  const writeHead = writeHeadWith(policy);
  const server = createServer(
    { connectionsCheckingInterval: CLIENT_TIMEOUTS.checkEveryMs },
    (request, response) => {
      response.writeHead = writeHead;
      if (notModified?.answer(request, response)) return;
      handler(request, response);
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeout ?? 72_000;
  server.requestTimeout = timeouts.requestTimeout || CLIENT_TIMEOUTS.requestMs;
  server.headersTimeout = Math.min(
    timeouts.headersTimeout ?? CLIENT_TIMEOUTS.headersMs,
    server.requestTimeout,
  );
  server.setTimeout(timeouts.connectionTimeout ?? 0);
  return server;
}
