/** The pictures the editor offers: those under public/ (an image field asks for their size). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { imageSize } from 'image-size';
import type { Picture } from '../../../src/content/api-types';
import { realFileIn } from '../../content/real-path-inside';

const PICTURE_EXTENSIONS = /\.(png|jpe?g|webp|gif|avif|svg)$/i;

const posix = (path: string): string => path.split(sep).join('/');

/** The pictures under public/, with their size (which image fields ask for) and their weight. */
export function picturesIn(publicDir: string): Picture[] {
  if (!existsSync(publicDir)) return [];
  return (readdirSync(publicDir, { recursive: true }) as string[])
    .filter((name) => PICTURE_EXTENSIONS.test(name) && realFileIn(publicDir, posix(name)).ok)
    .sort()
    .flatMap((name) => {
      try {
        const bytes = readFileSync(join(publicDir, name));
        const size = imageSize(bytes);
        return size.width && size.height ? [{ src: `/${posix(name)}`, width: size.width, height: size.height, bytes: bytes.length }] : [];
      } catch {
        return [];
      }
    });
}
