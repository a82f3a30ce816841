import { describe, expect, it } from 'vitest';
import type { Comparison, EditorModel, History, Version } from '../../src/content/api-types';
import type { Undone } from '../../src/content/undo-types';
import {
  type HistoryAction,
  type HistoryState,
  historyState,
  initialHistory,
  NOW,
  versionsOf,
} from '../../src/editor/publishing/history/history-state';

const version = (commit: string, more: Partial<Version> = {}): Version => ({
  commit,
  date: '2026-11-25T15:19:13+01:00',
  committed: '2026-11-25T15:19:13+01:00',
  author: { name: 'Ada Editor', email: 'ada@example.com' },
  subject: `Commit ${commit}`,
  message: `Commit ${commit}`,
  path: 'pages/about.json',
  change: 'modified',
  state: 'published',
  ...more,
});
const newest = version('c3');
const middle = version('c2');
const first = version('c1', { change: 'added' });
const history = (...versions: Version[]): History => ({ path: 'pages/about.json', upstream: null, versions, more: false });
const comparison: Comparison = { same: false, summary: 'Title changed', blocks: [], fields: [] };
const run = (state: HistoryState, ...actions: HistoryAction[]): HistoryState => actions.reduce(historyState, state);

describe('the state of History', () => {
  it('starts the compare form on the newest change: the version before the newest, with the file as saved', () => {
    const read = run(initialHistory(null), { type: 'read', history: history(newest, middle, first), onDisk: true });
    expect([read.from, read.to, read.onDisk]).toEqual(['c2', NOW, true]);
    const single = run(initialHistory(null), { type: 'read', history: history(first), onDisk: true });
    expect([single.from, single.to]).toEqual(['c1', NOW]);
  });

  it('compares a deleted file’s versions among themselves, leaving its deletion out', () => {
    const gone = version('c4', { change: 'deleted' });
    const read = run(initialHistory(null), { type: 'read', history: history(gone, newest, middle), onDisk: false });
    expect(versionsOf(read.history).map((each) => each.commit)).toEqual(['c3', 'c2']);
    expect([read.from, read.to, read.onDisk]).toEqual(['c2', 'c3', false]);
  });

  it('names the file by its newest version’s title, the home page Home, and shows that version unless a comparison was asked for', () => {
    const read = run(
      initialHistory(null),
      { type: 'read', history: history(newest), onDisk: true },
      { type: 'newestRead', path: 'pages/about.json', version: newest, value: { title: 'About us' }, show: true },
    );
    expect(read.title).toBe('About us');
    expect(read.shown).toEqual({ kind: 'version', version: newest, value: { title: 'About us' } });
    const home = run(initialHistory(null), {
      type: 'newestRead',
      path: 'pages/index.json',
      version: newest,
      value: { title: 'Cloud, done right' },
      show: false,
    });
    expect([home.title, home.shown]).toEqual(['Home', null]);
    const entry = run(initialHistory(null), {
      type: 'newestRead',
      path: 'pages/_collections/jobs/a.json',
      version: newest,
      value: { name: 'Engineer' },
      show: true,
    });
    expect(entry.title).toBe('Engineer');
  });

  it('forgets the comparison asked for from Changes once the history is read', () => {
    const opened = initialHistory('c2');
    expect(opened.compareFirst).toBe('c2');
    expect(run(opened, { type: 'read', history: history(newest, middle), onDisk: true }).compareFirst).toBeNull();
  });

  it('shows a comparison once both sides are read, and drops the answer for one no longer asked for', () => {
    const asked = run(initialHistory(null), { type: 'compareStarted', from: 'c1', to: 'c2' });
    expect([asked.from, asked.to, asked.shown]).toEqual([
      'c1',
      'c2',
      { kind: 'compare', from: 'c1', to: 'c2', comparison: null, values: null },
    ]);
    const moved = run(asked, { type: 'compareStarted', from: 'c2', to: NOW });
    const late = run(moved, { type: 'compared', from: 'c1', to: 'c2', comparison, values: [{ title: 'A' }, { title: 'B' }] });
    expect(late).toBe(moved);
    const answered = run(moved, { type: 'compared', from: 'c2', to: NOW, comparison, values: [{ title: 'B' }, { title: 'C' }] });
    expect(answered.shown).toEqual({ kind: 'compare', from: 'c2', to: NOW, comparison, values: [{ title: 'B' }, { title: 'C' }] });
  });

  it('shows a version at once, reading, then drawn', () => {
    const reading = run(initialHistory(null), { type: 'showStarted', version: middle });
    expect(reading.shown).toEqual({ kind: 'version', version: middle, value: null });
    expect(run(reading, { type: 'versionRead', version: middle, value: { title: 'Then' } }).shown).toEqual({
      kind: 'version',
      version: middle,
      value: { title: 'Then' },
    });
  });

  it('says restoring, then why a restore failed, and makes Restore available again', () => {
    const restoring = run(initialHistory(null), { type: 'restoreStarted' });
    expect([restoring.busy, restoring.status]).toEqual([true, 'Restoring…']);
    const failed = run(restoring, { type: 'restoreFailed', message: 'The file changed meanwhile.' });
    expect([failed.busy, failed.status]).toEqual([false, 'That version could not be restored: The file changed meanwhile.']);
  });

  it('keeps the sides chosen in the compare form, and says a failure to read in the status line', () => {
    const chosen = run(initialHistory(null), { type: 'fromChosen', commit: 'c1' }, { type: 'toChosen', commit: 'c3' });
    expect([chosen.from, chosen.to]).toEqual(['c1', 'c3']);
    expect(run(chosen, { type: 'failed', message: 'No such version.' }).status).toBe('No such version.');
    expect(run(chosen, { type: 'readFailed', message: 'Not a git checkout.' }).error).toBe('Not a git checkout.');
  });

  it('asks before a Restore, forgets the question on Cancel, and drops it once restoring starts', () => {
    const asked = run(initialHistory(null), { type: 'restoreAsked', version: middle, savedHere: true });
    expect([asked.confirming, asked.savedHere, asked.busy]).toEqual([middle, true, false]);
    const cancelled = run(asked, { type: 'restoreCancelled' });
    expect([cancelled.confirming, cancelled.status]).toEqual([null, 'Nothing was restored.']);
    const restoring = run(asked, { type: 'restoreStarted' });
    expect([restoring.confirming, restoring.busy, restoring.status]).toEqual([null, true, 'Restoring…']);
  });

  it('keeps an undo’s conflicts with the later change chosen, takes each pick, and says why an undo failed', () => {
    const answer: Undone = {
      commit: 'c2',
      path: 'pages/about.json',
      value: { title: 'About us', heading: 'Spring' },
      conflicts: [
        { path: ['heading'], field: 'heading', before: 'About', now: 'Spring', chosen: 'mine', by: null },
        { path: ['description'], field: 'description', before: 'Old', now: 'New', chosen: 'mine', by: null },
      ],
    };
    const model = { blocks: [], forms: {} } as unknown as EditorModel;
    const started = run(
      initialHistory(null),
      { type: 'restoreAsked', version: newest, savedHere: false },
      { type: 'undoStarted', version: middle },
    );
    expect([started.busy, started.confirming, started.status]).toEqual([true, null, 'Taking back “Commit c2”…']);
    const asked = run(started, { type: 'undoAsked', version: middle, answer, model });
    expect(asked.undo).toEqual({ version: middle, answer, choices: ['mine', 'mine'], model });
    expect([asked.busy, asked.status]).toEqual([false, '2 fields of “Commit c2” changed again since: choose what to keep.']);
    const picked = run(asked, { type: 'undoPicked', index: 1, side: 'theirs' }, { type: 'undoPicked', index: 5, side: 'theirs' });
    expect(picked.undo?.choices).toEqual(['mine', 'theirs']);
    const one = run(started, { type: 'undoAsked', version: middle, answer: { ...answer, conflicts: answer.conflicts.slice(0, 1) }, model });
    expect(one.status).toBe('One field of “Commit c2” changed again since: choose what to keep.');
    const cancelled = run(picked, { type: 'undoCancelled' });
    expect([cancelled.undo, cancelled.status]).toEqual([null, 'Nothing was undone.']);
    const failed = run(started, { type: 'undoFailed', message: 'Everything it changed has been changed again since.' });
    expect([failed.busy, failed.status]).toEqual([
      false,
      'That change could not be undone: Everything it changed has been changed again since.',
    ]);
  });
});
