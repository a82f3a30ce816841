/**
 * The output folder's stamps taken on a thread of their own (scripts/build/incremental/output-stamps.ts,
 * outputStampsAside) while the build reads the site: the same as those taken on the build's thread.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputStamps, outputStampsAside } from '../../../scripts/build/incremental/output-stamps';
import { scratchFolder } from '../../helpers/project';

describe('output stamps taken aside', () => {
  it('are the stamps of every file but the build’s own, as taken on this thread', async () => {
    const out = join(scratchFolder('output-stamps'), 'out');
    mkdirSync(join(out, 'about/team'), { recursive: true });
    mkdirSync(join(out, '.build'), { recursive: true });
    writeFileSync(join(out, 'index.html'), '<p>home</p>');
    writeFileSync(join(out, 'about/team/index.html'), '<p>team</p>');
    writeFileSync(join(out, '.build/record.json'), '{}');
    const aside = await outputStampsAside(out);
    expect(Object.keys(aside).sort()).toEqual(['about/team/index.html', 'index.html']);
    expect(aside).toEqual(outputStamps(out));
    // The folder named with a trailing slash or through "..": the same paths.
    expect(outputStamps(`${out}/`)).toEqual(aside);
    expect(outputStamps(join(out, 'about/..'))).toEqual(aside);
  });

  it('fail as those of this thread do when the folder is gone', async () => {
    const gone = join(scratchFolder('output-stamps-gone'), 'nothing-here');
    await expect(outputStampsAside(gone)).rejects.toThrow(/ENOENT/);
  });
});
