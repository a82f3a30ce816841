/**
 * `npm run validate`: checks every page file and the site file against the schemas, and
 * every internal link, anchor and file they name. Prints every problem as
 * `file:line:column  path: message [code]` and exits non-zero if there is any.
 * `--watch` checks again whenever a content file or a schema changes (the VS Code task
 * "Check content files" runs it, so every file is checked even when its `$schema` is wrong).
 */
import { watch } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSite } from './content/load-site';
import { formatProblem } from './content/checks/create-validator';
import { reviewSettingsProblems } from './publish/review/review-settings';

const root = join(fileURLToPath(import.meta.url), '../..');
// An optional folder to check instead of pages/ (a fixture, a scratch copy).
const { values, positionals } = parseArgs({ allowPositionals: true, options: { watch: { type: 'boolean', default: false } } });
const pagesDir = positionals[0] ? join(process.cwd(), positionals[0]) : join(root, 'pages');

/** One run: the problems, then a closing line; whether the site is valid. */
function check(): boolean {
  if (values.watch) console.log('Checking content files…');
  const site = loadSite(root, pagesDir);
  const { pages, warnings } = site;
  // The review settings are the site's too (scripts/review-settings.json), though no page.
  const problems = [...site.problems, ...reviewSettingsProblems(root)];
  for (const problem of problems) console.log(formatProblem(problem));
  for (const warning of warnings) console.log(`${formatProblem(warning)} (a warning: it does not stop the build)`);
  if (problems.length === 0) {
    console.log(`All ${pages.length} pages and the site file are valid; every internal link leads to a page.`);
    return true;
  }
  const files = new Set(problems.map((problem) => problem.file)).size;
  const summary = `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`;
  if (values.watch) console.log(`${summary} Checking again when a file changes.`);
  else console.error(`\n${summary} Fix them and run npm run validate again.`);
  return false;
}

if (!values.watch) process.exit(check() ? 0 : 1);
check();
let timer: NodeJS.Timeout | undefined;
for (const dir of [pagesDir, join(root, 'schemas'), join(root, 'public')]) {
  // Several events arrive for one save: check once they have settled.
  watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(check, 150);
  });
}
