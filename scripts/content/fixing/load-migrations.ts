import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from './migrate-tree';

// npm runs scripts in the project's folder: its migrations are the ones loaded when no folder is given.
const root = process.cwd();

/**
 * Every migration in migrations/, in order; each file is NNN-what.ts and upgrades to version
 * NNN. A folder of their bundles (NNN-what.mjs, made by scripts/edit.mjs) is read the same way.
 */
export async function loadMigrations(folder = join(root, 'migrations')): Promise<Migration[]> {
  const files = readdirSync(folder)
    .filter((name) => /^\d{3}-.+\.(ts|mjs)$/.test(name))
    .sort();
  const migrations: Migration[] = [];
  for (const [index, name] of files.entries()) {
    const migration = ((await import(pathToFileURL(join(folder, name)).href)) as { default: Migration }).default;
    if (migration.version !== index + 1 || migration.version !== Number(name.slice(0, 3))) {
      throw new Error(`migrations/${name} must upgrade to version ${index + 1} (its number), not ${migration.version}.`);
    }
    migrations.push(migration);
  }
  return migrations;
}
