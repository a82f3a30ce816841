/**
 * The publish tests' people, their edits of content files (made as the editor saves them) and
 * what git shows of the result, shared by publish.test.ts and publish-remote.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rewriteJson } from '../../../scripts/content/fixing/migrate-tree';
import { git } from '../../../scripts/publish/git/git';

export type Json = Record<string, unknown> & { blocks: (Record<string, unknown> & { heading?: string })[] };

export const ana = { name: 'Ana Editor', email: 'ana@example.com' };
export const ben = { name: 'Ben Writer', email: 'ben@example.com' };

export const read = (checkout: string, path: string): Json => JSON.parse(readFileSync(join(checkout, path), 'utf8')) as Json;
/** Changes a content file on disk as the editor saves it: only the fields that differ rewritten. */
export function edit(checkout: string, path: string, change: (value: Json) => void): void {
  const file = join(checkout, path);
  const text = readFileSync(file, 'utf8');
  const value = JSON.parse(text) as Json;
  change(value);
  writeFileSync(file, rewriteJson(text, value));
}
/** The heading of the home page's block that has `heading` now. */
export const retitle = (heading: string, to: string) => (value: Json) => {
  const block = value.blocks.find((each) => each.heading === heading);
  if (!block) throw new Error(`No block "${heading}"`);
  block.heading = to;
};
export const lines = async (cwd: string, args: string[]): Promise<string[]> => (await git(cwd, args)).stdout.split('\n').filter(Boolean);
/** The files a commit changed. */
export const filesOf = (cwd: string, commit: string) => lines(cwd, ['show', '--name-only', '--format=', commit]);
/** The remote's history of main, newest first: "subject | author". */
export const history = (remote: string) => lines(remote, ['log', '--format=%s | %an', 'main']);
export const tip = async (remote: string) => (await git(remote, ['rev-parse', 'main'])).stdout.trim();
