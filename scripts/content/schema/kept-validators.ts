/**
 * The schemas' validators kept as code between runs. Ajv compiles a schema into JavaScript
 * before it checks anything: for the page schema, with every block's, that took a build
 * 0.26 s alone and 0.5 s beside the prerendering thread, every time, even when one page had
 * changed. Ajv's standalone code is that JavaScript written out: the build keeps it in its
 * cache and the next build evaluates it in 20 ms. The validators are the same functions, so a
 * document checks the same either way (create-validator.ts's test holds them to it).
 *
 * The kept file starts with a line naming what it was made from (`key`: the caller's, which
 * must change with the code and packages that check, and the schemas' hash) and a hash of the
 * rest; anything else found there is compiled anew and written again. The code is only ever
 * code this process wrote, from the project's own schemas: a content file cannot reach it.
 */
import { hash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { ajvOf } from './create-ajv';
import type { SchemaSet } from './schema-set';

/** The schemas a content file is checked against as a whole: a page's, the site file's and each collection's entries'. */
const isRootKey = (key: string): boolean => key === 'page.schema.json' || key === 'site.schema.json' || key.startsWith('collections/');

/** What the kept code is evaluated with: its `require` finds Ajv's runtime helpers where this module finds Ajv. */
const requireHere = createRequire(import.meta.url);

/** The validators the kept code in `path` exports, when it was made for `head` and is whole; otherwise undefined. */
function readKept(path: string, head: string): Record<string, ValidateFunction> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const end = text.indexOf('\n');
  const code = text.slice(end + 1);
  if (end < 0 || text.slice(0, end) !== `// ${head} ${hash('sha256', code)}`) return undefined;
  const exports: Record<string, ValidateFunction> = {};
  try {
    // The standalone module Ajv wrote, as CommonJS: it sets `exports`, and requires Ajv's runtime helpers.
    new Function('exports', 'require', code)(exports, requireHere);
  } catch {
    return undefined;
  }
  return exports;
}

/**
 * The validator of each schema by its key, as createAjv gives them: from the code kept in `path`
 * for `key` and these schemas when there is such code, compiled (and kept there) otherwise.
 */
export function keptValidators(set: SchemaSet, path: string, key: string): (rootKey: string) => ValidateFunction {
  const head = JSON.stringify({ key, schemas: hash('sha256', JSON.stringify([...set])) });
  const kept = readKept(path, head);
  let ajv: ReturnType<typeof ajvOf> | undefined;
  const compiled = (rootKey: string): ValidateFunction => {
    ajv ??= ajvOf(set, true);
    const validate = ajv.getSchema(rootKey);
    if (!validate) throw new Error(`No schema ${rootKey} in schemas/`);
    return validate;
  };
  if (kept) return (rootKey) => kept[rootKey] ?? compiled(rootKey);
  const roots = [...set.keys()].filter(isRootKey);
  // Compiled here, so that a schema Ajv refuses is reported by the caller as it would be without the kept code.
  for (const rootKey of roots) compiled(rootKey);
  const code = standaloneCode(ajv as NonNullable<typeof ajv>, Object.fromEntries(roots.map((rootKey) => [rootKey, rootKey])));
  try {
    mkdirSync(dirname(path), { recursive: true });
    // Written beside it and renamed over it: a build reading it meanwhile finds it whole.
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `// ${head} ${hash('sha256', code)}\n${code}`);
    renameSync(temporary, path);
  } catch {
    // Not kept (a folder that cannot be written): the next run compiles again, and checks the same.
  }
  return compiled;
}
