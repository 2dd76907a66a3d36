import type { ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CLIENT_TIMEOUTS,
  createAppServer,
  type HeaderPolicy,
  HSTS,
  headerPolicy,
  SECURITY_HEADERS,
  type ServerTimeouts,
} from './http-server.ts';

type Handler = (response: ServerResponse) => void;

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function answer(handler: Handler): Promise<Response> {
  const server = createAppServer((_request, response) => handler(response), { keepAliveTimeout: 1_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`);
  await res.arrayBuffer();
  return res;
}

function expectSecurityHeaders(res: Response, except: string[] = []) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!except.includes(name)) expect(res.headers.get(name), name).toBe(value);
  }
}

describe('the app server adds the security headers to every head', () => {
  it('joins a head written with an object of headers (as Fastify writes it)', async () => {
    const res = await answer((response) => {
      response.writeHead(304, { etag: 'W/"v1"', 'cache-control': 'no-cache' }).end();
    });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expectSecurityHeaders(res);
  });

  it('joins a head written with a reason phrase', async () => {
    const res = await answer((response) => {
      response.writeHead(200, 'Listo', { 'content-type': 'text/plain' }).end('ok');
    });
    expect(res.statusText).toBe('Listo');
    expectSecurityHeaders(res);
  });

  it('adds them to an implicit head (end without writeHead) and to a raw header list', async () => {
    const implicit = await answer((response) => response.end('ok'));
    expectSecurityHeaders(implicit);
    const list = await answer((response) => {
      response.writeHead(200, ['content-type', 'text/plain']).end('ok');
    });
    expect(list.headers.get('content-type')).toBe('text/plain');
    expectSecurityHeaders(list);
  });

  it('keeps a value the handler chose, set on the response or in the head', async () => {
    const inHead = await answer((response) => {
      response.writeHead(200, { 'x-frame-options': 'DENY' }).end();
    });
    expect(inHead.headers.get('x-frame-options')).toBe('DENY');
    expectSecurityHeaders(inHead, ['x-frame-options']);
    const onResponse = await answer((response) => {
      response.setHeader('Referrer-Policy', 'no-referrer');
      response.writeHead(200, { 'content-type': 'text/plain' }).end();
    });
    expect(onResponse.headers.get('referrer-policy')).toBe('no-referrer');
    expectSecurityHeaders(onResponse, ['referrer-policy']);
  });
});

describe('the app server adds HSTS over https and the pages their Content-Security-Policy', () => {
  async function answerWith(policy: HeaderPolicy, handler: Handler): Promise<Response> {
    const server = createAppServer((_request, response) => handler(response), {}, undefined, policy);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await res.arrayBuffer();
    return res;
  }
  const policy = headerPolicy({ https: true, contentSecurityPolicy: "default-src 'self'" });

  it('sends the policy with an HTML page, however its head is written', async () => {
    const fastifyLike = await answerWith(policy, (response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>hola</p>');
    });
    expect(fastifyLike.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(fastifyLike.headers.get('strict-transport-security')).toBe(HSTS);
    const implicit = await answerWith(policy, (response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<p>hola</p>');
    });
    expect(implicit.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('sends no policy with JSON, keeps a page its own policy, and no HSTS over plain http', async () => {
    const json = await answerWith(policy, (response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    expect(json.headers.get('content-security-policy')).toBeNull();
    expect(json.headers.get('strict-transport-security')).toBe(HSTS);
    const own = await answerWith(policy, (response) => {
      response
        .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'none'" })
        .end('<p>pago</p>');
    });
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'");
    const plain = await answerWith(headerPolicy({ https: false }), (response) => response.end('ok'));
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the app server cuts slow clients off', () => {
  /** Opens a connection, sends `head` then one more byte every 200 ms; answers when the server ended it. */
  async function trickle(head: string, timeouts: ServerTimeouts) {
    // answers once the whole request has arrived, as Fastify reads a body before its handler
    const server = createAppServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('ok'));
    }, timeouts);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    const started = performance.now();
    let answer = '';
    socket.on('data', (data) => {
      answer += String(data);
    });
    socket.write(head);
    const drip = setInterval(() => socket.write('a'), 200);
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    clearInterval(drip);
    return { seconds: (performance.now() - started) / 1000, answer };
  }

  /**
   * Seconds by which a limit of `ms` must have cut the client: the limit, the server's check interval,
   * and room for a busy machine running timers late. Still well under the defaults (15 s for the head,
   * 25 s for the whole request) that would apply if the given limit were ignored.
   */
  const cutWithin = (ms: number) => ms / 1000 + CLIENT_TIMEOUTS.checkEveryMs / 1000 + 8;

  it('ends a connection whose head never finishes', async () => {
    const cut = await trickle('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ', {
      headersTimeout: 1_000,
      requestTimeout: 2_000,
    });
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(cut.seconds).toBeGreaterThanOrEqual(0.95);
    expect(cut.seconds).toBeLessThan(cutWithin(1_000));
    expect(cutWithin(1_000)).toBeLessThan(CLIENT_TIMEOUTS.headersMs / 1000);
  });

  it('ends a connection whose body trickles in', async () => {
    const cut = await trickle('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n', {
      headersTimeout: 1_000,
      requestTimeout: 2_000,
    });
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(cut.seconds).toBeGreaterThanOrEqual(1.95);
    expect(cut.seconds).toBeLessThan(cutWithin(2_000));
    expect(cutWithin(2_000)).toBeLessThan(CLIENT_TIMEOUTS.requestMs / 1000);
  });

  it('gives the app server limits that cut any slow client within 30 s', async () => {
    const server = createAppServer(() => {}, { keepAliveTimeout: 72_000, requestTimeout: 0 });
    expect(server.headersTimeout).toBe(CLIENT_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(CLIENT_TIMEOUTS.requestMs);
    expect(CLIENT_TIMEOUTS.requestMs + CLIENT_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(30_000);
  });
});
