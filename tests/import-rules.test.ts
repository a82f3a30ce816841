/**
 * The import rules of .dependency-cruiser.cjs, checked on imports planted in a small project of
 * their own: the linter must refuse each, naming its rule. Run on a copy, so nothing is ever
 * planted in the real tree.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './helpers/project';

const run = promisify(execFile);
const folders: string[] = [];

/** The violations `npm run lint`'s depcruise finds in a project of `files` (path → text): "rule: from → to" lines. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'import-rules-'));
  folders.push(folder);
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(folder, '.dependency-cruiser.cjs'));
  writeFileSync(join(folder, 'tsconfig.node.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler' } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const bin = join(root, 'node_modules/.bin/depcruise');
  const tops = [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? ''))];
  const found = await run(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...tops], { cwd: folder }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  // Either verdict, never a run that failed before judging.
  expect(found).toMatch(/no dependency violations found|dependency violations \(/);
  // A circle is told over several lines, its first step "from →" then "to →" on the next.
  return [...found.matchAll(/error ([\w-]+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${from} → ${to}`);
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the import rules', () => {
  it("refuse scripts/ importing the editor's browser app", async () => {
    const found = await violations({
      'src/editor/history.ts': 'export const newKey = () => "k";\n',
      'src/content/plural.ts': 'export const plural = (n: number) => String(n);\n',
      'scripts/publish/push-commits.ts':
        "import { newKey } from '../../src/editor/history';\nimport { plural } from '../../src/content/plural';\nexport const x = [newKey, plural];\n",
    });
    expect(found).toEqual(['scripts-not-editor-app: scripts/publish/push-commits.ts → src/editor/history.ts']);
  });

  it('refuse src/content importing any folder of src/ but itself and src/generated, or any package', async () => {
    const found = await violations({
      'src/editor/merge.ts': 'export const merge = 1;\n',
      'src/ui/Section.tsx': 'export const Section = 1;\n',
      'src/generated/props.ts': 'export type Props = { a: 1 };\n',
      'src/content/merge-words.ts': 'export const words = 1;\n',
      'src/content/publishing-types.ts': [
        "import type { Props } from '../generated/props';",
        "import { words } from './merge-words';",
        "import { merge } from '../editor/merge';",
        "import { Section } from '../ui/Section';",
        "import { readFileSync } from 'node:fs';",
        'export const x: [unknown, unknown, unknown, unknown, Props?] = [words, merge, Section, readFileSync];',
        '',
      ].join('\n'),
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'content-stands-alone: src/content/publishing-types.ts → src/editor/merge.ts',
        'content-stands-alone: src/content/publishing-types.ts → src/ui/Section.tsx',
        'content-stands-alone: src/content/publishing-types.ts → fs',
        'floor-content: src/content/publishing-types.ts → src/editor/merge.ts',
        'floor-content: src/content/publishing-types.ts → src/ui/Section.tsx',
      ]),
    );
    expect(found.filter((line) => /merge-words|generated/.test(line))).toEqual([]);
  });

  it('refuse an import circle through scripts/site-server, and notify/ or spam/ importing a store engine', async () => {
    const found = await violations({
      'scripts/site-server/store/submission.ts': 'export type Submission = { kind: string };\n',
      'scripts/site-server/store/rules.ts': "import type { Submission } from './submission';\nexport const rules = (s: Submission) => s;\n",
      'scripts/site-server/store/open-sqlite.ts': [
        "import { rules } from './rules';",
        "import { submissionOf } from '../notify/submission-of';",
        'export const openSqlite = () => [rules, submissionOf];',
        '',
      ].join('\n'),
      'scripts/site-server/notify/submission-of.ts': [
        "import type { Submission } from '../store/submission';",
        "import { rules } from '../store/rules';",
        "import { openSqlite } from '../store/open-sqlite';",
        'export const submissionOf = (s: Submission) => [s, rules, openSqlite];',
        '',
      ].join('\n'),
      'scripts/site-server/spam/screen.ts': "import { openSqlite } from '../store/open-sqlite';\nexport const screen = openSqlite;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'store-engines-stay-in-store: scripts/site-server/notify/submission-of.ts → scripts/site-server/store/open-sqlite.ts',
        'store-engines-stay-in-store: scripts/site-server/spam/screen.ts → scripts/site-server/store/open-sqlite.ts',
      ]),
    );
    // The circle is told once, from whichever of its modules the linter met first.
    expect(found.filter((line) => line.startsWith('no-circular-site-server:'))).toEqual([
      expect.stringMatching(
        /^no-circular-site-server: scripts\/site-server\/(notify\/submission-of|store\/open-sqlite)\.ts → scripts\/site-server\/(store\/open-sqlite|notify\/submission-of)\.ts$/,
      ),
    ]);
    // The model and the rules are what notify/ stands on: importing them is no violation.
    expect(found.filter((line) => /→ scripts\/site-server\/store\/(submission|rules)\.ts$/.test(line))).toEqual([]);
  });

  it('let every floor import src/content', async () => {
    const found = await violations({
      'src/content/plural.ts': 'export const plural = (n: number) => String(n);\n',
      'src/theme/words.ts': "import { plural } from '../content/plural';\nexport const x = plural;\n",
      'src/render/words.ts': "import { plural } from '../content/plural';\nexport const x = plural;\n",
    });
    expect(found).toEqual([]);
  });
});
