/**
 * What is done to every raster picture before anyone sees it (scripts/pictures/clean-picture.ts):
 * decoded whole, within 40 million pixels, turned upright, and stripped of the camera's details
 * and the place it was taken; a picture with nothing to strip is kept byte for byte.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanPicture, MAX_PICTURE_PIXELS, PictureRefused } from '../../../scripts/pictures/clean-picture';
import { hiddenDetails, photoWithLocation } from '../../helpers/photos';

/** The words cleanPicture refuses `bytes` with. */
async function refusal(bytes: Buffer): Promise<string> {
  const error = await cleanPicture(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PictureRefused);
  return (error as Error).message;
}

/** A PNG whose header claims `width` × `height` pixels, with no pixels after it. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const chunk = Buffer.concat([Buffer.from([0, 0, 0, 13]), Buffer.from('IHDR'), header, Buffer.alloc(4)]);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk, Buffer.from('0000000049454e44ae426082', 'hex')]);
}

describe('cleanPicture', () => {
  it('takes out the place a photo was taken and the camera, and turns it upright', async () => {
    const photo = await photoWithLocation(400, 300, 6);
    expect(await hiddenDetails(photo)).toEqual(['EXIF']);
    const picture = await cleanPicture(photo);
    expect(await hiddenDetails(picture.bytes)).toEqual([]);
    expect(picture).toMatchObject({ removed: ['the place it was taken', 'the camera’s details'], turned: true });
    // Held upright: the 400 × 300 photo taken on its side is 300 wide.
    expect([picture.width, picture.height]).toEqual([300, 400]);
    const metadata = await sharp(picture.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual(['jpeg', 300, 400, 1]);
    expect(picture.extension).toBe('jpg');
  });

  it('keeps a picture with nothing to take out byte for byte', async () => {
    const plain = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#1a4f8b' } })
      .png()
      .toBuffer();
    const picture = await cleanPicture(plain);
    expect(picture.bytes.equals(plain)).toBe(true);
    expect(picture).toMatchObject({ extension: 'png', width: 30, height: 20, removed: [], turned: false });
  });

  it('refuses, in words, a file that does not decode to the end, lies about its size, or has too many pixels', async () => {
    const photo = await photoWithLocation(400, 300);
    expect(await refusal(photo.subarray(0, photo.length / 2))).toMatch(/damaged/);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatch(/PNG, JPEG, WebP, GIF or AVIF/);
    expect(await refusal(Buffer.from('not a picture at all'))).toMatch(/not a picture/);
    // 68 bytes that claim 2.5 gigapixels.
    const lying = pngClaiming(50_000, 50_000);
    expect(lying.length).toBeLessThan(100);
    expect(await refusal(lying)).toMatch(/too large|damaged/);
    // A real picture of 48 million pixels, a few kilobytes of PNG: refused before it is decoded.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' }, limitInputPixels: false })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    expect(huge.length).toBeLessThan(100_000);
    expect(8000 * 6000).toBeGreaterThan(MAX_PICTURE_PIXELS);
    expect(await refusal(huge)).toBe('That picture is too large: it has more than 40 million pixels. Make it smaller and try again.');
    // An animated GIF counts every frame: 25 frames of 2 million pixels each, in a few KB.
    const frames = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: index * 10, g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true }, limitInputPixels: false })
      .gif()
      .toBuffer();
    const { pages = 1, width = 0, pageHeight = 0 } = await sharp(animated, { animated: true, limitInputPixels: false }).metadata();
    expect(pages * width * pageHeight).toBeGreaterThan(MAX_PICTURE_PIXELS);
    expect(width * pageHeight).toBeLessThan(MAX_PICTURE_PIXELS);
    expect(await refusal(animated)).toMatch(/too large/);
  });
});
