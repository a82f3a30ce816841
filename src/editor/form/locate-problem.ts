/**
 * Where a problem of the validator is in the editor's forms, and what it says there, in the
 * words of the schemas' titles: the field it names (for a missing field, the field itself,
 * not the group it is missing from), the place in words ("Card 2 › Title", counting from 1)
 * and the message under the field. `npm run validate` keeps its own words; those that speak of
 * the file's inner names ("Add "title"") are said here as a person filling a form reads them.
 */
import type { ErrorSchema } from '@rjsf/utils';
import type { BlockType, JsonSchema, Problem } from '../../content/api-types';
import { follow, schemaAt } from '../../content/schema-at';
import { CHOICE, fieldWords } from '../../content/titles';
import { pathSegments } from './ui-schema-of';

type Segment = string | number;

/** A problem placed in one form: the field (within the form), where that is in words, and the message to show there. */
interface Placed {
  field: Segment[];
  words: string;
  message: string;
}

const propertiesOf = (schema: JsonSchema | undefined): Record<string, JsonSchema> =>
  (schema?.properties as Record<string, JsonSchema> | undefined) ?? {};

function valueAt(value: unknown, segments: Segment[]): unknown {
  let here = value;
  for (const segment of segments) here = here !== null && typeof here === 'object' ? (here as Record<string, unknown>)[segment] : undefined;
  return here;
}

/** The branches of an object's "exactly one of" rule (the model keeps them as `x-exactlyOne`), each with its words. */
export function choicesOf(root: JsonSchema, schema: JsonSchema | undefined): { fields: string[]; label: string }[] {
  const branches = schema?.['x-exactlyOne'] as string[][] | undefined;
  if (!branches) return [];
  const properties = propertiesOf(schema);
  return branches.map((fields) => {
    const first = follow(root, properties[fields[0] ?? ''] ?? {});
    // A link leads somewhere; any other branch is named by its field's title ("Opens a form").
    return { fields, label: first['x-link'] ? 'Goes to a page' : String(first.title ?? fields[0]) };
  });
}

/** The field a required-field problem is about: the group's required field that is not there, the one the message names. */
function missingField(problem: Problem, schema: JsonSchema | undefined, value: unknown): string | undefined {
  const required = (schema?.required as string[] | undefined) ?? [];
  const absent = required.filter((name) => value === null || typeof value !== 'object' || !(name in value));
  const named = (names: string[]) => names.find((name) => problem.message.includes(`"${name}"`));
  return named(absent) ?? absent[0] ?? named(required);
}

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A problem of one form (a block's, or the file's own fields), at `segments` within it, with
 * the form's schema and value: the field it is about and the words shown there.
 */
function placeIn(problem: Problem, root: JsonSchema, value: unknown, segments: Segment[]): Placed {
  const schema = schemaAt(root, segments);
  const choices = choicesOf(root, schema);
  if (problem.code === 'missing') {
    const name = missingField(problem, schema, valueAt(value, segments));
    if (name !== undefined) {
      const field = [...segments, name];
      return { field, words: fieldWords(root, field), message: `"${String(schemaAt(root, field)?.title ?? name)}" is required.` };
    }
  }
  const words = fieldWords(root, segments);
  const title = String(schema?.title ?? segments[segments.length - 1] ?? 'This field');
  // The "exactly one of" rule of a group is the choice's to show.
  if (problem.code === 'custom' && choices.length > 0)
    return {
      field: [...segments, CHOICE],
      words,
      message: `Choose what the ${title.toLowerCase()} does: ${choices.map((choice) => `"${choice.label}"`).join(' or ')}, then fill in its field.`,
    };
  const message =
    problem.code === 'empty'
      ? `"${title}" is empty: write something here.`
      : problem.code === 'wrongType' || problem.code === 'numberAsText'
        ? `"${title}" holds a value of the wrong kind: choose or type it again.`
        : sentence(problem.editorMessage ?? problem.message);
  return { field: segments, words, message };
}

/** What a problem is located in: the open file's value, its block types, and the form of its own fields. */
export interface FileForms {
  value: Record<string, unknown>;
  types: Map<string, BlockType>;
  fileSchema: JsonSchema | undefined;
}

/** A problem of the file: its form (`prefix`, a block's ["blocks", 2] or none), its field there, and where it is in words. */
export interface Located extends Placed {
  prefix: Segment[];
  where: string;
}

/** Places a problem of the whole file: in its block's form ("Block 3, Card grid: Card 2 › Title"), or the file's own. */
export function locateProblem(problem: Problem, { value, types, fileSchema }: FileForms): Located {
  const segments = pathSegments(problem.path);
  const blocks = Array.isArray(value.blocks) ? (value.blocks as Record<string, unknown>[]) : [];
  if (segments[0] === 'blocks') {
    const index = segments[1];
    if (typeof index !== 'number')
      return { prefix: [], field: [], words: '', where: 'Blocks', message: sentence(problem.editorMessage ?? problem.message) };
    const type = types.get(String(blocks[index]?.type));
    const placed = placeIn(problem, type?.schema ?? {}, blocks[index], segments.slice(2));
    const block = `Block ${index + 1}, ${type?.title ?? 'a block of unknown type'}`;
    return { ...placed, prefix: ['blocks', index], where: placed.words ? `${block}: ${placed.words}` : block };
  }
  const placed = placeIn(problem, fileSchema ?? {}, value, segments);
  return { ...placed, prefix: [], where: placed.words || 'The file' };
}

/**
 * The problems under `prefix` (a block's ["blocks", 2], or none for the file's own fields) as
 * RJSF's error schema of the form with `schema` and `value`, each under the field it is about.
 */
export function errorSchemaOf(problems: Problem[], prefix: Segment[], schema: JsonSchema, value: unknown): ErrorSchema {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    const segments = pathSegments(problem.path);
    if (prefix.some((segment, index) => segments[index] !== segment)) continue;
    const { field, message } = placeIn(problem, schema, value, segments.slice(prefix.length));
    let node = errors;
    for (const segment of field) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return errors as ErrorSchema;
}
