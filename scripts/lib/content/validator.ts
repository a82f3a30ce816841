import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import { didYouMean } from './did-you-mean';
import { parseJsonWithPositions, positionOfPath, type ParsedJson } from './json-position';
import { messages } from './messages';
import { blockSchemas, type JsonSchema, type SchemaSet } from './schema-set';
import { schemasAlongPath } from './schema-path';

/** One thing wrong with a file, located as editors and terminals expect. */
export interface Problem {
  file: string;
  line: number;
  column: number;
  /** The JSON path of the value, like `blocks[2].cards[0].title`; empty for the whole file. */
  path: string;
  message: string;
}

/** A link found while validating: where it was written and where it leads. */
export interface FoundLink {
  path: (string | number)[];
  href: string;
}

export interface CheckedDocument {
  file: string;
  value: unknown;
  parsed: ParsedJson;
  problems: Problem[];
  links: FoundLink[];
}

/** `file:line:column  path: message`, the form editors and terminals make clickable. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column}  ${problem.path ? `${problem.path}: ` : ''}${problem.message}`;
}

export function jsonPath(path: (string | number)[]): string {
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

function pointerToPath(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((token) => (/^\d+$/.test(token) ? Number(token) : token));
}

/** What the `x-link` keyword collects while a document is validated. */
interface LinkCollector {
  links: FoundLink[];
}

/**
 * Builds the validators for page files and the site file from the schema set. One Ajv
 * instance with the discriminator on, so a wrong block type gives one precise error instead
 * of one per block kind; `allErrors` so that one run reports every problem.
 */
export function createValidator(set: SchemaSet) {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: false, discriminator: true, passContext: true });
  ajvErrors(ajv);
  // Marks link fields: it never fails, it records each link so dead internal ones can be found.
  ajv.addKeyword({
    keyword: 'x-link',
    schemaType: 'boolean',
    validate(this: LinkCollector, _schema: boolean, data: unknown, _parent?: unknown, context?: { instancePath: string }) {
      if (typeof data === 'string' && context) this.links.push({ path: pointerToPath(context.instancePath), href: data });
      return true;
    },
  });
  for (const [key, schema] of set) ajv.addSchema(schema, key);
  const compiled = new Map<string, ValidateFunction>();
  const knownTypes = [...blockSchemas(set).keys()];

  const validatorFor = (rootKey: string): ValidateFunction => {
    let validate = compiled.get(rootKey);
    if (!validate) {
      validate = ajv.getSchema(rootKey);
      if (!validate) throw new Error(`No schema ${rootKey} in schemas/`);
      compiled.set(rootKey, validate);
    }
    return validate;
  };

  /** Turns one Ajv error into a plain-language problem located in the file. */
  const describe = (file: string, rootKey: string, value: unknown, parsed: ParsedJson, error: ErrorObject): Problem => {
    const path = pointerToPath(error.instancePath);
    const steps = schemasAlongPath(set, rootKey, value, path);
    const here = steps[steps.length - 1]?.schema;
    const title = (here?.title as string | undefined) ?? String(path[path.length - 1] ?? 'This file');
    const data = error.data;
    const params = error.params as Record<string, unknown>;
    let at = path;
    let atKey = false;
    let message: string;
    switch (error.keyword) {
      case 'required': {
        const key = String(params.missingProperty);
        const property = (here?.properties as Record<string, JsonSchema> | undefined)?.[key];
        const child = schemasAlongPath(set, rootKey, value, [...path, key]).pop()?.schema ?? property;
        message = messages.missing((child?.title as string | undefined) ?? key, key, (child?.examples as unknown[] | undefined)?.[0]);
        break;
      }
      case 'additionalProperties': {
        const field = String(params.additionalProperty);
        const allowed = Object.keys((here?.properties as object | undefined) ?? {});
        at = [...path, field];
        atKey = true;
        message = messages.unknownField(field, `"${title}"`, didYouMean(field, allowed), allowed);
        break;
      }
      case 'discriminator': {
        if (params.error === 'tag') message = messages.noBlockType(knownTypes);
        else {
          at = [...path, 'type'];
          message = messages.unknownBlockType(params.tagValue, knownTypes, didYouMean(String(params.tagValue), knownTypes));
        }
        break;
      }
      case 'type':
        message = messages.wrongType(title, String(params.type).split(','), data);
        break;
      case 'enum': {
        const allowed = params.allowedValues as unknown[];
        message = messages.notOneOf(title, allowed, data, typeof data === 'string' ? didYouMean(data, allowed.map(String)) : undefined);
        break;
      }
      case 'const':
        message = messages.notExactly(title, params.allowedValue, data);
        break;
      case 'minLength':
        message = params.limit === 1 ? messages.empty(title) : messages.tooShort(title, Number(params.limit), String(data).length);
        break;
      case 'maxLength':
        message = messages.tooLong(title, Number(params.limit), String(data).length);
        break;
      case 'minItems':
        message = messages.tooFew(title, Number(params.limit), (data as unknown[]).length);
        break;
      case 'maxItems':
        message = messages.tooMany(title, Number(params.limit), (data as unknown[]).length);
        break;
      case 'minimum':
        message = messages.tooSmall(title, Number(params.limit), data);
        break;
      case 'maximum':
        message = messages.tooLarge(title, Number(params.limit), data);
        break;
      case 'pattern':
        message = messages.badForm(title, (here?.examples as unknown[] | undefined)?.[0], data);
        break;
      case 'errorMessage':
        message = messages.custom(title, error.message ?? '', data);
        break;
      default:
        message = messages.invalid(title);
    }
    return { file, ...positionOfPath(parsed, at, atKey), path: jsonPath(at), message };
  };

  /** Parses and validates one file against the schema at `rootKey`; never throws on bad input. */
  const check = (rootKey: string, file: string, text: string): CheckedDocument => {
    const parsed = parseJsonWithPositions(text);
    if (!text.trim())
      return {
        file,
        value: undefined,
        parsed,
        links: [],
        problems: [{ file, line: 1, column: 1, path: '', message: messages.emptyFile() }],
      };
    if (parsed.syntaxErrors.length > 0) {
      const problems = parsed.syntaxErrors.map(({ position, code }) => ({
        file,
        ...position,
        path: '',
        message: messages.syntax(plainSyntax(code)),
      }));
      return { file, value: undefined, parsed, links: [], problems };
    }
    const collector: LinkCollector = { links: [] };
    const validate = validatorFor(rootKey);
    const valid = validate.call(collector, parsed.value);
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
    const problems = meaningful.map((error) => describe(file, rootKey, parsed.value, parsed, error));
    const unique = problems.filter((problem, i) => problems.findIndex((other) => formatProblem(other) === formatProblem(problem)) === i);
    return { file, value: parsed.value, parsed, problems: unique, links: collector.links };
  };

  return { check, knownTypes };
}

const SYNTAX_WORDS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a number written wrongly',
  PropertyNameExpected: 'a field name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon (:) was expected after the field name',
  CommaExpected: 'a comma was expected between two entries',
  CloseBraceExpected: 'a closing brace } was expected',
  CloseBracketExpected: 'a closing bracket ] was expected',
  EndOfFileExpected: 'the file should end here',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a text is missing its closing double quote',
  UnexpectedEndOfNumber: 'a number ends unexpectedly',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid backslash escape',
  InvalidCharacter: 'an invalid character inside a text',
};

function plainSyntax(code: string): string {
  return SYNTAX_WORDS[code] ?? code;
}
