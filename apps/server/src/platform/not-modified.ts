import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './http-server.ts';

interface Entry {
  owner: string;
  etag: string;
  headers: OutgoingHttpHeaders;
  expiresAt: number;
}

/**
 * Conditional GETs answered before routing. A feature that serves a cached, versioned answer
 * remembers its path and ETag here; a GET of exactly that path whose If-None-Match is that ETag gets
 * its 304 from the HTTP server itself, without Fastify's route look-up, request and reply. A menu 304
 * is a few microseconds of work, so those are most of its cost (docs/decisions/009). Anything else
 * (another ETag, a query string, an expired entry, HEAD) goes through Fastify as usual.
 */
export class NotModifiedShortcut {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 2000) {}

  /**
   * From now until `expiresAt` (ms since the epoch), a GET of `path` with this ETag is answered 304
   * with `headers` (the ones the feature sends with its own 304) and the security headers.
   */
  remember(owner: string, path: string, etag: string, headers: OutgoingHttpHeaders, expiresAt: number): void {
    if (path.includes('?')) return; // a request with a query string never takes the shortcut
    if (!this.entries.has(path) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(path, { owner, etag, expiresAt, headers: { ...headers, etag, ...SECURITY_HEADERS } });
  }

  /** Drops every entry of one feature (its answers changed). */
  forget(owner: string): void {
    for (const [path, entry] of this.entries) if (entry.owner === owner) this.entries.delete(path);
  }

  /** Answers the request when it can; false leaves it to the app. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const etag = request.headers['if-none-match'];
    if (etag === undefined || request.method !== 'GET' || request.url === undefined) return false;
    const entry = this.entries.get(request.url);
    if (entry === undefined || entry.etag !== etag) return false;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(request.url);
      return false;
    }
    response.writeHead(304, entry.headers).end();
    return true;
  }
}
