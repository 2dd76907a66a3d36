/**
 * Child process: the floor of the live-tracking fan-out on this machine, in the same run. A bare
 * node:http server with no framework, database, bus or auth: `GET /stream` holds an SSE response (a
 * first event stands for the snapshot), and `PUT /publish?lat=..&lng=..` encodes one event as one
 * HTTP chunk and writes those bytes to every open stream's socket in one loop, the way the server's
 * platform/sse.ts does, before answering. Whatever the real server adds (the rider's token, the
 * database write, Redis, the tracking payload) shows as its distance from this one.
 */
import http from 'node:http';

const EVENT = process.env.SSE_EVENT ?? 'logistics-tracking-update';
const CRLF = Buffer.from('\r\n', 'latin1');
const open = new Set<http.ServerResponse>();

/** One event as one chunk of a chunked HTTP/1.1 body: `size CRLF data CRLF`. */
function chunkOf(payload: unknown): Buffer {
  const bytes = Buffer.from(`event: ${EVENT}\ndata: ${JSON.stringify(payload)}\n\n`, 'utf8');
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'), bytes, CRLF]);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://bare');
  if (request.method === 'GET' && url.pathname === '/stream') {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
    });
    response.write(`event: ${EVENT}\ndata: ${JSON.stringify({ rider: null })}\n\n`);
    open.add(response);
    response.on('close', () => open.delete(response));
    return;
  }
  if (request.method === 'PUT' && url.pathname === '/publish') {
    const chunk = chunkOf({
      rider: { lat: Number(url.searchParams.get('lat')), lng: Number(url.searchParams.get('lng')) },
    });
    for (const stream of open) stream.socket?.write(chunk);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    request.resume();
    return;
  }
  response.writeHead(request.url === '/__ready' ? 200 : 404).end();
});
server.keepAliveTimeout = 0;
server.requestTimeout = 0;
server.headersTimeout = 0;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const stream of open) stream.destroy();
    server.close(() => process.exit(0));
  });
}
server.listen(Number(process.env.BASELINE_PORT), '127.0.0.1');
