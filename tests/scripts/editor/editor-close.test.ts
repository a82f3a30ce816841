/**
 * An editor stopped (SIGTERM, Ctrl+C: run-editor.ts calls close) while a publish is under way
 * lets it end first: stopped between moving the checkout and writing its files, it would leave
 * those files behind the version, as if someone had changed them back by hand.
 */
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { stopOnSignals } from '../../../scripts/editor/run-editor';
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

describe('the signals that stop the editor (run-editor.ts, stopOnSignals)', () => {
  /** stopOnSignals on an emitter of its own, with a close that ends when the test says. */
  function stoppable(underWay: boolean) {
    const signals = new EventEmitter();
    const said: string[] = [];
    const exits: number[] = [];
    let end = (): void => undefined;
    let closes = 0;
    stopOnSignals(signals, {
      close: () => {
        closes += 1;
        return new Promise<void>((resolve) => {
          end = resolve;
        });
      },
      underWay: () => underWay,
      say: (line) => said.push(line),
      exit: (code) => void exits.push(code),
    });
    return { signals, said, exits, end: () => end(), closes: () => closes };
  }

  it('close once on the first, say that a publish under way ends first, and exit with 0 once it has', async () => {
    const { signals, said, exits, end, closes } = stoppable(true);
    signals.emit('SIGINT');
    expect(said).toEqual(['Stopping once the publish under way has ended (stop again to stop at once)…']);
    expect(closes()).toBe(1);
    expect(exits).toEqual([]);
    end();
    await waitFor('the exit', () => exits.length > 0);
    expect(exits).toEqual([0]);
  });

  it('stop at once, with 1, on a second signal while the publish still runs', () => {
    const { signals, said, exits, closes } = stoppable(true);
    signals.emit('SIGTERM');
    signals.emit('SIGINT');
    expect(exits).toEqual([1]);
    expect(closes()).toBe(1);
    expect(said).toHaveLength(1);
  });

  it('say nothing when no publish is under way', async () => {
    const { signals, said, exits, end } = stoppable(false);
    signals.emit('SIGTERM');
    end();
    await waitFor('the exit', () => exits.length > 0);
    expect(said).toEqual([]);
    expect(exits).toEqual([0]);
  });
});
