/**
 * `npm run enquiries`: lists the enquiries and job applications the local endpoints stored,
 * as tables, or as CSV with `--csv` (one section each, enquiries first). What visitors typed
 * is shown, never obeyed: control characters are escaped (a terminal would act on them) and
 * a CSV cell that a spreadsheet would run as a formula is neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_STORE_PATH, openStore, StoreOpenError } from './lib/store';

/** C0 and C1 controls, DEL, and the bidirectional marks that reorder text on screen; line breaks are kept apart. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** The text with every control character written as a visible escape (\u{1b}); line breaks kept, or escaped too. */
export function visible(text: string, { keepLineBreaks }: { keepLineBreaks: boolean }): string {
  const escapeCharacter = (character: string): string => `\\u{${character.codePointAt(0)?.toString(16)}}`;
  const normalised = text.replace(/\r\n/g, '\n').replace(CONTROLS, escapeCharacter);
  return keepLineBreaks ? normalised : normalised.replace(/\n/g, escapeCharacter);
}

/**
 * A cell a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets
 * a leading apostrophe, as OWASP advises against CSV injection; "+91 98…" included.
 */
export const safeCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const root = join(fileURLToPath(import.meta.url), '../..');
const path = resolve(root, process.env.STORE_PATH ?? DEFAULT_STORE_PATH);

function main(): void {
  let csv: boolean;
  try {
    csv = parseArgs({ options: { csv: { type: 'boolean', default: false } } }).values.csv ?? false;
  } catch (error) {
    console.error(`${(error as Error).message}. Usage: npm run enquiries [-- --csv]`);
    process.exit(1);
  }
  if (!existsSync(path)) {
    console.log(`Nothing received yet: ${path} does not exist. Start the site with npm start and send a form.`);
    return;
  }
  let store: ReturnType<typeof openStore>;
  try {
    store = openStore(path);
  } catch (error) {
    console.error(error instanceof StoreOpenError ? error.message : String(error));
    process.exit(1);
  }
  const sections = [
    { title: 'Enquiries', rows: store.enquiries() as object[] },
    { title: 'Job applications', rows: store.applications().map(({ coverLetter, ...rest }) => ({ ...rest, coverLetter })) as object[] },
  ];
  store.close();
  for (const { title, rows } of sections) {
    if (csv) {
      if (rows.length === 0) continue;
      process.stdout.write(
        stringify(rows, { header: true, cast: { string: (value) => safeCell(visible(value, { keepLineBreaks: true })) } }),
      );
    } else {
      console.log(`${title}: ${rows.length}`);
      const short = (value: unknown): unknown => {
        if (typeof value !== 'string') return value;
        const characters = Array.from(visible(value, { keepLineBreaks: false }));
        return characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : characters.join('');
      };
      if (rows.length > 0)
        console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, short(value)]))));
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
