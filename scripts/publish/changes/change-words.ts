/**
 * What changed in one content file, told in words a person reads in the list of changes:
 * `Software and Agentic AI services: "Our Expertise" edited (heading, 2 cards); "Schedule a Call" moved up`.
 * Pure: it takes the file's published value and its value now, and the schemas' titles. The
 * difference is the block merge's own (src/content/merge.ts), read the other way round: merging
 * the published version (as base and as the draft) with the current one (as the file on disk)
 * reports every change from one to the other as an incoming change, block by block, so a block
 * moved and edited is one block moved and edited, never one removed and one added.
 */
import { posix } from 'node:path';
import { contentFileOf } from '../../content/content-file';
import { type Incoming, type JsonObject, merge } from '../../../src/content/merge';
import type { Titles } from '../../../src/content/titles';
import { plural } from '../../../src/content/plural';
import type { ChangeKind, ChangeState } from '../../../src/content/content-types';
import { SITE_FILE_NAME } from '../../../src/content/site-file-name';

/** One changed file as the words need it: parsed values (undefined where absent or not JSON), and its text, to tell them apart. */
export interface ChangeFacts {
  path: string;
  kind: ChangeKind;
  state: ChangeState;
  /** For a rename, the path it had. */
  from?: string;
  before?: unknown;
  after?: unknown;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's title as it reads inside a sentence: "Heading" is "heading", "FAQ" stays "FAQ". */
const inSentence = (title: string): string => (/^[A-Z][a-z]/.test(title) ? title[0]?.toLowerCase() + title.slice(1) : title);

/** Text cut to a length a list can show. */
const short = (text: string): string => (text.length > 48 ? `${text.slice(0, 47).trimEnd()}…` : text);

/** The name people know a file by: the site file's is fixed, others their title (or name), else their file name. */
export function fileTitle(path: string, kind: ChangeKind, value: unknown): string {
  if (kind === 'site') return SITE_FILE_NAME;
  // As the editor's list names it.
  const file = contentFileOf(path.slice('pages/'.length));
  if (file?.kind === 'page' && file.route === '/') return 'Home';
  if (isObject(value)) {
    const named = value.title ?? value.name;
    if (typeof named === 'string' && named.trim() !== '') return short(named.trim());
  }
  return posix.basename(path);
}

/** The words a block is named by: its heading or title in quotes, else its type and place ("Card grid (block 3)"). */
function blockName(block: unknown, type: string, number: number, titles: Titles): string {
  if (isObject(block)) {
    for (const field of ['heading', 'title', 'label', 'name', 'question']) {
      const text = block[field];
      if (typeof text === 'string' && text.trim() !== '') return `"${short(text.trim())}"`;
    }
  }
  return `${titles.block(type)} (block ${number})`;
}

/** What happened to one block, or to the file's own fields: its moves and the fields edited, with the list items they touched. */
interface Unit {
  /** The block's number (from 1) in the version it is told from: now, or as published for one removed. */
  number: number;
  /** 'file' for the file's own fields (a page's title, an entry's fields). */
  type: string | 'file';
  name: string;
  added?: boolean;
  removed?: boolean;
  /** For a block moved: 'up' or 'down'. */
  moved?: 'up' | 'down';
  /** The fields edited, in the order met, each with the list items edited in it (by their place, "now" or "before" for removed ones). */
  fields: Map<string, Set<string>>;
}

/** The changes grouped by block (and the file's own fields), in the order of the page. */
function unitsOf(incoming: Incoming[], before: JsonObject, after: JsonObject, titles: Titles): Unit[] {
  const units = new Map<string, Unit>();
  const unitFor = (key: string, make: () => Omit<Unit, 'fields'>): Unit => {
    let unit = units.get(key);
    if (!unit) {
      unit = { ...make(), fields: new Map() };
      units.set(key, unit);
    }
    return unit;
  };
  const listOf = (value: JsonObject, key: string): unknown[] => (Array.isArray(value[key]) ? (value[key] as unknown[]) : []);
  for (const change of incoming) {
    const [top, index, field, item] = change.path;
    if (top === 'blocks' && typeof index === 'number' && change.block) {
      const { number, type } = change.block;
      const removed = change.change === 'removed' && change.path.length === 2;
      // A removed block is numbered as it was published; every other change as the page is now.
      const block = (removed ? listOf(before, 'blocks') : listOf(after, 'blocks'))[number - 1];
      const unit = unitFor(`${removed ? 'removed' : 'now'}:${number}`, () => ({
        number,
        type,
        name: blockName(block, type, number, titles),
      }));
      if (change.path.length === 2) {
        if (change.change === 'added') unit.added = true;
        else if (change.change === 'removed') unit.removed = true;
        else if (change.change === 'moved') unit.moved = number < (change.from ?? number) ? 'up' : 'down';
        else unit.fields.set('', new Set());
      } else if (typeof field === 'string') {
        const items = unit.fields.get(field) ?? new Set<string>();
        if (typeof item === 'number') items.add(`${change.change === 'removed' && change.path.length === 4 ? 'before' : 'now'}:${item}`);
        unit.fields.set(field, items);
      }
    } else if (typeof top === 'string') {
      const unit = unitFor('file', () => ({ number: 0, type: 'file', name: '' }));
      const items = unit.fields.get(top) ?? new Set<string>();
      if (typeof index === 'number' && top !== 'blocks')
        items.add(`${change.change === 'removed' && change.path.length === 2 ? 'before' : 'now'}:${index}`);
      unit.fields.set(top, items);
    }
  }
  return [...units.values()].sort((a, b) => a.number - b.number || Number(Boolean(a.removed)) - Number(Boolean(b.removed)));
}

/** The fields edited, as a list: "heading, 2 cards". */
function fieldWords(unit: Unit, titles: Titles): string {
  const blockType = unit.type === 'file' ? undefined : unit.type;
  return [...unit.fields]
    .filter(([field]) => field !== '')
    .map(([field, items]) => {
      const item = titles.item(field, blockType);
      return items.size > 0 && item ? plural(items.size, inSentence(item)) : inSentence(titles.field(field, blockType));
    })
    .join(', ');
}

/** One block's (or the file's own) changes in words: `"Our Expertise" moved up and edited (heading, 2 cards)`. */
function unitWords(unit: Unit, titles: Titles): string {
  const fields = fieldWords(unit, titles);
  const edited = unit.fields.size > 0 ? `edited${fields ? ` (${fields})` : ''}` : '';
  if (unit.type === 'file') return edited;
  if (unit.added) return `${unit.name} added`;
  if (unit.removed) return `${unit.name} removed`;
  const moved = unit.moved ? `moved ${unit.moved}` : '';
  return `${unit.name} ${[moved, edited].filter(Boolean).join(' and ')}`;
}

/** What a new file is called in words. */
const NEW: Record<ChangeKind, string> = {
  page: 'new page',
  template: 'new page template',
  site: 'created',
  entry: 'new entry',
  media: 'added',
  other: 'added',
};

/** A file of public/media/ by what it holds: "Picture", "Video", else "File". */
function mediaNoun(path: string): string {
  const extension = posix.extname(path).toLowerCase();
  if (['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.svg'].includes(extension)) return 'Picture';
  if (['.mp4', '.webm', '.mov'].includes(extension)) return 'Video';
  return 'File';
}

/** The address a page file (or its former path) gives, when it is a page. */
const routeOf = (path: string): string | undefined => {
  const file = path.startsWith('pages/') ? contentFileOf(path.slice('pages/'.length)) : undefined;
  return file && 'route' in file ? file.route : undefined;
};

/**
 * One changed file in words, starting with the name people know it by: `Home: "Our Expertise"
 * edited (heading, 2 cards); "Schedule a Call" moved up`, `Careers: new page`, `Picture
 * team.jpg added`. A file that differs only in its layout says so.
 */
export function changeWords(facts: ChangeFacts, titles: Titles): string {
  const { path, kind, state, from, before, after } = facts;
  if (kind === 'media') {
    const name = posix.basename(path);
    const done =
      state === 'added'
        ? 'added'
        : state === 'deleted'
          ? 'removed'
          : state === 'renamed'
            ? `renamed from ${posix.basename(from ?? '')}`
            : 'replaced';
    return `${mediaNoun(path)} ${name} ${done}`;
  }
  const name = fileTitle(path, kind, state === 'deleted' ? before : (after ?? before));
  if (state === 'added') return `${name}: ${NEW[kind]}`;
  if (state === 'deleted') return `${name}: removed`;
  const parts: string[] = [];
  if (state === 'renamed' && from !== undefined) {
    const [was, now] = [routeOf(from), routeOf(path)];
    parts.push(
      was !== undefined && now !== undefined && was !== now ? `moved from ${was} to ${now}` : `renamed from ${posix.basename(from)}`,
    );
  }
  if (!isObject(after)) parts.push(after === undefined ? 'changed' : 'changed, and can no longer be read');
  else if (!isObject(before)) parts.push('changed');
  else {
    const units = unitsOf(merge(before, after, before).incoming, before, after, titles);
    parts.push(...units.map((unit) => unitWords(unit, titles)).filter(Boolean));
    if (units.length === 0 && state === 'modified') parts.push('only its layout changed');
  }
  return `${name}: ${parts.join('; ')}`;
}

/** What a changed file is, from its path. */
export function kindOf(path: string): ChangeKind {
  if (path.startsWith('public/media/')) return 'media';
  return contentFileOf(path.slice('pages/'.length))?.kind ?? 'other';
}
