/**
 * The page list as one reducer: the content files, how many differ from what is published, the
 * search, and the new-page dialog with what was typed in it. Pure: the page reads from the server
 * and says here what came back.
 */
import type { FileInfo } from '../../content/api-types';

/** What the new-page dialog holds: kept while it is closed, so that a page half described is still there when it opens again. */
export interface NewPageForm {
  address: string;
  title: string;
  /** The page to copy; empty: a blank page. */
  from: string;
  /** Why the page cannot be made as described. */
  error: string;
}

export interface ListState {
  /** Every content file; null until read. */
  files: FileInfo[] | null;
  /** Why they could not be read. */
  error: string;
  /** How many files differ from what is published; null when publishing cannot work here (no git). */
  changed: number | null;
  /** What the search box holds. */
  query: string;
  /** The new-page dialog is open. */
  creating: boolean;
  newPage: NewPageForm;
}

export type ListAction =
  | { type: 'listed'; files: FileInfo[] }
  | { type: 'listFailed'; message: string }
  | { type: 'counted'; changed: number | null }
  | { type: 'searched'; query: string }
  | { type: 'newPageOpened' }
  | { type: 'newPageClosed' }
  | { type: 'newPageTyped'; field: 'address' | 'title' | 'from'; value: string }
  | { type: 'newPageRefused'; message: string };

/** The page list before anything is read. */
export const initialList: ListState = {
  files: null,
  error: '',
  changed: null,
  query: '',
  creating: false,
  newPage: { address: '/', title: '', from: '', error: '' },
};

/** The page list: the state after `action`. */
export function listState(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'listed':
      return { ...state, files: action.files };
    case 'listFailed':
      return { ...state, error: action.message };
    case 'counted':
      return { ...state, changed: action.changed };
    case 'searched':
      return { ...state, query: action.query };
    case 'newPageOpened':
      return { ...state, creating: true };
    case 'newPageClosed':
      return { ...state, creating: false };
    case 'newPageTyped':
      return { ...state, newPage: { ...state.newPage, [action.field]: action.value } };
    case 'newPageRefused':
      return { ...state, newPage: { ...state.newPage, error: action.message } };
  }
}
