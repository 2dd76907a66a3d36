/** The answer of `POST /api/console/photos` (201): where the photo is served and its size. */
export interface UploadedPhoto {
  url: string;
  width: number;
  height: number;
}

export class PhotoUploadError extends Error {}

export const PHOTO_TEXTS = {
  notAnImage: 'Elegí una imagen (JPG, PNG, WebP o la foto de tu celular).',
  failed: 'No pudimos subir la foto. Revisá tu conexión e intentá de nuevo.',
} as const;

/**
 * Sends a photo's own bytes (not a form) with its type; the server makes it a WebP and answers its URL.
 * Errors are the server's Spanish message ({ code, message }), or ours when there is no answer.
 */
export async function uploadPhoto(file: Blob, signal?: AbortSignal): Promise<UploadedPhoto> {
  if (file.type && !file.type.startsWith('image/')) throw new PhotoUploadError(PHOTO_TEXTS.notAnImage);
  let response: Response;
  try {
    response = await fetch('/api/console/photos', {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
      body: file,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new PhotoUploadError(PHOTO_TEXTS.failed);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new PhotoUploadError(typeof message === 'string' && message.trim() ? message : PHOTO_TEXTS.failed);
  }
  const url = (body as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || url === '') throw new PhotoUploadError(PHOTO_TEXTS.failed);
  return body as UploadedPhoto;
}
