/**
 * `npm run enquiries`: lists the enquiries and job applications the local endpoints stored,
 * as tables, or as CSV with `--csv` (one section each, enquiries first).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_STORE_PATH, openStore } from './lib/store';

const root = join(fileURLToPath(import.meta.url), '../..');
const path = resolve(root, process.env.STORE_PATH ?? DEFAULT_STORE_PATH);
if (!existsSync(path)) {
  console.log(`Nothing received yet: ${path} does not exist. Start the site with npm start and send a form.`);
  process.exit(0);
}
const store = openStore(path);
const sections = [
  { title: 'Enquiries', rows: store.enquiries() as object[] },
  { title: 'Job applications', rows: store.applications().map(({ coverLetter, ...rest }) => ({ ...rest, coverLetter })) as object[] },
];
store.close();

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
for (const { title, rows } of sections) {
  if (process.argv.includes('--csv')) {
    if (rows.length === 0) continue;
    console.log([Object.keys(rows[0] ?? {}).join(','), ...rows.map((row) => Object.values(row).map(csvCell).join(','))].join('\n'));
  } else {
    console.log(`${title}: ${rows.length}`);
    if (rows.length > 0) console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && value.length > 40 ? `${value.slice(0, 39)}…` : value]))));
  }
}
