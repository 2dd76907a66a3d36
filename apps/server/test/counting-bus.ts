import type { Bus } from '../src/platform/bus.ts';

/** A bus that counts its live subscriptions per channel (to see a stream let go of its channel). */
export function countingBus(bus: Bus) {
  const live = new Map<string, number>();
  const counted: Bus = {
    publish: (channel, event, payload) => bus.publish(channel, event, payload),
    async subscribe(channel, listener) {
      const stop = await bus.subscribe(channel, listener);
      live.set(channel, (live.get(channel) ?? 0) + 1);
      return async () => {
        live.set(channel, (live.get(channel) ?? 1) - 1);
        await stop();
      };
    },
    close: () => bus.close(),
  };
  return { bus: counted, live: (channel: string) => live.get(channel) ?? 0 };
}

/** Waits until `condition` holds, polling every `stepMs`; throws past `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5000, stepMs = 10): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
