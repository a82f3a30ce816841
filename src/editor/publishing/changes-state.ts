/**
 * Changes and Publish as one reducer: what the server listed, what the person chose, wrote and
 * is told, and the discard dialog. Pure: the page calls the server and says here what came back.
 */
import type { AuthorAnswer, ChangedFile, ChangesAnswer, DiscardResult, PersonName, PublishAnswer } from '../../content/api-types';
import type { Side } from '../../content/merge';
import { fileStateWords } from './file-state-words';

/** A publish's answer and what it sent: the titles of the pages chosen, and whether the links to them were taken out too. */
export interface PublishedResult {
  answer: PublishAnswer;
  titles: string[];
  linksTakenOut?: boolean;
}

export interface ChangesState {
  /** The changed files as last read; null until the first answer. */
  list: ChangesAnswer | null;
  /** Why they could not be read. */
  error: string;
  /** The files the person unticked: every other file without problems is chosen. */
  unchosen: ReadonlySet<string>;
  /** The description as typed; it replaces the proposal once `edited`. */
  message: string;
  edited: boolean;
  /** Who publishes, as the server names them: undefined until it answers (and behind a sign-in that names no one), null when the person is asked. */
  serverAuthor: PersonName | null | undefined;
  /** The name and e-mail the person typed when asked. */
  typed: PersonName;
  /** A publish is on its way, or the list is read again after it: Publish waits. */
  busy: boolean;
  /**
   * A publish is on its way and has not answered: the status line says "Publishing…" until then,
   * and its answer as soon as it comes, while the list is read again (where the live site then
   * stands shows under it; "Publishing…" above "Live at" said two things at once).
   */
  sending: boolean;
  /** The last publish's answer, and what it sent. */
  result: PublishedResult | null;
  /**
   * While the last publish met conflicts: the value the person chose to keep for each, by
   * "<file key>:<index>" (none chosen: their own). Kept through another answer with conflicts,
   * forgotten with any other.
   */
  choices: Readonly<Record<string, Side>>;
  /** The file whose discard dialog is open. */
  discarding: ChangedFile | null;
  discardBusy: boolean;
  /** What the last discard did, in words. */
  discarded: string;
  /**
   * A discard has ended: the next time its dialog closes, the heading takes the focus (the row and
   * its button may be gone), below which the words say what happened.
   */
  focusOnClose: boolean;
  /** Counts the times the heading is to take the focus: the page moves it there as this goes up. */
  headingFocus: number;
}

export type ChangesAction =
  | { type: 'listed'; answer: ChangesAnswer }
  | { type: 'listFailed'; message: string }
  | { type: 'authorKnown'; answer: AuthorAnswer }
  | { type: 'authorUnknown' }
  | { type: 'toggled'; path: string; chosen: boolean }
  | { type: 'described'; message: string }
  | { type: 'typed'; field: keyof PersonName; value: string }
  | { type: 'publishStarted' }
  | ({ type: 'published' } & PublishedResult)
  | { type: 'publishFailed'; message: string }
  | { type: 'publishEnded' }
  | { type: 'conflictChosen'; name: string; side: Side }
  | { type: 'discardAsked'; file: ChangedFile }
  | { type: 'discardClosed' }
  | { type: 'discardStarted' }
  | { type: 'discarded'; file: ChangedFile; answer: DiscardResult }
  | { type: 'discardFailed'; file: ChangedFile; message: string }
  | { type: 'discardEnded' };

/** Changes before anything is read; `typed`: the name and e-mail this browser kept from the last time it was asked. */
export const initialChanges = (typed: PersonName): ChangesState => ({
  list: null,
  error: '',
  unchosen: new Set(),
  message: '',
  edited: false,
  serverAuthor: undefined,
  typed,
  busy: false,
  sending: false,
  result: null,
  choices: {},
  discarding: null,
  discardBusy: false,
  discarded: '',
  focusOnClose: false,
  headingFocus: 0,
});

/** What of Changes outlives the screen (leaving it, a reload): the description the person wrote, and conflicts waiting with the choices made. */
export interface KeptChanges {
  message: string;
  edited: boolean;
  result: ChangesState['result'];
  choices: Readonly<Record<string, Side>>;
}

/** What to keep of `state`: null when there is nothing the person would miss. */
export function keptOf(state: ChangesState): KeptChanges | null {
  const result = state.result?.answer.status === 'conflicts' ? state.result : null;
  if (!state.edited && !result) return null;
  return { message: state.edited ? state.message : '', edited: state.edited, result, choices: result ? state.choices : {} };
}

/** `state` with what was kept put back (the description, and conflicts waiting with their choices). */
export const withKept = (state: ChangesState, kept: KeptChanges | null): ChangesState =>
  kept ? { ...state, message: kept.message, edited: kept.edited, result: kept.result, choices: kept.choices } : state;

/** The last publish's answer: the choices between conflicting values go with the conflicts. */
const withResult = (state: ChangesState, result: ChangesState['result']): ChangesState => ({
  ...state,
  result,
  sending: false,
  choices: result?.answer.status === 'conflicts' ? state.choices : {},
});

/** The discard dialog closes; the heading takes the focus if a discard ended meanwhile. */
function closeDiscard(state: ChangesState): ChangesState {
  if (state.discarding === null) return state;
  return state.focusOnClose
    ? { ...state, discarding: null, focusOnClose: false, headingFocus: state.headingFocus + 1 }
    : { ...state, discarding: null };
}

/** Changes and Publish: the state after `action`. */
export function changesState(state: ChangesState, action: ChangesAction): ChangesState {
  switch (action.type) {
    case 'listed':
      return { ...state, list: action.answer, error: '' };
    case 'listFailed':
      return { ...state, error: action.message };
    case 'authorKnown':
      // Behind a trusted sign-in no one is asked: the sign-in names the author, or the server says why it cannot publish.
      return { ...state, serverAuthor: action.answer.from === 'proxy' ? (action.answer.author ?? undefined) : action.answer.author };
    case 'authorUnknown':
      return { ...state, serverAuthor: null };
    case 'toggled': {
      const unchosen = new Set(state.unchosen);
      if (action.chosen) unchosen.delete(action.path);
      else unchosen.add(action.path);
      return { ...state, unchosen };
    }
    case 'described':
      return { ...state, edited: true, message: action.message };
    case 'typed':
      return { ...state, typed: { ...state.typed, [action.field]: action.value } };
    case 'publishStarted':
      return { ...state, busy: true, sending: true };
    case 'published': {
      const next = withResult(state, { answer: action.answer, titles: action.titles, linksTakenOut: action.linksTakenOut });
      // Published or saved: the next description is proposed afresh. Refused or in conflict: the words stay to try again.
      if (action.answer.status === 'refused' || action.answer.status === 'conflicts') return next;
      return { ...next, edited: false, message: '' };
    }
    case 'publishFailed':
      return withResult(state, { answer: { status: 'refused', reason: 'server', message: action.message }, titles: [] });
    case 'publishEnded':
      return { ...state, busy: false, sending: false };
    case 'conflictChosen':
      return { ...state, choices: { ...state.choices, [action.name]: action.side } };
    case 'discardAsked':
      return { ...state, discarding: action.file };
    case 'discardClosed':
      return closeDiscard(state);
    case 'discardStarted':
      return { ...state, discardBusy: true };
    case 'discarded':
      return {
        ...withResult(state, null),
        discarded: action.answer.status === 'discarded' ? `The changes to ${action.file.title} are discarded.` : action.answer.message,
      };
    case 'discardFailed':
      return { ...state, discarded: `The changes to ${action.file.title} could not be discarded: ${action.message}` };
    case 'discardEnded':
      return closeDiscard({ ...state, discardBusy: false, focusOnClose: true });
  }
}

/** The files to publish: every changed file without problems that the person did not untick. */
export const chosenOf = (state: ChangesState): ChangedFile[] =>
  (state.list?.changes ?? []).filter((file) => file.problems.length === 0 && !state.unchosen.has(file.path));

/** The description: the person's own words once they wrote any, else the chosen files' summaries, one after the other. */
export const descriptionOf = (state: ChangesState): string =>
  state.edited
    ? state.message
    : chosenOf(state)
        .map((file) => file.summary || `${file.title}: ${fileStateWords[file.state]}`)
        .join('; ');
