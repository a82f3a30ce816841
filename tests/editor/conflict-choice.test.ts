/**
 * Publish's conflicts and an undo's ask the same question (which of two values a field keeps):
 * both draw each field with one component, conflicts/ConflictChoice.tsx, so that they look and
 * read alike and a change to one reaches the other. No other publishing screen draws its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/project';

const folder = join(root, 'src/editor/publishing');
const sources = (readdirSync(folder, { recursive: true }) as string[])
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.tsx'));
const text = (path: string): string => readFileSync(join(folder, path), 'utf8');

describe('the conflicts’ choices', () => {
  it('are drawn by ConflictChoice alone, for Publish and for Undo', () => {
    expect(sources.filter((path) => /type="radio"/.test(text(path)))).toEqual(['conflicts/ConflictChoice.tsx']);
    for (const screen of ['PublishConflicts.tsx', 'history/UndoConflicts.tsx']) expect(text(screen)).toMatch(/<ConflictChoice\b/);
  });

  it('find a page’s form in one place', () => {
    expect(sources.filter((path) => /function formKey\b/.test(text(path)))).toEqual([]);
  });
});
