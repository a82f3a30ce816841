import { Ajv, type ValidateFunction } from 'ajv';
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

/** What the `x-link`, `x-file` and `x-ref` keywords collect while a document is validated (passed as `this`). */
export interface LinkCollector {
  links: FoundLink[];
  /** Paths of files under public/ (images, video) the document names. */
  files: FoundLink[];
  /** Ids of collection entries the document names. */
  refs: FoundRef[];
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
 * One Ajv instance over the whole schema set, for page files and the site file: the
 * discriminator on, so a wrong block type gives one precise error instead of one per block
 * kind; `allErrors` so that one run reports every problem; `useDefaults`, so a loaded page
 * holds every default its schemas declare and no component repeats one; ajv-errors for the schemas' own
 * `errorMessage` words; `x-file`, which records each path of a file under public/ so missing
 * files can be found; and `x-link`, which never fails but records each link it marks so
 * dead internal ones can be found. Returns the compiled validator of a schema by its key.
 */
/**
 * `x-retention-days` on a form's schema: how many days a submission of that form is kept
 * (scripts/site-server/store/retention.ts). Says nothing about a value: Ajv only learns the word.
 */
export const RETENTION_KEYWORD = { keyword: 'x-retention-days', schemaType: 'number' } as const;

export function createAjv(set: SchemaSet): (rootKey: string) => ValidateFunction {
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
    code: { optimize: false },
  });
  ajvErrors(ajv);
  ajv.addKeyword(RETENTION_KEYWORD);
  ajv.addKeyword({
    keyword: 'x-link',
    schemaType: 'boolean',
    validate(this: LinkCollector, _schema: boolean, data: unknown, _parent?: unknown, context?: { instancePath: string }) {
      if (typeof data === 'string' && context) this.links.push({ path: pointerToPath(context.instancePath), href: data });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-file',
    schemaType: 'boolean',
    validate(this: LinkCollector, _schema: boolean, data: unknown, _parent?: unknown, context?: { instancePath: string }) {
      if (typeof data === 'string' && context) this.files.push({ path: pointerToPath(context.instancePath), href: data });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-ref',
    schemaType: ['string', 'array'],
    validate(
      this: LinkCollector,
      schema: string | string[],
      data: unknown,
      parentSchema?: { 'x-ref-fields'?: string[] },
      context?: { instancePath: string },
    ) {
      if (typeof data === 'string' && context)
        this.refs.push({
          path: pointerToPath(context.instancePath),
          id: data,
          collections: [schema].flat(),
          ...(parentSchema?.['x-ref-fields'] ? { fields: parentSchema['x-ref-fields'] } : {}),
        });
      return true;
    },
  });
  // `x-ref-fields`: the fields of the entry a block reads; the rest stays behind (an island's props are written into the page).
  ajv.addKeyword({ keyword: 'x-ref-fields', schemaType: 'array' });
  // `x-ref-all`: a list of references left out means "every entry, by this field, newest first" (read by the loader).
  ajv.addKeyword({ keyword: 'x-ref-all', schemaType: 'string' });
  for (const [key, schema] of set) ajv.addSchema(schema, key);
  return (rootKey) => {
    const validate = ajv.getSchema(rootKey);
    if (!validate) throw new Error(`No schema ${rootKey} in schemas/`);
    return validate;
  };
}
