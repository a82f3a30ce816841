/**
 * The deleted pages as one reducer: the files deleted since, and what the page says of a
 * restore. Pure: the page reads from the server and says here what came back.
 */
import type { DeletedFile } from '../../content/api-types';

export interface DeletedState {
  /** The files deleted, newest deletion first; null until read. */
  files: DeletedFile[] | null;
  /** Why they could not be read. */
  error: string;
  /** What the page says in its status line. */
  status: string;
}

export type DeletedAction =
  | { type: 'listed'; files: DeletedFile[] }
  | { type: 'listFailed'; message: string }
  | { type: 'restoreStarted'; file: DeletedFile }
  | { type: 'restoreFailed'; file: DeletedFile; message: string };

/** The deleted pages before anything is read. */
export const initialDeleted: DeletedState = { files: null, error: '', status: '' };

/** The deleted pages: the state after `action`. */
export function deletedState(state: DeletedState, action: DeletedAction): DeletedState {
  switch (action.type) {
    case 'listed':
      return { ...state, files: action.files };
    case 'listFailed':
      return { ...state, error: action.message };
    case 'restoreStarted':
      return { ...state, status: `Restoring ${action.file.title}…` };
    case 'restoreFailed':
      return { ...state, status: `${action.file.title} could not be restored: ${action.message}` };
  }
}
