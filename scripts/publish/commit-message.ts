/**
 * A person's description made a commit message that says what they wrote and nothing more:
 *
 * - every kind of line break (CRLF, CR, NEL, U+2028, U+2029) is LF, as git and every reader of
 *   the history split lines on LF alone;
 * - a character that acts or hides (NUL, other controls, direction overrides and isolates,
 *   zero-width characters) is refused in words naming it (hidden-words.ts); a tab is kept;
 * - lines git would take for trailers ("Signed-off-by: …", "Co-authored-by: …", any
 *   "Token: value" in the last paragraph) are not: git reads trailers only from lines that start
 *   at the margin, so each such line is indented by one space, which a reader hardly sees and
 *   which keeps the words as typed. git's own parser (`interpret-trailers --parse`, with this
 *   repository's settings) decides whether there are any, and checks that none are left.
 */
import { normaliseLineBreaks } from '../text/plain-text';
import { hiddenWords } from './hidden-words';
import { type Repository, run } from './git/repository';

/** The trailers git finds in `message`, one per line; empty when it finds none. */
const trailersIn = async (repo: Repository, message: string): Promise<string> =>
  (await run(repo, ['interpret-trailers', '--parse'], { input: message })).stdout.trim();

/** The prefixes git counts as trailers wherever they are (trailer.c's git_generated_prefixes). */
const GIT_PREFIXES = ['Signed-off-by: ', '(cherry picked from commit '];

/** A line git could take for a trailer: a token of letters, digits and hyphens, spaces, then a separator. */
async function trailerLike(repo: Repository): Promise<(line: string) => boolean> {
  const configured = (await run(repo, ['config', '--get', 'trailer.separators'], { allowFailure: true })).stdout.replace(/\n$/, '');
  const separators = configured === '' ? ':' : configured;
  const escaped = [...separators].map((character) => character.replace(/[\\\]^-]/g, '\\$&')).join('');
  const token = new RegExp(`^[A-Za-z0-9-]+[ \\t]*[${escaped}]`);
  return (line) => token.test(line) || GIT_PREFIXES.some((prefix) => line.startsWith(prefix.trimEnd()));
}

/** The message to commit (ending with a line break), or why the description cannot be one, in words. */
export async function commitMessage(repo: Repository, typed: string): Promise<{ message: string } | { problem: string }> {
  const text = normaliseLineBreaks(typeof typed === 'string' ? typed : '').trim();
  if (text === '') return { problem: 'Write a short description of the change: it is how others will find it in the history.' };
  const hidden = hiddenWords('The description', text, { allowLineBreaks: true, allowTabs: true });
  if (hidden) return { problem: hidden };
  let message = `${text}\n`;
  if ((await trailersIn(repo, message)) === '') return { message };
  // The first line is the subject, never a trailer; every later line that could be one is moved off the margin.
  const like = await trailerLike(repo);
  const [subject, ...body] = message.split('\n');
  message = [subject, ...body.map((line) => (like(line) ? ` ${line}` : line))].join('\n');
  if ((await trailersIn(repo, message)) === '') return { message };
  // A setting of this repository made git find others: every line after the subject's paragraph comes off the margin.
  const [first, ...rest] = message.split('\n\n');
  message = [first, ...rest.map((paragraph) => paragraph.replace(/^(?=\S)/gm, ' '))].join('\n\n');
  return { message };
}
