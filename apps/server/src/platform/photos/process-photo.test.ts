import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { PHOTO_MESSAGES, processPhoto } from './process-photo.ts';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 190, g: 90, b: 40 } } });

async function refusal(input: Uint8Array): Promise<AppError> {
  const error = await processPhoto(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('processPhoto', () => {
  it('fits a large JPEG inside 1200x1200 as a WebP, keeping its shape', async () => {
    const photo = await processPhoto(await image(3000, 2000).jpeg().toBuffer());
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1200, height: 800 });
    const meta = await sharp(photo.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
  });

  it('never enlarges a small photo', async () => {
    const photo = await processPhoto(await image(640, 480).png().toBuffer());
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 640, height: 480 });
  });

  it('turns a photo upright by its EXIF orientation and keeps no metadata (camera, GPS)', async () => {
    // a phone's portrait shot: stored landscape, with "rotate 90°" in its EXIF
    const input = await image(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Telefono', Model: 'X' } } })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const photo = await processPhoto(input);
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 200, height: 300 });
    const meta = await sharp(photo.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('reads WebP, GIF (its first frame) and AVIF too', async () => {
    for (const input of [
      await image(1300, 1300).webp().toBuffer(),
      await image(1300, 1300).gif().toBuffer(),
      await image(1300, 1300).avif({ effort: 0 }).toBuffer(),
    ]) {
      const photo = await processPhoto(input);
      expect({ width: photo.width, height: photo.height }).toEqual({ width: 1200, height: 1200 });
    }
  });

  it('refuses text, an empty body, a cut-off file, SVG and TIFF with the Spanish 400', async () => {
    const png = await image(400, 300).png().toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const input of [
      Buffer.from('no soy una foto'),
      Buffer.alloc(0),
      png.subarray(0, 60),
      svg,
      await image(50, 50).tiff().toBuffer(),
    ]) {
      const error = await refusal(input);
      expect(error.status).toBe(400);
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(PHOTO_MESSAGES.unreadable);
    }
  });

  it('says the limit in megabytes, as the configuration sets it', () => {
    expect(PHOTO_MESSAGES.tooLarge(8 * 1024 * 1024)).toBe('La foto pesa más de 8 MB. Subí una más liviana.');
    expect(PHOTO_MESSAGES.tooLarge(1.5 * 1024 * 1024)).toBe(
      'La foto pesa más de 1,5 MB. Subí una más liviana.',
    );
  });
});
