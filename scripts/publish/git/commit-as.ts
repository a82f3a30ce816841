/** Making a commit for a person, which publishing and reviews share. */
import { type Author, configuredUser, type Repository, run } from './repository';

/**
 * A commit of `tree` on `parent` (none: the first commit) with `message`: the person is its
 * author, and its committer is git's configured user, or the person when git has none.
 */
export async function commitAs(repo: Repository, tree: string, parent: string | null, message: string, author: Author): Promise<string> {
  const committer = (await configuredUser(repo)) ?? author;
  return (
    await run(repo, ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: committer.name,
        GIT_COMMITTER_EMAIL: committer.email,
      },
    })
  ).stdout.trim();
}
