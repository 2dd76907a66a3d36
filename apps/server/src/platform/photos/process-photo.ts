import sharp from 'sharp';
import { AppError } from '../errors.ts';

/** The longest side a stored photo may have: enough for a dish on a wide screen, light on a phone. */
export const PHOTO_MAX_SIDE = 1200;
export const PHOTO_WEBP_QUALITY = 80;
/** The largest upload taken unless PHOTO_MAX_BYTES says otherwise. */
export const DEFAULT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The most pixels a photo may decode to (a 108-megapixel phone camera fits): a small file that
 * unpacks into gigabytes (a "decompression bomb") is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 110_000_000;

/** What sharp reports for the formats a phone or a computer hands over (AVIF and HEIC read as heif). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const megabytes = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

export const PHOTO_MESSAGES = {
  unreadable: 'El archivo no es una foto que podamos leer. Subí una imagen JPG, PNG o WebP.',
  tooLarge: (maxBytes: number) =>
    `La foto pesa más de ${megabytes.format(maxBytes / (1024 * 1024))} MB. Subí una más liviana.`,
  notFound: 'No encontramos esa foto.',
  storeFailed: 'No pudimos guardar la foto. Probá de nuevo en unos minutos.',
} as const;

export interface ProcessedPhoto {
  /** The WebP. */
  bytes: Buffer;
  width: number;
  height: number;
}

const unreadable = () => new AppError('BAD_REQUEST', 400, PHOTO_MESSAGES.unreadable);

/**
 * An uploaded photo made ready to store: turned upright by its EXIF orientation, fit inside
 * 1200x1200 (never enlarged), re-encoded as WebP at quality 80, with no metadata left (no camera,
 * no GPS position). Anything sharp cannot read as JPEG, PNG, WebP, GIF, AVIF or HEIF (including SVG,
 * which could carry scripts or links) is refused with a Spanish 400. An animated GIF keeps its first frame.
 */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  if (input.byteLength === 0) throw unreadable();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    throw unreadable();
  }
  if (format === undefined || !ACCEPTED_FORMATS.has(format)) throw unreadable();
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PHOTO_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // a header that reads but a body that does not (a cut-off upload, a codec this build lacks)
    throw unreadable();
  }
}
