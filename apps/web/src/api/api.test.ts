import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost } from './api.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client’s errors', () => {
  it('carry the server’s code, one of core’s ERROR_CODES, and its Spanish message', async () => {
    answer(409, { code: 'PRICE_MISMATCH', message: 'Los precios cambiaron.', errors: [{ id: 1 }] });
    const error = await apiPost('/api/order', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'PRICE_MISMATCH', errors: [{ id: 1 }] });
  });

  it('read a code the list does not know (a proxy, another service) as the bare status', async () => {
    answer(502, { code: 'BAD_GATEWAY', message: 'Bad gateway from the proxy' });
    await expect(apiGet('/api/diner/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('read a 503 while the database is away with its code and message', async () => {
    answer(503, {
      code: 'SERVICE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento. Volvé a intentarlo en unos segundos.',
    });
    await expect(apiGet('/api/diner/x')).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});
