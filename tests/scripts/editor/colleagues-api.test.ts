/** The colleagues routes of a running editor on a real checkout: told, brought in, and a remote that cannot answer never holds the editor up. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { publish } from '../../../scripts/publish/publish';
import { silentServer } from '../../helpers/silent-server';
import { ben, edit, retitle } from '../publish/content-edits';
import { publishingEditors } from './publishing-editors';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { send, published, repos } = publishingEditors();
const HOME = 'pages/index.json';
const ASK = `/__editor/api/colleagues?path=${encodeURIComponent(HOME)}`;

describe('the colleagues routes', () => {
  it('names who published the page, brings it in, and says nothing, at once for other requests, when the remote hangs or is gone', async () => {
    const { remote, checkout, editor } = await published('api-colleagues');
    const other = await repos.clone(remote, 'api-colleagues-b', ben);
    edit(other, HOME, retitle('Our Expertise', 'What we do'));
    expect(await publish(other, { paths: [HOME], message: 'Home: what we do', author: ben })).toMatchObject({ status: 'published' });
    const date = (await git(remote, ['log', '-1', '--format=%cI', 'main'])).stdout.trim();
    const told = await send(editor, ASK);
    expect(told.status).toBe(200);
    expect(told.json()).toEqual({ since: { publishes: [{ name: 'Ben Writer', date }], state: 'changed' } });
    const brought = await send(editor, '/__editor/api/bring-in', { method: 'POST', body: JSON.stringify({ path: HOME }) });
    expect(brought.status).toBe(200);
    expect(brought.json()).toMatchObject({ status: 'brought', text: readFileSync(join(checkout, HOME), 'utf8') });
    expect(readFileSync(join(checkout, HOME), 'utf8')).toContain('"What we do"');
    expect((await send(editor, `/__editor/api/hash?path=${encodeURIComponent(HOME)}`)).json()).toEqual({
      hash: (brought.json() as { hash: string }).hash,
    });
    // A path that is no page is refused in words, before git is asked anything.
    expect((await send(editor, '/__editor/api/colleagues?path=..%2Fpackage.json')).status).toBe(400);
    for (const body of [JSON.stringify({ path: '../package.json' }), JSON.stringify({ path: 7 }), '{"path":', 'not json'])
      expect((await send(editor, '/__editor/api/bring-in', { method: 'POST', body })).status, body).toBe(400);
    expect(readFileSync(join(checkout, HOME), 'utf8')).toContain('"What we do"');

    const silent = await silentServer();
    try {
      await git(checkout, ['remote', 'set-url', 'origin', silent.url]);
      // The last answer is held for a few seconds: asked again until the editor asks the silent remote.
      let hanging = send(editor, ASK);
      await expect
        .poll(async () => {
          if (silent.accepted() === 0 && (await Promise.race([hanging.then(() => true), pause(200).then(() => false)])))
            hanging = send(editor, ASK);
          return silent.accepted();
        })
        .toBeGreaterThanOrEqual(1);
      // The editor answers everything else meanwhile, the remote still silent.
      expect((await send(editor, '/__editor/api/files')).status).toBe(200);
      const slow = await hanging;
      expect([slow.status, slow.json()]).toEqual([200, { since: null }]);
    } finally {
      silent.hangUp();
      await silent.close();
    }
    await git(checkout, ['remote', 'set-url', 'origin', join(checkout, '..', 'gone.git')]);
    // Asked again once the last answer is a few seconds old: the remote that is gone says nothing either.
    await expect
      .poll(async () => {
        const gone = await send(editor, ASK);
        return [gone.status, gone.json()];
      })
      .toEqual([200, { since: null }]);
    const refused = await send(editor, '/__editor/api/bring-in', { method: 'POST', body: JSON.stringify({ path: HOME }) });
    expect(refused.json()).toEqual({
      status: 'refused',
      message:
        'The published site could not be reached just now, so nothing was brought in: your changes are as they were. Try again in a minute.',
    });
  });
});
