import { isErrorCode, MESSAGES } from '@comanda/core';
import type { BrandSettings, BrandUpdate } from '@comanda/core/contract';
import { ApiError, apiGet, apiPut } from '../../api/api.ts';

/** An uploaded photo (`POST /api/console/photos`): WebP, fit inside 1200x1200. */
export interface UploadedPhoto {
  url: string;
  width: number;
  height: number;
}

/**
 * The brand editor's calls: the owner's branch's brand (`/api/console/brand`) and photo uploads for
 * its logos and banner. The staff session travels in its httpOnly cookie.
 */
export const brandApi = {
  brand: (signal?: AbortSignal) => apiGet<BrandSettings>('/api/console/brand', { signal }),
  save: (update: BrandUpdate) => apiPut<BrandSettings>('/api/console/brand', update),
  /** The image's own bytes with its type: the server reads the bytes, whatever the type says. */
  async uploadPhoto(file: File): Promise<UploadedPhoto> {
    let response: Response;
    try {
      response = await fetch('/api/console/photos', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      });
    } catch {
      throw new ApiError(
        0,
        'NETWORK_ERROR',
        'No pudimos subir la foto. Revisá tu conexión e intentá de nuevo.',
      );
    }
    const body = (await response.json().catch(() => null)) as
      | (Partial<UploadedPhoto> & { code?: unknown; message?: unknown })
      | null;
    if (!response.ok) {
      const message =
        typeof body?.message === 'string' && body.message ? body.message : MESSAGES.genericRetry;
      throw new ApiError(
        response.status,
        isErrorCode(body?.code) ? body.code : `HTTP_${response.status}`,
        message,
      );
    }
    if (typeof body?.url !== 'string')
      throw new ApiError(response.status, 'INVALID_RESPONSE', MESSAGES.genericRetry);
    return { url: body.url, width: body.width ?? 0, height: body.height ?? 0 };
  },
};

export const brandQueries = {
  brand: () => ({
    queryKey: ['back-office', 'brand'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => brandApi.brand(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  }),
};
