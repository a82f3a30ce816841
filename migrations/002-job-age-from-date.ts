/**
 * Version 2: a job no longer says how long ago it was posted ("postedAge": "3 weeks ago"),
 * which was typed by hand and went stale. Its page counts that from its "date" on the day the
 * site is built; the typed words go.
 */
// Types only: a migration is loaded on its own, from wherever migrations/ is copied.
import type { ContentTree, Migration } from '../scripts/content/fixing/migrate-tree';

function migrate(input: ContentTree): ContentTree {
  const tree: ContentTree = new Map();
  for (const [path, value] of input) {
    if (!path.startsWith('_collections/jobs/') || value.schemaVersion !== 1 || !('postedAge' in value)) {
      tree.set(path, value);
      continue;
    }
    // A new object without the field: the input stays as it was, and the other keys keep their order.
    const { postedAge: _typed, ...rest } = value;
    tree.set(path, rest);
  }
  return tree;
}

export default { version: 2, title: 'a job’s age is counted from its date, not typed', migrate } satisfies Migration;
