/**
 * Real git repositories for publishing tests: a bare remote under the system's temporary folder
 * and checkouts cloned from it, each holding a copy of the project's content (pages/, schemas/,
 * public/, migrations/: all the content checker reads) and its own git user. The content is
 * committed once per test file into a template remote; each test takes a fresh copy of it (git
 * clone --bare, objects hard-linked), so every test starts from one published commit.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git } from '../../scripts/publish/git/git';
import { root } from './project';

/** The project folders a checkout holds a copy of. */
const CONTENT = ['pages', 'schemas', 'public', 'migrations'];

/**
 * Keeps the machine's git configuration out of this process's git calls (its user above all),
 * so that what a test says about authors and committers holds anywhere.
 */
export function isolateGit(folder: string): void {
  const config = join(folder, 'gitconfig');
  writeFileSync(config, '[init]\n\tdefaultBranch = main\n');
  process.env.GIT_CONFIG_GLOBAL = config;
  process.env.GIT_CONFIG_NOSYSTEM = '1';
}

export interface GitRepos {
  /** The folder of all of them, removed by cleanup. */
  folder: string;
  /** Makes a new bare remote holding the published content (its branch main), and returns its path. */
  remote(name: string): Promise<string>;
  /** Clones `remote` into a new checkout with its own git user (null: none), and returns its path. */
  clone(remote: string, name: string, user?: { name: string; email: string } | null): Promise<string>;
  /** Makes `hook` (a shell script's text) the remote's pre-receive hook; null removes it. */
  hook(remote: string, script: string | null): void;
  cleanup(): void;
}

const SEEDER = { name: 'Seed', email: 'seed@example.com' };

/** The template remote and the folder for each test's repositories: call once per test file (beforeAll). */
export async function gitRepos(): Promise<GitRepos> {
  const folder = mkdtempSync(join(tmpdir(), 'publish-'));
  isolateGit(folder);
  const template = join(folder, 'template.git');
  const seed = join(folder, 'seed');
  mkdirSync(seed);
  for (const name of CONTENT) cpSync(join(root, name), join(seed, name), { recursive: true });
  await git(folder, ['init', '-q', '--bare', '-b', 'main', template]);
  await git(seed, ['init', '-q', '-b', 'main']);
  await git(seed, ['add', '-A']);
  await git(seed, ['-c', `user.name=${SEEDER.name}`, '-c', `user.email=${SEEDER.email}`, 'commit', '-q', '-m', 'The site as published']);
  await git(seed, ['push', '-q', template, 'main']);
  rmSync(seed, { recursive: true, force: true });
  return {
    folder,
    async remote(name) {
      const path = join(folder, `${name}.git`);
      await git(folder, ['clone', '-q', '--bare', template, path]);
      return path;
    },
    async clone(remote, name, user = { name: `${name} tester`, email: `${name}@example.com` }) {
      const path = join(folder, name);
      await git(folder, ['clone', '-q', remote, path]);
      if (user) {
        await git(path, ['config', 'user.name', user.name]);
        await git(path, ['config', 'user.email', user.email]);
      }
      return path;
    },
    hook(remote, script) {
      const file = join(remote, 'hooks/pre-receive');
      if (script === null) rmSync(file, { force: true });
      else {
        writeFileSync(file, `#!/bin/sh\n${script}\n`);
        chmodSync(file, 0o755);
      }
    },
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  };
}
