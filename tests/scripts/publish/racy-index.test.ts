import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChanges } from '../../../scripts/publish/changes/list-changes';
import { versionRepo, type VersionRepo } from './version-repo';

let repo: VersionRepo;

beforeAll(async () => {
  repo = await versionRepo('racy-index');
});
afterAll(() => repo.remove());

describe('the list of changes', () => {
  it('sees a file rewritten at the same size in the same moment the index was written (git’s racy-clean case)', async () => {
    const file = join(repo.root, 'pages/about.json');
    const text = readFileSync(file, 'utf8');
    // The index records the file's size and time, written well after it (so it trusts them).
    const earlier = new Date(Date.now() - 10_000);
    utimesSync(file, earlier, earlier);
    await repo.run(['update-index', '--really-refresh']);
    const { atime, mtime } = statSync(file);
    // The same size, and the time git recorded for it; the index written in that same moment.
    const changed = text.replace(/"title": "([^"]*)"/, (_, title: string) => `"title": "${title.replace(/./, 'X')}"`);
    expect(changed.length).toBe(text.length);
    expect(changed).not.toBe(text);
    writeFileSync(file, changed);
    utimesSync(file, atime, mtime);
    utimesSync(join(repo.root, '.git/index'), atime, mtime);
    const { changes } = await listChanges(repo.root);
    expect(changes.map((change) => [change.path, change.state])).toEqual([['pages/about.json', 'modified']]);
    // As git itself sees it, reading the file since its time is not older than the index's (asked last: it rewrites the index).
    expect(await repo.run(['status', '--porcelain'])).toBe('M pages/about.json');
  });
});
