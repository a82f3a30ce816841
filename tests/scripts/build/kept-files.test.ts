/**
 * The server entry a build starts its prerendering thread with (scripts/build/incremental/kept-files.ts,
 * keptServerEntry): the one the last build's record names, read from the record's first bytes
 * or, when they do not hold it, from the whole record; none when anything is amiss.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptFiles, keptServerEntry, serverEntryDir } from '../../../scripts/build/incremental/kept-files';
import { serverEntryFile } from '../../../scripts/build/render/build-server-entry';
import { scratchFolder } from '../../helpers/project';

const scratch = scratchFolder('kept-files');
const out = join(scratch, 'out');
const cache = join(scratch, 'cache');
const kept = keptFiles(out);

/** Writes a record naming `serverEntry` after shared inputs of `sharedBytes`, with the manifest and that entry in the cache. */
function setUp(serverEntry: unknown, sharedBytes = 100): void {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(kept.dir, { recursive: true });
  mkdirSync(join(out, '.vite'), { recursive: true });
  writeFileSync(kept.manifest, '{}');
  const record = { format: 5, shared: { 'src/': 'a'.repeat(sharedBytes) }, siteFile: { file: 'pages/_site.json', hash: 'b' }, serverEntry };
  writeFileSync(kept.record, JSON.stringify({ ...record, routes: { '/': { page: 'c' } } }));
  if (typeof serverEntry === 'string') {
    mkdirSync(serverEntryDir(cache, serverEntry), { recursive: true });
    writeFileSync(serverEntryFile(serverEntryDir(cache, serverEntry)), 'export {};');
  }
}

describe('the kept server entry', () => {
  it('is the one the record names, found in its first bytes or in the whole record', () => {
    setUp('0123abcd');
    expect(keptServerEntry(out, cache)).toBe(serverEntryFile(serverEntryDir(cache, '0123abcd')));
    // Shared inputs longer than the head read: the whole record is read.
    setUp('4567ef', 40_000);
    expect(keptServerEntry(out, cache)).toBe(serverEntryFile(serverEntryDir(cache, '4567ef')));
  });

  it('is none when the record names none, names something else, is not JSON, or the entry or manifest is gone', () => {
    setUp(undefined);
    expect(keptServerEntry(out, cache)).toBeUndefined();
    setUp('../../elsewhere');
    expect(keptServerEntry(out, cache)).toBeUndefined();
    setUp('0123abcd');
    rmSync(serverEntryDir(cache, '0123abcd'), { recursive: true });
    expect(keptServerEntry(out, cache)).toBeUndefined();
    setUp('0123abcd');
    rmSync(kept.manifest);
    expect(keptServerEntry(out, cache)).toBeUndefined();
    setUp('0123abcd', 40_000);
    writeFileSync(kept.record, '{"format":5,"shared":{"src/":"aaaa');
    expect(keptServerEntry(out, cache)).toBeUndefined();
    rmSync(kept.record);
    expect(keptServerEntry(out, cache)).toBeUndefined();
  });
});
