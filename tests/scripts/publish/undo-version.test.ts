import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatJson } from '../../../scripts/content/fixing/migrate-tree';
import { UndoRefused, undoVersion } from '../../../scripts/publish/history/undo-version';
import { VersionError } from '../../../scripts/publish/history/history';
import { ANA, BEN, versionRepo, type VersionRepo } from './version-repo';

const ABOUT = 'pages/about.json';

interface Block {
  type: string;
  heading?: string;
  text?: string;
  [field: string]: unknown;
}
interface Page {
  title: string;
  heading: string;
  description: string;
  blocks: Block[];
  [field: string]: unknown;
}

let repo: VersionRepo;
afterEach(() => repo?.remove());

/** The page as the repository's checkout holds it now. */
const pageIn = (path = ABOUT): Page => JSON.parse(readFileSync(join(repo.root, path), 'utf8')) as Page;

/** Commits the page changed by `edit`, as `author` on `date`; resolves with the commit. */
async function change(message: string, edit: (page: Page) => void, author = ANA, date = '2026-11-10T14:02:00+01:00'): Promise<string> {
  const page = pageIn();
  edit(page);
  return repo.commit(message, { [ABOUT]: formatJson(page) }, author, date);
}

/** The checkout is as it was: undoing only reads. */
async function untouched(): Promise<void> {
  expect(await repo.run(['status', '--porcelain'])).toBe('');
}

/** The words an undo is refused with. */
async function refusal(undo: Promise<unknown>): Promise<string> {
  const error = await undo.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('undoing one version of a page', () => {
  it('takes back the fields it changed, and keeps a later colleague’s change to another field and another block', async () => {
    repo = await versionRepo('undo-fields');
    const original = pageIn();
    const spring = await change('Headline for spring', (page) => {
      page.heading = 'Spring at Nuvora';
      (page.blocks[0] as Block).heading = 'Who we are this spring';
    });
    await change(
      'Shorter call to action',
      (page) => {
        page.description = 'Who we are, in short.';
        (page.blocks[3] as Block).text = 'Talk to us.';
      },
      BEN,
      '2026-11-12T09:30:00+01:00',
    );

    const undone = await undoVersion(repo.root, spring, ABOUT);
    expect(undone.conflicts).toEqual([]);
    const expected = pageIn();
    expected.heading = original.heading;
    (expected.blocks[0] as Block).heading = original.blocks[0]?.heading;
    expect(undone.value).toEqual(expected);
    expect(undone.value.description).toBe('Who we are, in short.');
    expect((undone.value.blocks as Block[])[3]?.text).toBe('Talk to us.');
    expect(undone.commit).toBe(spring);
    await untouched();
  });

  it('removes a block the version added, brings back one it removed at its place, and moves back one it moved', async () => {
    repo = await versionRepo('undo-blocks');
    const original = pageIn();
    const added = await change('A second call to action', (page) => {
      page.blocks.splice(2, 0, { type: 'callToAction', heading: 'Ask us anything', text: 'We answer within a day.' });
    });
    await change(
      'Case studies renamed',
      (page) => {
        (page.blocks[3] as Block).heading = 'Our work';
      },
      BEN,
      '2026-11-11T10:00:00+01:00',
    );
    const afterAdded = await undoVersion(repo.root, added, ABOUT);
    expect(afterAdded.value.blocks).toEqual(pageIn().blocks.filter((block) => block.heading !== 'Ask us anything'));
    expect((afterAdded.value.blocks as Block[]).map((block) => block.heading)).toEqual([
      'Who we are',
      'How we work',
      'Our work',
      'Work with a team that stays',
    ]);

    repo.remove();
    repo = await versionRepo('undo-blocks-removed');
    const removed = await change('No steps', (page) => void page.blocks.splice(1, 1));
    await change(
      'Call to action rewritten',
      (page) => {
        (page.blocks[2] as Block).text = 'Talk to us.';
      },
      BEN,
      '2026-11-11T10:00:00+01:00',
    );
    const afterRemoved = await undoVersion(repo.root, removed, ABOUT);
    const back = afterRemoved.value.blocks as Block[];
    expect(back.map((block) => block.type)).toEqual(['cardGrid', 'steps', 'caseStudies', 'callToAction']);
    expect(back[1]).toEqual(original.blocks[1]);
    expect(back[3]?.text).toBe('Talk to us.');

    repo.remove();
    repo = await versionRepo('undo-blocks-moved');
    const moved = await change('Call to action first', (page) => void page.blocks.unshift(page.blocks.pop() as Block));
    await change(
      'Steps renamed',
      (page) => {
        (page.blocks[2] as Block).heading = 'How we work, step by step';
      },
      BEN,
      '2026-11-11T10:00:00+01:00',
    );
    const afterMoved = await undoVersion(repo.root, moved, ABOUT);
    expect((afterMoved.value.blocks as Block[]).map((block) => block.heading)).toEqual([
      'Who we are',
      'How we work, step by step',
      'Recent work',
      'Work with a team that stays',
    ]);
    await untouched();
  });

  it('asks where a later change touched the same field, naming who made it and when, and takes the choice', async () => {
    repo = await versionRepo('undo-conflict');
    const original = pageIn();
    const spring = await change('Headline for spring', (page) => {
      page.heading = 'Spring at Nuvora';
      page.title = 'About us this spring';
    });
    const later = await change(
      'Spring headline, shorter',
      (page) => {
        page.heading = 'Spring';
      },
      BEN,
      '2026-11-12T09:30:00+01:00',
    );
    await change(
      'Description',
      (page) => {
        page.description = 'Who we are.';
      },
      ANA,
      '2026-11-13T09:30:00+01:00',
    );

    const asked = await undoVersion(repo.root, spring, ABOUT);
    expect(asked.conflicts).toEqual([
      {
        path: ['heading'],
        field: 'heading',
        before: original.heading,
        now: 'Spring',
        chosen: 'mine',
        by: { commit: later, date: '2026-11-12T09:30:00+01:00', author: BEN, subject: 'Spring headline, shorter' },
      },
    ]);
    // Until chosen, the later change stays; the version's other field goes back either way.
    expect(asked.value).toMatchObject({ heading: 'Spring', title: original.title, description: 'Who we are.' });
    const chosen = await undoVersion(repo.root, spring, ABOUT, { choices: ['theirs'] });
    expect(chosen.value).toMatchObject({ heading: original.heading, title: original.title, description: 'Who we are.' });
    expect(chosen.conflicts.map((conflict) => conflict.chosen)).toEqual(['theirs']);
  });

  it('names a later change saved here and not yet published as such', async () => {
    repo = await versionRepo('undo-saved');
    const spring = await change('Headline for spring', (page) => {
      page.heading = 'Spring at Nuvora';
    });
    const page = pageIn();
    page.heading = 'Spring, saved';
    writeFileSync(join(repo.root, ABOUT), formatJson(page));
    const asked = await undoVersion(repo.root, spring, ABOUT);
    expect(asked.conflicts.map(({ now, by }) => ({ now, by }))).toEqual([{ now: 'Spring, saved', by: null }]);
  });

  it('answers in words for a page deleted or moved since, and undoes under the page’s new address', async () => {
    repo = await versionRepo('undo-gone');
    const original = pageIn();
    const spring = await change('Headline for spring', (page) => {
      page.heading = 'Spring at Nuvora';
    });
    await repo.run(['mv', '--', ABOUT, 'pages/about-us.json']);
    await repo.commit('About moves to /about-us', {}, BEN, '2026-11-12T10:00:00+01:00');
    expect(await refusal(undoVersion(repo.root, spring, ABOUT))).toBe(
      'About us moved to a new address after “Headline for spring” by Ana Müller, and is now About us: open About us’s History from the page list and undo the change there.',
    );
    const moved = await undoVersion(repo.root, spring, 'pages/about-us.json');
    expect(moved.value.heading).toBe(original.heading);
    expect(moved.path).toBe('pages/about-us.json');

    await repo.commit('No about page', { 'pages/about-us.json': null }, BEN, '2026-11-13T10:00:00+01:00');
    expect(await refusal(undoVersion(repo.root, spring, 'pages/about-us.json'))).toBe(
      'About us was deleted after “Headline for spring” by Ana Müller, so there is no page to undo it in: restore About us from History first, then undo the change.',
    );
  });

  it('refuses in words a version that did not change the page, the page’s first version, and a change already taken back', async () => {
    repo = await versionRepo('undo-refused');
    const other = await repo.commit(
      'Testing page',
      { 'pages/testing.json': `${readFileSync(join(repo.root, 'pages/testing.json'), 'utf8')} ` },
      BEN,
    );
    const error = await undoVersion(repo.root, other, ABOUT).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UndoRefused);
    expect((error as Error).message).toBe(
      'That version did not change About us: choose “Undo this change” beside one of About us’s own versions in its History.',
    );
    const first = await repo.run(['rev-list', '--max-parents=0', 'HEAD']);
    expect(await refusal(undoVersion(repo.root, first, ABOUT))).toBe(
      '“The site as it was” by Ana Müller made About us, so undoing it would take the whole page away: delete the page from the page list instead.',
    );
    const spring = await change('Headline for spring', (page) => {
      page.heading = 'Spring at Nuvora';
    });
    await change(
      'Back to the old headline',
      (page) => {
        page.heading = 'About Nuvora Systems';
      },
      BEN,
      '2026-11-12T10:00:00+01:00',
    );
    expect(await refusal(undoVersion(repo.root, spring, ABOUT))).toBe(
      'Everything “Headline for spring” by Ana Müller changed on About us has been changed again or taken back since: there is nothing left of it to undo.',
    );
    const unknown = await undoVersion(repo.root, 'f00d', ABOUT).catch((failure: unknown) => failure);
    expect(unknown).toBeInstanceOf(VersionError);
    expect((unknown as Error).message).toBe('That version is not in the site’s history (any more): open the history again.');
  });

  it('refuses in words a page saved as a link or as something the editor cannot read, naming it by its title', async () => {
    repo = await versionRepo('undo-unreadable');
    const spring = await change('Headline for spring', (page) => {
      page.heading = 'Spring at Nuvora';
    });
    const file = join(repo.root, ABOUT);
    writeFileSync(file, '{ "title": ');
    expect(await refusal(undoVersion(repo.root, spring, ABOUT))).toBe(
      'About us as saved now cannot be read by the editor, so nothing can be undone in it: open it and mend it first.',
    );
    rmSync(file);
    // A link that points nowhere is a link all the same.
    symlinkSync('/nowhere/at/all.json', file);
    expect(await refusal(undoVersion(repo.root, spring, ABOUT))).toBe(
      'About us is kept somewhere else (behind a link), so nothing can be undone in it.',
    );
  });
});
