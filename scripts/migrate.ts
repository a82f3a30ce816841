/**
 * `npm run migrate`: upgrades content files written for older versions of the schemas, with
 * the migrations in migrations/ (one pure function per version). It shows what it would
 * change, file by file, and changes nothing unless given `--write`. Files already at the
 * current version are left byte for byte, so running it twice changes nothing the second time.
 *
 * `npm run migrate -- --record` records a schema change: after adding migrations/NNN-*.ts
 * for it, it sets schemas/version.json to that version and the schemas' new fingerprint.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadMigrations } from './content/fixing/load-migrations';
import { formatJson, migrateTree, readTree, writeChanges } from './content/fixing/migrate-tree';
import { loadSite } from './content/load-site';
import { loadSchemaSet } from './content/schema/schema-set';
import { fingerprint, readVersion, VERSION_FILE } from './content/fixing/schema-version';

// npm runs scripts in the project's folder: its schemas, migrations and pages are the ones upgraded.
const root = process.cwd();

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { write: { type: 'boolean', default: false }, record: { type: 'boolean', default: false } },
  });
  const migrations = await loadMigrations();
  const latest = migrations.at(-1)?.version ?? 0;
  if (values.record) {
    const recorded = readVersion(root);
    if (latest === recorded.version) {
      // No new migration: the change must leave every content file valid as it is.
      const { problems } = loadSite(root, join(root, 'pages'), { ignoreFingerprint: true });
      if (problems.length > 0) {
        for (const found of problems) console.error(`${found.file}:${found.line}:${found.column} ${found.message}`);
        console.error(
          `\nNot recorded: ${problems.length} problems above. If the schema change causes them, write migrations/${String(latest + 1).padStart(3, '0')}-<what-changed>.ts to upgrade the files (docs/content-model.md), then record again; otherwise fix them first.`,
        );
        process.exitCode = 1;
        return;
      }
    }
    const print = fingerprint(loadSchemaSet(join(root, 'schemas')));
    writeFileSync(join(root, VERSION_FILE), formatJson({ version: latest, fingerprint: print }));
    console.log(`Recorded schemas version ${latest} (fingerprint ${print}) in ${VERSION_FILE}.`);
    if (latest > recorded.version)
      console.log('Now run npm run migrate to see what the new migration changes, then npm run migrate -- --write.');
    return;
  }
  const pagesDir = positionals[0] ? join(process.cwd(), positionals[0]) : join(root, 'pages');
  const { version } = readVersion(root);
  const { tree, changes } = migrateTree(root, pagesDir, readTree(pagesDir), migrations, version);
  if (changes.size === 0) {
    console.log(`Every content file is at version ${version}: nothing to migrate.`);
    return;
  }
  const shown = (path: string): string => join(pagesDir, path).slice(root.length + 1);
  for (const [path, { change, by }] of [...changes].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${shown(path)}: ${change} (migration ${by.join('; ')})`);
  if (!values.write) {
    console.log(`\n${changes.size} files would change. Run npm run migrate -- --write to change them.`);
    return;
  }
  writeChanges(pagesDir, { tree, changes });
  console.log(`\nMigrated ${changes.size} files to version ${version}. Run npm run validate to check them.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
