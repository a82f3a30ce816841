import type { RJSFValidationError } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';

/** A form's JSON Schema, as far as placing errors reads it (titles, nested properties). */
type Schema = { title?: string; properties?: { [key: string]: unknown } };

/** What the server's Ajv and the browser's RJSF both know of a validation error. */
interface ErrorFacts {
  keyword: string;
  /** The path of the object or value the error was found at. */
  at: string[];
  params: unknown;
  message?: string;
}

/**
 * The one rule for where a form error shows and in which words: under its own field (a
 * missing field's error under the missing field, also when ajv-errors has wrapped it), in the
 * words of the form schema's `errorMessage`, or "{title} is a required field" for a required
 * field the schema gives no message for.
 */
function placeError({ keyword, at, params, message }: ErrorFacts, schema: Schema): { field: string[]; message: string } {
  // ajv-errors wraps the errors it replaces; a wrapped `required` names the missing field.
  const inner = keyword === 'errorMessage' ? (params as { errors?: ErrorFacts[] }).errors?.[0] : { keyword, params };
  const missing = inner?.keyword === 'required' ? (inner.params as { missingProperty?: string }).missingProperty : undefined;
  const field = missing ? [...at, missing] : at;
  if (keyword !== 'required') return { field, message: message ?? '' };
  const title =
    field.reduce<Schema | undefined>((node, key) => node?.properties?.[key] as Schema | undefined, schema)?.title ?? field.join('.');
  return { field, message: `${title} is a required field` };
}

/** The server's answer: one message per invalid field, keyed by its dotted path ("email", "cv.name"). */
export function fieldErrors(errors: ErrorObject[] | null | undefined, schema: Schema): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors ?? []) {
    const { field, message } = placeError({ ...error, at: error.instancePath.split('/').filter(Boolean) }, schema);
    result[field.join('.')] ??= message;
  }
  return result;
}

/** The browser's form: RJSF's errors placed by the same rule (RJSF's `transformErrors`). */
export function placeFormErrors(errors: RJSFValidationError[], schema: Schema): RJSFValidationError[] {
  return errors.map((error) => {
    const path = (error.property ?? '').split('.').filter(Boolean);
    // RJSF has already appended the missing property to a `required` error's path.
    const at = error.name === 'required' ? path.slice(0, -1) : path;
    const { field, message } = placeError({ keyword: error.name ?? '', at, params: error.params, message: error.message }, schema);
    return { ...error, property: `.${field.join('.')}`, message };
  });
}
