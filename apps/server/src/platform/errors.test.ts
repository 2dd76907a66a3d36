import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError, registerErrorHandler } from './errors.ts';

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  const error = vi.fn();
  beforeAll(async () => {
    app.decorate('appLog', { error } as unknown as FastifyBaseLogger);
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('kaboom');
    });
    app.get('/refused', async () => {
      throw new AppError('BLOCKED', 403, 'Este local no está disponible en este momento.');
    });
    app.post('/json', async () => 'ok');
    app.get('/failed', async () => {
      throw new AppError('INTERNAL', 500, 'No se pudo guardar el carrito.');
    });
    app.get('/database-away', async () => {
      // what Drizzle throws when postgres.js could not connect in time
      throw Object.assign(new Error('Failed query: select 1\nparams: '), {
        cause: Object.assign(new Error('write CONNECT_TIMEOUT 127.0.0.1:5432'), { code: 'CONNECT_TIMEOUT' }),
      });
    });
    app.get('/statement-timeout', async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), {
        name: 'PostgresError',
        code: '57014',
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an unexpected error with a Spanish 500 and logs it with the request id', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'INTERNAL',
      message: 'Ocurrió un error inesperado. Intentá de nuevo en unos minutos.',
    });
    expect(error).toHaveBeenCalledTimes(1);
    const [fields, message] = error.mock.calls[0] as [{ err: Error; reqId: string }, string];
    expect(fields.err.message).toBe('kaboom');
    expect(fields.reqId).toMatch(/^req-/);
    expect(message).toBe('unhandled error');
  });

  it('answers an AppError with its own status and message, without logging it', async () => {
    error.mockClear();
    const res = await app.inject('/refused');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'BLOCKED',
      message: 'Este local no está disponible en este momento.',
    });
    expect(error).not.toHaveBeenCalled();
  });

  it('answers malformed input with a 400 in Spanish, and an unknown route with a 404', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_REQUEST', message: 'La solicitud no es válida.' });
    const missing = await app.inject('/nothing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'No existe la ruta GET /nothing.' });
  });

  it('logs a 500 the code answered itself with its request id, which the answer carries', async () => {
    error.mockClear();
    const res = await app.inject('/failed');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'No se pudo guardar el carrito.' });
    expect(error).toHaveBeenCalledTimes(1);
    const [fields] = error.mock.calls[0] as [{ reqId: string; url: string; code: string }];
    expect(fields).toMatchObject({ reqId: res.headers['x-request-id'], url: '/failed', code: 'INTERNAL' });
  });

  it('answers 503 with Retry-After while the database is away, logging it once rather than per request', async () => {
    error.mockClear();
    for (const url of ['/database-away', '/statement-timeout', '/database-away']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'El servicio no está disponible en este momento. Volvé a intentarlo en unos segundos.',
      });
    }
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('names Fastify’s own answers with the listed code of their status', async () => {
    const wrongType = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'El formato de la solicitud no es válido.',
    });
  });
});
