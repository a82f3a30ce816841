/**
 * The README's settings tables are made from the commands' schemas (npm run gen): one that
 * differs from what its schema makes fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsTable, withSettingsTables } from '../../../scripts/settings/settings-readme';
import { startSchema } from '../../../scripts/settings/start-settings';

const root = join(import.meta.dirname, '../../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('settings-readme', () => {
  it("holds in README.md each command's table as its schema makes it (run npm run gen if not)", () => {
    expect(readme).toBe(withSettingsTables(readme));
  });

  it('writes a row a variable, sharing one where the schema says, with its default and words', () => {
    const rows = settingsTable(startSchema).split('\n');
    expect(rows[0]).toBe('| variable | default | what it does |');
    expect(rows).toContain('| `HOST`, `PORT` | `127.0.0.1`, `4173` | where the server listens |');
    expect(rows).toContain(
      '| `FOLLOW_BUILD_TIMEOUT_SECONDS` | `1200` | with `--follow`: how long one build may take before it is ended, with every process it started |',
    );
    expect(rows.some((row) => row.includes('SITE_BUILD_DIR'))).toBe(false);
    expect(settingsTable(startSchema, 'delivery').split('\n')).toContain(
      '| `NOTIFY_RETRY_SECONDS` | `10,60,300,900,3600,7200,14400,28800,43200` | the waits after each failed try; after the last, the delivery is given up |',
    );
  });

  it('finds a table that differs from its schema, and says where a missing one goes', () => {
    const edited = readme.replace('| where the server listens |', '| where it listens |');
    expect(withSettingsTables(edited)).not.toBe(edited);
    expect(withSettingsTables(edited)).toBe(readme);
    expect(() => withSettingsTables('# A README without tables\n')).toThrow(
      'README.md has no settings table of npm start: put <!-- settings of npm start: written by npm run gen from scripts/settings/, edit the schema there --> and <!-- end of the settings of npm start --> where it goes.',
    );
  });
});
