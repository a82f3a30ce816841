/**
 * What the store keeps, and for how long, as each form's schema declares it
 * (`x-retention-days`: the careers page promises 90 days for applications): expired
 * submissions are deleted with their CVs and their deliveries, at start and every day after, in
 * either engine. What a purge deletes is the rules' (rules.ts); each engine has its SQL
 * (sqlite-retention.ts, open-postgres.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many days each kind of submission is kept after it arrives. */
export interface Retention {
  enquiry: number;
  application: number;
}

/** The retention each form's schema declares; throws, saying which, when one declares none. */
export function retentionOf(root: string): Retention {
  const days = (file: string): number => {
    const schema = JSON.parse(readFileSync(join(root, 'schemas/forms', file), 'utf8')) as { 'x-retention-days'?: unknown };
    const value = schema['x-retention-days'];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      throw new Error(
        `schemas/forms/${file} declares no "x-retention-days" (a whole number of days, at least 1): say how long its submissions are kept.`,
      );
    return value;
  };
  return { enquiry: days('enquiry.schema.json'), application: days('apply.schema.json') };
}

/** What a purge or an erasure deleted. */
export interface Deleted {
  enquiries: number;
  applications: number;
  /** Of those applications, how many had a CV. */
  cvs: number;
}

/** How often expired submissions are looked for, after the look at start. */
const DAY_MS = 86_400_000;

/**
 * Deletes what is past its form's window now and every day after, in either store, and says how
 * much in one line without anything of what was deleted.
 */
export function dailyPurge(
  store: { purge(retention: Retention, now?: number): Deleted | Promise<Deleted> },
  retention: Retention,
): { stop(): void } {
  const purge = async (): Promise<void> => {
    try {
      const { enquiries, applications, cvs } = await store.purge(retention);
      if (enquiries + applications > 0)
        console.log(
          `Deleted ${enquiries} ${enquiries === 1 ? 'enquiry' : 'enquiries'} older than ${retention.enquiry} days and ${applications} ${applications === 1 ? 'application' : 'applications'} (${cvs} with a CV) older than ${retention.application} days.`,
        );
    } catch (error) {
      console.error(
        `Expired submissions could not be deleted (${String((error as { code?: unknown }).code ?? 'UNKNOWN')}: ${(error as Error).message}); they are looked for again tomorrow.`,
      );
    }
  };
  void purge();
  const daily = setInterval(() => void purge(), DAY_MS);
  return { stop: () => clearInterval(daily) };
}
