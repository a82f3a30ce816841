import { describe, expect, it } from 'vitest';
import type { DeletedFile } from '../../src/content/api-types';
import { type DeletedAction, type DeletedState, deletedState, initialDeleted } from '../../src/editor/files/deleted-state';

const careers: DeletedFile = {
  path: 'pages/careers.json',
  title: 'Careers',
  deleted: {
    commit: 'c9',
    date: '2026-11-25T15:19:13+01:00',
    committed: '2026-11-25T15:19:13+01:00',
    author: { name: 'Ada Editor', email: 'ada@example.com' },
    subject: 'No more hiring',
    message: 'No more hiring',
  },
  lastVersion: 'c8',
};
const run = (...actions: DeletedAction[]): DeletedState => actions.reduce(deletedState, initialDeleted);

describe('the state of the deleted pages', () => {
  it('holds the files once read, or why they could not be', () => {
    expect(run({ type: 'listed', files: [careers] }).files).toEqual([careers]);
    expect(run({ type: 'listFailed', message: 'Not a git checkout.' })).toEqual({ files: null, error: 'Not a git checkout.', status: '' });
  });

  it('says a restore by the file’s title, then why it failed', () => {
    const restoring = run({ type: 'listed', files: [careers] }, { type: 'restoreStarted', file: careers });
    expect(restoring.status).toBe('Restoring Careers…');
    expect(deletedState(restoring, { type: 'restoreFailed', file: careers, message: 'The version is gone.' }).status).toBe(
      'Careers could not be restored: The version is gone.',
    );
  });
});
