/**
 * Every problem `npm run validate` can report, in one catalog. Each entry's key is the
 * problem's code, which never changes (tests, tools and the editor match on it); its function
 * only fills values into the words. Each says what is wrong and what to write instead, in the
 * words of the schema's titles. Keep the wording plain: the readers are people who edit
 * pages, not developers.
 */

/** A number as it was written in the file: 99999999999999999999 rather than JavaScript's 100000000000000000000. */
export class WrittenNumber {
  constructor(readonly text: string) {}
}

/** A short, quoted rendering of what someone wrote. */
function quote(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value instanceof WrittenNumber) return value.text;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const KIND: Record<string, string> = {
  string: 'a text in double quotes',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list in square brackets [ ]',
  object: 'a group of fields in curly braces { }',
  null: 'null',
};

/** An example to copy, when it fits in a line; a longer one is in the block reference. */
const exampleHint = (example: unknown): string => {
  if (example === undefined) return '';
  const text = JSON.stringify(example);
  return text.length > 60 ? ' (docs/blocks.md shows an example)' : `, for example ${text}`;
};
const suggestion = (guess: string | undefined): string => (guess ? ` Did you mean ${quote(guess)}?` : '');

/**
 * A problem said two ways: to whoever runs `npm run validate` (a command, a file, a folder to
 * look in) and to the person in the visual editor, who edits pages by their title and reads
 * `editor` instead (Problem's `editorMessage`).
 */
const twoWays = (message: string, editor: string): { message: string; editor: string } => ({ message, editor });

/** The editor's words for a page changed by hand outside it, which only that hand can mend. */
const changedOutside = (what: string): string =>
  `${what}. It was changed outside the editor: ask whoever changed it to correct it, or bring back an earlier version from its History.`;
/** The editor's words for a fault in the site's own code or setup. */
const forTheSiteKeeper = (what: string): string =>
  `${what}. Ask whoever looks after the site's code to mend it; until then nothing can be published.`;

export const catalog = {
  syntax: (problem: string) =>
    twoWays(
      `this is not valid JSON: ${problem}. Check this line and the one before it for a missing comma, quote or bracket, or a comma before a closing bracket.`,
      changedOutside('this page can no longer be read'),
    ),
  byteOrderMark: () =>
    twoWays(
      'the file starts with an invisible byte-order mark, which JSON does not allow. Save it as "UTF-8" rather than "UTF-8 with BOM" (in VS Code, click the encoding in the status bar), or run npm run fix.',
      changedOutside('this page starts with an invisible character that stops it from being read'),
    ),
  curlyQuotes: (character: string) =>
    twoWays(
      `${character} is a typographic quote; JSON needs straight double quotes ("), around names and texts alike. Replace it, or run npm run fix to replace them all.`,
      changedOutside(`this page has a curly quote mark, ${character}, where a straight one (") belongs, so it cannot be read`),
    ),
  missingOpeningQuote: (word: string) =>
    twoWays(
      `this text has no opening double quote: write "${word}" with a " before it as well as after.`,
      changedOutside(`the text “${word}” in this page lacks its opening quote mark, so the page cannot be read`),
    ),
  tooDeep: (limit: number) =>
    twoWays(
      `lists and groups are nested more than ${limit} levels deep here, which no content file needs. Look for a [ or { that is never closed, or text pasted in by mistake.`,
      changedOutside(`this page has lists inside lists more than ${limit} deep, so it cannot be read`),
    ),
  duplicateKey: (key: string, line: number, column: number) =>
    twoWays(
      `"${key}" is written twice in the same group; the first, at line ${line}, column ${column}, would be silently ignored. Keep one of them.`,
      changedOutside(`a field of this page, "${key}", is written twice, and one of them would be lost`),
    ),
  numberAsText: (title: string, value: string) => `"${title}" must be a number without quotes: write ${value}, not "${value}".`,
  emptyFile: () =>
    twoWays(
      'the file is empty. A page needs at least "$schema", "title", "description" and "blocks".',
      changedOutside('this page is empty'),
    ),
  missing: (title: string, key: string, example: unknown) =>
    twoWays(`"${title}" is missing. Add "${key}"${exampleHint(example)}.`, `"${title}" is missing: fill it in.`),
  unknownField: (field: string, where: string, guess: string | undefined, allowed: string[]) =>
    `"${field}" is not a field of ${where}.${guess ? suggestion(guess) : ` Fields it takes: ${allowed.join(', ')}.`}`,
  wrongType: (title: string, expected: string[], value: unknown) =>
    `"${title}" must be ${expected.map((type) => KIND[type] ?? type).join(' or ')}; you wrote ${quote(value)}.`,
  notOneOf: (title: string, allowed: unknown[], value: unknown, guess: string | undefined) =>
    `"${title}" must be one of ${allowed.map(quote).join(', ')}; you wrote ${quote(value)}.${suggestion(guess)}`,
  notExactly: (title: string, expected: unknown, value: unknown) =>
    `"${title}" must be exactly ${quote(expected)}; you wrote ${quote(value)}.`,
  empty: (title: string) => `"${title}" is empty. Write some text here, or remove the field if it is optional.`,
  tooShort: (title: string, limit: number, length: number) => `"${title}" must be at least ${limit} characters long; it has ${length}.`,
  tooLong: (title: string, limit: number, length: number) =>
    `"${title}" must be at most ${limit} characters long; it has ${length}. Shorten it.`,
  tooFew: (title: string, limit: number, count: number) =>
    `"${title}" needs at least ${limit} ${limit === 1 ? 'entry' : 'entries'}; it has ${count}.`,
  tooMany: (title: string, limit: number, count: number) =>
    `"${title}" takes at most ${limit} ${limit === 1 ? 'entry' : 'entries'}; it has ${count}. Remove some.`,
  tooSmall: (title: string, limit: number, value: unknown) => `"${title}" must be at least ${limit}; you wrote ${quote(value)}.`,
  tooLarge: (title: string, limit: number, value: unknown) => `"${title}" must be at most ${limit}; you wrote ${quote(value)}.`,
  badForm: (title: string, example: unknown, value: unknown) =>
    twoWays(
      `"${title}" is not in the expected form${exampleHint(example)}; you wrote ${quote(value)}.`,
      `"${title}" is not in the expected form${exampleHint(example).startsWith(' (') ? '' : exampleHint(example)}; you wrote ${quote(value)}.`,
    ),
  custom: (title: string, text: string, value: unknown) =>
    `"${title}" ${text}${typeof value === 'object' && value !== null ? '.' : `; you wrote ${quote(value)}.`}`,
  noBlockType: (known: string[]) => `this block has no "type". Add "type" with one of: ${known.join(', ')}.`,
  unknownBlockType: (value: unknown, known: string[], guess: string | undefined) =>
    `unknown block type ${quote(value)}. Known types: ${known.join(', ')}.${suggestion(guess)}`,
  deadLink: (title: string, href: string, guess: string | undefined) =>
    `"${title}" leads to ${quote(href)}, but no page has that address.${guess ? suggestion(guess) : ` Make a page with that address, or link to a page that exists.`}`,
  invisibleInLink: (title: string, href: string, character: string) =>
    `"${title}" holds ${character === ' ' ? 'a space' : `a character that does not show (U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`}: ${quote(href)}. Browsers drop some of these and keep others, so the link would not go where it seems to. Type the address again without it (a space inside a path is written %20).`,
  backslashInLink: (title: string, href: string) =>
    `"${title}" holds a backslash (\\): ${quote(href)}. Browsers read it as a /, so "/\\example.com" would lead to another site. Separate the parts of a path with /, like /services/cloud.`,
  linkToOtherHost: (title: string, href: string) =>
    `"${title}" starts with //, which leads to another site: ${quote(href)}. For a page here write one / and its address, like /about; for another site write its full address, like https://example.com.`,
  dotsInLink: (title: string, href: string) =>
    `"${title}" has "." or ".." parts, or a dot, slash or backslash hidden as %2e, %2f or %5c: ${quote(href)}. Such an address can step out of its folder, even out of the site's files. Write it from the top of the site without them, like /images/brand/logo.svg.`,
  badPercentInLink: (title: string, href: string) =>
    `"${title}" has a % that is not followed by two hexadecimal digits: ${quote(href)}. Write a percent sign as %25, or remove it.`,
  linkToFolder: (title: string, href: string, guess: string | undefined) =>
    twoWays(
      `"${title}" leads to ${quote(href)}, which is a folder of public/, not a page or a file, so visitors would find nothing there. Link to a page, or to a file in that folder.${suggestion(guess)}`,
      `"${title}" leads to ${quote(href)}, which is a folder of the site's files, not a page or a file, so visitors would find nothing there. Link to a page, or to a file.${suggestion(guess)}`,
    ),
  linkOutOfPublic: (title: string, link: string, target: string, exists: boolean) =>
    twoWays(
      `"${title}" leads through public/${link}, which is a link to ${quote(target)}, ${exists ? 'outside public/' : 'which does not exist'}; the site publishes only what is really inside public/. Put the file itself there instead of the link.`,
      forTheSiteKeeper(`"${title}" leads to a file that is only a shortcut to another place, which the site does not publish`),
    ),
  badEndpoint: (title: string, path: string, value: string) =>
    `"${title}" must be ${path}, where this site's server receives this form, or the address of a form service, like https://forms.example.com/f/abc123 (a lowercase host name; no spaces, quotes, commas, semicolons or *); you wrote ${quote(value)}.`,
  endpointVariable: (name: string, path: string, value: string) =>
    twoWays(
      `${name} must be ${path}, where this site's server receives the form, or the address of a form service, like https://forms.example.com/f/abc123 (a lowercase host name; no spaces, quotes, commas, semicolons or *); it is ${quote(value)}. Correct it, or unset it to use the endpoints of pages/_site.json.`,
      forTheSiteKeeper(
        `the address the site's server sends this form to, set where the server runs, is ${quote(value)}, which it cannot use`,
      ),
    ),
  unsafePolicySource: (value: string) =>
    twoWays(
      `${quote(value)} cannot be named in the Content-Security-Policy: a form endpoint is a path this site's server answers or a plain https:// address (npm run validate says which field holds it).`,
      `${quote(value)} cannot be where a form is sent: use an address of this site, like /api/contact, or a plain https:// address.`,
    ),
  linkedFile: (file: string, target: string, reason: 'linkMissing' | 'linkOutside' | 'loop', folder: string, isFolder: boolean) =>
    twoWays(
      `${file} is a link to ${quote(target)}, which ${reason === 'linkMissing' ? 'does not exist' : reason === 'linkOutside' ? `lies outside ${folder}` : 'is a folder that holds it, so reading it would never end'}: replace it with the ${isFolder ? 'folder' : 'file'} itself.`,
      forTheSiteKeeper(
        `one of the site's ${isFolder ? 'folders' : 'pages'} is only a shortcut to another place, which the site does not follow`,
      ),
    ),
  linkedPublicFile: (file: string, target: string, reason: 'linkMissing' | 'linkOutside' | 'loop', isFolder: boolean) =>
    twoWays(
      `${file} is a link to ${quote(target)}, which ${reason === 'linkMissing' ? 'does not exist, so the site cannot publish it' : reason === 'linkOutside' ? 'lies outside public/. Everything in public/ is published to every visitor, whether a page names it or not, so the site would publish whatever the link leads to' : 'is a folder that holds it, so copying it would never end'}. Replace the link with the ${isFolder ? 'folder' : 'file'} itself.`,
      forTheSiteKeeper(
        `one of the site's ${isFolder ? 'folders of files' : 'files'} is only a shortcut to another place, which the site does not publish`,
      ),
    ),
  badFileName: (file: string) =>
    twoWays(
      `the file name ${quote(file)} cannot be an address: use lowercase letters, digits and single hyphens only, like pages/services/cloud-migration.json.`,
      `this page's address cannot be used: an address takes lowercase letters, digits and single hyphens only, like /services/cloud-migration.`,
    ),
  duplicateRoute: (route: string, other: string) =>
    twoWays(
      `this file gives the address ${route}, which ${other} already gives. Remove or rename one of them.`,
      `another page has the address ${route} too. Give one of them another address.`,
    ),
  invalid: (title: string) => `"${title}" is not valid here.`,
  emptyPage: () =>
    twoWays(
      'the page has no blocks, so it would show its title and nothing else. Add at least one block to "blocks" (docs/blocks.md lists them).',
      'the page has no blocks, so it would show its title and nothing else. Add at least one block.',
    ),
  heroNotFirst: (position: number) =>
    `a banner with "level": 1 is the page's header and must be its first block; this is block ${position}. Move it to the top, or make it "level": 2.`,
  twoHeaders: () =>
    'the page opens with a banner, which is its header, and this second banner stacks another dark header straight under it. Put a block between them, or merge the two.',
  headingUnseen: () =>
    'the page opens with a banner, which is its header and shows the banner\'s heading, so this "heading" is never shown. Remove it, or move its words into the banner\'s "heading".',
  markUnseen: (field: string) =>
    `the page opens with a banner, which is its header, and only the standard header shows the page's logo or icon, so this "${field}" is never shown. Remove it, or start the page with another block.`,
  notAFilterOption: (title: string, value: string, options: string[], guess: string | undefined) =>
    `"${title}" is ${quote(value)}, which the job filters do not offer (${options.map(quote).join(', ')}), so no filter could ever find this job.${guess ? suggestion(guess) : ' Add it to the filter options, or use one of them.'}`,
  duplicateAnchor: (anchor: string, position: number) =>
    `the anchor ${quote(anchor)} is already the name of block ${position} on this page; each anchor must be unique on its page.`,
  unknownAnchor: (title: string, href: string, route: string, anchors: string[], guess: string | undefined) =>
    `"${title}" leads to ${quote(href)}, but ${route} has no section with that anchor.${guess ? suggestion(guess) : anchors.length > 0 ? ` Anchors there: ${anchors.join(', ')}.` : ' Give a block on that page an "anchor".'}`,
  missingFile: (title: string, path: string, guess: string | undefined) =>
    twoWays(
      `"${title}" names ${quote(path)}, but public/ has no such file.${guess ? suggestion(guess) : ' Put the file under public/, or correct the path.'}`,
      `"${title}" names ${quote(path)}, but the site has no such file.${guess ? suggestion(guess) : ' Upload it, or correct the address.'}`,
    ),
  notJsonFile: (file: string, rename: string) =>
    twoWays(
      `${file} is not read as a page: page files end in ".json", in lowercase. Rename it to ${rename}.`,
      forTheSiteKeeper('a file among the pages has a name the site does not read as a page, so it is left out'),
    ),
  brokenSchema: (file: string, detail: string) =>
    twoWays(
      `this schema file is not valid JSON (${detail}), so no content file can be checked. Restore it (git checkout -- ${file}) or correct it.`,
      forTheSiteKeeper('the site’s page formats are broken, so no page can be checked'),
    ),
  missingSchema: (file: string, referrer: string) =>
    twoWays(
      `${file} does not exist, but ${referrer} needs it, so no content file can be checked. Restore it (git checkout -- ${file}); if a block was removed on purpose, remove its definition.ts too and run npm run gen.`,
      forTheSiteKeeper('part of the site’s page formats is missing, so no page can be checked'),
    ),
  invalidSchema: (detail: string) =>
    twoWays(
      `the schemas cannot be used: ${detail}. Undo the last change to schemas/ (git diff schemas/ shows it) and try again.`,
      forTheSiteKeeper('the site’s page formats cannot be used, so no page can be checked'),
    ),
  behindVersion: (written: number, current: number) =>
    twoWays(
      `${written === 0 ? 'this file has no "schemaVersion": it was written before the schemas had versions' : `this file was written for version ${written} of the schemas`}, which are at version ${current} now. Run npm run migrate -- --write to upgrade it (npm run migrate alone shows what would change).`,
      'this page was written for an older version of the page format. Open it and choose to upgrade it: the editor shows what that changes first.',
    ),
  aheadVersion: (written: number, current: number) =>
    twoWays(
      `this file says it was written for version ${written} of the schemas, but they are only at version ${current}. Set "schemaVersion" to ${current}, or update the project (git pull).`,
      forTheSiteKeeper(`this page was written for a newer version of the page format (${written}) than the site has (${current})`),
    ),
  unknownCollection: (name: string, known: string[], guess: string | undefined) =>
    twoWays(
      `there is no collection ${quote(name)}.${guess ? suggestion(guess) : ` Collections: ${known.join(', ') || 'none yet'}.`} A collection needs its schema, schemas/collections/${name}.schema.json.`,
      forTheSiteKeeper(`this page is made for each entry of a collection ${quote(name)}, which the site does not have`),
    ),
  unknownEntry: (title: string, id: string, collections: string[], guess: string | undefined) =>
    `"${title}" names ${quote(id)}, but there is no such entry in the ${collections.join(' or the ')} collection${collections.length > 1 ? 's' : ''}.${guess ? suggestion(guess) : ' Add that entry, or name one that exists.'}`,
  duplicateId: (id: string, other: string) =>
    twoWays(
      `the id ${quote(id)} is also the name of ${other}; a reference could mean either. Rename one of the files.`,
      `another entry is called ${quote(id)} too, so a page naming it could mean either. Rename one of them.`,
    ),
  unknownPlaceholder: (name: string, fields: string[], guess: string | undefined) =>
    `{${name}} names no field of the entry this page is made for.${guess ? ` Did you mean {${guess}}?` : ` Its fields: ${fields.map((field) => `{${field}}`).join(', ')}.`}`,
  samePageText: (field: string, route: string) =>
    `this page has the same ${field} as ${route}; search results could not tell them apart. Make each ${field} its own.`,
  schemasChanged: (version: number, next: number) =>
    twoWays(
      `the schemas changed since version ${version} was recorded here. If every content file still validates (a field was added, a limit raised), record the change with npm run migrate -- --record. If some would not, write migrations/${String(next).padStart(3, '0')}-<what-changed>.ts to upgrade them (docs/content-model.md), then run npm run migrate -- --record and npm run migrate -- --write.`,
      forTheSiteKeeper('the site’s page formats changed without a record of the change, so no page can be checked'),
    ),
  reviewSettings: (words: string) =>
    twoWays(
      `the review settings ${words}; see the description of each setting in schemas/settings/review-settings.schema.json.`,
      "The site's review settings cannot be read, so nothing can be published or approved until they are fixed: ask whoever looks after the site's code.",
    ),
  missingSiteFile: (path: string) =>
    twoWays(
      `the site file is missing. Create ${path}; see docs/blocks.md.`,
      forTheSiteKeeper('the menus, footer and site settings are missing'),
    ),
} as const;

/** A problem's stable code: a key of the catalog. */
export type ProblemCode = keyof typeof catalog;

/** The code and the words of one problem (and the editor's, where they differ), ready to be located in its file. */
export function problem<C extends ProblemCode>(
  code: C,
  ...values: Parameters<(typeof catalog)[C]>
): { code: C; message: string; editorMessage?: string } {
  const said = (catalog[code] as (...args: unknown[]) => string | { message: string; editor: string })(...values);
  return typeof said === 'string' ? { code, message: said } : { code, message: said.message, editorMessage: said.editor };
}
