/**
 * Server-Sent Events streams (DESIGN.md, Live updates). The reply is taken over from Fastify, so no
 * onSend hook touches it: @fastify/compress never buffers it (the routes also say `compress: false`).
 *
 * Fan-out (issue 29): the streams of one channel in a process share one bus subscription (a
 * `ChannelFanOut` of the route's `EventStreams`); each message is serialised and encoded once, as one
 * HTTP chunk, and those bytes are written to every stream's socket in one pass. One timer per
 * `EventStreams` writes the comment line that keeps proxies and phones from dropping an idle stream.
 * A route may also share the snapshot new streams start with (`shareSnapshotMs`): one read per channel
 * version, so 10,000 pages opening at once cost one query, not 10,000.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus, BusMessage } from './bus.ts';

export const SSE_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3000;
/**
 * A stream whose socket holds this much not yet sent has stopped reading (a phone gone to sleep
 * without closing): it is ended rather than buffered without limit; its browser reconnects and starts
 * again from a fresh snapshot.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

const CRLF = Buffer.from('\r\n', 'latin1');

/** One frame's bytes, encoded once whatever the number of streams it is written to. */
export class Frame {
  readonly bytes: Buffer;
  private chunkBytes: Buffer | null = null;

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  /** The same bytes as one chunk of a chunked HTTP/1.1 body: `size CRLF data CRLF`. */
  get chunk(): Buffer {
    this.chunkBytes ??= Buffer.concat([
      Buffer.from(`${this.bytes.length.toString(16)}\r\n`, 'latin1'),
      this.bytes,
      CRLF,
    ]);
    return this.chunkBytes;
  }
}

const PING = new Frame(': ping\n\n');

export interface EventStream {
  /** Sends an event whose data is already one line of JSON (see eventFrame). */
  write(frame: string | Frame): void;
  /** Runs `stop` when the stream ends (at once if it already has). */
  onClose(stop: () => unknown): void;
  close(): void;
  readonly closed: boolean;
}

/** `event: name` + `data: json`; JSON.stringify never writes a line break, so one data line is enough. */
export function eventFrame(event: string, payload: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

// one frame per published message, whatever the number of channels and streams it goes to
const frames = new WeakMap<BusMessage, Frame>();
function frameOf(message: BusMessage): Frame {
  let frame = frames.get(message);
  if (frame === undefined) {
    frame = new Frame(eventFrame(message.event, message.payload));
    frames.set(message, frame);
  }
  return frame;
}

type Deliver = (frame: Frame) => void;

/**
 * The streams of one bus channel in this process: one subscription, a version counted per message
 * (what a shared snapshot is valid for), and the listeners of each event name.
 */
class ChannelFanOut {
  private readonly listeners = new Map<string, Set<Deliver>>();
  private users = 0;
  private version = 0;
  private readonly snapshots = new Map<
    string,
    { version: number; at: number; frame: Promise<Frame | null> }
  >();
  /** Resolves once the bus subscription is in place. */
  readonly ready: Promise<() => Promise<void>>;

  constructor(
    bus: Bus,
    channel: string,
    private readonly onEmpty: () => void,
  ) {
    this.ready = bus.subscribe(channel, (message) => this.receive(message));
    // a failed subscription is the joining stream's error (streamChannel awaits `ready`)
    this.ready.catch(() => {});
  }

  private receive(message: BusMessage): void {
    this.version++;
    const listeners = this.listeners.get(message.event);
    if (!listeners || listeners.size === 0) return;
    const frame = frameOf(message);
    for (const deliver of listeners) deliver(frame);
  }

  /** Listens to one event of the channel; the function returned lets go (the last one unsubscribes). */
  listen(event: string, deliver: Deliver): () => Promise<void> {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(deliver);
    this.users++;
    let left = false;
    return async () => {
      if (left) return;
      left = true;
      set.delete(deliver);
      if (set.size === 0) this.listeners.delete(event);
      if (--this.users > 0) return;
      this.onEmpty();
      const stop = await this.ready.catch(() => null);
      await stop?.();
    };
  }

  /**
   * The snapshot frame for a stream that is already listening: read once for every stream that
   * joins while no message came on the channel since the read started and it is younger than
   * `maxAgeMs`. A stream that joins after a message gets a new read (which sees that change), and
   * one that joined during a read also gets every message after it from its listener, so no stream
   * misses a change.
   */
  sharedSnapshot(key: string, maxAgeMs: number, read: () => Promise<Frame | null>): Promise<Frame | null> {
    const now = Date.now();
    const cached = this.snapshots.get(key);
    if (cached && cached.version === this.version && now - cached.at < maxAgeMs) return cached.frame;
    const entry = { version: this.version, at: now, frame: read() };
    this.snapshots.set(key, entry);
    // a failed read is not shared with later streams
    entry.frame.catch(() => {
      if (this.snapshots.get(key) === entry) this.snapshots.delete(key);
    });
    return entry.frame;
  }
}

/**
 * Every stream still open of a route (so a closing server ends them instead of waiting for the
 * browsers), the channels they listen to, and the one heartbeat timer they share.
 */
export class EventStreams {
  private readonly open = new Set<EventStream>();
  private readonly fanOuts = new WeakMap<Bus, Map<string, ChannelFanOut>>();
  private heartbeat: NodeJS.Timeout | null = null;

  get size(): number {
    return this.open.size;
  }

  add(stream: EventStream, heartbeatMs = SSE_HEARTBEAT_MS): void {
    this.open.add(stream);
    stream.onClose(() => {
      this.open.delete(stream);
      if (this.open.size === 0 && this.heartbeat) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
      }
    });
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const open of this.open) open.write(PING);
      }, heartbeatMs);
      this.heartbeat.unref();
    }
  }

  closeAll(): void {
    for (const stream of [...this.open]) endForShutdown(stream);
  }

  /** The channel's fan-out in this process, subscribing to the bus when it is the first stream's. */
  channel(bus: Bus, channel: string): ChannelFanOut {
    let byChannel = this.fanOuts.get(bus);
    if (!byChannel) {
      byChannel = new Map();
      this.fanOuts.set(bus, byChannel);
    }
    const channels = byChannel;
    let fanOut = channels.get(channel);
    if (!fanOut) {
      const created: ChannelFanOut = new ChannelFanOut(bus, channel, () => {
        if (channels.get(channel) === created) channels.delete(channel);
      });
      fanOut = created;
      channels.set(channel, fanOut);
    }
    return fanOut;
  }
}

/** Whether frames may go straight to the socket as chunks: the response owns it and is chunked. */
function rawChunks(res: ServerResponse): boolean {
  return res.chunkedEncoding && res.headersSent && res.socket !== null && !res.writableEnded;
}

export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
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

  function finish() {
    if (closed) return;
    closed = true;
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

  const stream: EventStream = {
    get closed() {
      return closed;
    },
    write(frame) {
      if (closed) return;
      const encoded = typeof frame === 'string' ? new Frame(frame) : frame;
      // the chunk's bytes straight to the socket: no per-stream framing, encoding or cork/uncork
      if (rawChunks(res)) {
        const socket = res.socket;
        if (socket) {
          // gone: its 'close' is on its way and ends this stream
          if (socket.destroyed) return;
          if (socket.writableLength > MAX_UNSENT_BYTES) {
            // ending it politely would wait behind the unsent bytes for a reader that is not reading
            res.destroy();
            finish();
            return;
          }
          socket.write(encoded.chunk);
          return;
        }
      }
      res.write(encoded.bytes);
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
  return stream;
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
  /**
   * Streams of the channel joining within this many milliseconds of a snapshot read, with no message
   * on the channel since, share that read and its frame. Only for a snapshot that is the same for
   * every stream of the channel and does not depend on the time of the connection. Unset: one read
   * per stream.
   */
  shareSnapshotMs?: number;
  streams: EventStreams;
  heartbeatMs: number;
}

/**
 * Streams a bus channel over SSE: listening before the snapshot is read, so nothing published in
 * between is lost, then the snapshot first and every event after it. Resolves false (nothing sent,
 * nothing left subscribed) when the snapshot is gone, for the route to answer its 404.
 */
export async function streamChannel<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ChannelStreamOptions<T>,
): Promise<boolean> {
  const fanOut = options.streams.channel(options.bus, options.channel);
  let stream: EventStream | null = null;
  const early: Frame[] = [];
  const stop = fanOut.listen(options.event, (frame) => {
    if (stream) stream.write(frame);
    else early.push(frame);
  });
  const snapshotEvent = options.snapshotEvent ?? options.event;
  const read = async () => {
    const snapshot = await options.snapshot();
    return snapshot ? new Frame(eventFrame(snapshotEvent, snapshot)) : null;
  };
  let snapshot: Frame | null;
  try {
    await fanOut.ready;
    snapshot =
      options.shareSnapshotMs === undefined
        ? await read()
        : await fanOut.sharedSnapshot(snapshotEvent, options.shareSnapshotMs, read);
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
  stream = openEventStream(request, reply);
  options.streams.add(stream, options.heartbeatMs);
  stream.onClose(stop);
  stream.write(snapshot);
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
