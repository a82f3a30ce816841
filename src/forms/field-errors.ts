import type { ErrorObject } from 'ajv';

type Schema = { title?: string; properties?: Record<string, Schema> };

/** The field an Ajv error belongs to, as a dotted path ("email", "cv.size"); "" for the form itself. */
export function fieldOf(error: Pick<ErrorObject, 'instancePath' | 'keyword' | 'params'>): string {
  const base = error.instancePath.split('/').filter(Boolean);
  // ajv-errors wraps the errors it replaces; a wrapped `required` names the missing field.
  const inner = error.keyword === 'errorMessage' ? ((error.params as { errors?: ErrorObject[] }).errors?.[0] ?? error) : error;
  const missing = inner.keyword === 'required' ? (inner.params as { missingProperty?: string }).missingProperty : undefined;
  return [...base, ...(missing ? [missing] : [])].join('.');
}

/**
 * A message for each invalid field, in the words of the form's schema (its `errorMessage`
 * entries); a required field the schema has no message for gets the generic
 * "{title} is a required field". Used by the browser's form and by the server alike.
 */
export function fieldErrors(errors: ErrorObject[] | null | undefined, schema: Schema): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors ?? []) {
    const field = fieldOf(error);
    if (field in result) continue;
    if (error.keyword === 'errorMessage') result[field] = error.message ?? '';
    else if (error.keyword === 'required') {
      const title = field.split('.').reduce<Schema | undefined>((node, key) => node?.properties?.[key], schema)?.title ?? field;
      result[field] = `${title} is a required field`;
    } else result[field] = error.message ?? '';
  }
  return result;
}
