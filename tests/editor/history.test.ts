import { describe, expect, it } from 'vitest';
import { type Action, historyReducer, type Snapshot, type State } from '../../src/editor/file/history';

const snapshot = (title: string): Snapshot => ({ value: { title }, keys: [] });
const start = (): State => ({ present: snapshot('0'), past: [], future: [], lastKey: null, lastAt: 0 });
const run = (state: State, ...actions: Action[]): State => actions.reduce(historyReducer, state);
const change = (title: string, key: string | null, at: number): Action => ({ type: 'change', next: snapshot(title), key, at });

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
});
