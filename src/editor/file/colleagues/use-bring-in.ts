import { type Dispatch, useRef, useState } from 'react';
import type { PublishedSince } from '../../../content/colleague-types';
import { changeWords } from '../../../content/incoming-words';
import { merge } from '../../../content/merge';
import type { Titles } from '../../../content/titles';
import { api } from '../../app/api';
import type { SessionAction, SessionState } from '../session';
import { type Json, keysFor } from '../snapshot';
import { listWords } from '../../../content/list-words';

const parsed = (text: string | null): Json | null => {
  try {
    const value: unknown = text === null ? null : JSON.parse(text.replace(/^\uFEFF/, ''));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
};

/**
 * "Bring their change in": the checkout takes what the site has (POST bring-in), and the draft is
 * merged with the site's version block by block (base: the page as the draft's version had it;
 * theirs: the site's; mine: the draft, unsaved edits and all). The file as it is on disk now
 * becomes the draft's base, so that Save writes over it and the next publish starts from the
 * site's version. Where both changed a field, the session's `merging` asks, as a save does
 * (MergeDialog); everything else is in the draft at once, as one step Undo takes back.
 */
export function useBringIn(
  path: string,
  state: SessionState,
  dispatch: Dispatch<SessionAction>,
  titles: Titles,
  said: (words: string) => void,
) {
  const [bringing, setBringing] = useState(false);
  // The draft as it is when the answer comes, not as it was when asked: what was typed meanwhile is kept.
  const latest = useRef(state);
  latest.current = state;
  /** Brings in the publishes `since` names, said in the note as `source` ("Priya Shah published Home at 14:02…"). */
  const bringIn = async (since: PublishedSince, onDone: () => void, source?: string): Promise<void> => {
    setBringing(true);
    try {
      const answer = await api.bringIn(path);
      if (answer?.status !== 'brought') {
        said(answer?.status === 'refused' ? answer.message : 'Their change could not be brought in just now: try again in a minute.');
        return;
      }
      const [base, theirs, onDisk] = [parsed(answer.base), parsed(answer.theirs), parsed(answer.text)];
      const mine = latest.current.present.value;
      if (!theirs || !onDisk) {
        said('Their version of this page could not be read, so it was not brought in: your draft is as it was.');
        return;
      }
      const outcome = merge(base ?? {}, theirs, mine);
      onDone();
      dispatch({ type: 'saved', hash: answer.hash, value: onDisk, text: answer.text });
      const names = listWords([...new Set(since.publishes.map(({ name }) => name))]);
      if (outcome.conflicts.length > 0) {
        dispatch({ type: 'conflict', merging: { base: base ?? {}, theirs, mine, result: outcome, source } });
        return;
      }
      dispatch({ type: 'merged', value: outcome.merged, fresh: keysFor(outcome.merged) });
      const what = changeWords(outcome.incoming, titles);
      said(`${names}’s change is in your draft now${what ? `: ${what}` : ''}. Save to keep it.`);
    } catch (failure) {
      said(`Their change could not be brought in: ${(failure as Error).message}`);
    } finally {
      setBringing(false);
    }
  };
  return { bringing, bringIn };
}
