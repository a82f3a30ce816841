/**
 * How the merge (merge.ts) pairs the elements of a list with base's: plain values along a longest
 * common subsequence, items (objects) by equality, then by type and fields in common, then by runs
 * rewritten in place.
 */
import { own, sameJson } from './same-json';
import type { JsonObject } from './merge';

/** For each element of `base`, the index of its partner in `other` along a longest common subsequence, or undefined. */
export function commonSubsequence(base: unknown[], other: unknown[]): (number | undefined)[] {
  // longest[i][j]: the length of the longest common subsequence of base from i and other from j.
  const longest = Array.from({ length: base.length + 1 }, () => new Array<number>(other.length + 1).fill(0));
  const at = (i: number, j: number): number => longest[i]?.[j] ?? 0;
  for (let i = base.length - 1; i >= 0; i -= 1) {
    for (let j = other.length - 1; j >= 0; j -= 1) {
      (longest[i] as number[])[j] = sameJson(base[i], other[j]) ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const partner: (number | undefined)[] = base.map(() => undefined);
  for (let [i, j] = [0, 0]; i < base.length && j < other.length; ) {
    if (sameJson(base[i], other[j])) partner[i++] = j++;
    else if (at(i + 1, j) >= at(i, j + 1)) i += 1;
    else j += 1;
  }
  return partner;
}

/** The score of an item equal to a base item: above any count of fields in common. */
const EQUAL = Number.MAX_SAFE_INTEGER;

/** For each item of `side`, the index of the item of `base` it is, or undefined for an item that side added. */
export function matchItems(base: JsonObject[], side: JsonObject[]): (number | undefined)[] {
  const pairs: { at: number; of: number; score: number; distance: number }[] = [];
  side.forEach((item, at) => {
    base.forEach((original, of) => {
      if (!sameJson(own(item, 'type'), own(original, 'type'))) return;
      const score = sameJson(item, original) ? EQUAL : fieldsInCommon(item, original);
      if (score > 0) pairs.push({ at, of, score, distance: Math.abs(at - of) });
    });
  });
  // Equal items first, then the most fields in common; between equals, the nearest, then the first.
  pairs.sort((a, b) => b.score - a.score || a.distance - b.distance || a.at - b.at || a.of - b.of);
  const toBase: (number | undefined)[] = side.map(() => undefined);
  const taken = new Set<number>();
  for (const { at, of } of pairs) {
    if (toBase[at] !== undefined || taken.has(of)) continue;
    toBase[at] = of;
    taken.add(of);
  }
  pairRewrittenRuns(base, side, toBase, taken);
  return toBase;
}

/**
 * Where a run of base items gave way to as many items of the same types, at the same place (between
 * the same matched neighbours), those are the base items rewritten: a link whose label and address
 * both changed is still that link. Paired so, both sides rewriting it differently is a conflict
 * rather than two links.
 */
function pairRewrittenRuns(base: JsonObject[], side: JsonObject[], toBase: (number | undefined)[], taken: Set<number>): void {
  let [previous, runStart] = [-1, 0];
  for (let at = 0; at <= side.length; at += 1) {
    const of = at < side.length ? toBase[at] : base.length;
    if (of === undefined) continue;
    const gap = base.map((_, index) => index).filter((index) => index > previous && index < of && !taken.has(index));
    const run = side.slice(runStart, at);
    if (
      run.length > 0 &&
      run.length === gap.length &&
      run.every((item, index) => sameJson(own(item, 'type'), own(base[gap[index] as number] ?? {}, 'type')))
    ) {
      gap.forEach((index, offset) => {
        toBase[runStart + offset] = index;
        taken.add(index);
      });
    }
    [previous, runStart] = [of, at + 1];
  }
}

/**
 * How many fields (besides `type`) two items share with equal values: 0 when fewer than half of
 * their fields, so that a new block of the same type, sharing a default or two with a removed one,
 * is not taken for it.
 */
function fieldsInCommon(a: JsonObject, b: JsonObject): number {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  fields.delete('type');
  const shared = [...fields].filter((field) => Object.hasOwn(a, field) && Object.hasOwn(b, field) && sameJson(a[field], b[field])).length;
  return shared * 2 >= fields.size ? shared : 0;
}
