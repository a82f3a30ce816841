import { useState } from 'react';
import { api } from '../app/api';
import type { Problem } from '../../content/api-types';
import { useAnnouncer } from '../app/Announcer';
import { clearDraft, type Json } from './history';
import { merge, type MergeResult, type Side } from '../../content/merge';
import { incomingWords } from '../../content/merge-words';
import type { Titles } from '../../content/titles';
import type { Loaded } from './use-loaded';

/** Both sides changed the same field: the three versions, and what merging them gives so far. */
export interface Merging {
  base: Json;
  theirs: Json;
  mine: Json;
  result: MergeResult;
}

/** How many times a save merges and tries again when the file keeps changing under it. */
const MERGE_TRIES = 3;

/**
 * The file as this editor last saw it on disk (its hash, value and text), and saving the
 * draft over it. A save sends the hash the draft is based on; when the file has changed since,
 * the server refuses it with the file as it is now, and the draft is merged with it block by
 * block (merge.ts): edits to different fields combine, the draft becomes the merge (`onMerged`,
 * one undoable step, told in words) and is saved; edits to the same field wait in `merging`
 * for the person to choose (`resolve`). A file on disk that is no JSON leaves `conflict` with
 * its text, to show as a diff.
 */
export function useSave(path: string, loaded: Loaded, titles: Titles, onMerged: (merged: Json) => void) {
  const announce = useAnnouncer();
  const [base, setBase] = useState(loaded.base);
  const [savedValue, setSavedValue] = useState<Json | null>(loaded.opened?.value ?? null);
  const [savedText, setSavedText] = useState(loaded.opened?.text ?? '');
  const [conflict, setConflict] = useState<{ text: string; hash: string } | null>(null);
  const [merging, setMerging] = useState<Merging | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  /** Writes `value` over the file at `hash`; the problems the validator refuses it for go to `onProblems`. */
  const write = async (value: Json, hash: string | null, onProblems: (problems: Problem[]) => void, tries: number, merged: string) => {
    const result = await api.save(path, value, hash);
    if (result.status === 'saved') {
      setBase(result.hash);
      setSavedValue(value);
      savedValueRef.value = value;
      setSavedText(result.text);
      clearDraft(path);
      const said = merged ? `${merged} Saved ${path}.` : `Saved ${path}.`;
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
      return setConflict({ text: result.text, hash: result.hash });
    }
    const base = (hash === null ? null : savedValueRef.value) as Json | null;
    if (base === null || typeof theirs !== 'object' || theirs === null || tries <= 0)
      return setConflict({ text: result.text, hash: result.hash });
    const outcome = merge(base, theirs, value);
    setBase(result.hash);
    setSavedValue(theirs);
    savedValueRef.value = theirs;
    setSavedText(result.text);
    if (outcome.conflicts.length > 0) return setMerging({ base, theirs, mine: value, result: outcome });
    onMerged(outcome.merged);
    await write(outcome.merged, result.hash, onProblems, tries - 1, incomingWords(outcome.incoming, titles));
  };

  // The value the current base stands for, read by a merge that runs after a state update.
  const savedValueRef = useState(() => ({ value: (loaded.opened?.value ?? null) as Json | null }))[0];

  const save = async (value: Json, onProblems: (problems: Problem[]) => void): Promise<void> => {
    setSaving(true);
    try {
      await write(value, base, onProblems, MERGE_TRIES, '');
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
    setMerging(null);
    onMerged(merged);
    setSaving(true);
    try {
      await write(merged, base, onProblems, MERGE_TRIES, incomingWords(incoming, titles));
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
    setConflict(null);
    setSaving(true);
    try {
      await write(value, hash, onProblems, 0, '');
    } catch (failure) {
      setStatus(`Not saved: ${(failure as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  const keepSaved = (value: Json | null): void => {
    savedValueRef.value = value;
    setSavedValue(value);
  };

  return {
    base,
    savedValue,
    setSavedValue: keepSaved,
    savedText,
    conflict,
    setConflict,
    merging,
    setMerging,
    saving,
    status,
    setStatus,
    save,
    resolve,
    overwrite,
  };
}
