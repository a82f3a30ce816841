import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git, GitError, GitTimeout, withPaths } from '../../../scripts/publish/git/git';
import { silentServer, until } from '../../helpers/silent-server';

const work = mkdtempSync(join(tmpdir(), 'git-runner-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the git runner', () => {
  it('runs git without a shell: a path made of shell words is a file, a name starting with - is no option', async () => {
    await git(work, ['init', '-q', '-b', 'main']);
    const odd = ['-rf', '$(touch pwned)', 'a; touch pwned2'];
    for (const name of odd) writeFileSync(join(work, name), 'x\n');
    await git(work, withPaths(['add'], odd));
    const message = 'Publish "-rf" and $(whoami); `id`\n\nSecond line';
    await git(work, ['commit', '-q', '-F', '-'], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: 'Ana',
        GIT_AUTHOR_EMAIL: 'ana@example.com',
        GIT_COMMITTER_NAME: 'Ana',
        GIT_COMMITTER_EMAIL: 'ana@example.com',
      },
    });
    const { stdout: files } = await git(work, ['show', '--name-only', '--format=', 'HEAD']);
    expect(files.trim().split('\n').sort()).toEqual([...odd].sort());
    const { stdout: said } = await git(work, ['log', '-1', '--format=%B']);
    expect(said.trim()).toBe(message);
    // Nothing ran: the words stayed words.
    const { stdout: status } = await git(work, ['status', '--porcelain']);
    expect(status).toBe('');
  });

  it('throws a failure with git’s own words, or answers it when asked to', async () => {
    await expect(git(work, ['show', 'no-such-revision'])).rejects.toBeInstanceOf(GitError);
    await expect(git(work, ['show', 'no-such-revision'])).rejects.toThrow(/unknown revision/);
    const answered = await git(work, ['show', 'no-such-revision'], { allowFailure: true });
    expect(answered.code).not.toBe(0);
    expect(answered.stderr).toMatch(/unknown revision/);
  });
});

describe('the git runner’s time limit', () => {
  it('ends git and the helper it started when the time is up, and says so', async () => {
    const server = await silentServer();
    try {
      const started = git(work, ['ls-remote', '--', server.http], { timeoutMs: 1000 });
      await expect(started).rejects.toBeInstanceOf(GitTimeout);
      await expect(started).rejects.toThrow('git ls-remote gave no answer within 1 s and was ended');
      // The connection git's helper opened is closed: the helper was ended with git.
      expect(server.accepted()).toBe(1);
      await until(() => server.open() === 0);
    } finally {
      await server.close();
    }
  });
});
