/**
 * The README's settings tables, made from the commands' schemas: each table stands between two
 * markers, and `npm run gen` writes it again from the schema (`--check`, and a test, fail when
 * the README's differs). A variable's default and words are written once, in its schema.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from './build-settings';
import { editSchema } from './edit-settings';
import type { Setting, SettingsSchema } from './read-settings';
import { startSchema } from './start-settings';

/** Each table: its name in the README's markers, the schema it comes from, and which of its tables. */
const TABLES: { name: string; schema: SettingsSchema; table?: string }[] = [
  { name: 'npm start', schema: startSchema },
  { name: 'npm start: delivery', schema: startSchema, table: 'delivery' },
  { name: 'npm run edit', schema: editSchema },
  { name: 'npm run build', schema: buildSchema },
];

const start = (name: string): string =>
  `<!-- settings of ${name}: written by npm run gen from scripts/settings/, edit the schema there -->`;
const end = (name: string): string => `<!-- end of the settings of ${name} -->`;

/** A default as the table shows it. */
function shownDefault(setting: Setting): string | undefined {
  return setting['x-shown-default'] ?? (setting.default === undefined ? undefined : `\`${setting.default}\``);
}

/** The markdown table of a schema's variables in `table` (those of no named table when undefined). */
export function settingsTable(schema: SettingsSchema, table?: string): string {
  const listed = Object.entries(schema.properties).filter(([, setting]) => !setting['x-internal'] && setting['x-table'] === table);
  const rows = listed
    .filter(([, setting]) => !setting['x-row-of'])
    .map(([name, setting]) => {
      // The variables that share this one's row, in the schema's order.
      const row = listed.filter(([other, each]) => other === name || each['x-row-of'] === name);
      const defaults = row.map(([, each]) => shownDefault(each));
      const fallback = defaults.every((each) => each === undefined) ? 'none' : defaults.map((each) => each ?? 'none').join(', ');
      return `| ${row.map(([each]) => `\`${each}\``).join(', ')} | ${fallback} | ${setting.description} |`;
    });
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

/** `readme` with every settings table written again from its schema. */
export function withSettingsTables(readme: string): string {
  let text = readme;
  for (const { name, schema, table } of TABLES) {
    const from = text.indexOf(start(name));
    const to = text.indexOf(end(name));
    if (from < 0 || to < from)
      throw new Error(`README.md has no settings table of ${name}: put ${start(name)} and ${end(name)} where it goes.`);
    text = `${text.slice(0, from)}${start(name)}\n${settingsTable(schema, table)}\n${text.slice(to)}`;
  }
  return text;
}

/** The README as `npm run gen` writes it, for the files gen compares and writes. */
export function settingsReadme(root: string): { path: string; content: string } {
  return { path: 'README.md', content: withSettingsTables(readFileSync(join(root, 'README.md'), 'utf8')) };
}
