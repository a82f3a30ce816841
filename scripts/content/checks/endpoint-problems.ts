import { FORM_PATHS, type FormName, isFormEndpoint } from '../is-form-endpoint';
import { problem } from '../problems/catalog';
import { type Problem, problemAt } from '../problems/problem-at';
import type { CheckedDocument } from './create-validator';

/**
 * What the site file's schema says only in part: each form's endpoint is the path this site's
 * server answers that form on, or a plain https:// address (scripts/content/is-form-endpoint.ts). The
 * endpoints reach the Content-Security-Policy, where a ";" or a "*" would widen it, so this holds
 * even where the schema's pattern would let a value through. `title` names a field by its path.
 */
export function endpointProblems(doc: CheckedDocument, title: (path: (string | number)[]) => string): Problem[] {
  const endpoints = (doc.value as { endpoints?: Record<string, unknown> } | undefined)?.endpoints;
  if (typeof endpoints !== 'object' || endpoints === null) return [];
  return (Object.keys(FORM_PATHS) as FormName[]).flatMap((form) => {
    const value = endpoints[form];
    if (typeof value !== 'string' || isFormEndpoint(form, value)) return [];
    const path = ['endpoints', form];
    return [problemAt(doc, path, problem('badEndpoint', title(path), FORM_PATHS[form], value))];
  });
}
