import type { ErrorObject, ValidateFunction } from 'ajv';
import { findNodeAtLocation } from 'jsonc-parser';
import { createAjv, pointerToPath, type FoundLink, type FoundRef, type LinkCollector } from '../schema/create-ajv';
import { didYouMean } from '../problems/did-you-mean';
import { parseJsonWithPositions, type ParsedJson } from '../problems/parse-json-with-positions';
import { type Problem, problemAt } from '../problems/problem-at';
import { problem, WrittenNumber, type ProblemCode } from '../problems/catalog';
import { blockSchemas, type JsonSchema, type SchemaSet } from '../schema/schema-set';
import { schemasAlongPath } from '../schema/schemas-along-path';
import { syntaxProblems } from '../problems/syntax-problems';

export interface CheckedDocument {
  file: string;
  value: unknown;
  parsed: ParsedJson;
  problems: Problem[];
  links: FoundLink[];
  /** Files under public/ the document names (images, video). */
  files: FoundLink[];
  /** References to collection entries the document makes. */
  refs: FoundRef[];
}

/** A number exactly as the file writes it, when the value at `path` is a number. */
function writtenAt(parsed: ParsedJson, path: (string | number)[]): WrittenNumber | undefined {
  const node = parsed.tree && findNodeAtLocation(parsed.tree, path);
  return node?.type === 'number' ? new WrittenNumber(parsed.text.slice(node.offset, node.offset + node.length)) : undefined;
}

/** `file:line:column  path: message [code]`, the form editors and terminals make clickable. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column}  ${problem.path ? `${problem.path}: ` : ''}${problem.message} [${problem.code}]`;
}

/**
 * Checks page files and the site file against the schema set (through ../schema/create-ajv.ts,
 * or the validators kept as code by ../schema/kept-validators.ts when `validatorFor` gives them) and
 * turns every error into a problem from the catalog, in the schema's titles, located at the
 * line and column where the value was written.
 */
export function createValidator(set: SchemaSet, validatorFor: (rootKey: string) => ValidateFunction = createAjv(set)) {
  const knownTypes = [...blockSchemas(set).keys()];

  /** Turns one Ajv error into a plain-language problem located in the file. */
  const describe = (
    file: string,
    rootKey: string,
    value: unknown,
    parsed: ParsedJson,
    error: ErrorObject,
    examples: Record<string, unknown>,
  ): Problem => {
    const path = pointerToPath(error.instancePath);
    const steps = schemasAlongPath(set, rootKey, value, path);
    const here = steps[steps.length - 1]?.schema;
    const title = (here?.title as string | undefined) ?? String(path[path.length - 1] ?? 'This file');
    const data = error.data;
    const params = error.params as Record<string, unknown>;
    let at = path;
    let where: 'value' | 'key' = 'value';
    let found: { code: ProblemCode; message: string };
    switch (error.keyword) {
      case 'required': {
        const key = String(params.missingProperty);
        const property = (here?.properties as Record<string, JsonSchema> | undefined)?.[key];
        const child = schemasAlongPath(set, rootKey, value, [...path, key]).pop()?.schema ?? property;
        found = problem(
          'missing',
          (child?.title as string | undefined) ?? key,
          key,
          key in examples ? examples[key] : (child?.examples as unknown[] | undefined)?.[0],
        );
        break;
      }
      case 'additionalProperties': {
        const field = String(params.additionalProperty);
        const allowed = Object.keys((here?.properties as object | undefined) ?? {});
        at = [...path, field];
        where = 'key';
        found = problem('unknownField', field, `"${title}"`, didYouMean(field, allowed), allowed);
        break;
      }
      case 'discriminator': {
        if (params.error === 'tag') found = problem('noBlockType', knownTypes);
        else {
          at = [...path, 'type'];
          found = problem('unknownBlockType', params.tagValue, knownTypes, didYouMean(String(params.tagValue), knownTypes));
        }
        break;
      }
      case 'type': {
        const expected = String(params.type).split(',');
        const numeric = typeof data === 'string' && data.trim() !== '' && Number.isFinite(Number(data));
        found =
          numeric && expected.some((type) => type === 'integer' || type === 'number')
            ? problem('numberAsText', title, data.trim())
            : problem('wrongType', title, expected, data);
        break;
      }
      case 'enum': {
        const allowed = params.allowedValues as unknown[];
        found = problem('notOneOf', title, allowed, data, typeof data === 'string' ? didYouMean(data, allowed.map(String)) : undefined);
        break;
      }
      case 'const':
        found = problem('notExactly', title, params.allowedValue, data);
        break;
      case 'minLength':
        found = params.limit === 1 ? problem('empty', title) : problem('tooShort', title, Number(params.limit), String(data).length);
        break;
      case 'maxLength':
        found = problem('tooLong', title, Number(params.limit), String(data).length);
        break;
      case 'minItems':
        found = problem('tooFew', title, Number(params.limit), (data as unknown[]).length);
        break;
      case 'maxItems':
        found = problem('tooMany', title, Number(params.limit), (data as unknown[]).length);
        break;
      case 'minimum':
        found = problem('tooSmall', title, Number(params.limit), writtenAt(parsed, path) ?? data);
        break;
      case 'maximum':
        found = problem('tooLarge', title, Number(params.limit), writtenAt(parsed, path) ?? data);
        break;
      case 'pattern':
        found = problem('badForm', title, (here?.examples as unknown[] | undefined)?.[0], data);
        break;
      case 'errorMessage':
        found = problem('custom', title, error.message ?? '', data);
        break;
      default:
        found = problem('invalid', title);
    }
    return problemAt({ file, parsed }, at, found, where);
  };

  /** Parses and validates one file against the schema at `rootKey`; never throws on bad input. */
  const check = (rootKey: string, file: string, text: string, examples: Record<string, unknown> = {}): CheckedDocument => {
    const parsed = parseJsonWithPositions(text);
    const early = syntaxProblems(file, text, parsed);
    if (parsed.value === undefined || parsed.syntaxErrors.length > 0)
      return { file, value: undefined, parsed, links: [], files: [], refs: [], problems: early };
    const duplicates = parsed.duplicateKeys.map(({ key, path, first, second }) =>
      problemAt({ file, parsed }, path, problem('duplicateKey', key, first.line, first.column), second),
    );
    return checkValue(rootKey, file, parsed, parsed.value, [...early, ...duplicates], examples);
  };

  /**
   * Validates a value against the schema at `rootKey`, locating problems in `parsed` (the
   * file it came from, whose shape it shares: a page made from a template is checked this way).
   */
  const checkValue = (
    rootKey: string,
    file: string,
    parsed: ParsedJson,
    value: unknown,
    earlier: Problem[] = [],
    examples: Record<string, unknown> = {},
  ): CheckedDocument => {
    const collector: LinkCollector = { links: [], files: [], refs: [] };
    const validate = validatorFor(rootKey);
    const valid = validate.call(collector, value);
    const errors = valid ? [] : (validate.errors ?? []);
    // With a discriminator, a wrong branch still reports the generic oneOf failure too; the
    // discriminator error alone says it better.
    // Likewise a missing "type" is said once, by the discriminator, and an "either this or
    // that" rule once, by its own message rather than by each alternative's `required`.
    const explainedBy = (error: ErrorObject, keyword: string): boolean =>
      errors.some((other) => other !== error && other.keyword === keyword && other.instancePath === error.instancePath);
    const meaningful = errors.filter(
      (error) =>
        !(error.keyword === 'oneOf' && explainedBy(error, 'discriminator')) &&
        !(
          error.keyword === 'required' &&
          (error.params as { missingProperty?: string }).missingProperty === 'type' &&
          explainedBy(error, 'discriminator')
        ) &&
        !(error.keyword === 'required' && /\/oneOf\/\d+\/required$/.test(error.schemaPath) && explainedBy(error, 'errorMessage')),
    );
    // One message per value: a value of the wrong type (say "3" for 3) also fails its enum or
    // range, which would only repeat the same mistake in other words.
    const typeErrorAt = new Set(meaningful.filter((error) => error.keyword === 'type').map((error) => error.instancePath));
    const onePerValue = meaningful.filter((error) => error.keyword === 'type' || !typeErrorAt.has(error.instancePath));
    const problems = [...earlier, ...onePerValue.map((error) => describe(file, rootKey, value, parsed, error, examples))];
    const unique = problems.filter((found, i) => problems.findIndex((other) => formatProblem(other) === formatProblem(found)) === i);
    const placed = <T extends { pointer: string }>({ pointer, ...rest }: T) => ({ ...rest, path: pointerToPath(pointer) });
    return {
      file,
      value,
      parsed,
      problems: unique,
      links: collector.links.map(placed),
      files: collector.files.map(placed),
      refs: collector.refs.map(placed),
    };
  };

  /** Compiles the root schemas at once (otherwise each compiles on its first check). */
  const compile = (): void => {
    for (const key of ['page.schema.json', 'site.schema.json']) validatorFor(key);
  };

  return { check, checkValue, compile, knownTypes };
}
