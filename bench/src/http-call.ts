/**
 * One timed HTTP request on a given agent and source address (keep-alive sockets, one loopback address
 * per simulated client), answering its status, JSON body (or text), redirect and time; a network error or
 * timeout answers status 0 instead of throwing, so a load run counts it as an error.
 */
import http from 'node:http';

export interface CallAnswer {
  status: number;
  body: unknown;
  /** the Location header of a redirect */
  location: string | undefined;
  ms: number;
  /** The request went out on a socket already open (keep-alive), not a new connection. */
  reused: boolean;
}

export interface CallOptions {
  agent?: http.Agent | undefined;
  localAddress?: string | undefined;
  headers?: Record<string, string>;
  /** sent as JSON */
  json?: unknown;
  /** sent as application/x-www-form-urlencoded (a browser's form post) */
  form?: Record<string, string>;
  timeoutMs?: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

export function httpCall(url: string, method: string, options: CallOptions = {}): Promise<CallAnswer> {
  return new Promise((resolve) => {
    const body =
      options.form !== undefined
        ? new URLSearchParams(options.form).toString()
        : options.json !== undefined
          ? JSON.stringify(options.json)
          : undefined;
    const contentType =
      options.form !== undefined
        ? 'application/x-www-form-urlencoded'
        : options.json !== undefined
          ? 'application/json'
          : undefined;
    const startedAt = now();
    const request = http.request(
      url,
      {
        method,
        ...(options.agent ? { agent: options.agent } : {}),
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: { ...(contentType ? { 'content-type': contentType } : {}), ...options.headers },
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {}
          resolve({
            status: response.statusCode ?? 0,
            body: parsed,
            location: response.headers.location,
            ms: now() - startedAt,
            reused: request.reusedSocket,
          });
        });
        response.on('error', () => resolve(failed('response error')));
      },
    );
    const failed = (reason: string): CallAnswer => ({
      status: 0,
      body: reason,
      location: undefined,
      ms: now() - startedAt,
      reused: request.reusedSocket,
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(failed(error.message)));
    request.end(body);
  });
}
