import { AppError } from '../../platform/errors.ts';
import { PHOTO_MESSAGES, type PhotoStore, photoKey, processPhoto } from '../../platform/photos/index.ts';

/** The answer of `POST /api/console/photos`: what the menu editor puts in a plate's `imageUrl` or a logo. */
export interface UploadedPhoto {
  url: string;
  width: number;
  height: number;
}

/**
 * An owner's upload: made into a WebP within 1200x1200 (platform/photos), stored under the key of its
 * bytes (the same photo twice is one file and one URL). A store that fails (a bucket away) is a 503
 * in Spanish, its cause logged.
 */
export async function uploadPhoto(
  store: PhotoStore,
  input: Uint8Array,
  logFailure: (error: unknown) => void,
): Promise<UploadedPhoto> {
  const photo = await processPhoto(input);
  try {
    const url = await store.put(photoKey(photo.bytes), photo.bytes);
    return { url, width: photo.width, height: photo.height };
  } catch (error) {
    logFailure(error);
    throw new AppError('SERVICE_UNAVAILABLE', 503, PHOTO_MESSAGES.storeFailed).retryAfter(30);
  }
}
