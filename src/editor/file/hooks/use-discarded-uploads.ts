import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../app/api';

/** Where the editor puts the pictures it uploads (scripts/editor/pictures/store-picture.ts). */
const MEDIA = '/media/';

/** Every uploaded picture a value names. */
function uploadsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith(MEDIA)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) uploadsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) uploadsIn(item, found);
  }
  return found;
}

/**
 * The uploads a discard left unused. They are not removed at once, since Undo can bring the
 * discarded changes back: when the person leaves the file, or saves it, those the draft does
 * not name by then are handed to the server, which removes them if no saved file names them
 * either (and only the editor's own uploads). Uploads of a draft never saved nor discarded
 * are removed by the server a week later.
 */
export function useDiscardedUploads(present: unknown) {
  const pending = useRef(new Set<string>());
  const latest = useRef(present);
  latest.current = present;
  const flush = useCallback((): void => {
    const used = uploadsIn(latest.current);
    const unused = [...pending.current].filter((src) => !used.has(src));
    pending.current.clear();
    if (unused.length > 0) void api.forgetUploads(unused).catch(() => undefined);
  }, []);
  useEffect(() => flush, [flush]);
  return {
    /** Notes the uploads `dropped` names that `kept` does not. */
    discarded: (dropped: unknown, kept: unknown): void => {
      const stays = uploadsIn(kept);
      for (const src of uploadsIn(dropped)) if (!stays.has(src)) pending.current.add(src);
    },
    flush,
  };
}
