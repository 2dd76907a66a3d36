/**
 * A child process of the order-console benchmark holding the board streams (SSE, with the staff
 * session's cookie), so parsing every card does not slow the process that places and times the
 * orders. Each stream records, per order code, when its first `console-order` card arrived
 * (process.hrtime, CLOCK_MONOTONIC, which every process on the machine shares).
 */
import http from 'node:http';

interface OpenMessage {
  type: 'open';
  url: string;
  count: number;
  headers: Record<string, string>;
  /** The first event of a connection (the whole board). */
  snapshotEvent: string;
  /** The event of each new or changed order; its data is a card with a `code`. */
  event: string;
}
type Message = OpenMessage | { type: 'count' } | { type: 'collect' } | { type: 'close' };

interface Stream {
  request: http.ClientRequest;
  open: boolean;
  /** code → first arrival (ms); later cards of the same order only count as repeats. */
  arrivals: Map<string, number>;
  repeats: number;
  /** Cards that could not be read (no JSON, no code). */
  unreadable: number;
}

const streams: Stream[] = [];

function send(message: unknown) {
  process.send?.(message);
}

/** Opens one stream; resolves once its snapshot event arrived, rejects on failure. */
function openStream(message: OpenMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry: Stream = {
      request: null as unknown as http.ClientRequest,
      open: false,
      arrivals: new Map(),
      repeats: 0,
      unreadable: 0,
    };
    let buffer = '';
    const request = http.get(
      message.url,
      { agent: false, headers: { ...message.headers, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`status ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = Number(process.hrtime.bigint()) / 1e6;
          // the server writes '\n' line ends; a frame ends at a blank line and may span chunks
          const scanFrom = Math.max(0, buffer.length - 1);
          buffer += chunk;
          let start = 0;
          let end = buffer.indexOf('\n\n', scanFrom);
          while (end !== -1) {
            frame(buffer.slice(start, end), now);
            start = end + 2;
            end = buffer.indexOf('\n\n', start);
          }
          buffer = buffer.slice(start);
        });
        response.on('error', () => {});
      },
    );
    function frame(text: string, now: number) {
      let event = 'message';
      let data = '';
      for (const line of text.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (event === message.snapshotEvent && !entry.open) {
        entry.open = true;
        resolve();
      } else if (event === message.event && entry.open) {
        let code: unknown;
        try {
          code = (JSON.parse(data) as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        if (typeof code !== 'string') entry.unreadable++;
        else if (entry.arrivals.has(code)) entry.repeats++;
        else entry.arrivals.set(code, now);
      }
    }
    request.on('error', reject);
    request.setTimeout(0);
    entry.request = request;
    streams.push(entry);
  });
}

async function openAll(message: OpenMessage) {
  const results = await Promise.allSettled(Array.from({ length: message.count }, () => openStream(message)));
  const errors = new Map<string, number>();
  for (const r of results) {
    if (r.status === 'rejected') {
      const text = r.reason instanceof Error ? r.reason.message : String(r.reason);
      errors.set(text, (errors.get(text) ?? 0) + 1);
    }
  }
  const failed = results.filter((r) => r.status === 'rejected').length;
  send({ type: 'ready', connected: message.count - failed, failed, errors: Object.fromEntries(errors) });
}

const open = () => streams.filter((s) => s.open);

process.on('message', (message: Message) => {
  if (message.type === 'open') void openAll(message);
  else if (message.type === 'count')
    send({ type: 'counted', received: open().reduce((n, s) => n + s.arrivals.size, 0) });
  else if (message.type === 'collect')
    send({
      type: 'arrivals',
      streams: open().map((s) => ({
        arrivals: [...s.arrivals],
        repeats: s.repeats,
        unreadable: s.unreadable,
      })),
    });
  else if (message.type === 'close') {
    for (const stream of streams) stream.request.destroy();
    process.exit(0);
  }
});
