/**
 * Server-Sent Events streams (DESIGN.md, Live updates). The reply is taken over from Fastify, so no
 * onSend hook touches it: @fastify/compress never buffers it (the routes also say `compress: false`).
 * A comment line every `heartbeatMs` keeps proxies and phones from dropping an idle connection.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus, BusMessage } from './bus.ts';

export const SSE_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3000;

export interface EventStream {
  /** Sends an event whose data is already one line of JSON (see eventFrame). */
  write(frame: string): void;
  /** Runs `stop` when the stream ends (at once if it already has). */
  onClose(stop: () => unknown): void;
  close(): void;
  readonly closed: boolean;
}

/** `event: name` + `data: json`; JSON.stringify never writes a line break, so one data line is enough. */
export function eventFrame(event: string, payload: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** Every stream still open, so a closing server ends them instead of waiting for the browsers. */
export class EventStreams {
  private readonly open = new Set<EventStream>();

  get size(): number {
    return this.open.size;
  }

  add(stream: EventStream): void {
    this.open.add(stream);
    stream.onClose(() => this.open.delete(stream));
  }

  closeAll(): void {
    for (const stream of [...this.open]) endForShutdown(stream);
  }
}

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { heartbeatMs: number },
): EventStream {
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  // what was set on the reply so far (the rate limit's headers); the server adds the security headers
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);

  const stops: (() => unknown)[] = [];
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed) res.write(': ping\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();

  function finish() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const stop of stops.splice(0)) {
      Promise.resolve()
        .then(stop)
        .catch((error: unknown) =>
          request.server.appLog.warn({ err: error, reqId: request.id }, 'event stream clean-up failed'),
        );
    }
  }
  // the response's close (not the request's, which ends once the GET is read) is the browser leaving
  res.on('close', finish);
  res.on('error', finish);

  return {
    get closed() {
      return closed;
    },
    write(frame) {
      if (!closed) res.write(frame);
    },
    onClose(stop) {
      if (closed) void Promise.resolve().then(stop);
      else stops.push(stop);
    },
    close() {
      if (!closed) res.end();
      finish();
    },
  };
}

// one frame per published message, whatever the number of streams it goes to
const frames = new WeakMap<BusMessage, string>();
function frameOf(message: BusMessage): string {
  let frame = frames.get(message);
  if (frame === undefined) {
    frame = eventFrame(message.event, message.payload);
    frames.set(message, frame);
  }
  return frame;
}

export interface ChannelStreamOptions<T> {
  bus: Bus;
  channel: string;
  /** Only messages of this event are streamed. */
  event: string;
  /** The state as of the connection, sent first; null when the thing watched is gone. */
  snapshot: () => Promise<T | null>;
  /** The snapshot's event name when it differs from the stream's (a whole board, then single cards). */
  snapshotEvent?: string;
  streams: EventStreams;
  heartbeatMs: number;
}

/**
 * Streams a bus channel over SSE: subscribed before the snapshot is read, so nothing published in
 * between is lost, then the snapshot first and every event after it. Resolves false (nothing sent,
 * nothing left subscribed) when the snapshot is gone, for the route to answer its 404.
 */
export async function streamChannel<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ChannelStreamOptions<T>,
): Promise<boolean> {
  let stream: EventStream | null = null;
  const early: string[] = [];
  const stop = await options.bus.subscribe(options.channel, (message) => {
    if (message.event !== options.event) return;
    if (stream) stream.write(frameOf(message));
    else early.push(frameOf(message));
  });
  let snapshot: T | null;
  try {
    snapshot = await options.snapshot();
  } catch (error) {
    await stop();
    throw error;
  }
  if (!snapshot) {
    await stop();
    return false;
  }
  if (reply.raw.destroyed) {
    // the browser left while the snapshot was read
    await stop();
    reply.hijack();
    return true;
  }
  stream = openEventStream(request, reply, { heartbeatMs: options.heartbeatMs });
  options.streams.add(stream);
  stream.onClose(stop);
  stream.write(eventFrame(options.snapshotEvent ?? options.event, snapshot));
  for (const frame of early) stream.write(frame);
  return true;
}

/** Bounds of the retry hint of a stream ended by a closing server (ms): soon, and spread out. */
export const SHUTDOWN_RETRY_MS = { min: 250, max: 2000 } as const;

/**
 * Ends a stream because this server is going away (graceful shutdown, platform/shutdown.ts): a retry
 * hint first, so the browser's EventSource reconnects within a couple of seconds, through the balancer
 * to another server, whose snapshot brings it up to date; each stream draws its own delay, so the
 * thousands of a server's streams do not all arrive at the others in the same instant.
 */
export function endForShutdown(stream: EventStream, random: () => number = Math.random): void {
  const { min, max } = SHUTDOWN_RETRY_MS;
  stream.write(`retry: ${Math.round(min + random() * (max - min))}\n\n`);
  stream.close();
}
