/**
 * One publish of scripts/bench/follow.ts, as a person makes it in the visual editor and as the
 * live site shows it: the file is opened and saved through the editor's API (GET file, POST
 * save, as the page editor's Save does), then Publish is pressed (POST publish: the site
 * checked, the commit made and pushed to the remote), and the live site is asked, as the editor
 * asks it, until `/_live?commit=` answers live and the page it serves holds the new words.
 */
import type { ServerLines } from './server-lines';

/** A change to publish: which file, what to change in it, and a page of the live site that shows it. */
export interface Change {
  path: string;
  /** Changes the file's value in place so that it says `words`. */
  edit: (value: Record<string, unknown>, words: string) => void;
  /** The address of a page that shows the words once live. */
  shownAt: string;
}

/** What one run took, each in ms from the press of Publish (performance.now() differences). */
export interface PublishTimes {
  /** The publish answered: the site checked, the commit made and pushed. */
  pushed: number;
  /** The follower's line that it is building the commit (fetched, fast-forwarded, noticed, judged). */
  building: number;
  /** The follower's line that the site serves it. */
  served: number;
  /** `/_live` answered live and the page held the words. */
  live: number;
  /** The kind of build, as the build said it. */
  kind: string;
}

const AUTHOR = { name: 'Bench Editor', email: 'editor@example.com' };
/** How often the live site is asked: often enough to see the moment, a look-up in a map each time. */
const ASK_EVERY_MS = 50;
const short = (commit: string): string => commit.slice(0, 12);
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A failed build or a refusal, as the follower says it: the run has broken. */
export const followerFailed = (line: string): boolean =>
  /^The build of commit .* (failed|did not finish|cannot be served)|is not built|was not built|Not following/.test(line);

/** Calls the editor's API route `name` as its page does (its own origin, JSON); throws unless the answer is 200. */
export async function editorApi<T>(editor: string, name: string, body?: unknown): Promise<T> {
  const response = await fetch(`${editor}/__editor/api/${name}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: editor, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`The editor answered ${name} with ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Saves `change` saying `words`, presses Publish and waits until the live site shows it; see the file's comment. */
export async function publishToLive(
  editor: string,
  site: string,
  follower: ServerLines,
  change: Change,
  words: string,
  deadlineMs: number,
): Promise<PublishTimes> {
  const opened = await editorApi<{ value: Record<string, unknown>; hash: string }>(editor, `file?path=${encodeURIComponent(change.path)}`);
  change.edit(opened.value, words);
  const saved = await editorApi<{ status: string }>(editor, 'save', { path: change.path, value: opened.value, base: opened.hash });
  if (saved.status !== 'saved') throw new Error(`The editor did not save ${change.path}: ${JSON.stringify(saved)}`);

  const from = follower.said.length;
  const pressed = performance.now();
  const published = await editorApi<{ status: string; commit?: string }>(editor, 'publish', {
    paths: [change.path],
    message: `Bench: ${words}`,
    author: AUTHOR,
  });
  const pushed = performance.now() - pressed;
  if (published.status !== 'published' || !published.commit) throw new Error(`The publish was not pushed: ${JSON.stringify(published)}`);
  const { commit } = published;

  const until = performance.now() + deadlineMs;
  for (;;) {
    const answer = (await (await fetch(`${site}/_live?commit=${commit}`)).json()) as { state: string; reason?: string };
    if (answer.state === 'refused' || answer.state === 'failed')
      throw new Error(`The live site says ${answer.state} for ${short(commit)}: ${answer.reason}`);
    if (answer.state === 'live') break;
    if (performance.now() > until) throw new Error(`${short(commit)} was not live within ${deadlineMs / 1000} s.`);
    await pause(ASK_EVERY_MS);
  }
  // Live means served: the page holds the words from the moment of the switch.
  while (!(await (await fetch(`${site}${change.shownAt}`)).text()).includes(words)) {
    if (performance.now() > until) throw new Error(`${change.shownAt} did not show "${words}" within ${deadlineMs / 1000} s.`);
    await pause(ASK_EVERY_MS);
  }
  const live = performance.now() - pressed;

  const building = await follower.next(from, (line) => line.startsWith(`Commit ${short(commit)} arrived`), followerFailed, deadlineMs);
  const served = await follower.next(
    from,
    (line) => line.startsWith(`The site now serves commit ${short(commit)}`),
    followerFailed,
    deadlineMs,
  );
  return {
    pushed,
    building: building.at - pressed,
    served: served.at - pressed,
    live,
    kind: /\(built in [\d.]+ s\): (.*)$/.exec(served.line)?.[1] ?? '',
  };
}
