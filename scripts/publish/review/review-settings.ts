/**
 * How changes are reviewed on this site (scripts/review-settings.json, checked against
 * schemas/settings/review-settings.schema.json by `npm run validate`): whether publishing needs
 * a reviewer's approval, how long preview links work, and who the reviewers are. The file is
 * code, not content: the editor never writes it (it writes pages/ and public/media/ only), and
 * the live site's follower builds a change to it only from a signed release, so a rule cannot
 * be lifted from the editor by the people it binds. Read at every request: a change to it counts
 * at once, with no restart. A file that is missing means the defaults; one that does not pass
 * its schema stops publishing and approving, in words, until it is fixed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parseJsonWithPositions } from '../../content/problems/parse-json-with-positions';
import { type Problem, problemAt, fileProblem } from '../../content/problems/problem-at';
import { problem } from '../../content/problems/catalog';
import type { Author } from '../git/repository';
import type { ReviewSettings as GeneratedSettings } from '../../../src/generated/schema-types';

const REVIEW_SETTINGS_FILE = 'scripts/review-settings.json';
const SCHEMA_FILE = 'schemas/settings/review-settings.schema.json';

/** The settings as their schema says (the type is generated from it); `$schema` is only where editors find it. */
export type ReviewSettings = Omit<GeneratedSettings, '$schema'>;

/** The settings and the problems of the file (none when it is missing: the defaults then). */
function read(root: string): { settings: ReviewSettings; problems: Problem[] } {
  const path = join(root, REVIEW_SETTINGS_FILE);
  if (!existsSync(path)) return { settings: DEFAULTS, problems: [] };
  let parsed: ReturnType<typeof parseJsonWithPositions>;
  let check: ValidateFunction;
  try {
    parsed = parseJsonWithPositions(readFileSync(path, 'utf8'));
    check = validatorOf(root);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return {
      settings: DEFAULTS,
      problems: [fileProblem(REVIEW_SETTINGS_FILE, problem('reviewSettings', `cannot be read or checked (${why})`))],
    };
  }
  const value = (parsed.syntaxErrors.length > 0 ? undefined : structuredClone(parsed.value)) as Record<string, unknown> | undefined;
  const problems: Problem[] = [];
  const doc = { file: REVIEW_SETTINGS_FILE, parsed };
  if (value === undefined)
    problems.push(
      fileProblem(
        REVIEW_SETTINGS_FILE,
        problem('reviewSettings', 'are not written correctly: a bracket, a comma or a quotation mark is missing or extra'),
      ),
    );
  else if (!check(value))
    for (const error of check.errors ?? []) {
      const at = error.instancePath
        .split('/')
        .slice(1)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
      if (error.keyword === 'additionalProperties') {
        const name = String(error.params.additionalProperty);
        problems.push(problemAt(doc, [...at, name], problem('reviewSettings', `have a setting they do not know, "${name}"`), 'key'));
      } else problems.push(problemAt(doc, at, problem('reviewSettings', `have a value that ${error.message ?? 'is wrong'}`)));
    }
  return { settings: problems.length === 0 ? { ...DEFAULTS, ...(value as Partial<ReviewSettings>) } : DEFAULTS, problems };
}

/** What a site without the file has: no approval needed, links for a week, no reviewers named. */
const DEFAULTS: ReviewSettings = { approvalRequired: false, linkDays: 7, reviewers: [] };

/** The schema's validator, compiled once per schema text. */
const validators = new Map<string, ValidateFunction>();
function validatorOf(root: string): ValidateFunction {
  const text = readFileSync(join(root, SCHEMA_FILE), 'utf8');
  let check = validators.get(text);
  if (!check) {
    check = new Ajv({ allErrors: true, useDefaults: true, strict: false }).compile(JSON.parse(text) as object);
    validators.set(text, check);
  }
  return check;
}

/** The problems of the review settings file, located, for `npm run validate`. */
export const reviewSettingsProblems = (root: string): Problem[] => read(root).problems;

/** The review settings, or, when the file does not pass its schema, the words that say so to the person. */
export function reviewSettings(root: string): ReviewSettings | { problem: string } {
  const { settings, problems } = read(root);
  const [first] = problems;
  return first ? { problem: first.editorMessage ?? first.message } : settings;
}

/** Whether `person` is one of `settings`' reviewers (by e-mail address, as git and sign-in proxies give it). */
export const isReviewer = (settings: ReviewSettings, person: Author): boolean =>
  settings.reviewers.some((reviewer) => reviewer.email.toLowerCase() === person.email.trim().toLowerCase());
