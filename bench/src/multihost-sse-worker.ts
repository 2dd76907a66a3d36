/**
 * A child process of the multihost section holding SSE streams of the tracking page through the
 * balancer, as browsers' EventSource would: when a stream ends (its server shut down, or died and the
 * balancer cut it) it reconnects after the last `retry:` the server sent, through the balancer again.
 * Each stream keeps every connection it made: which server the balancer chose (`X-Comanda-Host`), when
 * it asked, its first event (the snapshot) and every event after it, with arrival times
 * (process.hrtime, CLOCK_MONOTONIC, shared by the processes) and, when asked, the rider position's
 * index each event carried (its latitude, `baseLat + index × step`).
 */
import http from 'node:http';

export interface OpenMessage {
  type: 'open';
  url: string;
  count: number;
  /** connections being opened at once */
  concurrency: number;
  event: string;
  /** reconnect when a stream ends (EventSource); otherwise an ended stream stays ended */
  reconnect: boolean;
  /** read the rider's position of every event (its index), on this many streams (all: Infinity) */
  positions: number;
  baseLat: number;
  step: number;
}
type Message = OpenMessage | { type: 'collect' } | { type: 'close' };

export interface Connection {
  host: string | null;
  status: number;
  requestedAt: number;
  /** the first event's arrival (the snapshot), and its position's index */
  snapshotAt: number | null;
  snapshot: number | null;
  /** every later event's arrival, and (streams reading positions) its index */
  arrivals: number[];
  indices: number[];
  endedAt: number | null;
}

interface Stream {
  connections: Connection[];
  request: http.ClientRequest | null;
  retryMs: number;
  positions: boolean;
}

const streams: Stream[] = [];
let closing = false;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const RIDER_LAT = /"rider":\{[^{}]*?"lat":(-?\d+(?:\.\d+)?(?:e-?\d+)?)/;

function send(message: unknown) {
  process.send?.(message);
}

/** Opens one connection of `stream`; resolves at its snapshot, rejects if it fails first. */
function connectOnce(stream: Stream, message: OpenMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    const connection: Connection = {
      host: null,
      status: 0,
      requestedAt: now(),
      snapshotAt: null,
      snapshot: null,
      arrivals: [],
      indices: [],
      endedAt: null,
    };
    stream.connections.push(connection);
    let buffer = '';
    let settled = false;
    const ended = (error?: Error) => {
      if (connection.endedAt !== null) return;
      connection.endedAt = now();
      stream.request = null;
      if (!settled) {
        settled = true;
        reject(error ?? new Error(connection.status ? `status ${connection.status}` : 'closed'));
      }
      if (message.reconnect && !closing) {
        setTimeout(() => {
          if (!closing) connectOnce(stream, message).catch(() => {});
        }, stream.retryMs);
      }
    };
    const indexOf = (data: string): number | null => {
      const lat = RIDER_LAT.exec(data)?.[1];
      return lat === undefined ? null : Math.round((Number(lat) - message.baseLat) / message.step);
    };
    const request = http.get(
      message.url,
      { agent: false, headers: { accept: 'text/event-stream' } },
      (response) => {
        connection.status = response.statusCode ?? 0;
        const host = response.headers['x-comanda-host'];
        connection.host = typeof host === 'string' ? host : null;
        if (response.statusCode !== 200) {
          response.resume();
          response.on('end', () => ended());
          response.on('close', () => ended());
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            let event = 'message';
            let data = '';
            for (const line of frame.split('\n')) {
              if (line.startsWith('retry:')) stream.retryMs = Number(line.slice(6).trim()) || stream.retryMs;
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data = line.slice(line.startsWith('data: ') ? 6 : 5);
            }
            if (event !== message.event) continue;
            const index = stream.positions ? indexOf(data) : null;
            if (connection.snapshotAt === null) {
              connection.snapshotAt = at;
              connection.snapshot = index;
              if (!settled) {
                settled = true;
                resolve();
              }
            } else {
              connection.arrivals.push(at);
              if (stream.positions) connection.indices.push(index ?? -1);
            }
          }
        });
        response.on('end', () => ended());
        response.on('close', () => ended());
        response.on('error', () => ended());
      },
    );
    request.on('error', (error) => ended(error));
    request.setTimeout(0);
    stream.request = request;
  });
}

async function openAll(message: OpenMessage) {
  let next = 0;
  let failed = 0;
  const errors = new Map<string, number>();
  async function lane() {
    while (next < message.count) {
      const i = next++;
      const stream: Stream = {
        connections: [],
        request: null,
        retryMs: 3000,
        positions: i < message.positions,
      };
      streams.push(stream);
      try {
        await connectOnce(stream, message);
      } catch (error) {
        failed++;
        const text = error instanceof Error ? error.message : String(error);
        errors.set(text, (errors.get(text) ?? 0) + 1);
      }
    }
  }
  await Promise.all(Array.from({ length: message.concurrency }, lane));
  const byHost: Record<string, number> = {};
  for (const stream of streams) {
    const host = stream.connections.at(-1)?.host ?? 'none';
    byHost[host] = (byHost[host] ?? 0) + 1;
  }
  send({
    type: 'ready',
    connected: message.count - failed,
    failed,
    errors: Object.fromEntries(errors),
    byHost,
  });
}

process.on('message', (message: Message) => {
  if (message.type === 'open') void openAll(message);
  else if (message.type === 'collect') send({ type: 'streams', streams: streams.map((s) => s.connections) });
  else if (message.type === 'close') {
    closing = true;
    for (const stream of streams) stream.request?.destroy();
    process.exit(0);
  }
});
