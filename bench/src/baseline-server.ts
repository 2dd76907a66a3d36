/**
 * Child process: a bare Fastify app serving constant answers, the reference the API figures are
 * compared with. Routes (path, status, exact body bytes, and the real answer's headers) arrive as JSON
 * on stdin.
 */
import Fastify from 'fastify';
import type { BaselineRoute } from './processes.ts';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const routes = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BaselineRoute[];

const app = Fastify({ logger: false });
app.get('/__ready', async () => ({ ok: true }));
for (const route of routes) {
  app.get(route.path, (_request, reply) => {
    reply.code(route.status).headers(route.headers);
    if (route.status === 304) return reply.send();
    return reply.type('application/json; charset=utf-8').send(route.body);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: Number(process.env.BASELINE_PORT), host: '127.0.0.1' });
