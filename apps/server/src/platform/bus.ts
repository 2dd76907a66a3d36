/**
 * The channel bus of DESIGN.md: publish(channel, event, payload) / subscribe(channel, listener).
 * In-process by default; Redis pub/sub when REDIS_URL is set, so several server processes share events
 * (a rider's update on one process reaches a customer's SSE stream on another).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export interface BusMessage {
  event: string;
  payload: unknown;
}
export type BusListener = (message: BusMessage) => void;

export interface Bus {
  /**
   * Tells this process's listeners at once and other processes' through Redis. Never rejects: it runs
   * after a commit, and a change already saved is not answered as an error because Redis is away.
   */
  publish(channel: string, event: string, payload: unknown): Promise<void>;
  /** Returns the function that ends this subscription. */
  subscribe(channel: string, listener: BusListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Whether events from other processes reach this one and its own reach them (the readiness check,
   * features/health). Absent: an in-process bus, always reachable.
   */
  reachable?(timeoutMs: number): Promise<boolean>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // thousands of SSE subscribers on one channel are expected
  return {
    async publish(channel, event, payload) {
      emitter.emit(channel, { event, payload });
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Reports Redis trouble; the bus logs at most one line per kind of trouble every `quietMs`. */
export type BusErrorLog = (error: unknown, what: string) => void;

export async function createRedisBus(
  url: string,
  prefix = 'comanda:',
  log: BusErrorLog = (error, what) => console.error(`[bus] ${what}:`, (error as Error)?.message ?? error),
): Promise<Bus> {
  // while Redis is away, a publish fails at once (no offline queue) instead of holding the request; both
  // clients keep reconnecting on their own, and the subscriber re-subscribes its channels when back
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const quietly = throttledLog(log);
  publisher.on('error', (error) => quietly(error, 'redis publisher'));
  subscriber.on('error', (error) => quietly(error, 'redis subscriber'));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  // one Redis subscription per channel, fanned out locally to every listener of this process
  const local = createMemoryBus();
  const counts = new Map<string, number>();
  // this process's own messages reach its listeners at once, not after a Redis round trip (a cache
  // cleared by a change must be cleared when the change's answer leaves); their echo is skipped
  const origin = randomBytes(8).toString('hex');
  subscriber.on('message', (redisChannel: string, text: string) => {
    try {
      const message = JSON.parse(text) as BusMessage & { origin?: string };
      if (message.origin === origin) return;
      void local.publish(redisChannel.slice(prefix.length), message.event, message.payload);
    } catch {
      // a foreign or malformed message on our prefix is ignored rather than crashing the process
    }
  });
  return {
    async publish(channel, event, payload) {
      await local.publish(channel, event, payload);
      try {
        await publisher.publish(prefix + channel, JSON.stringify({ event, payload, origin }));
      } catch (error) {
        // other processes miss this one; their pages catch up on their next read or reconnection
        quietly(error, 'publish while Redis is away');
      }
    },
    async subscribe(channel, listener) {
      const count = counts.get(channel) ?? 0;
      counts.set(channel, count + 1);
      // queued until Redis is back; this process's own events reach the listener meanwhile
      if (count === 0) void subscriber.subscribe(prefix + channel).catch((e) => quietly(e, 'subscribe'));
      const stopLocal = await local.subscribe(channel, listener);
      return async () => {
        await stopLocal();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left === 0) {
          counts.delete(channel);
          await subscriber.unsubscribe(prefix + channel).catch((e) => quietly(e, 'unsubscribe'));
        } else counts.set(channel, left);
      };
    },
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
    async reachable(timeoutMs) {
      if (publisher.status !== 'ready' || subscriber.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([publisher.ping().then(() => true), late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** One log line per kind of trouble a minute: an outage must not flood the log with a line per event. */
function throttledLog(log: BusErrorLog, quietMs = 60_000): BusErrorLog {
  const last = new Map<string, number>();
  return (error, what) => {
    const now = Date.now();
    if (now - (last.get(what) ?? 0) < quietMs) return;
    last.set(what, now);
    log(error, what);
  };
}
