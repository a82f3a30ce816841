import { useEffect, useState } from 'react';
import { api } from '../../app/api';
import type { OpenedFile, Problem } from '../../../content/api-types';
import type { Json } from '../snapshot';

/**
 * The draft's problems and warnings, checked as it changes by the validator itself (the
 * editor's server runs what `npm run validate` runs), 200 ms after the last change.
 * `setProblems` takes the problems a save was refused for. The file as opened is not checked
 * again: its problems come with it.
 */
export function useLiveCheck(path: string, value: Json, opened: OpenedFile | null) {
  const [problems, setProblems] = useState<Problem[]>(opened?.problems ?? []);
  const [warnings, setWarnings] = useState<Problem[]>(opened?.warnings ?? []);
  const [checking, setChecking] = useState(false);
  /** The file as opened comes with its problems: it is not checked again (the check would hold up the page's first preview). */
  const [unchecked, setUnchecked] = useState<Json | undefined>(opened?.value as Json | undefined);

  useEffect(() => {
    if (value === unchecked) return;
    setUnchecked(undefined);
    let live = true;
    setChecking(true);
    const timer = setTimeout(() => {
      api
        .check(path, value)
        .then((result) => {
          if (!live) return;
          setProblems(result.problems);
          setWarnings(result.warnings);
        })
        .catch(() => undefined)
        .finally(() => live && setChecking(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, value, unchecked]);

  return { problems, warnings, checking, setProblems };
}
