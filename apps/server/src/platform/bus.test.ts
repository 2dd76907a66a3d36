import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Bus, type BusMessage, createMemoryBus, createRedisBus } from './bus.ts';

const kinds: [string, () => Promise<Bus>][] = [['memory', async () => createMemoryBus()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  kinds.push(['redis', () => createRedisBus(redisUrl, `comanda-test-${randomBytes(4).toString('hex')}:`)]);

function nextMessage(
  bus: Bus,
  channel: string,
): Promise<{ message: Promise<BusMessage>; stop: () => Promise<void> }> {
  let resolve: (m: BusMessage) => void = () => {};
  const message = new Promise<BusMessage>((r) => {
    resolve = r;
  });
  return bus.subscribe(channel, (m) => resolve(m)).then((stop) => ({ message, stop }));
}

describe.each(kinds)('%s bus', (_name, create) => {
  it('delivers an event to every subscriber of its channel and to no other channel', async () => {
    const bus = await create();
    const a = await nextMessage(bus, 'tracking-1');
    const b = await nextMessage(bus, 'tracking-1');
    const other: BusMessage[] = [];
    const stopOther = await bus.subscribe('tracking-2', (m) => other.push(m));
    await bus.publish('tracking-1', 'logistics-tracking-update', { status: 'ON_ROUTE_TO_DROP_OFF' });
    expect(await a.message).toEqual({
      event: 'logistics-tracking-update',
      payload: { status: 'ON_ROUTE_TO_DROP_OFF' },
    });
    expect(await b.message).toEqual(await a.message);
    expect(other).toEqual([]);
    await Promise.all([a.stop(), b.stop(), stopOther()]);
    await bus.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = await create();
    const seen: BusMessage[] = [];
    const stop = await bus.subscribe('order-ABC', (m) => seen.push(m));
    await stop();
    const probe = await nextMessage(bus, 'order-ABC');
    await bus.publish('order-ABC', 'order-update', 1);
    await probe.message;
    expect(seen).toEqual([]);
    await probe.stop();
    await bus.close();
  });
});

if (redisUrl) {
  it('shares events between two processes through Redis', async () => {
    const prefix = `comanda-test-${randomBytes(4).toString('hex')}:`;
    const [one, two] = await Promise.all([
      createRedisBus(redisUrl, prefix),
      createRedisBus(redisUrl, prefix),
    ]);
    const received = await nextMessage(two, 'tracking-9');
    await one.publish('tracking-9', 'logistics-tracking-update', { lat: -34.58 });
    expect((await received.message).payload).toEqual({ lat: -34.58 });
    await received.stop();
    await Promise.all([one.close(), two.close()]);
  });

  it("delivers a process's own event to its listeners before publish resolves, and only once", async () => {
    const bus = await createRedisBus(redisUrl, `comanda-test-${randomBytes(4).toString('hex')}:`);
    const got: unknown[] = [];
    const stop = await bus.subscribe('catalog', (message) => got.push(message.payload));
    await bus.publish('catalog', 'catalog-changed', { branchContactId: 1 });
    expect(got).toEqual([{ branchContactId: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toHaveLength(1);
    await stop();
    await bus.close();
  });
}
