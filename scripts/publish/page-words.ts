import { contentFileOf } from '../content/content-file';
import { SITE_FILE_NAME } from '../../src/content/site-file-name';

/**
 * A content file named as a person knows it, without reading it (it may be missing, a link, or
 * not valid yet): the site file by what it holds, the home page as such, any other page by its
 * address, an entry by its name and collection, a picture by its address. For messages the
 * editor's server answers, which a marketing person reads: never the file's path.
 * `start`: the words open a sentence ("The page at /about …").
 */
export function pageWords(path: string, start = false): string {
  const words = namedBy(path);
  return start ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : words;
}

function namedBy(path: string): string {
  if (path.startsWith('public/media/')) return `the picture ${path.slice('public'.length)}`;
  const file = path.startsWith('pages/') ? contentFileOf(path.slice('pages/'.length)) : undefined;
  switch (file?.kind) {
    case 'site':
      return SITE_FILE_NAME;
    case 'page':
      return file.route === '/' ? 'the home page' : `the page at ${file.route}`;
    case 'template':
      return `the page made for each entry of ${file.collection}`;
    case 'entry':
      return `the entry “${file.id}” of ${file.collection}`;
    default:
      return 'that page';
  }
}
