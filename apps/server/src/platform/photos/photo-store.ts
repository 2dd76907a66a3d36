import { createHash } from 'node:crypto';

/**
 * Where processed photos (WebP, platform/photos/process-photo.ts) are kept: files under DATA_DIR
 * (local-store.ts, the default) or an S3-compatible bucket (s3-store.ts). A photo's key is made from its
 * own bytes, so the same photo stored twice is one object and its URL never changes meaning: browsers
 * and CDNs may keep it for a year.
 */
export interface PhotoStore {
  /** Keeps `bytes` (a WebP) under `key` (storing a key again changes nothing) and answers its public URL. */
  put(key: string, bytes: Uint8Array): Promise<string>;
  /**
   * The bytes under a key, for a store whose files the app serves itself (`GET /files/photos/{key}`);
   * null when there is no such photo. Absent for a store that serves its own (S3).
   */
  read?(key: string): Promise<Buffer | null>;
}

/** A key: 32 hex digits of the WebP's SHA-256 and the extension. Nothing else is ever looked up. */
export const PHOTO_KEY = /^[0-9a-f]{32}\.webp$/;

/** Browsers and CDNs may keep a photo for a year without asking again: its key changes with its bytes. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const PHOTO_CONTENT_TYPE = 'image/webp';

/** The path the app serves local photos under (features/console-photos). */
export const LOCAL_PHOTOS_PATH = '/files/photos';

/** The content-addressed key of a processed photo. */
export function photoKey(webp: Uint8Array): string {
  return `${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;
}

export function isPhotoKey(key: string): boolean {
  return PHOTO_KEY.test(key);
}
