/**
 * What is done to every raster picture before anyone can see it, by the editor when it is
 * uploaded (scripts/editor/pictures/store-picture.ts) and by the build for every picture of
 * public/ (scripts/build/output/copy-public.ts): decoded whole by sharp (libvips), within a
 * limit of pixels that libvips holds it to before it allocates anything, turned upright as
 * its orientation says, and encoded again without its EXIF (the camera, the time and often the
 * place it was taken), XMP, IPTC or comments. A file that does not decode to the end, lies
 * about its size, or has more pixels than a site needs is refused in words.
 *
 * A picture that carries none of that and is upright is kept byte for byte: encoding it again
 * would only lose quality.
 */
import sharp, { type Metadata } from 'sharp';

/** The most pixels a picture may have: 40 megapixels, more than any phone camera's photo a site shows. */
export const MAX_PICTURE_PIXELS = 40_000_000;

/** The version of what cleanPicture does, with libvips': a build keeps its pictures under it, and cleans them again when it changes. */
export const PICTURES_VERSION = `1-${sharp.versions.vips}`;

/** The formats kept, by sharp's name, each with the extension its file gets. */
const FORMATS = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' } as const;
type Format = keyof typeof FORMATS;

/** A file named as one of those pictures (.jpeg too): what the build cleans before it publishes. */
export const RASTER_PICTURE = /\.(png|jpe?g|webp|gif|avif)$/i;

/** A picture refused, with why in a person's words. */
export class PictureRefused extends Error {}

export interface CleanPicture {
  bytes: Buffer;
  /** The file's extension for its format: jpg, png, webp, gif or avif. */
  extension: (typeof FORMATS)[Format];
  width: number;
  height: number;
  /** What was taken out, in words ("the place it was taken"). */
  removed: string[];
  /** Whether it was turned upright, as its orientation said. */
  turned: boolean;
}

/** The tag of EXIF's GPS directory in the first directory of its TIFF structure. */
const GPS_TAG = 0x8825;

/** Whether an EXIF block (as sharp gives it, "Exif\0\0" then TIFF) names a GPS directory: where the picture was taken. */
function hasLocation(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  if (tiff.length < 8) return false;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const first = u32(4);
  if (first + 2 > tiff.length) return false;
  const count = u16(first);
  for (let entry = 0; entry < count; entry += 1) {
    const at = first + 2 + entry * 12;
    if (at + 2 > tiff.length) return false;
    if (u16(at) === GPS_TAG) return true;
  }
  return false;
}

const refusedWords = (error: unknown): string => {
  const message = (error as Error).message ?? '';
  if (/pixel limit/i.test(message))
    return `That picture is too large: it has more than ${MAX_PICTURE_PIXELS / 1_000_000} million pixels. Make it smaller and try again.`;
  return 'That file is not a picture that can be shown, or it is damaged: use a PNG, JPEG, WebP, GIF or AVIF picture.';
};

/** The picture in `bytes`, made safe to publish (see the file's comment); throws PictureRefused. */
export async function cleanPicture(bytes: Buffer): Promise<CleanPicture> {
  const options = { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error', animated: true } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw new PictureRefused(refusedWords(error));
  }
  const format = metadata.format as string;
  if (!(format in FORMATS)) throw new PictureRefused(refusedWords(new Error(`format ${format}`)));
  const extension = FORMATS[format as Format];
  const removed = [
    ...(metadata.exif && hasLocation(metadata.exif) ? ['the place it was taken'] : []),
    ...(metadata.exif ? ['the camera’s details'] : []),
    ...(metadata.xmp || metadata.iptc || metadata.tifftagPhotoshop || (metadata.comments?.length ?? 0) > 0 ? ['hidden notes'] : []),
  ];
  const turned = (metadata.orientation ?? 1) !== 1;
  const height = (metadata.pages ?? 1) > 1 ? (metadata.pageHeight ?? metadata.height) : metadata.height;
  try {
    // Decoded to the end even when kept as it is: a file that stops halfway, or lies about its size, is refused here.
    if (removed.length === 0 && !turned) {
      await sharp(bytes, options).stats();
      return { bytes, extension, width: metadata.width, height, removed, turned };
    }
    const picture = sharp(bytes, options).autoOrient().keepIccProfile();
    const typed =
      format === 'jpeg'
        ? picture.jpeg({ quality: 85, progressive: true })
        : format === 'png'
          ? picture.png({ compressionLevel: 9 })
          : format === 'webp'
            ? picture.webp({ quality: 85 })
            : format === 'gif'
              ? picture.gif()
              : picture.avif({ quality: 60 });
    const encoded = await typed.toBuffer({ resolveWithObject: true });
    return {
      bytes: encoded.data,
      extension,
      width: encoded.info.width,
      height: (metadata.pages ?? 1) > 1 ? (encoded.info.pageHeight ?? encoded.info.height) : encoded.info.height,
      removed,
      turned,
    };
  } catch (error) {
    throw new PictureRefused(refusedWords(error));
  }
}
