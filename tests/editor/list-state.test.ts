import { describe, expect, it } from 'vitest';
import type { FileInfo } from '../../src/content/api-types';
import { initialList, type ListAction, type ListState, listState } from '../../src/editor/files/list-state';

const home: FileInfo = { path: 'pages/index.json', kind: 'page', route: '/', title: 'Cloud, done right', problems: 0 };
const run = (...actions: ListAction[]): ListState => actions.reduce(listState, initialList);

describe('the state of the page list', () => {
  it('holds the files once read, or why they could not be', () => {
    expect(run({ type: 'listed', files: [home] }).files).toEqual([home]);
    const failed = run({ type: 'listFailed', message: 'The editor’s server is not running.' });
    expect([failed.files, failed.error]).toEqual([null, 'The editor’s server is not running.']);
  });

  it('counts the changed files only where publishing works', () => {
    expect(initialList.changed).toBeNull();
    expect(run({ type: 'counted', changed: 3 }).changed).toBe(3);
    expect(run({ type: 'counted', changed: 3 }, { type: 'counted', changed: null }).changed).toBeNull();
  });

  it('keeps what the search box holds', () => {
    expect(run({ type: 'searched', query: 'care' }, { type: 'searched', query: 'careers' }).query).toBe('careers');
  });

  it('keeps what was typed in the new-page dialog, and why it was refused, after it closes and opens again', () => {
    expect(initialList.newPage).toEqual({ address: '/', title: '', from: '', error: '' });
    const typed = run(
      { type: 'newPageOpened' },
      { type: 'newPageTyped', field: 'address', value: '/services/cloud' },
      { type: 'newPageTyped', field: 'from', value: 'pages/about.json' },
      { type: 'newPageRefused', message: 'Give the page a title.' },
      { type: 'newPageClosed' },
    );
    expect(typed.creating).toBe(false);
    const reopened = listState(typed, { type: 'newPageOpened' });
    expect(reopened.creating).toBe(true);
    expect(reopened.newPage).toEqual({ address: '/services/cloud', title: '', from: 'pages/about.json', error: 'Give the page a title.' });
    expect(listState(reopened, { type: 'newPageTyped', field: 'title', value: 'Cloud' }).newPage.title).toBe('Cloud');
  });
});
