import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP hop in front of a service (PostgreSQL, Redis) that a test cuts and restores as an outage would:
 * `down()` closes every connection and refuses new ones (the service stopped), `blackhole()` keeps
 * accepting connections but nothing comes back and open ones go silent (a network partition), `up()`
 * forwards again on the same port.
 */
export interface TcpHop {
  /** 127.0.0.1 and the hop's port (the same across down/up). */
  readonly host: string;
  readonly port: number;
  /** `target` with its host and port replaced by the hop's. */
  url(target: string): string;
  up(): Promise<void>;
  down(): Promise<void>;
  blackhole(): Promise<void>;
}

export function tcpHop(target: { host: string; port: number }): TcpHop {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let mode: 'forward' | 'blackhole' = 'forward';

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  async function listen(): Promise<void> {
    if (server) return;
    const listening = createServer((client) => {
      track(client);
      if (mode === 'blackhole') {
        client.pause(); // accepted, and never answered
        return;
      }
      const upstream = connect(target.port, target.host);
      track(upstream);
      client.pipe(upstream).pipe(client);
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    port = (listening.address() as { port: number }).port;
  }

  async function close(): Promise<void> {
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  return {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    url(raw) {
      const url = new URL(raw);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async up() {
      mode = 'forward';
      await listen();
    },
    async down() {
      for (const socket of sockets) socket.destroy();
      await close();
    },
    async blackhole() {
      mode = 'blackhole';
      // open connections stay open, but nothing they send arrives and nothing comes back
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
      await listen();
    },
  };
}
