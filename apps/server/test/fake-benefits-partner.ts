import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a benefits partner (127.0.0.1, a free port): `POST /benefits` answers the benefits
 * of `members[token]` ({generalDiscounts: [...]}) and 401 for any other token. `mode` makes it fail: HTTP
 * 500, a hang longer than any timeout, or a body that is not JSON. Every request is kept for the tests.
 */
export type FakePartnerMode = 'ok' | 'error' | 'slow' | 'garbage';

export interface FakePartnerRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeBenefit {
  name: string;
  type: string;
  value: number;
  externalBenefitType: string;
}

export interface FakeBenefitsPartner {
  url: string;
  requests: FakePartnerRequest[];
  mode: FakePartnerMode;
  /** Bearer token → the member's benefits. */
  members: Record<string, FakeBenefit[]>;
  close(): Promise<void>;
}

export async function startFakeBenefitsPartner(): Promise<FakeBenefitsPartner> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeBenefitsPartner = {
    url: '',
    requests: [],
    mode: 'ok',
    members: {},
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      fake.requests.push({ path: req.url ?? '/', headers: req.headers, body });
      if (fake.mode === 'slow') return; // never answers; the client's timeout ends it
      if (fake.mode === 'error') {
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end('Internal Server Error');
      }
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>busy</html>');
      }
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const benefits = req.method === 'POST' && req.url === '/benefits' ? fake.members[token] : undefined;
      if (!benefits) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end('{"error":"unknown member"}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ generalDiscounts: benefits }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/benefits`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  };
  return fake;
}
