import { useState } from 'react';
import { api } from './api';
import type { Problem } from './api-types';
import { useAnnouncer } from './Announcer';
import { clearDraft, type Json } from './history';
import type { Loaded } from './use-loaded';

/**
 * The file as this editor last saw it on disk (its hash, value and text), and saving the
 * draft over it. A save sends the hash the draft is based on: the server refuses it when the
 * file has changed since, and `conflict` then holds the text on disk now.
 */
export function useSave(path: string, loaded: Loaded) {
  const announce = useAnnouncer();
  const [base, setBase] = useState(loaded.base);
  const [savedValue, setSavedValue] = useState<Json | null>(loaded.opened?.value ?? null);
  const [savedText, setSavedText] = useState(loaded.opened?.text ?? '');
  const [conflict, setConflict] = useState<{ text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  /** Writes `value`; the problems the validator refuses it for go to `onProblems`. */
  const save = async (value: Json, onProblems: (problems: Problem[]) => void): Promise<void> => {
    setSaving(true);
    try {
      const result = await api.save(path, value, base);
      if (result.status === 'saved') {
        setBase(result.hash);
        setSavedValue(value);
        setSavedText(result.text);
        clearDraft(path);
        setStatus(`Saved ${path}.`);
        announce(`Saved ${path}.`);
      } else if (result.status === 'problems') {
        onProblems(result.problems);
      } else {
        setConflict({ text: result.text });
      }
    } catch (failure) {
      setStatus(`Not saved: ${(failure as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  return { base, savedValue, setSavedValue, savedText, conflict, setConflict, saving, status, setStatus, save };
}
