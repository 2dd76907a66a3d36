import { isCspSource } from '../content-security-policy.ts';
import { createLocalPhotoStore } from './local-store.ts';
import type { PhotoStore } from './photo-store.ts';
import { createS3PhotoStore } from './s3-store.ts';

export * from './local-store.ts';
export * from './photo-store.ts';
export * from './process-photo.ts';
export * from './s3-store.ts';

export interface PhotoStorageConfig {
  DATA_DIR: string;
  PHOTO_STORAGE: 'local' | 's3';
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PUBLIC_URL?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}

/** The store the configuration chooses (validated by platform/config.ts). */
export function createPhotoStore(config: PhotoStorageConfig): PhotoStore {
  if (config.PHOTO_STORAGE === 's3') {
    const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL } = config;
    if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY || !S3_PUBLIC_URL)
      throw new Error(
        'PHOTO_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL',
      );
    return createS3PhotoStore({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      publicUrl: S3_PUBLIC_URL,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalPhotoStore({ dataDir: config.DATA_DIR });
}

/**
 * The image sources the pages' Content-Security-Policy needs for the photos: the origin of
 * S3_PUBLIC_URL when photos live in a bucket (local photos come from the app's own origin, 'self').
 */
export function photoImageSources(
  config: Pick<PhotoStorageConfig, 'PHOTO_STORAGE' | 'S3_PUBLIC_URL'>,
): string[] {
  if (config.PHOTO_STORAGE !== 's3' || !config.S3_PUBLIC_URL) return [];
  const origin = new URL(config.S3_PUBLIC_URL).origin;
  return isCspSource(origin) ? [origin] : [];
}
