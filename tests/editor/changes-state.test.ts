import { describe, expect, it } from 'vitest';
import type { ChangedFile, ChangesAnswer, PublishAnswer } from '../../src/content/api-types';
import {
  type ChangesAction,
  type ChangesState,
  changesState,
  chosenOf,
  descriptionOf,
  initialChanges,
  keptOf,
  withKept,
} from '../../src/editor/publishing/changes-state';

const file = (path: string, title: string, more: Partial<ChangedFile> = {}): ChangedFile => ({
  path,
  kind: 'page',
  state: 'modified',
  title,
  committed: false,
  uncommitted: true,
  problems: [],
  summary: '',
  ...more,
});
const about = file('pages/about.json', 'About us', { summary: 'About us: "Who we are" edited (heading)' });
const careers = file('pages/careers.json', 'Careers');
const broken = file('pages/services.json', 'Services', {
  problems: [{ file: 'pages/services.json', line: 3, column: 5, path: 'title', code: 'required', message: 'Title is missing.' }],
});
const listed = (...changes: ChangedFile[]): ChangesAction => ({
  type: 'listed',
  answer: { changes, remote: null, published: 'c0ffee', unpushed: 0 } satisfies ChangesAnswer,
});
const published: PublishAnswer = { status: 'published', commit: 'abc', rebased: false, localMerges: [] };
const start = (): ChangesState => initialChanges({ name: '', email: '' });
const run = (...actions: ChangesAction[]): ChangesState => actions.reduce(changesState, start());

describe('the state of Changes and Publish', () => {
  it('chooses every file without problems, proposes their summaries as the description, and leaves out a file unticked', () => {
    const all = run(listed(about, careers, broken));
    expect(chosenOf(all).map((each) => each.path)).toEqual(['pages/about.json', 'pages/careers.json']);
    expect(descriptionOf(all)).toBe('About us: "Who we are" edited (heading); Careers: Changed');
    const one = changesState(all, { type: 'toggled', path: 'pages/about.json', chosen: false });
    expect(chosenOf(one).map((each) => each.path)).toEqual(['pages/careers.json']);
    expect(descriptionOf(one)).toBe('Careers: Changed');
    const again = changesState(one, { type: 'toggled', path: 'pages/about.json', chosen: true });
    expect(chosenOf(again)).toHaveLength(2);
  });

  it('keeps the words the person wrote over the proposal, until a publish goes through', () => {
    const written = run(
      listed(about),
      { type: 'described', message: 'New team page' },
      { type: 'toggled', path: about.path, chosen: false },
    );
    expect(descriptionOf(written)).toBe('New team page');
    const refused = run(
      listed(about),
      { type: 'described', message: 'New team page' },
      { type: 'publishStarted' },
      { type: 'published', answer: { status: 'refused', reason: 'problems', message: 'Services has a problem.' }, titles: ['Services'] },
      { type: 'publishEnded' },
    );
    expect(descriptionOf(refused)).toBe('New team page');
    expect(refused.result).toEqual({
      answer: { status: 'refused', reason: 'problems', message: 'Services has a problem.' },
      titles: ['Services'],
    });
    const done = changesState(refused, { type: 'published', answer: published, titles: ['Services'] });
    expect([done.edited, done.message, descriptionOf(done)]).toEqual([false, '', about.summary]);
  });

  it('is busy from the start of a publish to its end, and tells a failure as a refusal naming the server’s words', () => {
    const sending = run(listed(about), { type: 'publishStarted' });
    expect(sending.busy).toBe(true);
    const failed = run(
      listed(about),
      { type: 'publishStarted' },
      { type: 'publishFailed', message: 'The editor’s server is not running.' },
    );
    expect(failed.result).toEqual({
      answer: { status: 'refused', reason: 'server', message: 'The editor’s server is not running.' },
      titles: [],
    });
    expect(changesState(failed, { type: 'publishEnded' }).busy).toBe(false);
  });

  it('says "Publishing…" only until the publish answers, though Publish waits until the list is read again', () => {
    const sending = run(listed(about), { type: 'publishStarted' });
    expect([sending.busy, sending.sending]).toEqual([true, true]);
    const answered = changesState(sending, { type: 'published', answer: published, titles: ['About us'] });
    expect([answered.busy, answered.sending]).toEqual([true, false]);
    const ended = changesState(answered, { type: 'publishEnded' });
    expect([ended.busy, ended.sending]).toEqual([false, false]);
  });

  it('asks who publishes only when the server knows no one, and never behind a sign-in', () => {
    const ada = { name: 'Ada Editor', email: 'ada@example.com' };
    expect(run({ type: 'authorKnown', answer: { author: ada, from: 'git' } }).serverAuthor).toEqual(ada);
    expect(run({ type: 'authorKnown', answer: { author: null, from: 'git' } }).serverAuthor).toBeNull();
    expect(run({ type: 'authorKnown', answer: { author: null, from: 'proxy' } }).serverAuthor).toBeUndefined();
    expect(run({ type: 'authorUnknown' }).serverAuthor).toBeNull();
    const typed = run({ type: 'typed', field: 'name', value: 'Grace' }, { type: 'typed', field: 'email', value: 'grace@example.com' });
    expect(typed.typed).toEqual({ name: 'Grace', email: 'grace@example.com' });
  });

  it('says a discard in words, clears the last publish’s, and moves the focus to the heading as its dialog closes', () => {
    const asked = run(
      listed(about, careers),
      { type: 'publishStarted' },
      { type: 'published', answer: published, titles: ['Services', 'About'] },
      { type: 'publishEnded' },
      { type: 'discardAsked', file: about },
      { type: 'discardStarted' },
    );
    expect([asked.discarding, asked.discardBusy, asked.headingFocus]).toEqual([about, true, 0]);
    const told = changesState(asked, {
      type: 'discarded',
      file: about,
      answer: { status: 'discarded', restored: [about.path], removed: [] },
    });
    expect([told.result, told.discarded]).toEqual([null, 'The changes to About us are discarded.']);
    const closed = changesState(told, { type: 'discardEnded' });
    expect([closed.discarding, closed.discardBusy, closed.headingFocus]).toEqual([null, false, 1]);
    // The next dialog, closed without discarding, leaves the focus to the dialog (back on its own button).
    const next = changesState(changesState(closed, { type: 'discardAsked', file: careers }), { type: 'discardClosed' });
    expect([next.discarding, next.headingFocus]).toEqual([null, 1]);
  });

  it('tells a refused or failed discard in words, keeping the last publish’s words when the server did not answer', () => {
    const refused = run(
      { type: 'discardAsked', file: careers },
      { type: 'discarded', file: careers, answer: { status: 'refused', message: 'Careers changed meanwhile.' } },
    );
    expect(refused.discarded).toBe('Careers changed meanwhile.');
    const failed = run(
      { type: 'published', answer: published, titles: ['Services'] },
      { type: 'discardAsked', file: careers },
      { type: 'discardFailed', file: careers, message: 'The editor’s server is not running.' },
    );
    expect(failed.discarded).toBe('The changes to Careers could not be discarded: The editor’s server is not running.');
    expect(failed.result?.answer.status).toBe('published');
  });

  it('moves the focus to the heading on the next close when a discard ended after its dialog was closed with Escape', () => {
    const escaped = run({ type: 'discardAsked', file: about }, { type: 'discardStarted' }, { type: 'discardClosed' });
    expect([escaped.discarding, escaped.headingFocus]).toEqual([null, 0]);
    const ended = changesState(escaped, { type: 'discardEnded' });
    expect([ended.discardBusy, ended.headingFocus]).toEqual([false, 0]);
    const reopened = changesState(ended, { type: 'discardAsked', file: careers });
    expect(reopened.headingFocus).toBe(0);
    const closed = changesState(reopened, { type: 'discardClosed' });
    expect(closed.headingFocus).toBe(1);
    expect(changesState(closed, { type: 'discardClosed' })).toBe(closed);
  });

  it('keeps the values chosen between conflicting fields through another answer with conflicts, and forgets them with any other', () => {
    const conflicts: PublishAnswer = { status: 'conflicts', commit: 'abc', conflicts: [] };
    const chosen = run(
      listed(about),
      { type: 'published', answer: conflicts, titles: ['Services'] },
      { type: 'conflictChosen', name: 'k:0', side: 'theirs' },
      { type: 'conflictChosen', name: 'k:1', side: 'theirs' },
      { type: 'conflictChosen', name: 'k:1', side: 'mine' },
    );
    expect(chosen.choices).toEqual({ 'k:0': 'theirs', 'k:1': 'mine' });
    expect(changesState(chosen, { type: 'published', answer: { ...conflicts, commit: 'def' }, titles: ['Services'] }).choices).toEqual(
      chosen.choices,
    );
    expect(changesState(chosen, { type: 'published', answer: published, titles: ['Services'] }).choices).toEqual({});
    expect(changesState(chosen, { type: 'publishFailed', message: 'The editor’s server is not running.' }).choices).toEqual({});
    const discarded = changesState(chosen, { type: 'discarded', file: about, answer: { status: 'discarded', restored: [], removed: [] } });
    expect([discarded.result, discarded.choices]).toEqual([null, {}]);
  });

  it('keeps the last list when reading it again fails, and says why', () => {
    const failed = run(listed(about), { type: 'listFailed', message: 'The editor’s server is not running.' });
    expect([failed.list?.changes, failed.error]).toEqual([[about], 'The editor’s server is not running.']);
    expect(changesState(failed, listed(careers)).error).toBe('');
  });

  it('keeps the description written and the conflicts waiting with their choices for the next visit, and nothing once published', () => {
    expect(keptOf(run(listed(about)))).toBeNull();
    const conflicts: PublishAnswer = { status: 'conflicts', commit: 'abc', conflicts: [] };
    const waiting = run(
      listed(about),
      { type: 'described', message: 'New words for About' },
      { type: 'published', answer: conflicts, titles: ['Services'] },
      { type: 'conflictChosen', name: 'abc:pages/about.json:0', side: 'theirs' },
    );
    const kept = keptOf(waiting);
    expect(kept).toEqual({
      message: 'New words for About',
      edited: true,
      result: { answer: conflicts, titles: ['Services'] },
      choices: { 'abc:pages/about.json:0': 'theirs' },
    });
    // A new visit: the screen starts from what was kept, through JSON as the browser keeps it.
    const back = changesState(withKept(start(), JSON.parse(JSON.stringify(kept))), listed(about));
    expect(descriptionOf(back)).toBe('New words for About');
    expect(back.result?.answer.status).toBe('conflicts');
    expect(back.choices).toEqual({ 'abc:pages/about.json:0': 'theirs' });
    expect(keptOf(changesState(back, { type: 'published', answer: published, titles: ['Services'] }))).toBeNull();
  });
});
