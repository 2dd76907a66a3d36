import { get, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * A test's browser end of an SSE stream on a real port: collects events and comment lines as they
 * arrive, and waits for the next one.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** The reconnection delays the server asked for (`retry:` lines), in order. */
  readonly retries: number[] = [];
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end = this.buffer.indexOf('\n\n');
      while (end !== -1) {
        this.parse(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 2);
        end = this.buffer.indexOf('\n\n');
      }
      this.wake();
    });
    const finish = () => {
      this.ended = true;
      this.wake();
    };
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', finish);
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const request = get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (response) =>
        resolve(new SseClient(response.statusCode ?? 0, response.headers, response)),
      );
      request.on('error', reject);
    });
  }

  /** The whole body of a non-stream answer (an error), parsed as JSON. */
  async json(): Promise<unknown> {
    await this.until(() => this.ended);
    return JSON.parse(this.buffer);
  }

  private parse(block: string) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('retry:')) this.retries.push(Number(line.slice(6).trim()));
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) this.events.push({ event, data: JSON.parse(data.join('\n')) });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves once `condition` holds, re-checked on every chunk; fails after `timeoutMs`. */
  until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('SSE: timed out waiting')), timeoutMs);
      const check = () => {
        if (condition()) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  /** The n-th event (0-based) once it has arrived. */
  async event(n: number, timeoutMs?: number): Promise<SseEvent> {
    await this.until(() => this.events.length > n, timeoutMs);
    return this.events[n] as SseEvent;
  }

  close() {
    this.response.destroy();
  }
}
