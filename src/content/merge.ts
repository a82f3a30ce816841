/**
 * A three-way merge of a content file: `base` (the file the draft started from), `theirs` (the file
 * on disk now: a hand edit, a git pull, another tab's save) and `mine` (the draft). Pure and
 * self-contained (no DOM, no Node, no React), so the browser app and a Node-side publisher can both
 * run it. It never changes its inputs; `merged` shares their unchanged parts. Merging objects and
 * merging lists of items recurse into each other and share one context of conflicts and incoming
 * changes, so they stay in this file; how list elements are paired with base's is match-items.ts.
 *
 * What is happening below:
 * - A value only one side changed takes that side's; a value both changed alike takes it once; a
 *   value both changed differently is a conflict. Objects merge key by key, in the file's (theirs')
 *   key order, a key only the draft has following the key before it in the draft: a saved file
 *   diffs minimally.
 * - A list of objects (a page's blocks, cards, nav items, links) merges item by item. No item has
 *   an id, so each side's items are matched to base's: equal ones first, then items of the same
 *   `type` sharing the most fields (at least half of them), then a run of items rewritten in place;
 *   an item left unmatched is an addition. Matching this way, rather than by index, lets a block
 *   moved on one side and edited on the other merge, and keeps an addition on one side from turning
 *   every other edit of the list into a conflict.
 * - The merged list follows theirs' order. Items the draft moved (and theirs did not) and the
 *   draft's additions go back after the nearest item before them in the draft that theirs did not
 *   move, after anything theirs added there: where both sides moved an item, theirs' place wins
 *   without a conflict, and where both added items at one place, theirs' come first. An item
 *   removed on one side and edited on the other is a conflict; removed on one side and untouched
 *   on the other, it goes. Items both sides added alike are kept once.
 * - Any other list (paragraphs, points: strings) merges element by element when the three have the
 *   same length, else by runs of elements (as diff3 does with lines); runs both sides changed
 *   differently make the whole list one conflict, since a run has no path of its own.
 * - Until the person chooses, a conflict's place holds their own (the draft's) value: what they
 *   were looking at. The conflict is reported either way.
 */
import { isObject, own, sameJson } from './same-json';
import { commonSubsequence, matchItems } from './match-items';

/** A parsed JSON object: a page, an entry, the site file. */
export type JsonObject = Record<string, unknown>;
/** Where a value sits: keys and list indexes from the file's root, like ['blocks', 2, 'heading']. */
export type JsonPath = (string | number)[];
/** Which version of a conflicting value to keep: the draft's, or the file's on disk. */
export type Side = 'mine' | 'theirs';

/** A block of the page's `blocks`, as people count and name it: `number` from 1. */
interface BlockLabel {
  number: number;
  type: string;
}

/** Which block and field a place is in: the block (when in a page's `blocks`), and its field (else the file's top-level field). */
interface Label {
  block?: BlockLabel;
  field?: string;
}

/** One place both sides changed differently. `undefined` stands for absent: a field or item that side removed. */
export interface Conflict extends Label {
  /** Its place in `merged`; for an item `merged` leaves out (its removal was chosen), where it would be. */
  path: JsonPath;
  base: unknown;
  theirs: unknown;
  mine: unknown;
  /** The value `merged` holds: the choice given for it, else 'mine'. */
  chosen: Side;
}

/** A change from theirs that was combined without a conflict. */
export interface Incoming extends Label {
  change: 'added' | 'removed' | 'moved' | 'changed';
  /** Where it is in `merged`; for an item removed, where it was in the draft (`block.number` too). */
  path: JsonPath;
  /** For an item moved: its number in the draft's list, from 1. */
  from?: number;
}

export interface MergeResult {
  merged: JsonObject;
  conflicts: Conflict[];
  incoming: Incoming[];
}

/**
 * Merges the changes from base to theirs and from base to mine. `choices[i]` settles
 * `conflicts[i]`: merge once, show the conflicts, then merge again with the person's choices. The
 * conflicts come back alike and in the same order whatever was chosen (only their paths move,
 * when a chosen removal takes an item out before them), so `merged` is final once each has a
 * choice. Re-merging, rather than patching `merged` at the conflicts' paths, keeps every index
 * and an item brought back at its place.
 */
export function merge(base: JsonObject, theirs: JsonObject, mine: JsonObject, choices: readonly (Side | undefined)[] = []): MergeResult {
  const context: Context = { choices, conflicts: [], incoming: [] };
  // Three objects merge into an object: the root is never a conflict.
  const merged = mergeValue(base, theirs, mine, { path: [] }, context) as JsonObject;
  return { merged, conflicts: context.conflicts, incoming: context.incoming };
}

interface Context {
  choices: readonly (Side | undefined)[];
  conflicts: Conflict[];
  incoming: Incoming[];
}

/** A value's path in `merged`, and the page's block it belongs to, if any. */
interface Place {
  path: JsonPath;
  block?: BlockLabel;
}

function labelOf(place: Place): Label {
  const field = place.block ? place.path[2] : place.path[0];
  return { ...(place.block && { block: place.block }), ...(typeof field === 'string' && { field }) };
}

function note(context: Context, change: Incoming['change'], place: Place, from?: number): void {
  context.incoming.push({ change, path: place.path, ...labelOf(place), ...(from !== undefined && { from }) });
}

function conflict(context: Context, place: Place, base: unknown, theirs: unknown, mine: unknown): unknown {
  const chosen = context.choices[context.conflicts.length] ?? 'mine';
  context.conflicts.push({ path: place.path, ...labelOf(place), base, theirs, mine, chosen });
  return chosen === 'mine' ? mine : theirs;
}

/** The merged value at one place; undefined where it is absent. */
function mergeValue(base: unknown, theirs: unknown, mine: unknown, place: Place, context: Context): unknown {
  if (sameJson(theirs, base)) return mine;
  if (sameJson(theirs, mine)) return theirs;
  if (isObject(base) && isObject(theirs) && isObject(mine)) return mergeObjects(base, theirs, mine, place, context);
  if (Array.isArray(base) && Array.isArray(theirs) && Array.isArray(mine)) return mergeLists(base, theirs, mine, place, context);
  if (sameJson(mine, base)) {
    note(context, 'changed', place);
    return theirs;
  }
  return conflict(context, place, base, theirs, mine);
}

function mergeObjects(base: JsonObject, theirs: JsonObject, mine: JsonObject, place: Place, context: Context): JsonObject {
  const entries: [string, unknown][] = [];
  for (const key of keyOrder(theirs, mine)) {
    const value = mergeValue(own(base, key), own(theirs, key), own(mine, key), { ...place, path: [...place.path, key] }, context);
    if (value !== undefined) entries.push([key, value]);
  }
  // fromEntries defines each key as an own property, "__proto__" included.
  return Object.fromEntries(entries);
}

/** Theirs' keys in their order; each key only mine has goes after the key before it in mine. */
function keyOrder(theirs: JsonObject, mine: JsonObject): string[] {
  const keys = Object.keys(theirs);
  let after = 0;
  for (const key of Object.keys(mine)) {
    const found = keys.indexOf(key);
    if (found >= 0) after = found + 1;
    else keys.splice(after++, 0, key);
  }
  return keys;
}

function mergeLists(base: unknown[], theirs: unknown[], mine: unknown[], place: Place, context: Context): unknown {
  if (base.every(isObject) && theirs.every(isObject) && mine.every(isObject)) return mergeItems(base, theirs, mine, place, context);
  if (base.length === theirs.length && base.length === mine.length) {
    return base.map((item, index) => mergeValue(item, theirs[index], mine[index], { ...place, path: [...place.path, index] }, context));
  }
  return mergeRuns(base, theirs, mine, place, context);
}

/**
 * A list of plain values merged by runs: the elements both sides kept from base (a longest common
 * subsequence with each) split the lists into runs, and each run takes the side that changed it.
 */
function mergeRuns(base: unknown[], theirs: unknown[], mine: unknown[], place: Place, context: Context): unknown {
  const toTheirs = commonSubsequence(base, theirs);
  const toMine = commonSubsequence(base, mine);
  const merged: unknown[] = [];
  let [fromBase, fromTheirs, fromMine] = [0, 0, 0];
  let tookTheirs = false;
  for (let index = 0; index <= base.length; index += 1) {
    const atTheirs = index < base.length ? toTheirs[index] : theirs.length;
    const atMine = index < base.length ? toMine[index] : mine.length;
    if (atTheirs === undefined || atMine === undefined) continue;
    const [runBase, runTheirs, runMine] = [base.slice(fromBase, index), theirs.slice(fromTheirs, atTheirs), mine.slice(fromMine, atMine)];
    if (sameJson(runTheirs, runBase) || sameJson(runTheirs, runMine)) merged.push(...runMine);
    else if (sameJson(runMine, runBase)) {
      merged.push(...runTheirs);
      tookTheirs = true;
    } else return conflict(context, place, base, theirs, mine);
    if (index < base.length) merged.push(mine[atMine]);
    [fromBase, fromTheirs, fromMine] = [index + 1, atTheirs + 1, atMine + 1];
  }
  if (tookTheirs) note(context, 'changed', place);
  return merged;
}

/** One item of the merged list: its index in base (none for an addition), in theirs and in mine (none where that side has no such item). */
interface Unit {
  base?: number;
  theirs?: number;
  mine?: number;
}

function mergeItems(base: JsonObject[], theirs: JsonObject[], mine: JsonObject[], place: Place, context: Context): JsonObject[] {
  const theirsToBase = matchItems(base, theirs);
  const mineToBase = matchItems(base, mine);
  const units: Unit[] = base.map((_, index) => ({ base: index }));
  theirsToBase.forEach((of, at) => {
    if (of === undefined) units.push({ theirs: at });
    else (units[of] as Unit).theirs = at;
  });
  mineToBase.forEach((of, at) => {
    // An item both sides added alike is kept once.
    const twin =
      of === undefined &&
      units.find((unit) => unit.base === undefined && unit.mine === undefined && sameJson(theirs[unit.theirs as number], mine[at]));
    if (twin) twin.mine = at;
    else if (of === undefined) units.push({ mine: at });
    else (units[of] as Unit).mine = at;
  });

  // An item removed on one side and untouched on the other goes; edited on the other, it is a conflict (below).
  const gone = new Set<Unit>();
  for (const unit of units) {
    if (unit.base === undefined || (unit.theirs !== undefined && unit.mine !== undefined)) continue;
    const kept = unit.theirs !== undefined ? theirs[unit.theirs] : unit.mine !== undefined ? mine[unit.mine] : undefined;
    if (kept === undefined || sameJson(kept, base[unit.base])) gone.add(unit);
  }
  const live = units.filter((unit) => !gone.has(unit));
  const order = arrange(live);

  const merged: JsonObject[] = [];
  const rootBlocks = place.path.length === 1 && place.path[0] === 'blocks';
  const placeAt = (index: number, item: JsonObject | undefined): Place => ({
    path: [...place.path, index],
    ...(rootBlocks ? { block: { number: index + 1, type: String(own(item ?? {}, 'type') ?? '') } } : place.block && { block: place.block }),
  });
  for (const unit of order.units) {
    const [fromBase, fromTheirs, fromMine] = [pick(base, unit.base), pick(theirs, unit.theirs), pick(mine, unit.mine)];
    const itemPlace = placeAt(merged.length, fromTheirs ?? fromMine);
    let value: unknown;
    if (fromBase === undefined) {
      value = fromTheirs ?? fromMine;
      if (fromMine === undefined) note(context, 'added', itemPlace);
    } else if (fromTheirs !== undefined && fromMine !== undefined) {
      value = mergeValue(fromBase, fromTheirs, fromMine, itemPlace, context);
      if (order.movedIn.has(unit)) note(context, 'moved', itemPlace, (unit.mine as number) + 1);
    } else value = conflict(context, itemPlace, fromBase, fromTheirs, fromMine);
    if (value !== undefined) merged.push(value as JsonObject);
  }
  for (const unit of gone) {
    if (unit.theirs === undefined && unit.mine !== undefined) note(context, 'removed', placeAt(unit.mine, mine[unit.mine]));
  }
  return merged;
}

const pick = (list: JsonObject[], index: number | undefined): JsonObject | undefined => (index === undefined ? undefined : list[index]);

/**
 * The order of the merged list: theirs', with the items the draft moved (and theirs did not) and
 * the draft's own items put back after the nearest item before them in the draft that theirs did
 * not move (an item theirs moved takes its place with it, not the draft's items around it). Also
 * which items theirs moved, as seen from the draft: those the person is told came in moved.
 */
function arrange(units: Unit[]): { units: Unit[]; movedIn: Set<Unit> } {
  const inBoth = units.filter((unit) => unit.base !== undefined && unit.theirs !== undefined && unit.mine !== undefined);
  const byTheirs = [...inBoth].sort((a, b) => (a.theirs as number) - (b.theirs as number));
  const byMine = [...inBoth].sort((a, b) => (a.mine as number) - (b.mine as number));
  const theirsMoved = outOfOrder(byTheirs, (unit) => unit.base as number);
  const mineMoved = outOfOrder(byMine, (unit) => unit.base as number);
  const movedFromDraft = outOfOrder(byTheirs, (unit) => unit.mine as number);
  const putBack = (unit: Unit): boolean =>
    (mineMoved.has(unit) && !theirsMoved.has(unit)) || (unit.mine !== undefined && unit.theirs === undefined);

  const order = units
    .filter((unit) => unit.theirs !== undefined && !putBack(unit))
    .sort((a, b) => (a.theirs as number) - (b.theirs as number));
  const mineOrder = units.filter((unit) => unit.mine !== undefined).sort((a, b) => (a.mine as number) - (b.mine as number));
  const theirsOnly = (unit: Unit | undefined): boolean => unit !== undefined && unit.base === undefined && unit.mine === undefined;
  mineOrder.forEach((unit, position) => {
    if (!putBack(unit)) return;
    const before = mineOrder.slice(0, position).findLast((previous) => order.includes(previous) && !theirsMoved.has(previous));
    let at = before ? order.indexOf(before) + 1 : 0;
    while (theirsOnly(order[at])) at += 1;
    order.splice(at, 0, unit);
  });
  return { units: order, movedIn: new Set([...theirsMoved].filter((unit) => movedFromDraft.has(unit))) };
}

/** The units outside a longest run whose keys increase: the items moved relative to the rest. */
function outOfOrder(units: Unit[], keyOf: (unit: Unit) => number): Set<Unit> {
  const keys = units.map(keyOf);
  const length = keys.map(() => 1);
  const previous = keys.map(() => -1);
  keys.forEach((key, i) => {
    for (let j = 0; j < i; j += 1) {
      if ((keys[j] as number) < key && (length[j] as number) + 1 > (length[i] as number)) {
        length[i] = (length[j] as number) + 1;
        previous[i] = j;
      }
    }
  });
  const inRun = new Set<Unit>();
  for (let i = length.indexOf(Math.max(0, ...length)); i >= 0; i = previous[i] as number) inRun.add(units[i] as Unit);
  return new Set(units.filter((unit) => !inRun.has(unit)));
}
