import { constants } from 'node:fs';
import { copyFile, link, mkdir, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Links made at once: enough to keep the disk busy, few enough that requests served meanwhile wait for none of them. */
const AT_ONCE = 16;

/** Why a hard link cannot be made, where a copy can: another file system, a file of another user, too many links. */
const CANNOT_LINK = new Set(['EXDEV', 'EPERM', 'EACCES', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP']);

/**
 * Makes `to` (which does not exist yet) a tree of hard links to every file of `from`: a snapshot
 * of a finished build that nothing written to `from` afterwards reaches, since the build never
 * writes a file where it lies but renames a new one over it (scripts/build/output/replace-file.ts), and
 * removing a name leaves the other. A link costs no space; where one cannot be made the file is
 * copied (sharing its blocks where the file system can). Says how many files it took and how
 * many of them it had to copy. Works without blocking: the server answers requests meanwhile.
 * Throws when `from` changes under it (a file gone): the snapshot is then of no one build.
 */
export async function distSnapshot(from: string, to: string): Promise<{ files: number; copied: number; copiedBytes: number }> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  await mkdir(to, { recursive: true });
  for (const entry of entries)
    if (entry.isDirectory()) await mkdir(join(to, relative(from, join(entry.parentPath, entry.name))), { recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => relative(from, join(entry.parentPath, entry.name)));
  let copied = 0;
  let copiedBytes = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < files.length; index = next++) {
      const file = files[index] ?? '';
      try {
        await link(join(from, file), join(to, file));
      } catch (error) {
        if (!CANNOT_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        await copyFile(join(from, file), join(to, file), constants.COPYFILE_FICLONE);
        // Its size first: `copiedBytes += await …` would add to the total as it was before the wait,
        // losing what the other copies added meanwhile.
        const { size } = await stat(join(to, file));
        copied += 1;
        copiedBytes += size;
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { files: files.length, copied, copiedBytes };
}
