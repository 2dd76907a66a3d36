import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PHOTO_CACHE_CONTROL, PHOTO_CONTENT_TYPE, type PhotoStore } from './photo-store.ts';

export interface S3PhotoStoreOptions {
  /** An S3-compatible service (MinIO, R2, ...); AWS's endpoint of the region when absent. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the objects are read from: the photo of key K is `${publicUrl}/K`. */
  publicUrl: string;
  /** The bucket in the path (`https://host/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
}

/**
 * Photos in an S3-compatible bucket, written with PutObject and read by browsers straight from
 * `publicUrl` (the bucket's public address or a CDN in front of it), never through the app.
 */
export function createS3PhotoStore(options: S3PhotoStoreOptions): PhotoStore & { destroy(): void } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // S3-compatible services do not all take the checksums newer SDKs add by default
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // an owner waits for her upload: a service that does not answer fails it rather than hang
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
    maxAttempts: 2,
  });
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  return {
    async put(key, bytes) {
      // content-addressed: writing a key again writes the same bytes, so no need to look first
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: PHOTO_CONTENT_TYPE,
          CacheControl: PHOTO_CACHE_CONTROL,
        }),
      );
      return `${publicUrl}/${key}`;
    },
    destroy() {
      client.destroy();
    },
  };
}
