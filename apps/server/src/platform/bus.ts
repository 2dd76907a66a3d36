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
  publish(channel: string, event: string, payload: unknown): Promise<void>;
  /** Returns the function that ends this subscription. */
  subscribe(channel: string, listener: BusListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
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

export async function createRedisBus(url: string, prefix = 'comanda:'): Promise<Bus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
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
      await publisher.publish(prefix + channel, JSON.stringify({ event, payload, origin }));
    },
    async subscribe(channel, listener) {
      const count = counts.get(channel) ?? 0;
      counts.set(channel, count + 1);
      if (count === 0) await subscriber.subscribe(prefix + channel);
      const stopLocal = await local.subscribe(channel, listener);
      return async () => {
        await stopLocal();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left === 0) {
          counts.delete(channel);
          await subscriber.unsubscribe(prefix + channel);
        } else counts.set(channel, left);
      };
    },
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
