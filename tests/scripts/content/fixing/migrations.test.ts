import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite, listJsonFiles } from '../../../../scripts/content/load-site';
import { migrateTree, readTree, rewriteJson, writeChanges } from '../../../../scripts/content/fixing/migrate-tree';
import { loadSchemaSet } from '../../../../scripts/content/schema/schema-set';
import { fingerprint, readVersion, versionProblems } from '../../../../scripts/content/fixing/schema-version';
import { loadMigrations } from '../../../../scripts/content/fixing/load-migrations';
import { TSX, root } from '../../../helpers/project';

const migrations = await loadMigrations(join(root, 'migrations'));
const latest = migrations.at(-1)?.version ?? 0;

/** A scratch folder as deep as a fixture's before/ (so "$schema" paths read the same), removed after the tests. */
const scratchRoot = join(root, 'tests/.tmp/migrations');
let scratchCount = 0;
function scratch(from: string): string {
  scratchCount += 1;
  const dir = join(scratchRoot, `${process.pid}-${scratchCount}`, 'pages');
  mkdirSync(dir, { recursive: true });
  cpSync(from, dir, { recursive: true });
  return dir;
}
afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));

/** Every file under a folder, by its path there, as text. */
function texts(dir: string): Map<string, string> {
  return new Map(listJsonFiles(dir).map((path) => [relative(dir, path), readFileSync(path, 'utf8')]));
}

/** Runs one of the project's commands as a person would, and returns its status and output. */
function run(script: string, args: string[], cwd = root): { status: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [...TSX, join(root, 'scripts', script), ...args], {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { status: 0, output };
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string };
    return { status, output: `${stdout}${stderr}` };
  }
}

describe('schema versions', () => {
  it('has one migration per version, numbered from 1, and the recorded version is the last', () => {
    expect(migrations.map((migration) => migration.version)).toEqual(Array.from({ length: latest }, (_, index) => index + 1));
    expect(readVersion(root).version).toBe(latest);
  });

  it('records the fingerprint of the schemas as they are, so a schema edited without a new version fails npm test', () => {
    expect(versionProblems(root, loadSchemaSet(join(root, 'schemas')))).toEqual([]);
  });

  it('names the fingerprint in schemas/version.json, and what to do, when what a schema accepts changes', () => {
    const set = loadSchemaSet(join(root, 'schemas'));
    const banner = set.get('blocks/banner.schema.json') as { properties: { heading: { maxLength: number } } };
    banner.properties.heading.maxLength += 1;
    expect(versionProblems(root, set)).toEqual([
      {
        file: 'schemas/version.json',
        line: 3,
        column: 18,
        path: 'fingerprint',
        code: 'schemasChanged',
        message: expect.stringContaining(
          `write migrations/${String(latest + 1).padStart(3, '0')}-<what-changed>.ts to upgrade them (docs/content-model.md)`,
        ),
        editorMessage: expect.stringContaining('the site’s page formats changed'),
      },
    ]);
  });

  it('needs no new version for a change in words only (titles, descriptions, examples)', () => {
    const set = loadSchemaSet(join(root, 'schemas'));
    const banner = set.get('blocks/banner.schema.json') as { description: string; examples: unknown[] };
    banner.description = 'Reworded.';
    banner.examples = [];
    expect(fingerprint(set)).toBe(readVersion(root).fingerprint);
  });

  it('keeps every content file of the site at the latest version', () => {
    const behind = loadSite(root).problems.filter(({ code }) => code === 'behindVersion' || code === 'aheadVersion');
    expect(behind).toEqual([]);
  });
});

for (const migration of migrations) {
  const number = String(migration.version).padStart(3, '0');
  const fixture = join(root, 'tests/fixtures/migrations', number);
  const before = join(fixture, 'before');
  const after = join(fixture, 'after');

  describe(`migration ${number} (${migration.title})`, () => {
    it('has a before/after fixture', () => {
      expect(existsSync(before) && existsSync(after), `tests/fixtures/migrations/${number}/before and /after`).toBe(true);
    });

    it('turns the before fixture into the after fixture, file by file', () => {
      const { tree } = migrateTree(root, before, readTree(before), migrations, migration.version);
      expect(new Map([...tree].sort())).toEqual(new Map([...readTree(after)].sort()));
    });

    it('edits each file in place, so a diff shows only what moved', () => {
      const dir = scratch(before);
      writeChanges(dir, migrateTree(root, dir, readTree(dir), migrations, migration.version));
      expect(texts(dir)).toEqual(texts(after));
    });

    it('gives files that validate, once brought to the latest version', () => {
      const dir = scratch(before);
      writeChanges(dir, migrateTree(root, dir, readTree(dir), migrations, latest));
      expect(loadSite(root, dir).problems).toEqual([]);
    });

    it('changes nothing the second time', () => {
      const once = migrateTree(root, before, readTree(before), migrations, latest).tree;
      expect(migrateTree(root, before, once, migrations, latest).changes).toEqual(new Map());
      // The function alone, too: given its own output, it returns it unchanged.
      const output = migrateTree(root, before, readTree(before), migrations, migration.version).tree;
      expect(migration.migrate(new Map(output))).toEqual(output);
    });

    it('is pure: the tree it is given stays as it was', () => {
      const input = readTree(before);
      const copy = structuredClone(input);
      migration.migrate(input);
      expect(input).toEqual(copy);
    });
  });
}

describe('npm run validate and npm run migrate on files one version behind', () => {
  const fixture = join(root, 'tests/fixtures/migrations', String(latest).padStart(3, '0'));

  it('validate fails, naming each file and what to run', () => {
    const { status, output } = run('validate.ts', [relative(root, join(fixture, 'before'))]);
    expect(status).toBe(1);
    expect(output).toMatch(
      /tests\/fixtures\/migrations\/\d{3}\/before\/careers\.json:\d+:\d+ .*Run npm run migrate -- --write to upgrade it .*\[behindVersion\]/,
    );
  });

  it('migrate shows what it would change and changes nothing; --write upgrades the files, which then validate', () => {
    const dir = scratch(join(fixture, 'before'));
    const files = texts(dir);
    const dry = run('migrate.ts', [relative(root, dir)]);
    expect(dry.status).toBe(0);
    expect(dry.output).toMatch(/careers\.json: changed \(migration \d+: /);
    expect(dry.output).toContain('Run npm run migrate -- --write to change them.');
    expect(texts(dir)).toEqual(files);

    expect(run('migrate.ts', [relative(root, dir), '--write']).status).toBe(0);
    expect(texts(dir)).toEqual(texts(join(fixture, 'after')));
    expect(run('validate.ts', [relative(root, dir)])).toMatchObject({ status: 0 });
    expect(run('migrate.ts', [relative(root, dir), '--write']).output).toContain('nothing to migrate');
  });
});

describe('npm run migrate -- --record', () => {
  /** A copy of the project's content and schemas to change, with its public files linked. */
  function project(): string {
    const dir = join(scratchRoot, `${process.pid}-project`);
    for (const folder of ['schemas', 'pages', 'migrations']) cpSync(join(root, folder), join(dir, folder), { recursive: true });
    if (!existsSync(join(dir, 'public'))) symlinkSync(join(root, 'public'), join(dir, 'public'));
    return dir;
  }
  const setMaxLength = (dir: string, value: number): void => {
    const file = join(dir, 'schemas/blocks/banner.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: { heading: { maxLength: number } } };
    schema.properties.heading.maxLength = value;
    writeFileSync(file, JSON.stringify(schema, null, 2));
  };

  it('refuses a schema change that existing files break without a migration, and records one they survive', () => {
    const dir = project();
    const recorded = readFileSync(join(dir, 'schemas/version.json'), 'utf8');
    setMaxLength(dir, 5);
    const refused = run('migrate.ts', ['--record'], dir);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/pages\/.+\.json:\d+:\d+ .*"Heading" must be at most 5 characters/);
    expect(refused.output).toContain(`Not recorded: `);
    expect(refused.output).toContain(`write migrations/${String(latest + 1).padStart(3, '0')}-<what-changed>.ts`);
    expect(readFileSync(join(dir, 'schemas/version.json'), 'utf8')).toBe(recorded);

    setMaxLength(dir, 500);
    expect(run('migrate.ts', ['--record'], dir)).toMatchObject({ status: 0 });
    const now = JSON.parse(readFileSync(join(dir, 'schemas/version.json'), 'utf8')) as { version: number; fingerprint: string };
    expect(now.version).toBe(latest);
    expect(now.fingerprint).toBe(fingerprint(loadSchemaSet(join(dir, 'schemas'))));
    expect(now.fingerprint).not.toBe(readVersion(root).fingerprint);
  });
});

describe('rewriteJson', () => {
  it('changes only the fields that differ and keeps the rest as written', () => {
    const text = '{\n  "$schema": "../schemas/page.schema.json",\n  "title": "T",\n  "tags": ["a", "b"],\n  "old": 1\n}\n';
    const value = { $schema: '../schemas/page.schema.json', schemaVersion: 1, title: 'T', tags: ['a', 'b'] };
    expect(rewriteJson(text, value)).toBe(
      '{\n  "$schema": "../schemas/page.schema.json",\n  "schemaVersion": 1,\n  "title": "T",\n  "tags": ["a", "b"]\n}\n',
    );
  });

  it('writes the file afresh when its text is not JSON', () => {
    expect(rewriteJson('{ "a": ', { a: 1 })).toBe('{\n  "a": 1\n}\n');
  });
});
