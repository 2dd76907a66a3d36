/**
 * Photos of dishes and brands (issue 25, "Photos"; paths not in the spec). The owner's menu editor and
 * brand screen send an image's raw bytes to `POST /api/console/photos` and put the answered URL in a
 * plate's `imageUrl` or a logo. Photos kept under DATA_DIR are served back at `/files/photos/{key}`;
 * those in a bucket are read from the bucket's public URL.
 */
import type { FastifyInstance } from 'fastify';
import { guardStaffFace } from '../../platform/auth/face-guard.ts';
import { authenticateStaff } from '../../platform/auth/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  createLocalPhotoStore,
  DEFAULT_PHOTO_MAX_BYTES,
  isPhotoKey,
  LOCAL_PHOTOS_PATH,
  PHOTO_CACHE_CONTROL,
  PHOTO_CONTENT_TYPE,
  PHOTO_MESSAGES,
  type PhotoStore,
} from '../../platform/photos/index.ts';
import { uploadPhoto } from './upload-photo.ts';

export async function consolePhotoRoutes(app: FastifyInstance): Promise<void> {
  const store = app.deps.photos ?? createLocalPhotoStore({ dataDir: app.deps.dataDir ?? './data' });
  const maxBytes = app.deps.photoMaxBytes ?? DEFAULT_PHOTO_MAX_BYTES;
  // two groups: the upload behind the staff guard, the files open to anyone (diners see them)
  await app.register(async (group) => photoUploadRoutes(group, store, maxBytes));
  await app.register(async (group) => photoFileRoutes(group, store));
}

/**
 * The uploaded bytes, kept in a private field: hooks that walk a body's keys (control-characters.ts)
 * would otherwise visit every byte of a Buffer.
 */
class UploadBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

async function photoUploadRoutes(app: FastifyInstance, store: PhotoStore, maxBytes: number): Promise<void> {
  const { db } = app.deps.database;
  guardStaffFace(app, (request) => authenticateStaff(db, request, app.deps.clock()));

  // the body is the image itself (image/jpeg, image/png, image/webp, image/gif, image/avif,
  // image/heic): whatever type it claims, its bytes decide, so anything else is the same Spanish 400
  // as an unreadable photo rather than a bare 415
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
    done(null, new UploadBody(body as Buffer)),
  );
  // Fastify's own 413 says how large the photo may be; every other error goes on to the app's handler
  app.setErrorHandler((error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 413, PHOTO_MESSAGES.tooLarge(maxBytes));
    throw error;
  });

  app.post(
    '/api/console/photos',
    {
      config: {
        roles: ['OWNER'],
        // raw image bytes, not JSON; the cross-site check (Origin, Sec-Fetch-Site) still applies
        nonJsonBody: true,
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const bytes = request.body instanceof UploadBody ? request.body.bytes : Buffer.alloc(0);
      const photo = await uploadPhoto(store, bytes, (error) =>
        app.appLog.error({ err: error, reqId: request.id }, 'storing a photo failed'),
      );
      return reply.status(201).send(photo);
    },
  );
}

async function photoFileRoutes(app: FastifyInstance, store: PhotoStore): Promise<void> {
  app.get<{ Params: { name: string } }>(`${LOCAL_PHOTOS_PATH}/:name`, async (request, reply) => {
    const { name } = request.params;
    // only a key, exactly: no path, no dots, nothing but what the store wrote
    const bytes = store.read && isPhotoKey(name) ? await store.read(name) : null;
    if (!bytes) throw notFound(PHOTO_MESSAGES.notFound);
    const etag = `"${name.slice(0, -'.webp'.length)}"`;
    reply.header('cache-control', PHOTO_CACHE_CONTROL).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type(PHOTO_CONTENT_TYPE).send(bytes);
  });
  // anything else under /files is a JSON 404 here, not the web app's not-found page
  app.get('/files/*', async (_request, reply) => reply.callNotFound());
}

/** If-None-Match holds this ETag (or `*`), weak or strong. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
