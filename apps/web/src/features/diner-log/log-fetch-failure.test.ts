import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api.ts';
import { logLater } from './log-later.ts';
import { logFetchFailure } from './log-to-backend.ts';

const sent = () =>
  vi.mocked(fetch).mock.calls.map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fetch failures the spec only logs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a failed menu fetch to POST /api/diner/log with its context and the reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 202 }))),
    );
    logFetchFailure('Menu', new ApiError(503, 'SERVICE_UNAVAILABLE', 'Volvé a intentar en unos segundos.'), {
      component: 'menu',
      bcId: 7,
      branchId: 3,
      payload: { orderModeId: 12 },
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent()).toEqual([
      {
        url: '/api/diner/log',
        body: expect.objectContaining({
          text: 'Menu fetch failed',
          component: 'menu',
          bcId: 7,
          branchId: 3,
          payload: {
            orderModeId: 12,
            message: 'Volvé a intentar en unos segundos.',
            status: 503,
            code: 'SERVICE_UNAVAILABLE',
          },
        }),
      },
    ]);
  });

  it("does not log a 404, the page's own answer to a wrong link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 202 }))),
    );
    logFetchFailure('Order follow-up', new ApiError(404, 'NOT_FOUND', 'No encontramos este pedido.'));
    await settle();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('logLater sends the report once the logger has downloaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 202 }))),
    );
    logLater('Menu hashes fetch failed', { component: 'mode-change', payload: { alias: 'donmateo' } });
    // nothing is sent synchronously: the module comes first
    expect(fetch).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent()).toEqual([
      {
        url: '/api/diner/log',
        body: expect.objectContaining({
          text: 'Menu hashes fetch failed',
          component: 'mode-change',
          payload: { alias: 'donmateo' },
        }),
      },
    ]);
  });
});
