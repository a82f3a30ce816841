/** Who a publish from the editor names as its author: git's user, the request's, or a trusted proxy's signed-in user. */
import { describe, expect, it } from 'vitest';
import type { AuthorAnswer } from '../../../src/content/api-types';
import { publishingEditors } from './publishing-editors';

const { send, published, retitle, lastCommit } = publishingEditors();

describe('the author', () => {
  const proxyHeaders = { 'X-Forwarded-User': 'mallory', 'X-Forwarded-Email': 'mallory@example.com' };

  it('is git’s user when no one is named, and a proxy’s headers are ignored unless the proxy is trusted', async () => {
    const { checkout, editor } = await published('untrusted', { name: 'Git User', email: 'git@example.com' });
    const author = (await send(editor, '/__editor/api/author', { headers: proxyHeaders })).json() as unknown as AuthorAnswer;
    expect(author).toEqual({ author: { name: 'Git User', email: 'git@example.com' }, from: 'git' });
    retitle(checkout, 'about.json', 'About us, again');
    const answer = await send(editor, '/__editor/api/publish', {
      method: 'POST',
      headers: proxyHeaders,
      body: JSON.stringify({ paths: ['pages/about.json'], message: 'Retitled' }),
    });
    expect(answer.status).toBe(200);
    expect((await lastCommit(checkout)).slice(0, 2)).toEqual(['Git User <git@example.com>', 'Retitled']);
  });

  it('is null from git when git has no user, and the request must then name one', async () => {
    const { checkout, editor } = await published('nobody', null);
    expect((await send(editor, '/__editor/api/author')).json()).toEqual({ author: null, from: 'git' });
    retitle(checkout, 'about.json', 'About nobody');
    const unnamed = await send(editor, '/__editor/api/publish', {
      method: 'POST',
      body: JSON.stringify({ paths: ['pages/about.json'], message: 'Retitled' }),
    });
    expect(unnamed.status).toBe(400);
  });

  it('is never the request body’s when the proxy is trusted: a request the proxy names no one in is refused in words', async () => {
    const { checkout, editor } = await published('unsigned', { name: 'Git User', email: 'git@example.com' }, true);
    expect((await send(editor, '/__editor/api/author')).json()).toEqual({ author: null, from: 'proxy' });
    retitle(checkout, 'about.json', 'About, by whom?');
    const answer = await send(editor, '/__editor/api/publish', {
      method: 'POST',
      headers: { 'X-Forwarded-User': 'mallory' },
      body: JSON.stringify({
        paths: ['pages/about.json'],
        message: 'Unsigned',
        author: { name: 'Someone Else', email: 'else@example.com' },
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      status: 'refused',
      reason: 'author',
      message:
        'The sign-in in front of the editor did not say who you are, so nothing was published: sign out and in again, or ask whoever set up the sign-in.',
    });
    expect((await lastCommit(checkout))[1]).toBe('The site as published');
  });

  it('takes a signed-in name sent as UTF-8 as its letters, and refuses one holding a direction override in words', async () => {
    const { checkout, editor } = await published('utf8-proxy', null, true);
    retitle(checkout, 'about.json', 'About, in any script');
    const publishAs = (user: string) =>
      send(editor, '/__editor/api/publish', {
        method: 'POST',
        // Node sends header text as Latin-1: a UTF-8 name reaches the editor as its bytes, as a proxy sends it.
        headers: { 'X-Forwarded-User': Buffer.from(user, 'utf8').toString('latin1'), 'X-Forwarded-Email': 'zoe@example.com' },
        body: JSON.stringify({ paths: ['pages/about.json'], message: 'Signed in' }),
      });
    const override = await publishAs('Zoë ‮rotide');
    expect(override.json()).toEqual({
      status: 'refused',
      reason: 'author',
      message: 'The name holds a right-to-left override (U+202E), an invisible character that makes text read backwards: remove it.',
    });
    expect((await publishAs('Zoë Ångström')).json()).toMatchObject({ status: 'published' });
    expect((await lastCommit(checkout))[0]).toBe('Zoë Ångström <zoe@example.com>');
  });

  it('is the trusted proxy’s signed-in user, whatever the request body says', async () => {
    const { checkout, editor } = await published('trusted', { name: 'Git User', email: 'git@example.com' }, true);
    const author = (await send(editor, '/__editor/api/author', { headers: proxyHeaders })).json() as unknown as AuthorAnswer;
    expect(author).toEqual({ author: { name: 'mallory', email: 'mallory@example.com' }, from: 'proxy' });
    retitle(checkout, 'about.json', 'About, signed in');
    const answer = await send(editor, '/__editor/api/publish', {
      method: 'POST',
      headers: proxyHeaders,
      body: JSON.stringify({
        paths: ['pages/about.json'],
        message: 'Signed in',
        author: { name: 'Someone Else', email: 'else@example.com' },
      }),
    });
    expect(answer.status).toBe(200);
    expect((await lastCommit(checkout)).slice(0, 2)).toEqual(['mallory <mallory@example.com>', 'Signed in']);
  });
});
