import { get, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { countingBus, until } from '../../test/counting-bus.ts';
import { SseClient } from '../../test/sse-client.ts';
import { type Bus, createMemoryBus } from './bus.ts';
import { EventStreams, MAX_UNSENT_BYTES, streamChannel } from './sse.ts';

interface Setup {
  app: FastifyInstance;
  base: string;
  bus: Bus;
  live: (channel: string) => number;
  streams: EventStreams;
  /** How many times each channel's snapshot was read. */
  reads: Map<string, number>;
  /** Holds every snapshot read until released (to open streams while one is in flight). */
  hold: { promise: Promise<void> | null };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function serve(options: { shareSnapshotMs?: number; heartbeatMs?: number } = {}): Promise<Setup> {
  const app = Fastify();
  app.decorate('appLog', app.log);
  const { bus, live } = countingBus(createMemoryBus());
  const streams = new EventStreams();
  const reads = new Map<string, number>();
  const hold: Setup['hold'] = { promise: null };
  app.addHook('preClose', async () => streams.closeAll());
  app.get<{ Params: { channel: string } }>('/events/:channel', async (request, reply) => {
    const { channel } = request.params;
    const served = await streamChannel(request, reply, {
      bus,
      channel,
      event: 'update',
      snapshotEvent: 'snapshot',
      snapshot: async () => {
        const read = (reads.get(channel) ?? 0) + 1;
        reads.set(channel, read);
        if (hold.promise) await hold.promise;
        return channel === 'gone' ? null : { channel, read };
      },
      ...(options.shareSnapshotMs === undefined ? {} : { shareSnapshotMs: options.shareSnapshotMs }),
      streams,
      heartbeatMs: options.heartbeatMs ?? 60_000,
    });
    if (!served) return reply.status(404).send({ gone: true });
    return reply;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return {
    app,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    bus,
    live,
    streams,
    reads,
    hold,
  };
}

describe('SSE fan-out', () => {
  it('gives the streams of a channel one bus subscription and the same bytes of every event', async () => {
    const s = await serve();
    const clients = await Promise.all([1, 2, 3].map(() => SseClient.open(`${s.base}/events/tracking-1`)));
    await Promise.all(clients.map((c) => c.event(0)));
    expect(s.live('tracking-1')).toBe(1);
    await s.bus.publish('tracking-1', 'update', { lat: -34.5, name: 'Martín' });
    // another event of the channel is not this stream's
    await s.bus.publish('tracking-1', 'other', { no: true });
    await s.bus.publish('tracking-1', 'update', { lat: -34.6, name: 'Martín' });
    for (const client of clients) {
      await client.event(2);
      expect(client.events.slice(1)).toEqual([
        { event: 'update', data: { lat: -34.5, name: 'Martín' } },
        { event: 'update', data: { lat: -34.6, name: 'Martín' } },
      ]);
    }
    const [one, two, three] = clients as [SseClient, SseClient, SseClient];
    one.close();
    two.close();
    await until(() => s.streams.size === 1);
    expect(s.live('tracking-1')).toBe(1);
    await s.bus.publish('tracking-1', 'update', { lat: -34.7 });
    expect((await three.event(3)).data).toEqual({ lat: -34.7 });
    three.close();
    await until(() => s.live('tracking-1') === 0);
    expect(s.streams.size).toBe(0);
  });

  it('reads the snapshot of each stream when it is not shared', async () => {
    const s = await serve();
    const clients = await Promise.all([1, 2].map(() => SseClient.open(`${s.base}/events/order-1`)));
    const firsts = await Promise.all(clients.map((c) => c.event(0)));
    expect(firsts.map((e) => e.event)).toEqual(['snapshot', 'snapshot']);
    expect(s.reads.get('order-1')).toBe(2);
    for (const c of clients) c.close();
  });

  it('shares one snapshot read among the streams that open before the channel changes', async () => {
    const s = await serve({ shareSnapshotMs: 60_000 });
    const clients = await Promise.all(
      Array.from({ length: 20 }, () => SseClient.open(`${s.base}/events/tracking-2`)),
    );
    await Promise.all(clients.map((c) => c.event(0)));
    expect(s.reads.get('tracking-2')).toBe(1);
    expect(new Set(clients.map((c) => JSON.stringify(c.events[0])))).toEqual(
      new Set([JSON.stringify({ event: 'snapshot', data: { channel: 'tracking-2', read: 1 } })]),
    );
    // a change on the channel: the next stream reads again and sees it
    await s.bus.publish('tracking-2', 'update', { read: 'changed' });
    const late = await SseClient.open(`${s.base}/events/tracking-2`);
    expect((await late.event(0)).data).toEqual({ channel: 'tracking-2', read: 2 });
    expect(s.reads.get('tracking-2')).toBe(2);
    for (const c of [...clients, late]) c.close();
  });

  it('reads the shared snapshot again once it is older than allowed', async () => {
    const s = await serve({ shareSnapshotMs: 50 });
    const first = await SseClient.open(`${s.base}/events/tracking-3`);
    await first.event(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const second = await SseClient.open(`${s.base}/events/tracking-3`);
    expect((await second.event(0)).data).toEqual({ channel: 'tracking-3', read: 2 });
    first.close();
    second.close();
  });

  it('sends a stream that joined during a shared read every change published meanwhile', async () => {
    const s = await serve({ shareSnapshotMs: 60_000 });
    let release = () => {};
    s.hold.promise = new Promise((resolve) => {
      release = resolve;
    });
    const opening = [
      SseClient.open(`${s.base}/events/tracking-4`),
      SseClient.open(`${s.base}/events/tracking-4`),
    ];
    await until(() => s.reads.get('tracking-4') === 1);
    // both streams listen (the fan-out is subscribed) while the read is in flight
    await until(() => s.live('tracking-4') === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await s.bus.publish('tracking-4', 'update', { during: true });
    s.hold.promise = null;
    release();
    const clients = await Promise.all(opening);
    for (const client of clients) {
      await client.event(1);
      expect(client.events).toEqual([
        { event: 'snapshot', data: { channel: 'tracking-4', read: 1 } },
        { event: 'update', data: { during: true } },
      ]);
    }
    expect(s.reads.get('tracking-4')).toBe(1);
    for (const c of clients) c.close();
  });

  it('answers a gone snapshot without a stream and leaves nothing subscribed', async () => {
    const s = await serve({ shareSnapshotMs: 60_000 });
    const client = await SseClient.open(`${s.base}/events/gone`);
    expect(client.status).toBe(404);
    await until(() => s.live('gone') === 0);
    expect(s.streams.size).toBe(0);
  });

  it('streams to an HTTP/1.0 client (a proxy speaking 1.0 upstream) without chunks', async () => {
    const s = await serve();
    const port = Number(new URL(s.base).port);
    let text = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /events/tracking-6 HTTP/1.0\r\nAccept: text/event-stream\r\n\r\n');
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    await until(() => text.includes('event: snapshot'));
    await s.bus.publish('tracking-6', 'update', { lat: -34.5 });
    await until(() => text.includes('event: update'));
    socket.destroy();
    const [head = '', body = ''] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).not.toContain('transfer-encoding');
    expect(body).toBe(
      'retry: 3000\n\n' +
        'event: snapshot\ndata: {"channel":"tracking-6","read":1}\n\n' +
        'event: update\ndata: {"lat":-34.5}\n\n',
    );
  });

  it('pings every open stream from one timer', async () => {
    const s = await serve({ heartbeatMs: 30 });
    const clients = await Promise.all([1, 2].map(() => SseClient.open(`${s.base}/events/menu-1`)));
    await Promise.all(clients.map((c) => c.until(() => c.comments.filter((x) => x === 'ping').length >= 2)));
    for (const c of clients) c.close();
  });

  it('ends a stream whose reader stopped reading once too much is waiting to be sent', async () => {
    const s = await serve();
    // a client that reads the headers and then nothing more
    let response: IncomingMessage | null = null;
    get(`${s.base}/events/tracking-5`, (answer) => {
      answer.pause();
      response = answer;
    });
    await until(() => s.streams.size === 1 && response !== null);
    const payload = { text: 'x'.repeat(64 * 1024) };
    // the kernel's buffers take a few MB on loopback; then the socket's own queue passes the limit
    for (let i = 0; i < 2000 && s.streams.size > 0; i++) {
      await s.bus.publish('tracking-5', 'update', payload);
      if (i % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(s.streams.size).toBe(0);
    expect(MAX_UNSENT_BYTES).toBe(1024 * 1024);
    await until(() => s.live('tracking-5') === 0);
    // the connection is gone: reading again finds its end
    const reader = response as unknown as IncomingMessage;
    const closed = new Promise((resolve) => reader.on('close', resolve));
    reader.on('error', () => {});
    reader.resume();
    await closed;
  });
});
