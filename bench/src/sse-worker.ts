/**
 * A child process of the tracking benchmark holding its share of the SSE subscribers, so parsing
 * thousands of streams does not slow the process that times the updates. Arrival times are
 * process.hrtime (CLOCK_MONOTONIC), which every process on the machine shares.
 */
import http from 'node:http';

interface OpenMessage {
  type: 'open';
  url: string;
  count: number;
  /** Connections being opened at once. */
  concurrency: number;
  event: string;
  /**
   * How many of this worker's streams also keep the rider of every update (`data.rider`, lat/lng), so
   * the scenario can check that the events carry the position; the others only time the event's name.
   */
  sample: number;
}
/** The rider's position of an event (`TrackingInfo.rider`), or null when it carries none. */
export type Position = { lat: number; lng: number } | null;
type Message = OpenMessage | { type: 'collect' } | { type: 'close' };

const streams: {
  request: http.ClientRequest;
  arrivals: number[];
  open: boolean;
  /** Sampled streams only: the rider's position of each update, in order. */
  positions?: Position[];
}[] = [];

function positionOf(data: string): Position {
  try {
    const rider = (JSON.parse(data) as { rider?: { lat?: unknown; lng?: unknown } | null }).rider;
    return typeof rider?.lat === 'number' && typeof rider.lng === 'number'
      ? { lat: rider.lat, lng: rider.lng }
      : null;
  } catch {
    return null;
  }
}

function send(message: unknown) {
  process.send?.(message);
}

/** Opens one stream; resolves once its first event (the snapshot) arrived, rejects on failure. */
function openStream(url: string, marker: string, sampled: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry: (typeof streams)[number] = {
      request: null as unknown as http.ClientRequest,
      arrivals: [],
      open: false,
      ...(sampled ? { positions: [] } : {}),
    };
    let seen = 0;
    let tail = '';
    // sampled streams: the text not yet split into frames (a frame ends with a blank line)
    let frames = '';
    let framesSeen = 0;
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const now = Number(process.hrtime.bigint()) / 1e6;
        // a frame may be split across chunks: the tail of the previous chunk is searched again
        const text = tail + chunk;
        let from = 0;
        for (;;) {
          const at = text.indexOf(marker, from);
          if (at === -1) break;
          if (at + marker.length > tail.length) {
            // the first event is the snapshot of the connection; later ones are the updates
            if (seen > 0) entry.arrivals.push(now);
            seen++;
            if (seen === 1) {
              entry.open = true;
              resolve();
            }
          }
          from = at + marker.length;
        }
        tail = text.slice(-marker.length);
        if (entry.positions) {
          frames += chunk;
          let end = frames.indexOf('\n\n');
          while (end !== -1) {
            const frame = frames.slice(0, end);
            frames = frames.slice(end + 2);
            end = frames.indexOf('\n\n');
            if (!frame.split('\n').includes(marker)) continue;
            // after the snapshot: one position per update
            if (framesSeen++ === 0) continue;
            const data = frame
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
              .join('\n');
            entry.positions.push(positionOf(data));
          }
        }
      });
      response.on('error', () => {});
    });
    request.on('error', reject);
    request.setTimeout(0);
    entry.request = request;
    streams.push(entry);
  });
}

async function openAll(message: OpenMessage) {
  const marker = `event: ${message.event}`;
  let next = 0;
  let failed = 0;
  let sampled = 0;
  const errors = new Map<string, number>();
  async function lane() {
    while (next < message.count) {
      next++;
      try {
        const sample = sampled < message.sample;
        if (sample) sampled++;
        await openStream(message.url, marker, sample);
      } catch (error) {
        failed++;
        const text = error instanceof Error ? error.message : String(error);
        errors.set(text, (errors.get(text) ?? 0) + 1);
      }
    }
  }
  await Promise.all(Array.from({ length: message.concurrency }, lane));
  send({ type: 'ready', connected: message.count - failed, failed, errors: Object.fromEntries(errors) });
}

process.on('message', (message: Message) => {
  if (message.type === 'open') void openAll(message);
  else if (message.type === 'collect')
    send({
      type: 'arrivals',
      arrivals: streams.filter((s) => s.open).map((s) => s.arrivals),
      positions: streams.filter((s) => s.open && s.positions).map((s) => s.positions),
    });
  else if (message.type === 'close') {
    for (const stream of streams) stream.request.destroy();
    process.exit(0);
  }
});
