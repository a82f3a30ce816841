/**
 * An editor stopped (SIGTERM, Ctrl+C: run-editor.ts calls close) while a publish is under way
 * lets it end first: stopped between moving the checkout and writing its files, it would leave
 * those files behind the version, as if someone had changed them back by hand.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { publishUnderWay, withPublishLock } from '../../../scripts/publish/with-publish-lock';
import type { PublishAnswer } from '../../../src/content/api-types';
import { waitFor } from '../../helpers/wait';
import { publishingEditors } from './publishing-editors';

const { send, published, retitle, lastCommit } = publishingEditors();

describe('an editor stopped while a publish is under way', () => {
  it('stops listening at once, lets the publish end and answer, and only then closes', async () => {
    const { remote, checkout, editor } = await published('stopped');
    retitle(checkout, 'about.json', 'About the studio');
    // Something else holds the checkout's publish lock (another publish, a discard, a bring-in) until the test lets go.
    let letGo = (): void => undefined;
    const holding = withPublishLock(
      join(checkout, '.git'),
      () =>
        new Promise<void>((resolve) => {
          letGo = resolve;
        }),
    );
    const answer = send(editor, '/__editor/api/publish', {
      method: 'POST',
      body: JSON.stringify({
        paths: ['pages/about.json'],
        message: 'A new title',
        author: { name: 'Ada Writer', email: 'ada@example.com' },
      }),
    });
    // The publish has come in and waits its turn.
    await waitFor('the publish to queue', async () => {
      await sleep(20);
      return publishUnderWay() && (await lastCommit(checkout))[1] !== 'A new title';
    });
    let closed = false;
    const closing = editor.close().then(() => {
      closed = true;
    });
    await waitFor('the editor to stop listening', () => !editor.server.listening);
    await sleep(200);
    expect(closed).toBe(false);
    letGo();
    await holding;
    const answered = await answer;
    expect(answered.status).toBe(200);
    expect((answered.json() as unknown as PublishAnswer).status).toBe('published');
    await closing;
    expect(publishUnderWay()).toBe(false);
    expect((await lastCommit(remote, 'main'))[1]).toBe('A new title');
  });
});
