/**
 * POST undo over HTTP, with real git: one version's change taken back from the page as saved,
 * nothing written, and every request it cannot answer refused in words with its status.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import type { Undone } from '../../../src/content/undo-types';
import { publishingEditors } from './publishing-editors';

const { send, published } = publishingEditors();

describe('undoing one change through the editor', () => {
  it('answers the page with the change taken back, asks about a field changed since, and refuses what it cannot undo in words', async () => {
    const { checkout, editor } = await published('undo');
    const file = join(checkout, 'pages/about.json');
    const original = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const publish = async (message: string, fields: Record<string, unknown>): Promise<string> => {
      writeFileSync(file, `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...fields }, null, 2)}\n`);
      const answer = await send(editor, '/__editor/api/publish', {
        method: 'POST',
        body: JSON.stringify({ paths: ['pages/about.json'], message, author: { name: 'Ana Writer', email: 'ana@example.com' } }),
      });
      expect(answer.json(), JSON.stringify(answer.json())).toMatchObject({ status: 'published' });
      return (await git(checkout, ['rev-parse', 'HEAD'])).stdout.trim();
    };
    const spring = await publish('Headline for spring', { heading: 'Spring at Nuvora', title: 'About us this spring' });
    const later = await publish('Spring headline, shorter', { heading: 'Spring', description: 'Who we are, in a few words.' });
    const undo = (body: unknown) => send(editor, '/__editor/api/undo', { method: 'POST', body: JSON.stringify(body) });

    const asked = await undo({ path: 'pages/about.json', commit: spring });
    expect(asked.status).toBe(200);
    const answer = asked.json() as unknown as Undone;
    expect(answer.value).toMatchObject({ title: original.title, heading: 'Spring', description: 'Who we are, in a few words.' });
    expect(answer.conflicts).toEqual([
      {
        path: ['heading'],
        field: 'heading',
        before: original.heading,
        now: 'Spring',
        chosen: 'mine',
        by: {
          commit: later,
          date: expect.any(String),
          author: { name: 'Ana Writer', email: 'ana@example.com' },
          subject: 'Spring headline, shorter',
        },
      },
    ]);
    const chosen = (await undo({ path: 'pages/about.json', commit: spring, choices: ['theirs'] })).json() as unknown as Undone;
    expect(chosen.value).toMatchObject({ title: original.title, heading: original.heading, description: 'Who we are, in a few words.' });
    // Nothing is written: the answer becomes the editor's draft.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ heading: 'Spring', title: 'About us this spring' });

    const refused = async (body: unknown) => {
      const reply = await undo(body);
      return [reply.status, reply.json().error];
    };
    expect(await refused({ path: 'pages/about.json', commit: 'not a version' })).toEqual([
      400,
      "The editor's page sent a request its server cannot read (a version it cannot name): reload the page and try again.",
    ]);
    expect(await refused({ path: 'pages/about.json', commit: 'abcdef1' })).toEqual([
      404,
      'That version is not in the site’s history (any more): open the history again.',
    ]);
    expect(await refused({ path: 'pages/about.json', commit: '--output=x' })).toEqual([
      400,
      "The editor's page sent a request its server cannot read (a version it cannot name): reload the page and try again.",
    ]);
    expect(await refused({ path: 'pages/no-such-page.json', commit: spring })).toEqual([
      404,
      'No page of that name has ever been published, so there is no change of it to undo.',
    ]);
    expect((await refused({ path: '../etc/passwd', commit: spring }))[0]).toBe(400);
    const careers = await (async () => {
      const careersFile = join(checkout, 'pages/careers.json');
      writeFileSync(careersFile, `${JSON.stringify({ ...JSON.parse(readFileSync(careersFile, 'utf8')), title: 'Join us' }, null, 2)}\n`);
      await send(editor, '/__editor/api/publish', {
        method: 'POST',
        body: JSON.stringify({ paths: ['pages/careers.json'], message: 'Careers retitled' }),
      });
      return (await git(checkout, ['rev-parse', 'HEAD'])).stdout.trim();
    })();
    expect(await refused({ path: 'pages/about.json', commit: careers })).toEqual([
      422,
      'That version did not change About us this spring: choose “Undo this change” beside one of About us this spring’s own versions in its History.',
    ]);
    expect(await refused({ path: 'pages/about.json' })).toEqual([
      400,
      "The editor's page sent a request its server cannot read (no page or no version whose change to undo): reload the page and try again.",
    ]);
    expect(await refused({ path: 'pages/about.json', commit: spring, choices: ['yours'] })).toEqual([
      400,
      "The editor's page sent a request its server cannot read (a choice that is neither keep nor take back): reload the page and try again.",
    ]);
  });
});
