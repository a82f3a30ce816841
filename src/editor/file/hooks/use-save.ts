import { type Dispatch, useState } from 'react';
import { api } from '../../app/api';
import type { Problem } from '../../../content/api-types';
import { useAnnouncer } from '../../app/Announcer';
import { clearDraft } from '../stored-draft';
import { type Json, keysFor } from '../snapshot';
import { merge, type Side } from '../../../content/merge';
import { incomingWords } from '../../../content/incoming-words';
import type { Titles } from '../../../content/titles';
import type { SessionAction, SessionState } from '../session';

/** How many times a save merges and tries again when the file keeps changing under it. */
const MERGE_TRIES = 3;

/**
 * Saving the draft over the file as this editor last saw it on disk (the session's base, saved
 * value and text, session.ts), each outcome said to the session. A save sends the hash the draft
 * is based on; when the file has changed since, the server refuses it with the file as it is
 * now, and the draft is merged with it block by block (merge.ts): edits to different fields
 * combine, the draft becomes the merge (`merged`, one undoable step, told in words) and is saved;
 * edits to the same field wait in the session's `merging` for the person to choose (`resolve`).
 * A file on disk that is no JSON leaves the session's `conflict` with its text, to show as a diff.
 */
export function useSave(
  path: string,
  { base, savedValue, merging, conflict }: SessionState,
  dispatch: Dispatch<SessionAction>,
  titles: Titles,
) {
  const announce = useAnnouncer();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  /**
   * Writes `value` over the file at `hash`, whose value is `saved` (what a merge takes as its
   * base); the problems the validator refuses it for go to `onProblems`.
   */
  const write = async (
    value: Json,
    hash: string | null,
    saved: Json | null,
    onProblems: (problems: Problem[]) => void,
    tries: number,
    merged: string,
  ): Promise<void> => {
    const result = await api.save(path, value, hash);
    if (result.status === 'saved') {
      dispatch({ type: 'saved', hash: result.hash, value, text: result.text });
      clearDraft(path);
      const said = merged ? `${merged} Saved.` : 'Saved.';
      setStatus(said);
      announce(said);
      return;
    }
    if (result.status === 'problems') return onProblems(result.problems);
    // The file changed on disk since the draft's base: merge the draft with it.
    let theirs: Json;
    try {
      theirs = JSON.parse(result.text) as Json;
    } catch {
      return dispatch({ type: 'conflict', onDisk: { text: result.text, hash: result.hash } });
    }
    const base = hash === null ? null : saved;
    if (base === null || typeof theirs !== 'object' || theirs === null || tries <= 0)
      return dispatch({ type: 'conflict', onDisk: { text: result.text, hash: result.hash } });
    const outcome = merge(base, theirs, value);
    dispatch({ type: 'saved', hash: result.hash, value: theirs, text: result.text });
    if (outcome.conflicts.length > 0) return dispatch({ type: 'conflict', merging: { base, theirs, mine: value, result: outcome } });
    dispatch({ type: 'merged', value: outcome.merged, fresh: keysFor(outcome.merged) });
    await write(outcome.merged, result.hash, theirs, onProblems, tries - 1, incomingWords(outcome.incoming, titles));
  };

  const save = async (value: Json, onProblems: (problems: Problem[]) => void): Promise<void> => {
    setSaving(true);
    try {
      await write(value, base, savedValue, onProblems, MERGE_TRIES, '');
    } catch (failure) {
      setStatus(`Not saved: ${(failure as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  /** The person's choice for each field both sides changed: the draft becomes that merge, and is saved. */
  const resolve = async (choices: Side[], onProblems: (problems: Problem[]) => void): Promise<void> => {
    if (!merging) return;
    const { merged, incoming } = merge(merging.base, merging.theirs, merging.mine, choices);
    dispatch({ type: 'conflict', merging: null });
    dispatch({ type: 'merged', value: merged, fresh: keysFor(merged) });
    setSaving(true);
    try {
      await write(merged, base, savedValue, onProblems, MERGE_TRIES, incomingWords(incoming, titles));
    } catch (failure) {
      setStatus(`Not saved: ${(failure as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  /**
   * Writes the draft over the file as it is on disk now, which could not be merged (it is no JSON:
   * a hand edit left half done, a git merge left unresolved): the person chose so, having seen
   * what changed. Refused again if the file changes once more meanwhile.
   */
  const overwrite = async (value: Json, onProblems: (problems: Problem[]) => void): Promise<void> => {
    if (!conflict) return;
    const { hash } = conflict;
    dispatch({ type: 'conflict', onDisk: null });
    setSaving(true);
    try {
      await write(value, hash, savedValue, onProblems, 0, '');
    } catch (failure) {
      setStatus(`Not saved: ${(failure as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  return { saving, status, setStatus, save, resolve, overwrite };
}
