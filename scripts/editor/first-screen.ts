/**
 * The answers the editor's first screen waits for (the list of content files with their
 * problems, and the model its forms are made from), kept on disk from the last start. A start
 * on the same content, schemas, pictures and code answers them at once, while the site is read
 * in the background; reading and checking the site takes a third of a second, which the list
 * used to wait for at every start. The key is every byte of pages/ and schemas/, each file
 * under public/ by its size and time, and the version of the editor's code: any change to any
 * of them is another key, and the answers are made anew from the site.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AnswerOf } from '../../src/content/api-routes';
import { sourceHash } from './server-bundle.mjs';

/** The content folders whose answers are kept. */
const KEPT = 10;

/** The answers of GET files and GET model, as those routes give them. */
export interface FirstScreen {
  files: AnswerOf<'files'>;
  model: AnswerOf<'model'>;
}

/** Every file under `folder`, by its path inside it, in order (none when there is no such folder). */
function filesUnder(folder: string): string[] {
  try {
    return (readdirSync(folder, { recursive: true }) as string[]).sort();
  } catch {
    return [];
  }
}

export function firstScreenCache(codeRoot: string, contentRoot: string, codeVersion?: string) {
  const place = createHash('sha256').update(contentRoot).digest('hex').slice(0, 16);
  const file = join(codeRoot, 'node_modules/.cache/editor-first-screen', `${place}.json`);
  let code = codeVersion;

  /** The key of the content, the pictures and the code as they are now. */
  function key(): string {
    code ??= sourceHash(codeRoot);
    const hash = createHash('sha256').update(code);
    for (const folder of ['pages', 'schemas']) {
      const base = join(contentRoot, folder);
      for (const path of filesUnder(base)) {
        const stats = statSync(join(base, path));
        if (stats.isFile())
          hash
            .update(`${folder}/${path}\0`)
            .update(readFileSync(join(base, path)))
            .update('\0');
      }
    }
    const pictures = join(contentRoot, 'public');
    for (const path of filesUnder(pictures)) {
      const stats = statSync(join(pictures, path));
      if (stats.isFile()) hash.update(`public/${path}\0${stats.size}\0${stats.mtimeMs}\0`);
    }
    return hash.digest('hex');
  }

  return {
    key,
    /** The answers kept, when they were made from exactly what is on disk now. */
    read(): FirstScreen | undefined {
      try {
        const kept = JSON.parse(readFileSync(file, 'utf8')) as { key?: unknown; answers?: FirstScreen };
        return kept.key === key() ? kept.answers : undefined;
      } catch {
        // None kept, or a file that cannot be read (a link, a half-written one): the site is read.
        return undefined;
      }
    },
    /** Keeps `answers`, made from the site as it was at `before` (a key taken before reading it), unless anything changed since. */
    write(before: string, answers: FirstScreen): void {
      try {
        if (key() !== before) return;
        mkdirSync(dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, JSON.stringify({ key: before, answers }));
        renameSync(temporary, file);
        // Those of the folders edited last are kept (each test, and each bench run, edits a copy of its own).
        const folder = dirname(file);
        const old = readdirSync(folder)
          .map((name) => ({ name, time: statSync(join(folder, name)).mtimeMs }))
          .sort((a, b) => b.time - a.time)
          .slice(KEPT);
        for (const { name } of old) rmSync(join(folder, name), { force: true });
      } catch {
        // Not kept: the next start reads the site, as without it.
      }
    },
  };
}
