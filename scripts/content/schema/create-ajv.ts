import { _, Ajv, type Code, type KeywordCxt, type KeywordDefinition, Name, str, stringify, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import type { SchemaSet } from './schema-set';

/** A link found while validating: where it was written and where it leads. */
export interface FoundLink {
  path: (string | number)[];
  href: string;
}

/** A reference to a collection entry: where it was written, the id, and the collections it may name. */
export interface FoundRef {
  path: (string | number)[];
  id: string;
  collections: string[];
  /** The entry's fields the block reads (`x-ref-fields`); every field when undefined. */
  fields?: string[];
}

/** A JSON pointer ("/blocks/2/title") as path segments, array indexes as numbers. */
export function pointerToPath(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((token) => (/^\d+$/.test(token) ? Number(token) : token));
}

/**
 * `x-retention-days` on a form's schema: how many days a submission of that form is kept
 * (scripts/site-server/store/retention.ts). Says nothing about a value: Ajv only learns the word.
 */
export const RETENTION_KEYWORD = { keyword: 'x-retention-days', schemaType: 'number' } as const;

/**
 * What the `x-link`, `x-file` and `x-ref` keywords collect while a document is validated
 * (passed as `this`): links, files under public/ (images, video) and references to collection
 * entries, each where it was found as a JSON pointer (pointerToPath makes it a path).
 */
export interface LinkCollector {
  links: { pointer: string; href: string }[];
  files: { pointer: string; href: string }[];
  refs: (Omit<FoundRef, 'path'> & { pointer: string })[];
}

/** The parameter of every function Ajv generates that holds the pointer of the value it checks (Ajv's own name for it, compile/names.js). */
const INSTANCE_PATH = new Name('instancePath');

/** The pointer of the value a keyword is looking at, in the code Ajv generates: as Ajv passes it to a keyword of its own. */
const pointerOf = (cxt: KeywordCxt): Code => str`${INSTANCE_PATH}${cxt.it.errorPath}`;

/**
 * A keyword that never fails and adds the string it marks, as `entry` says, to one of the lists of
 * the collector the check passes as Ajv's context. Written as code Ajv generates, not as a function it calls:
 * compiled validators can then be kept as code (kept-validators.ts) and need no compiling.
 */
const collecting = (keyword: string, schemaType: KeywordDefinition['schemaType'], entry: (cxt: KeywordCxt) => Code): KeywordDefinition => ({
  keyword,
  schemaType,
  code(cxt) {
    cxt.gen.if(_`typeof ${cxt.data} == "string"`, () => cxt.gen.code(entry(cxt)));
  },
});

/**
 * One Ajv instance over the whole schema set, for page files and the site file: the
 * discriminator on, so a wrong block type gives one precise error instead of one per block
 * kind; `allErrors` so that one run reports every problem; `useDefaults`, so a loaded page
 * holds every default its schemas declare and no component repeats one; ajv-errors for the schemas' own
 * `errorMessage` words; `x-file`, which records each path of a file under public/ so missing
 * files can be found; and `x-link`, which never fails but records each link it marks so
 * dead internal ones can be found.
 * `source` keeps each validator's code, for kept-validators.ts.
 */
export function ajvOf(set: SchemaSet, source = false): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    discriminator: true,
    passContext: true,
    useDefaults: true,
    // Ajv's optimising passes over the code it generates cost a third of compiling the schemas
    // and save nothing measurable when checking: npm run validate and the editor start sooner.
    code: { optimize: false, source },
  });
  ajvErrors(ajv);
  ajv.addKeyword(RETENTION_KEYWORD);
  ajv.addKeyword(collecting('x-link', 'boolean', (cxt) => _`this.links.push({ pointer: ${pointerOf(cxt)}, href: ${cxt.data} });`));
  ajv.addKeyword(collecting('x-file', 'boolean', (cxt) => _`this.files.push({ pointer: ${pointerOf(cxt)}, href: ${cxt.data} });`));
  ajv.addKeyword(
    collecting('x-ref', ['string', 'array'], (cxt) => {
      const fields = (cxt.parentSchema as { 'x-ref-fields'?: string[] })['x-ref-fields'];
      const collections = stringify([cxt.schema as string | string[]].flat());
      return fields
        ? _`this.refs.push({ pointer: ${pointerOf(cxt)}, id: ${cxt.data}, collections: ${collections}, fields: ${stringify(fields)} });`
        : _`this.refs.push({ pointer: ${pointerOf(cxt)}, id: ${cxt.data}, collections: ${collections} });`;
    }),
  );
  // `x-ref-fields`: the fields of the entry a block reads; the rest stays behind (an island's props are written into the page).
  ajv.addKeyword({ keyword: 'x-ref-fields', schemaType: 'array' });
  // `x-ref-all`: a list of references left out means "every entry, by this field, newest first" (read by the loader).
  ajv.addKeyword({ keyword: 'x-ref-all', schemaType: 'string' });
  for (const [key, schema] of set) ajv.addSchema(schema, key);
  return ajv;
}

/** The compiled validator of each schema by its key, compiled when first asked for. */
export function createAjv(set: SchemaSet): (rootKey: string) => ValidateFunction {
  const ajv = ajvOf(set);
  return (rootKey) => {
    const validate = ajv.getSchema(rootKey);
    if (!validate) throw new Error(`No schema ${rootKey} in schemas/`);
    return validate;
  };
}
