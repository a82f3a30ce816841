import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file whole or not at all: into a new file beside it, then renamed over it. A reader
 * never sees half a page, a crash leaves the old one, and a link put in its place is replaced, not followed.
 */
export function writeWhole(absolute: string, text: string): void {
  const temporary = join(dirname(absolute), `.${basename(absolute)}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temporary, text, { flag: 'wx' });
  try {
    renameSync(temporary, absolute);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
