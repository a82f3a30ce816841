/**
 * Two tabs on one page share its draft in the browser's storage and merge each other's writes
 * (use-tab-sync.ts): each write says which stored draft it was made from (session.ts's `shared`),
 * and the other tab merges it from there, not from the draft stored just before it.
 */
import { describe, expect, it } from 'vitest';
import { fromOtherTab } from '../../src/editor/file/hooks/use-tab-sync';
import type { StoredDraft } from '../../src/editor/file/stored-draft';
import type { Json } from '../../src/editor/file/snapshot';

const saved: Json = { title: 'Cognitive computing', blocks: [{ type: 'prose', heading: 'Reading machines' }] };
const withTitle = (value: Json, title: string): Json => ({ ...value, title });
const withHeading = (value: Json, heading: string): Json => ({ ...value, blocks: [{ type: 'prose', heading }] });
const heading = withHeading(saved, 'Machines that read the fine print');
const title = withTitle(saved, 'Cognitive computing that reads');
const both = withTitle(heading, 'Cognitive computing that reads');

/** The stored text of a draft of `value`, made from the stored draft `seen` (none: from the file). */
const stored = (value: Json, seen?: Json): string => {
  const draft: StoredDraft = { base: 'h0', present: { value, keys: ['k'] }, past: [], future: [], ...(seen ? { seen } : {}) };
  return JSON.stringify(draft);
};
const paths = (result: ReturnType<typeof fromOtherTab>) => (result.to === 'merged' ? result.incoming.map((change) => change.path) : []);

describe('a draft written in two tabs at once', () => {
  it('keeps both tabs’ changes when each wrote before taking in the other’s draft, and tells each only of the other’s change', () => {
    // The first tab writes its heading; the second its title, made before the first's write came in.
    const firstWrite = { oldValue: null, newValue: stored(heading) };
    const secondWrite = { oldValue: firstWrite.newValue, newValue: stored(title) };
    const inFirst = fromOtherTab(secondWrite, heading, saved);
    const inSecond = fromOtherTab(firstWrite, title, saved);
    expect(inFirst).toMatchObject({ to: 'merged', merged: both, conflicts: [] });
    expect(inSecond).toMatchObject({ to: 'merged', merged: both, conflicts: [] });
    expect(paths(inFirst)).toEqual([['title']]);
    expect(paths(inSecond)).toEqual([['blocks', 0, 'heading']]);
  });

  it('merges a draft made from the other tab’s from that one, so a value it changed back comes in, and one it kept stays', () => {
    // The second tab took in the first's heading, then put the heading back as it was.
    const write = { oldValue: stored(heading), newValue: stored(saved, heading) };
    expect(fromOtherTab(write, heading, saved)).toMatchObject({ to: 'merged', merged: saved });
    // Made from the first's heading with the title changed: the first tab's later heading stays.
    const later = withHeading(saved, 'Later heading');
    const titled = { oldValue: stored(heading), newValue: stored(withTitle(heading, 'New title'), heading) };
    expect(fromOtherTab(titled, later, saved)).toMatchObject({ to: 'merged', merged: withTitle(later, 'New title'), conflicts: [] });
  });

  it('opens the file again when the other tab saved and this one has nothing of its own, puts its draft back when it has, and keeps a draft it already holds', () => {
    const cleared = { oldValue: stored(heading), newValue: null };
    expect(fromOtherTab(cleared, heading, saved)).toEqual({ to: 'reload' });
    expect(fromOtherTab(cleared, withTitle(heading, 'Mine'), saved)).toEqual({ to: 'persist' });
    expect(fromOtherTab({ oldValue: null, newValue: stored(heading) }, heading, saved)).toEqual({ to: 'keep' });
  });
});
