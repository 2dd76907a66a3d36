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
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an unexpected error with a Spanish 500 and logs it with the request id', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'INTERNAL',
      message: 'Ocurrió un error inesperado. Inténtalo en unos minutos.',
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
});
