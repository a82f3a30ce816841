import type { ChangedFile } from '../../content/api-types';

/** What happened to a changed file, in one word: its row in Changes and the description proposed for it both say it. */
export const fileStateWords: Record<ChangedFile['state'], string> = {
  added: 'New',
  modified: 'Changed',
  deleted: 'Deleted',
  renamed: 'Moved',
};
