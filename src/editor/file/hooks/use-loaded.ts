import { useCallback, useEffect, useState } from 'react';
import { api } from '../../app/api';
import type { OpenedFile } from '../../../content/api-types';
import { type Json, keysFor, type Snapshot } from '../snapshot';
import { readDraft } from '../stored-draft';

export interface Loaded {
  opened: OpenedFile | null;
  /** The hash of the file the draft is based on; null for a file not on disk yet. */
  base: string | null;
  initial: { present: Snapshot; past: Snapshot[]; future: Snapshot[] };
  restored: boolean;
  /** The draft the browser kept, which the initial one is (null: none). */
  shared: Json | null;
}

/** Loads a file, and the draft of it the browser kept, if any. */
export function useLoaded(path: string): { loaded: Loaded | null; error: string; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks for the file again.
  useEffect(() => {
    let live = true;
    setLoaded(null);
    setError('');
    const stored = readDraft(path);
    if (stored && stored.base === null) {
      // A new page that is not on disk yet: its draft is all there is (a file made meanwhile
      // under the same name is caught at save, which refuses to overwrite it).
      setLoaded({ opened: null, base: null, initial: stored, restored: false, shared: stored.present.value });
      return;
    }
    api
      .open(path)
      .then((opened) => {
        if (!live) return;
        if (stored && stored.base !== null) {
          setLoaded({ opened, base: stored.base, initial: stored, restored: true, shared: stored.present.value });
        } else {
          setLoaded({
            opened,
            base: opened.hash,
            initial: { present: { value: opened.value, keys: keysFor(opened.value) }, past: [], future: [] },
            restored: false,
            shared: null,
          });
        }
      })
      .catch((failure: Error & { status?: number }) => {
        if (!live) return;
        setError(failure.message);
      });
    return () => {
      live = false;
    };
  }, [path, generation]);
  return { loaded, error, reload: useCallback(() => setGeneration((n) => n + 1), []) };
}
