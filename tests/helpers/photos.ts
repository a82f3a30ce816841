/**
 * Photos as a phone takes them, made for the tests (never downloaded): a JPEG with the camera's
 * details and the GPS position where it was taken in its EXIF block, turned as the phone held it.
 */
import sharp from 'sharp';

/** Where the test photos say they were taken: an office in New Jersey. */
const PLACE = { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 10/1 5/1' };

/** A `width` × `height` JPEG of noise (so it compresses as a photo does) with its camera, its place and `orientation` in EXIF. */
export async function photoWithLocation(width = 400, height = 300, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .withExifMerge({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: PLACE })
    .toBuffer();
}

/** What a picture's file still says besides its pixels: EXIF, XMP, IPTC, comments. */
export async function hiddenDetails(bytes: Buffer): Promise<string[]> {
  const metadata = await sharp(bytes).metadata();
  return [
    ...(metadata.exif ? ['EXIF'] : []),
    ...(metadata.xmp ? ['XMP'] : []),
    ...(metadata.iptc ? ['IPTC'] : []),
    ...((metadata.comments?.length ?? 0) > 0 ? ['comments'] : []),
  ];
}
