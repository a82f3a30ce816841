import { describe, expect, it } from 'vitest';
import type { MergeResult } from '../../src/content/merge';
import type { Json, Snapshot } from '../../src/editor/file/snapshot';
import { type Merging, type SessionAction, type SessionState, session } from '../../src/editor/file/session';

const snapshot = (title: string): Snapshot => ({ value: { title }, keys: [] });
/** A session on a file whose value is `present`, saved as it is, with nothing chosen but the file. */
const opened = (present: Snapshot): SessionState => ({
  present,
  past: [],
  future: [],
  lastKey: null,
  lastAt: 0,
  base: 'h0',
  savedValue: present.value,
  savedText: JSON.stringify(present.value),
  merging: null,
  conflict: null,
  selected: 'file',
  shared: null,
});
const start = (): SessionState => opened(snapshot('0'));
const run = (state: SessionState, ...actions: SessionAction[]): SessionState => actions.reduce(session, state);
const change = (title: string, key: string | null, at: number): SessionAction => ({ type: 'change', next: snapshot(title), key, at });

/** A page of blocks named by their heading, each under the key k + its heading. */
const page = (...headings: string[]): Snapshot => ({
  value: { title: 'Services', blocks: headings.map((heading) => ({ type: 'prose', heading })) },
  keys: headings.map((heading) => `k${heading}`),
});
/** The blocks of the draft as "heading:key", so a test sees each block beside its key. */
const rows = (state: SessionState): string[] =>
  ((state.present.value.blocks ?? []) as Json[]).map((block, index) => `${String(block.heading)}:${state.present.keys[index]}`);
const titles = (steps: Snapshot[]): unknown[] => steps.map((step) => step.value.title);

describe('the editor’s undo history', () => {
  it('keeps at least 100 steps: 150 changes undo one by one back to the start, and redo forward again', () => {
    let state = start();
    for (let step = 1; step <= 150; step += 1) state = run(state, change(String(step), null, step));
    for (let step = 149; step >= 0; step -= 1) {
      state = run(state, { type: 'undo' });
      expect(state.present.value.title).toBe(String(step));
    }
    expect(run(state, { type: 'undo' })).toBe(state);
    for (let step = 1; step <= 150; step += 1) state = run(state, { type: 'redo' });
    expect(state.present.value.title).toBe('150');
    expect(state.future).toEqual([]);
  });

  it('keeps the latest 200 steps when there are more', () => {
    let state = start();
    for (let step = 1; step <= 250; step += 1) state = run(state, change(String(step), null, step));
    expect(state.past).toHaveLength(200);
    expect(state.past[0]?.value.title).toBe('50');
  });

  it('makes typing in one field one step, a pause or another field a new one', () => {
    const typed = run(
      start(),
      change('W', 'title', 1000),
      change('Wo', 'title', 1300),
      change('Wor', 'title', 1900),
      change('Work', 'title', 2500),
    );
    expect(typed.past.map((step) => step.value.title)).toEqual(['0']);
    const paused = run(typed, change('Work!', 'title', 4000));
    expect(paused.past.map((step) => step.value.title)).toEqual(['0', 'Work']);
    const elsewhere = run(paused, change('x', 'description', 4100));
    expect(elsewhere.past.map((step) => step.value.title)).toEqual(['0', 'Work', 'Work!']);
  });

  it('drops what could be redone once something new is changed', () => {
    const state = run(start(), change('a', null, 1), change('b', null, 2), { type: 'undo' }, change('c', null, 3));
    expect(state.present.value.title).toBe('c');
    expect(state.future).toEqual([]);
    expect(run(state, { type: 'redo' })).toBe(state);
    expect(run(state, { type: 'undo' }).present.value.title).toBe('a');
  });

  it('ends typing on at an undo: the next letter in the same field is a new step', () => {
    const state = run(start(), change('W', 'title', 1000), change('Wo', 'title', 1100), { type: 'undo' }, change('X', 'title', 1200));
    expect(titles(state.past)).toEqual(['0']);
    expect(run(state, { type: 'undo' }).present.value.title).toBe('0');
  });
});

describe('the block operations as steps of the session', () => {
  it('moves, copies, adds and deletes blocks, each one step that chooses the block it leaves in view', () => {
    const moved = run(opened(page('A', 'B', 'C')), { type: 'move', from: 0, to: 2 });
    expect(rows(moved)).toEqual(['B:kB', 'C:kC', 'A:kA']);
    expect(moved.selected).toBe(2);
    const copied = run(moved, { type: 'duplicate', index: 0, key: 'kB2' });
    expect(rows(copied)).toEqual(['B:kB', 'B:kB2', 'C:kC', 'A:kA']);
    expect(copied.selected).toBe(1);
    const added = run(copied, { type: 'insert', at: 0, block: { type: 'prose', heading: 'N' }, key: 'kN' });
    expect(rows(added)).toEqual(['N:kN', 'B:kB', 'B:kB2', 'C:kC', 'A:kA']);
    expect(added.selected).toBe(0);
    const deleted = run(added, { type: 'remove', index: 4 });
    expect(rows(deleted)).toEqual(['N:kN', 'B:kB', 'B:kB2', 'C:kC']);
    expect(deleted.selected).toBe(3);
    expect(deleted.past).toHaveLength(4);
    expect(rows(run(deleted, { type: 'undo' }, { type: 'undo' }))).toEqual(['B:kB', 'B:kB2', 'C:kC', 'A:kA']);
  });

  it('chooses the block that takes a deleted one’s place, and the file’s fields once the last block is gone', () => {
    const middle = run(opened(page('A', 'B', 'C')), { type: 'select', selected: 1 }, { type: 'remove', index: 1 });
    expect(rows(middle)).toEqual(['A:kA', 'C:kC']);
    expect(middle.selected).toBe(1);
    const only = run(opened(page('A')), { type: 'select', selected: 0 }, { type: 'remove', index: 0 });
    expect(rows(only)).toEqual([]);
    expect(only.selected).toBe('file');
  });

  it('does nothing, not even a step or a choice, for a block that is not there', () => {
    const state = run(opened(page('A', 'B')), { type: 'select', selected: 1 });
    for (const action of [
      { type: 'move', from: 0, to: 5 },
      { type: 'move', from: 1, to: 1 },
      { type: 'duplicate', index: 2, key: 'kX' },
      { type: 'remove', index: -1 },
    ] satisfies SessionAction[])
      expect(run(state, action)).toBe(state);
  });
});

describe('saving, merging and conflicts', () => {
  it('takes the file as saved: its hash, value and text; the draft and its history stay', () => {
    const state = run(start(), change('a', null, 1), { type: 'saved', hash: 'h1', value: { title: 'a' }, text: '{"title":"a"}' });
    expect([state.base, state.savedValue, state.savedText]).toEqual(['h1', { title: 'a' }, '{"title":"a"}']);
    expect(state.present.value.title).toBe('a');
    expect(titles(state.past)).toEqual(['0']);
  });

  it('makes a merge one step that undo takes back, each block of the draft keeping its key and a block from disk taking a new one', () => {
    // B and A are equal to the draft's blocks (not the same objects); D came from disk.
    const value = {
      title: 'Services',
      blocks: [
        { type: 'prose', heading: 'B' },
        { type: 'prose', heading: 'D' },
        { type: 'prose', heading: 'A' },
      ],
    };
    const merging = run(opened(page('A', 'B')), { type: 'select', selected: 1 }, { type: 'merged', value, fresh: ['n0', 'n1', 'n2'] });
    expect(rows(merging)).toEqual(['B:kB', 'D:n1', 'A:kA']);
    expect(merging.selected).toBe(1);
    expect(merging.past).toHaveLength(1);
    expect(rows(run(merging, { type: 'undo' }))).toEqual(['A:kA', 'B:kB']);
    expect(rows(run(merging, { type: 'undo' }, { type: 'redo' }))).toEqual(['B:kB', 'D:n1', 'A:kA']);
  });

  it('ends typing on at a merge: the next letter is a step of its own', () => {
    const state = run(
      start(),
      change('W', 'title', 1000),
      { type: 'merged', value: { title: 'W', description: 'theirs' }, fresh: [] },
      change('Wo', 'title', 1100),
    );
    expect(titles(state.past)).toEqual(['0', 'W', 'W']);
  });

  it('holds a merge waiting for the person, and a file on disk that could not be merged, until each is closed', () => {
    const result: MergeResult = { merged: { title: 'mine' }, conflicts: [], incoming: [] } as unknown as MergeResult;
    const waiting: Merging = { base: { title: '0' }, theirs: { title: 'theirs' }, mine: { title: 'mine' }, result };
    const both = run(start(), { type: 'conflict', merging: waiting }, { type: 'conflict', onDisk: { text: '{ half', hash: 'h9' } });
    expect(both.merging).toBe(waiting);
    expect(both.conflict).toEqual({ text: '{ half', hash: 'h9' });
    const closed = run(both, { type: 'conflict', merging: null });
    expect(closed.merging).toBeNull();
    expect(closed.conflict).toEqual({ text: '{ half', hash: 'h9' });
    expect(run(closed, { type: 'conflict', onDisk: null }).conflict).toBeNull();
    expect(closed.present).toBe(both.present);
  });

  it('goes through a save that meets their change: the file as read, the merge as a step, then the file as saved', () => {
    const state = run(
      start(),
      change('mine', 'title', 1),
      { type: 'saved', hash: 'h1', value: { title: '0', description: 'theirs' }, text: 'theirs' },
      { type: 'merged', value: { title: 'mine', description: 'theirs' }, fresh: [] },
      { type: 'saved', hash: 'h2', value: { title: 'mine', description: 'theirs' }, text: 'merged' },
    );
    expect(state.present.value).toEqual({ title: 'mine', description: 'theirs' });
    expect([state.base, state.savedValue, state.savedText]).toEqual(['h2', { title: 'mine', description: 'theirs' }, 'merged']);
    expect(run(state, { type: 'undo' }).present.value).toEqual({ title: 'mine' });
  });
});

describe('choosing', () => {
  it('chooses a block or the file, and keeps the choice through undo and redo', () => {
    const state = run(
      opened(page('A', 'B')),
      { type: 'select', selected: 1 },
      change('x', null, 1),
      { type: 'undo' },
      { type: 'select', selected: 'file' },
    );
    expect(state.selected).toBe('file');
    expect(run(state, { type: 'select', selected: 0 }, { type: 'redo' }).selected).toBe(0);
  });
});

describe('the draft in the browser’s storage it was made from', () => {
  it('is the other tab’s draft a merge took in, this tab’s draft once written, and none once cleared; a step of its own keeps it', () => {
    const theirs = { title: 'theirs' };
    const merged = run(start(), change('mine', null, 1), { type: 'merged', value: { title: 'both' }, fresh: [], shared: theirs });
    expect(merged.shared).toBe(theirs);
    expect(merged.present.value).toEqual({ title: 'both' });
    // A merge from disk, a discard or a restored version takes nothing from the storage.
    expect(run(merged, { type: 'merged', value: { title: 'disk' }, fresh: [] }).shared).toBe(theirs);
    const typed = run(merged, change('more', null, 2));
    expect(typed.shared).toBe(theirs);
    const written = run(typed, { type: 'shared', value: typed.present.value });
    expect(written.shared).toBe(typed.present.value);
    expect(run(written, { type: 'shared', value: typed.present.value })).toBe(written);
    expect(run(written, { type: 'shared', value: null }).shared).toBeNull();
  });
});
