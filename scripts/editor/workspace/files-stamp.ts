import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `folders` by its path, size and time, one line each, sorted: it differs whenever a file there changed. */
export function filesStamp(folders: string[]): string {
  const lines: string[] = [];
  for (const folder of folders) {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      try {
        const stats = statSync(path);
        lines.push(`${path}\0${stats.size}\0${stats.mtimeMs}`);
      } catch {
        // Gone since it was listed: the next look tells.
      }
    }
  }
  return lines.sort().join('\n');
}
