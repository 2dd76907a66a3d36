import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer, SECURITY_HEADERS } from './http-server.ts';

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
