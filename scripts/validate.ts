/**
 * Checks every page file and the site file against the schemas, and every internal link
 * against the pages that exist. Prints every problem as `file:line:column  path: message`
 * and exits non-zero if there is any.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSite } from './lib/content/load-site';
import { formatProblem } from './lib/content/validator';

const root = join(fileURLToPath(import.meta.url), '../..');
// An optional folder to check instead of pages/ (a fixture, a scratch copy).
const [folder] = parseArgs({ allowPositionals: true, options: {} }).positionals;
const pagesDir = folder ? join(process.cwd(), folder) : undefined;
const { pages, problems } = loadSite(root, pagesDir);
for (const problem of problems) console.log(formatProblem(problem));
if (problems.length > 0) {
  const files = new Set(problems.map((problem) => problem.file)).size;
  console.error(
    `\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}. Fix them and run npm run validate again.`,
  );
  process.exit(1);
}
console.log(`All ${pages.length} pages and the site file are valid; every internal link leads to a page.`);
