/**
 * `npm run enquiries`: lists the enquiries and job applications the local endpoints stored,
 * as tables, or as CSV with `--csv` (one section each, enquiries first), each with why it was
 * taken for spam or delivered marked suspected, and where its deliveries stand; `--export
 * <email>` prints everything held about one person as JSON, and `--erase <email>` deletes it
 * (retention.ts). A delivery's last error is shown redacted (no password or token, even in one
 * stored before errors were redacted as they are stored), and so is every line on stderr. What
 * visitors typed is shown, never obeyed: every character that acts or hides instead of showing
 * itself is escaped (a terminal would act on a control; a direction override or a zero-width
 * character would make the text read as something it is not), and a CSV cell that a
 * spreadsheet would run as a formula is neutralised.
 */
import { stringify } from 'csv-stringify/sync';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect, parseArgs } from 'node:util';
import { DEFAULT_STORE_PATH } from './site-server/store/open-sqlite';
import { StoreOpenError } from './site-server/store/store-open-error';
import type { DeliveryState, SubmissionStore } from './site-server/store/submission';
import { cutShown, visible } from './text/plain-text';
import { redact, registerSecretsOf } from './text/redact';
import { redactOutput } from './text/redact-output';
import { safeCell } from './text/safe-cell';
import { openSubmissionStore, storeLocation } from './site-server/store/open-submission-store';

const CELL_WIDTH = 40;

/**
 * A table cell: the shown text, cut to 40 characters at a whole unit (never inside an escape)
 * and printed as it is, since console.table would quote it and double its backslashes again.
 */
function cell(text: string): { [inspect.custom]: () => string } {
  const shown = cutShown(visible(text, { keepLineBreaks: false }), CELL_WIDTH);
  return { [inspect.custom]: () => shown };
}

/**
 * Where a submission's deliveries stand, in words: "e-mail delivered; webhook waiting (3 tries,
 * the last: the receiver answered 503)". None when no channel was set as it was stored.
 */
function deliveryWords(states: DeliveryState[], spam = false): string {
  if (spam) return 'not sent: spam';
  if (states.length === 0) return 'not sent: no SMTP_URL or WEBHOOK_URL was set';
  return states
    .map(({ channel, state, attempts, lastError: stored }) => {
      const lastError = stored === null ? null : redact(stored);
      const name = channel === 'email' ? 'e-mail' : 'webhook';
      if (state === 'delivered') return `${name} delivered`;
      const tries = `${attempts} ${attempts === 1 ? 'try' : 'tries'}`;
      if (state === 'failed') return `${name} FAILED after ${tries}: ${lastError ?? 'no reason given'}`;
      return attempts === 0 ? `${name} waiting` : `${name} waiting (${tries}, the last: ${lastError ?? 'no reason given'})`;
    })
    .join('; ');
}

const root = join(fileURLToPath(import.meta.url), '../..');
// The store the server uses: PostgreSQL when DATABASE_URL names one, else the SQLite file at STORE_PATH.
const location = storeLocation(process.env, (path) => resolve(root, path), DEFAULT_STORE_PATH);

const USAGE = 'Usage: npm run enquiries [-- --csv | --export <email> | --erase <email>]';

const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

async function main(): Promise<void> {
  // The settings' secrets (DATABASE_URL's password, SMTP_URL's) are hidden in every line on
  // stderr; stdout holds what visitors typed, which --export gives back exactly as stored.
  registerSecretsOf(process.env);
  redactOutput([process.stderr]);
  let options: { csv?: boolean; export?: string; erase?: string };
  try {
    options = parseArgs({
      options: { csv: { type: 'boolean', default: false }, export: { type: 'string' }, erase: { type: 'string' } },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}. ${USAGE}`);
    process.exit(1);
  }
  const person = options.export ?? options.erase;
  if ((options.export !== undefined && options.erase !== undefined) || (person !== undefined && !person.includes('@'))) {
    console.error(`Name one person by their e-mail address, to export or to erase. ${USAGE}`);
    process.exit(1);
  }
  const csv = options.csv ?? false;
  if (location.engine === 'sqlite' && !existsSync(location.path)) {
    console.log(`Nothing received yet: ${location.path} does not exist. Start the site with npm start and send a form.`);
    return;
  }
  let store: SubmissionStore;
  try {
    store = await openSubmissionStore(location);
  } catch (error) {
    console.error(error instanceof StoreOpenError ? error.message : String(error));
    process.exit(1);
  }
  if (person !== undefined) {
    // What is printed is the person's; what is logged (stderr) says what was done, never to whom.
    if (options.export !== undefined) {
      const held = await store.exportPerson(person);
      await store.close();
      process.stdout.write(`${JSON.stringify(held, null, 2)}\n`);
      console.error(
        `Exported ${counted(held.enquiries.length, 'enquiry', 'enquiries')} and ${counted(held.applications.length, 'application', 'applications')} of one person.`,
      );
      return;
    }
    const erased = await store.erasePerson(person);
    await store.close();
    console.log(
      `Erased ${counted(erased.enquiries, 'enquiry', 'enquiries')} and ${counted(erased.applications, 'application', 'applications')} (${counted(erased.cvs, 'CV', 'CVs')}) of that address, with their deliveries; nothing of them is left in ${store.where}.`,
    );
    console.error(`Erased the submissions of one person: ${erased.enquiries + erased.applications} in all.`);
    return;
  }
  const opened = store;
  /** Why a submission was taken for spam, or delivered marked suspected (its timing), and where its deliveries stand. */
  const standing = async (kind: 'enquiry' | 'application', id: number) => {
    const spam = await opened.spamOf(kind, id);
    const suspected = await opened.suspectedOf(kind, id);
    return { spam: spam ?? '', suspected: suspected ?? '', delivery: deliveryWords(await opened.deliveriesOf(kind, id), spam !== null) };
  };
  const sections = [
    {
      title: 'Enquiries',
      rows: (await Promise.all(
        (await store.enquiries()).map(async (row) => ({ ...row, ...(await standing('enquiry', row.id)) })),
      )) as object[],
    },
    {
      title: 'Job applications',
      rows: (await Promise.all(
        (
          await store.applications()
        ).map(async ({ coverLetter, ...rest }) => ({
          ...rest,
          coverLetter,
          ...(await standing('application', rest.id)),
        })),
      )) as object[],
    },
  ];
  await store.close();
  for (const { title, rows } of sections) {
    if (csv) {
      if (rows.length === 0) continue;
      process.stdout.write(
        stringify(rows, { header: true, cast: { string: (value) => safeCell(visible(value, { keepLineBreaks: true })) } }),
      );
    } else {
      console.log(`${title}: ${rows.length}`);
      const shown = (value: unknown): unknown => (typeof value === 'string' ? cell(value) : value);
      if (rows.length > 0)
        console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, shown(value)]))));
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
