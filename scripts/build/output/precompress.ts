import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { replaceFileAsync } from './replace-file';

/** Files worth compressing: text. Images, fonts and video are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files compressed at once: zlib's work runs on libuv's threads (four by default), so every core takes a share. */
const AT_ONCE = 8;

/** Beyond this many pages, pages are compressed at HTML_QUALITY_MANY rather than Brotli's highest level. */
export const MANY_PAGES = 1000;
/**
 * Brotli's level 11 takes about 60 ms for a 75 KB page here, level 5 about 1 ms for an output
 * 11 % larger: 10,000 pages at level 11 took 290 s of a 346 s build.
 */
const HTML_QUALITY_MANY = 5;

/** The Brotli level a build of `pages` pages compresses its pages at: the highest, unless there are very many. */
export const htmlQuality = (pages: number): number => (pages > MANY_PAGES ? HTML_QUALITY_MANY : 11);

/**
 * Brotli's options for `content` at `level`, with a window just large enough for it: a back
 * reference can reach anywhere in the file all the same, so the output is as small, and a page
 * of 72 KB compressed at level 5 in 1.4 ms rather than 1.8 ms with the default window of 4 MB.
 */
const brotliOptions = (content: Uint8Array, level: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: level,
    [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(
      constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(content.length + 16))),
    ),
  },
});
const GZIP_LEVEL = 9;
/** zlib's largest state: as small an output, a little faster than its default (8). */
const GZIP_MEMORY = 9;

/** What compressing some files did: how many, their bytes before and their Brotli bytes after. */
export interface Compressed {
  files: number;
  before: number;
  after: number;
}

/**
 * The Brotli (at `level`) and gzip copies of one file's content, made in this thread: a
 * prerendering thread compresses each page it has just rendered, rather than the build
 * reading every page back afterwards.
 */
export function compressedCopies(content: Uint8Array, level: number): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(content, brotliOptions(content, level)),
    gz: gzipSync(content, { level: GZIP_LEVEL, memLevel: GZIP_MEMORY }),
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once: the
 * server then sends the smallest copy the browser accepts without compressing on every
 * request. Everything is compressed at the highest levels, but pages at `htmlLevel`. With
 * `only` (paths inside `dir`), only those files are: what an incremental build wrote; those in
 * `except` were compressed already (by the threads that rendered them). Files under a folder
 * whose name starts with "." (the build's own, never served) are left out.
 */
export async function precompress(dir: string, htmlLevel = 11, only?: string[], except = new Set<string>()): Promise<Compressed> {
  const listed = only
    ? only.map((file) => join(dir, file))
    : (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter(
          (entry) =>
            entry.isFile() &&
            !relative(dir, entry.parentPath)
              .split(sep)
              .some((folder) => folder.startsWith('.')),
        )
        .map((entry) => join(entry.parentPath, entry.name));
  const paths = listed.filter((path) => COMPRESSIBLE.has(extname(path)) && !except.has(relative(dir, path).split(sep).join('/')));
  let before = 0;
  let after = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < paths.length; index = next++) {
      const path = paths[index] ?? '';
      const content = await readFile(path);
      const [smallest, gz] = await Promise.all([
        brotli(content, brotliOptions(content, path.endsWith('.html') ? htmlLevel : 11)),
        gzipped(content, { level: GZIP_LEVEL, memLevel: GZIP_MEMORY }),
      ]);
      await Promise.all([replaceFileAsync(`${path}.br`, smallest), replaceFileAsync(`${path}.gz`, gz)]);
      before += content.length;
      after += smallest.length;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { files: paths.length, before, after };
}
