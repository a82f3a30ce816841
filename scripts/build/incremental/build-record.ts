/**
 * The build's record of what it built (`<out>/.build/record.json`), and the plan it makes
 * from it for the next build into the same folder: a full build when anything every page and
 * the bundles share changed (the code, the schemas), otherwise only the pages whose own content
 * changed (every page, and the not-found page, when the site file did), the new ones, and the
 * removal of those gone.
 *
 * The record is written last, once every file of the build is in place, and removed before an
 * incremental build writes anything: a build that stops halfway leaves no record, so the next
 * one is a full build rather than one that trusts pages it never finished. It also keeps each
 * output file's size and time (output-stamps.ts): an incremental build writes again whatever
 * differs from them (changed or deleted by hand since), and removes files it never wrote.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import type { LoadedPage } from '../../content/load-site';
import { outputFileOfRoute } from '../../content/route-of-file';
import { BUILD_FORMAT, pageHash, serverEntryKey } from './shared-inputs';
import { keptFiles } from './kept-files';
import { SITE_FILES } from '../render/finish-site';
import { replaceFile } from '../output/replace-file';
import type { BodyFacts, RuleBook } from '../render/kept-body';

export interface BuildRecord {
  format: number;
  /** The inputs every page shares, by the words that name them (shared-inputs.ts, sharedInputs). */
  shared: Record<string, string>;
  /** The site file (pages/_site.json) as a build names it, and its hash: every page shows it, so a change renders them all again. */
  siteFile: { file: string; hash: string };
  /** The server entry the pages were rendered with, by its key in the build cache (kept-files.ts). */
  serverEntry: string;
  /** The day the pages were rendered on: a page that shows a job post's age counts it to that day. */
  day: string;
  /** Every content file a page is made of, by its hash. */
  sources: Record<string, string>;
  /**
   * Each route's page hash, the content files it is made of, whether its render read the day
   * (`dated`), and what the build keeps of its body for the next (`body`, render/kept-body.ts).
   * The files are known to the build that plans (from the site as it is now) and are not
   * written: no build reads the last one's, and among 10,000 pages they were 6 of the
   * record's 10 MB, read and written by every build.
   */
  routes: Record<string, { page: string; sources?: string[]; dated?: true; body?: BodyFacts }>;
  /** The CSS rules of the bodies kept, by id (render/kept-body.ts). */
  bodyRules: RuleBook;
  /** Every file of the output folder once the build was done, as its size and time (output-stamps.ts, outputStamps). */
  outputs: Record<string, string>;
}

export function recordOf(
  shared: Record<string, string>,
  siteFile: BuildRecord['siteFile'],
  day: string,
  sources: Record<string, string>,
  pages: LoadedPage[],
): BuildRecord {
  return {
    format: BUILD_FORMAT,
    shared,
    siteFile,
    serverEntry: serverEntryKey(shared),
    day,
    sources,
    routes: Object.fromEntries(pages.map((page) => [page.route, { page: pageHash(page), sources: page.sources }])),
    // Filled in once the pages are rendered (keepBodies).
    bodyRules: {},
    // Filled in once every file is written, just before the record (build-site.ts).
    outputs: {},
  };
}

/** The record of the last build into `outDir`, or why there is none to trust. */
export function readRecord(outDir: string): BuildRecord | { missing: string } {
  const file = keptFiles(outDir).record;
  if (!existsSync(file)) return { missing: 'there is no record of a finished build in the output folder' };
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as BuildRecord;
    const isMap = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (record.format !== BUILD_FORMAT)
      return { missing: `the build record is of another format (${String(record.format)}, not ${BUILD_FORMAT})` };
    if (
      !isMap(record.shared) ||
      !isMap(record.sources) ||
      !isMap(record.routes) ||
      !isMap(record.outputs) ||
      !isMap(record.bodyRules) ||
      typeof record.day !== 'string' ||
      typeof record.siteFile?.hash !== 'string'
    )
      return { missing: 'the build record is incomplete' };
    return record;
  } catch (error) {
    return { missing: `the build record cannot be read (${(error as Error).message})` };
  }
}

/**
 * Marks the routes whose render read the day (`dated`, among those rendered: all of them, or
 * `rendered`), and keeps the mark of every other route from the `previous` record.
 */
export function markDated(record: BuildRecord, dated: string[], rendered?: { routes: string[]; previous: BuildRecord }): void {
  const read = new Set(dated);
  const renderedNow = rendered ? new Set(rendered.routes) : undefined;
  for (const [route, entry] of Object.entries(record.routes)) {
    const isDated = !renderedNow || renderedNow.has(route) ? read.has(route) : rendered?.previous.routes[route]?.dated === true;
    if (isDated) entry.dated = true;
    else delete entry.dated;
  }
}

/**
 * What the last build kept of `route`'s body, when its page is the same now (kept-body.ts
 * checks the rest: the site file's fields it read, the day, its markup in the page).
 */
export function keptBodyOf(record: BuildRecord, previous: BuildRecord, route: string): BodyFacts | undefined {
  const before = previous.routes[route];
  return before?.page === record.routes[route]?.page ? before?.body : undefined;
}

/**
 * Records what the build keeps of each body (`bodies`, among those rendered, and their `rules`)
 * and, in an incremental build, keeps what `previous` kept of the pages it did not render, with
 * the rules of its book.
 */
export function keepBodies(
  record: BuildRecord,
  { bodies, rules }: { bodies: [string, BodyFacts][]; rules: [string, string, string | null][] },
  rendered?: { routes: string[]; previous: BuildRecord },
): void {
  const renderedNow = new Set(rendered?.routes);
  if (rendered)
    for (const [route, entry] of Object.entries(record.routes)) {
      const before = rendered.previous.routes[route]?.body;
      if (!renderedNow.has(route) && before) entry.body = before;
    }
  for (const [route, facts] of bodies) {
    const entry = record.routes[route];
    if (entry) entry.body = facts;
  }
  record.bodyRules = { ...rendered?.previous.bodyRules };
  for (const [id, css, registered] of rules) record.bodyRules[id] ??= [css, registered];
}

/** Writes the record, last: from then on the folder is known to hold the site `record` describes. */
export function writeRecord(outDir: string, record: BuildRecord): void {
  const kept = keptFiles(outDir);
  mkdirSync(kept.dir, { recursive: true });
  const routes = Object.fromEntries(Object.entries(record.routes).map(([route, { sources: _sources, ...kept }]) => [route, kept]));
  replaceFile(kept.record, `${JSON.stringify({ ...record, routes })}\n`);
}

/** Removes the record before a build writes anything, so that a build cut short is never trusted. */
export function forgetRecord(outDir: string): void {
  // Whatever it is: a folder made by that name too.
  rmSync(keptFiles(outDir).record, { recursive: true, force: true });
}

/**
 * What an incremental build mends besides the pages it renders: the files it removes before it
 * writes anything (outputs that differ from the record, with their compressed copies, and files
 * no build wrote), and whether it renders the not-found page again.
 */
interface Repair {
  remove: string[];
  notFound: boolean;
}

export type BuildPlan =
  | { kind: 'full'; reason: string }
  | { kind: 'pages'; render: string[]; removed: string[]; reason: string; repair: Repair };

/** The output folder as it is now (output-stamps.ts, outputStamps), and its name as the build's messages show it. */
export interface OutputsNow {
  stamps: Record<string, string>;
  shown: string;
}

/** At most this many files are named in a build's reason; the rest are counted. */
const NAMED = 3;

/** The first `NAMED` of `said`, and how many more there are in `more`'s words. */
const named = (said: string[], more: (count: number) => string): string[] =>
  said.length > NAMED ? [...said.slice(0, NAMED), more(said.length - NAMED)] : said;

/** What changed among the content files pages are made of, in words: "pages/about.json changed". */
function changedSources(before: Record<string, string>, now: Record<string, string>): string[] {
  // Only those that differ are sorted: among 10,000 pages, sorting every file's name was most of the time.
  const files = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter((file) => before[file] !== now[file]).sort();
  return files.flatMap((file) => {
    if (before[file] === now[file]) return [];
    if (before[file] === undefined) return [`${file} is new`];
    if (now[file] === undefined) return [`${file} was removed`];
    return [`${file} changed`];
  });
}

/** The compressed copies the build writes beside a text file (precompress.ts). */
const COPIES = ['.br', '.gz'];

/**
 * Compares the output folder with what the last build left in it: the routes whose page file (or
 * a copy of it) differs, whether the not-found page does, the files to remove first, and why in
 * words; or, when a file only a full build writes differs (a bundle, a public file), that reason.
 */
function damagedOutputs(
  previous: BuildRecord,
  now: BuildRecord,
  { stamps, shown }: OutputsNow,
): { full: string } | { routes: Set<string>; repair: Repair; reasons: string[] } {
  const recorded = previous.outputs;
  const routeOfFile = new Map(Object.keys(now.routes).map((route) => [outputFileOfRoute(route), route]));
  const goneFiles = new Set(
    Object.keys(previous.routes)
      .filter((route) => !Object.hasOwn(now.routes, route))
      .map(outputFileOfRoute),
  );
  const routes = new Set<string>();
  const remove = new Set<string>();
  let notFound = false;
  const reasons: string[] = [];
  for (const file of Object.keys(recorded)
    .filter((each) => stamps[each] !== recorded[each])
    .sort()) {
    const copy = COPIES.find((suffix) => file.endsWith(suffix) && Object.hasOwn(recorded, file.slice(0, -suffix.length)));
    const original = copy ? file.slice(0, -copy.length) : file;
    // A page of a route this build removes goes anyway.
    if (goneFiles.has(original)) continue;
    const why = `${shown}/${file} ${stamps[file] === undefined ? 'is missing' : 'differs from the last build'}`;
    const route = routeOfFile.get(original);
    if (route) routes.add(route);
    else if (original === '404.html') notFound = true;
    // Written again by every build when missing (finish-site.ts).
    else if (!(SITE_FILES as readonly string[]).includes(original)) return { full: why };
    for (const path of [original, ...COPIES.map((suffix) => original + suffix)]) remove.add(path);
    reasons.push(why);
  }
  const strays = Object.keys(stamps)
    .filter((file) => !Object.hasOwn(recorded, file))
    .sort();
  for (const file of strays) remove.add(file);
  return {
    routes,
    repair: { remove: [...remove].sort(), notFound },
    reasons: [
      ...named(reasons, (more) => `${more} more files of ${shown}/ differ from the last build`),
      ...named(
        strays.map((file) => `${shown}/${file} was not written by the last build`),
        (more) => `${more} more files of ${shown}/ were not written by the last build`,
      ),
    ],
  };
}

/**
 * Compares the last build's record with what this one would record: a full build when there is
 * no record to trust, an input every page shares changed, or a file only a full build writes
 * differs from the record; otherwise the routes to render (new, or whose page or content files
 * changed, or whose output differs from the record, or, on a new day, whose render read the
 * day), those to remove, and the files to mend (`outputs`, the output folder as it is now).
 */
export function planBuild(previous: BuildRecord | { missing: string }, now: BuildRecord, outputs?: OutputsNow): BuildPlan {
  if ('missing' in previous) return { kind: 'full', reason: previous.missing };
  const shared = Object.keys({ ...previous.shared, ...now.shared }).find((name) => previous.shared[name] !== now.shared[name]);
  if (shared) return { kind: 'full', reason: `${shared} changed` };
  const damage = outputs ? damagedOutputs(previous, now, outputs) : undefined;
  if (damage && 'full' in damage) return { kind: 'full', reason: damage.full };
  // Every page shows the site file (its menus, footer and name), and so does the not-found page.
  const siteChanged = previous.siteFile.hash !== now.siteFile.hash || previous.siteFile.file !== now.siteFile.file;
  const newDay = previous.day !== now.day;
  const dated = newDay ? Object.keys(now.routes).filter((route) => previous.routes[route]?.dated === true) : [];
  const render = Object.entries(now.routes)
    .filter(([route, { page, sources }]) => {
      const before = previous.routes[route];
      return (
        siteChanged ||
        (newDay && before?.dated === true) ||
        before?.page !== page ||
        (sources ?? []).some((file) => previous.sources[file] !== now.sources[file]) ||
        damage?.routes.has(route) === true
      );
    })
    .map(([route]) => route);
  const removed = Object.keys(previous.routes).filter((route) => !Object.hasOwn(now.routes, route));
  const reasons = [
    ...(dated.length > 0
      ? [
          `a new day (${dated.length === 1 ? '1 page shows' : `${dated.length} pages show`} the age of a job post, counted to the day it is built)`,
        ]
      : []),
    ...named(
      [...(siteChanged ? [`${now.siteFile.file} changed`] : []), ...changedSources(previous.sources, now.sources)],
      (more) => `${more} more files changed`,
    ),
    ...(damage?.reasons ?? []),
  ];
  return {
    kind: 'pages',
    render,
    removed,
    reason: reasons.join(', ') || 'no page changed',
    repair: { remove: damage?.repair.remove ?? [], notFound: siteChanged || damage?.repair.notFound === true },
  };
}
